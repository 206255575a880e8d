// The platform grid holds each image in every combination of token modes it was drawn in. It
// shows the images of the combination the page shows, the one the live demo beside them is drawn
// in: for each modifier, the context chosen in the header, else the one whose media query holds
// (the system's dark setting), else its default. A combination no image shows says so per cell.
(function () {
  "use strict";
  var root = document.documentElement;
  var grids = Array.prototype.slice.call(document.querySelectorAll("[data-screenshot-grid]"));
  if (!grids.length) return;
  var switches = Array.prototype.slice.call(document.querySelectorAll("[data-mode-switch] select"));
  var queries = [];
  function option(select, context) {
    return Array.prototype.filter.call(select.options, function (item) { return item.getAttribute("data-context") === context; })[0];
  }
  // The context a modifier is in: chosen, else (as tokens.css does) the last whose media holds.
  function context(select) {
    var chosen = root.getAttribute(select.getAttribute("data-attribute"));
    if (chosen) return chosen;
    var found = select.getAttribute("data-default") || "";
    Array.prototype.forEach.call(select.options, function (item) {
      var media = item.getAttribute("data-media");
      if (media && window.matchMedia(media).matches) found = item.getAttribute("data-context");
    });
    return found;
  }
  function update() {
    var contexts = switches.map(context);
    var key = contexts.map(function (name) { return name.toLowerCase(); }).join(".");
    var label = contexts.map(function (name, index) {
      var item = option(switches[index], name);
      return item ? item.textContent.trim() : name;
    }).join(", ");
    grids.forEach(function (grid) {
      var caption = grid.querySelector("[data-screenshot-label]");
      if (caption && switches.length) caption.textContent = label;
      Array.prototype.forEach.call(grid.querySelectorAll("td"), function (cell) {
        var shots = Array.prototype.slice.call(cell.querySelectorAll("[data-shot-mode]"));
        var missing = cell.querySelector("[data-shot-missing]");
        if (!shots.length || !missing) return;
        var known = shots.some(function (shot) { return shot.getAttribute("data-shot-mode") === key; });
        shots.forEach(function (shot) { shot.hidden = shot.getAttribute("data-shot-mode") !== key; });
        missing.hidden = known;
      });
    });
  }
  switches.forEach(function (select) {
    Array.prototype.forEach.call(select.options, function (item) {
      var media = item.getAttribute("data-media");
      if (media && queries.indexOf(media) < 0) queries.push(media);
    });
  });
  queries.forEach(function (media) {
    var list = window.matchMedia(media);
    if (list.addEventListener) list.addEventListener("change", update);
  });
  update();
  new MutationObserver(update).observe(root, { attributes: true });
})();
