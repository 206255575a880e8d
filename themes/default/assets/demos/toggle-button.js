// Toggle button demo. Without script it is a checkbox styled as a button. With script it
// becomes a button with aria-pressed: Space and Enter toggle it, the accessible name (the
// label) never changes, and the pressed state is drawn as a filled background shape.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="toggle-button"] .toggle-button__input', function (input) {
    input.setAttribute("role", "button");
    function sync() { input.setAttribute("aria-pressed", input.checked ? "true" : "false"); }
    sync();
    input.addEventListener("change", sync);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !input.disabled) {
        event.preventDefault();
        input.click();
      }
    });
  });
})();
