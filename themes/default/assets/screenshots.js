// The platform grid shows one table per token mode its screenshots show. When a mode is chosen
// in the header (or the catalog has no automatic one, so the default is chosen), only that
// mode's table stays beside the default one (which holds the live demos); while a mode follows
// the system's setting, every table shows.
(function () {
  "use strict";
  var root = document.documentElement;
  var tables = Array.prototype.slice.call(document.querySelectorAll("[data-screenshot-mode]"));
  if (tables.length < 2) return;
  var switches = Array.prototype.slice.call(document.querySelectorAll("[data-mode-switch] select"));
  // The contexts chosen, or null while one follows the system (then everything shows).
  function chosen() {
    var values = [];
    for (var index = 0; index < switches.length; index++) {
      var select = switches[index];
      var value = root.getAttribute(select.getAttribute("data-attribute")) || "";
      if (value) { values.push(value.toLowerCase()); continue; }
      if ((select.getAttribute("data-dark") || "") !== "") return null;
    }
    return values;
  }
  function update() {
    var values = chosen();
    tables.forEach(function (table) {
      var mode = table.getAttribute("data-screenshot-mode");
      table.hidden = values !== null && mode !== "" && mode.split(".").some(function (part) { return values.indexOf(part) < 0; });
    });
  }
  update();
  new MutationObserver(update).observe(root, { attributes: true });
})();
