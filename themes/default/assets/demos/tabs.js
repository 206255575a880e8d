// Tabs demo, following the WAI-ARIA Authoring Practices tabs pattern. The tab list is one Tab
// stop (roving tabindex). Left/Right (Up/Down when vertical) move to the previous or next tab,
// wrapping; Home and End to the first and last. With data-activation="automatic" the focused
// tab is shown at once; with "manual", Enter or Space (or a click) shows it. A tab with
// aria-disabled can be focused but not shown.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="tabs"]', function (demo) {
    var list = demo.querySelector('[role="tablist"]');
    if (!list) return;
    var tabs = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
    var manual = demo.getAttribute("data-activation") === "manual";
    var vertical = list.getAttribute("aria-orientation") === "vertical";

    function panelOf(tab) { return document.getElementById(tab.getAttribute("aria-controls")); }
    function show(tab) {
      if (tab.getAttribute("aria-disabled") === "true") return;
      tabs.forEach(function (other) {
        var selected = other === tab;
        other.setAttribute("aria-selected", selected ? "true" : "false");
        var panel = panelOf(other);
        if (panel) panel.hidden = !selected;
      });
    }
    function focus(tab) {
      tabs.forEach(function (other) { other.tabIndex = other === tab ? 0 : -1; });
      tab.focus();
      if (!manual) show(tab);
    }
    tabs.forEach(function (tab, index) {
      tab.addEventListener("click", function () { focus(tab); show(tab); });
      tab.addEventListener("keydown", function (event) {
        var rtl = getComputedStyle(list).direction === "rtl";
        var previous = vertical ? "ArrowUp" : (rtl ? "ArrowRight" : "ArrowLeft");
        var next = vertical ? "ArrowDown" : (rtl ? "ArrowLeft" : "ArrowRight");
        var target = null;
        if (event.key === previous) target = tabs[(index - 1 + tabs.length) % tabs.length];
        else if (event.key === next) target = tabs[(index + 1) % tabs.length];
        else if (event.key === "Home") target = tabs[0];
        else if (event.key === "End") target = tabs[tabs.length - 1];
        else if (manual && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          show(tab);
          return;
        }
        if (!target) return;
        event.preventDefault();
        focus(target);
      });
    });
  });
})();
