// Light and dark: the header's toggle button (aria-pressed = dark) overrides the system
// preference and remembers the choice. Loaded without defer so a remembered choice applies
// before the page is painted.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "catalog-build-color-scheme";
  try {
    var saved = window.localStorage.getItem(key);
    if (saved === "dark" || saved === "light") root.setAttribute("data-color-scheme", saved);
  } catch (error) { /* storage may be unavailable; the system preference applies */ }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-scheme-toggle]");
    if (!button) return;
    var media = window.matchMedia("(prefers-color-scheme: dark)");
    function isDark() {
      var chosen = root.getAttribute("data-color-scheme");
      return chosen ? chosen === "dark" : media.matches;
    }
    function sync() { button.setAttribute("aria-pressed", isDark() ? "true" : "false"); }
    button.hidden = false;
    sync();
    button.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-color-scheme", next);
      try { window.localStorage.setItem(key, next); } catch (error) { /* the choice lasts for this page */ }
      sync();
    });
    if (media.addEventListener) media.addEventListener("change", sync);
  });
})();
