// Code tabs, following the WAI-ARIA Authoring Practices tabs pattern (automatic activation):
// one Tab stop for the tab list, Left/Right/Home/End move between tabs and show their panel.
// Without this script the panels are plain sections, each under its own heading.
(function () {
  "use strict";

  function enhance(root) {
    var list = root.querySelector(".tabs__list");
    var links = Array.prototype.slice.call(root.querySelectorAll(".tabs__tab"));
    if (!list || links.length === 0) return;
    var tabs = links.map(function (link) {
      var panel = document.getElementById(link.getAttribute("href").slice(1));
      return { tab: link, panel: panel };
    }).filter(function (pair) { return pair.panel; });
    if (tabs.length === 0) return;

    list.setAttribute("role", "tablist");
    Array.prototype.forEach.call(list.children, function (item) { item.setAttribute("role", "presentation"); });
    tabs.forEach(function (pair) {
      pair.tab.setAttribute("role", "tab");
      pair.tab.setAttribute("aria-controls", pair.panel.id);
      pair.panel.setAttribute("role", "tabpanel");
      pair.panel.setAttribute("aria-labelledby", pair.tab.id);
      pair.panel.setAttribute("tabindex", "0");
      pair.tab.addEventListener("click", function (event) {
        event.preventDefault();
        select(pair, false);
      });
      pair.tab.addEventListener("keydown", function (event) {
        var index = tabs.indexOf(pair);
        var next = null;
        if (event.key === "ArrowRight") next = tabs[(index + 1) % tabs.length];
        else if (event.key === "ArrowLeft") next = tabs[(index - 1 + tabs.length) % tabs.length];
        else if (event.key === "Home") next = tabs[0];
        else if (event.key === "End") next = tabs[tabs.length - 1];
        if (next) {
          event.preventDefault();
          select(next, true);
        }
      });
    });

    function select(chosen, moveFocus) {
      tabs.forEach(function (pair) {
        var selected = pair === chosen;
        pair.tab.setAttribute("aria-selected", selected ? "true" : "false");
        pair.tab.setAttribute("tabindex", selected ? "0" : "-1");
        pair.panel.hidden = !selected;
      });
      if (moveFocus) chosen.tab.focus();
    }

    select(tabs[0], false);
    root.classList.add("is-enhanced");
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-tabs]"), enhance);
})();
