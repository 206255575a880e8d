// Slider demo. The native range input has the APG slider keys; this keeps the visible value
// and, when the example has a unit, the spoken value (aria-valuetext) in step with it, and
// places each mark under its point of the range.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="slider"]', function (demo) {
    var input = demo.querySelector(".slider__input");
    if (!input) return;
    var output = demo.querySelector(".slider__value");
    var unit = input.getAttribute("data-unit") || "";
    var min = parseFloat(input.min), max = parseFloat(input.max);
    function text() { return unit ? input.value + " " + unit : input.value; }
    function update() {
      if (output) output.textContent = text();
      if (unit) input.setAttribute("aria-valuetext", text());
      var share = max > min ? (parseFloat(input.value) - min) / (max - min) : 0;
      input.style.setProperty("--slider-share", String(Math.min(1, Math.max(0, share))));
    }
    update();
    input.addEventListener("input", update);
    var marks = demo.querySelector(".slider__marks");
    if (marks && max > min) {
      marks.classList.add("is-placed");
      Array.prototype.forEach.call(marks.children, function (mark) {
        var at = parseFloat(mark.getAttribute("data-at"));
        if (isNaN(at)) return;
        mark.style.insetInlineStart = (100 * (at - min) / (max - min)) + "%";
      });
    }
  });
})();
