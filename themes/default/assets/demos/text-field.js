// Text-field demo: the character count. The visible count follows each keystroke; screen
// readers hear it once typing pauses, through one polite live region per field.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="text-field"]', function (demo) {
    var input = demo.querySelector(".text-field__input");
    var count = demo.querySelector(".text-field__count");
    var status = demo.querySelector("[data-count-status]");
    if (!input || !count) return;
    var limit = parseInt(count.getAttribute("data-maxlength"), 10);
    if (!(limit > 0)) return;
    var timer = null;
    function message() {
      var left = limit - input.value.length;
      if (left >= 0) return left + (left === 1 ? " character" : " characters") + " left";
      return (-left) + (left === -1 ? " character" : " characters") + " too many";
    }
    function update(announce) {
      count.textContent = message();
      count.classList.toggle("is-over", input.value.length > limit);
      if (!announce || !status) return;
      clearTimeout(timer);
      timer = setTimeout(function () { status.textContent = message(); }, 700);
    }
    update(false);
    input.addEventListener("input", function () { update(true); });
  });
})();
