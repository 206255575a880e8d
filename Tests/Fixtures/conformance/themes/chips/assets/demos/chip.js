// Chip demo: a button with aria-pressed (and a remove button beside it, which does nothing here); activating it (a click, Space or Enter, all of which
// the browser turns into a click on a button) toggles it.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="chip"] .chip:not(.chip--remove)', function (chip) {
    chip.addEventListener("click", function () {
      var pressed = chip.getAttribute("aria-pressed") === "true";
      chip.setAttribute("aria-pressed", pressed ? "false" : "true");
      chip.querySelector(".chip__mark").textContent = pressed ? "" : "✓";
    });
  });
})();
