// Switch demo. The control is a native checkbox with role="switch": Space toggles it and
// the browser reports its on/off state. This adds Enter, which the APG lists as optional.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="switch"] .switch__input', function (input) {
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !input.disabled) {
        event.preventDefault();
        input.click();
      }
    });
  });
})();
