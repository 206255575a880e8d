// Button demo. The control is a native <button>: Enter and Space press it. A loading button
// keeps its focus and reports busy (aria-disabled), so this makes it ignore presses.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="button"] .button', function (button) {
    button.addEventListener("click", function (event) {
      if (button.getAttribute("aria-disabled") === "true") {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    });
  });
})();
