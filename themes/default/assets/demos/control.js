// Control tile demo. Without script it is a checkbox drawn as a tile. With script it is a
// button with aria-pressed: activating it runs the simulated work for data-delay ms while
// the tile shows an in-progress indicator (aria-busy), then switches state and announces
// the new value through a polite live region.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="control"]', function (root) {
    var input = root.querySelector(".control-tile__input");
    if (!input) return;
    var live = root.querySelector("[data-announce]");
    var delay = parseInt(root.getAttribute("data-delay") || "0", 10) || 0;
    var title = root.querySelector(".control-tile__title");
    var busy = false;

    input.setAttribute("role", "button");
    function sync() { input.setAttribute("aria-pressed", input.checked ? "true" : "false"); }
    sync();

    function valueText() {
      var shown = root.querySelector(input.checked ? ".control-tile__value-on" : ".control-tile__value-off");
      return shown ? shown.textContent : "";
    }

    function finish(target) {
      input.checked = target;
      sync();
      busy = false;
      input.removeAttribute("aria-busy");
      if (live) live.textContent = (title ? title.textContent + ": " : "") + valueText();
    }

    input.addEventListener("click", function (event) {
      // The box has already flipped: that is the state to reach once the work is done.
      var target = input.checked;
      event.preventDefault();
      if (busy) return;
      if (delay <= 0) {
        setTimeout(function () { finish(target); }, 0);
        return;
      }
      busy = true;
      input.setAttribute("aria-busy", "true");
      if (live) live.textContent = "";
      setTimeout(function () { finish(target); }, delay);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !input.disabled) {
        event.preventDefault();
        input.click();
      }
    });
  });
})();
