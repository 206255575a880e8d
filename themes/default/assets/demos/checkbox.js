// Checkbox demo, with the WAI-ARIA APG mixed-checkbox behaviour for a parent and its children:
// the parent shows mixed when the children differ; activating it cycles
// mixed → all checked → all cleared → the last mix again. Native checkboxes carry the
// state (indeterminate is reported as "mixed"); aria-controls names the children.
(function () {
  "use strict";

  CatalogDemos.enhance('[data-demo="checkbox"]', function (root) {
    // A `checked: mixed` example starts indeterminate (the attribute keeps it visible without script).
    Array.prototype.forEach.call(root.querySelectorAll(".checkbox__input[data-mixed]"), function (input) {
      input.indeterminate = true;
      input.checked = false;
      input.removeAttribute("data-mixed");
    });

    var parent = root.querySelector("[data-checkbox-parent]");
    if (!parent) return;
    var children = Array.prototype.slice.call(root.querySelectorAll("[data-checkbox-child]"));
    var enabled = children.filter(function (child) { return !child.disabled; });
    var lastMix = null;

    function state() {
      var checked = children.filter(function (child) { return child.checked; }).length;
      if (checked === 0) return "unchecked";
      if (checked === children.length) return "checked";
      return "mixed";
    }

    function show(value) {
      parent.indeterminate = value === "mixed";
      parent.checked = value === "checked";
    }

    function remember() {
      if (state() === "mixed") lastMix = children.map(function (child) { return child.checked; });
    }

    remember();
    show(state());
    var current = state();

    children.forEach(function (child) {
      child.addEventListener("change", function () {
        remember();
        current = state();
        show(current);
      });
    });

    parent.addEventListener("click", function () {
      // The browser has already flipped the box; decide from the state before the click.
      var next;
      if (current === "mixed") next = "checked";
      else if (current === "checked") next = "unchecked";
      else next = lastMix ? "mixed" : "checked";
      enabled.forEach(function (child, index) {
        if (next === "mixed") child.checked = lastMix[children.indexOf(child)];
        else child.checked = next === "checked";
      });
      current = state();
      show(current);
    });
  });
})();
