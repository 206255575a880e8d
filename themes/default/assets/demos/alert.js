// Alert demo. A dynamic alert's region (role status or alert) is on the page from the start
// and empty; pressing the trigger puts the message into it, which is what makes screen readers
// announce it. A close button removes the alert and returns focus to the trigger, or to the
// demo, so keyboard users are not left on nothing.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="alert"]', function (demo) {
    var trigger = demo.querySelector("[data-alert-show]");
    function wireClose(scope) {
      Array.prototype.forEach.call(scope.querySelectorAll("[data-alert-close]"), function (button) {
        button.addEventListener("click", function () {
          var alert = button.closest("[data-alert]");
          if (alert) alert.remove();
          if (trigger) { trigger.focus(); return; }
          demo.tabIndex = -1;
          demo.focus();
        });
      });
    }
    wireClose(demo);
    if (!trigger) return;
    var region = document.getElementById(trigger.getAttribute("data-alert-show"));
    var template = demo.querySelector("template[data-alert-template]");
    trigger.addEventListener("click", function () {
      if (!region || !template) return;
      region.textContent = "";
      // Inserted a moment after clearing, so repeating the same message is announced again.
      setTimeout(function () {
        region.appendChild(template.content.cloneNode(true));
        wireClose(region);
      }, 50);
    });
  });
})();
