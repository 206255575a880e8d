// Light and dark: the header's toggle button (aria-pressed = dark) overrides the system
// preference and remembers the choice. Token modes: a select per modifier sets
// data-<modifier> on <html> (tokens.css holds each context's values under it) and remembers the
// choice; a modifier with a dark context drives the site's own light and dark too, and then the
// toggle is not shown, so one control switches site and demos together. Loaded without defer so
// remembered choices apply before the page is painted.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "catalog-build-color-scheme";
  var modePrefix = "catalog-build-mode:";
  try {
    var saved = window.localStorage.getItem(key);
    if (saved === "dark" || saved === "light") root.setAttribute("data-color-scheme", saved);
    for (var index = 0; index < window.localStorage.length; index++) {
      var name = window.localStorage.key(index);
      if (name && name.indexOf(modePrefix) === 0 && /^data-[a-z0-9-]+$/.test(name.slice(modePrefix.length))) {
        root.setAttribute(name.slice(modePrefix.length), window.localStorage.getItem(name));
      }
    }
  } catch (error) { /* storage may be unavailable; the system preference applies */ }

  function store(name, value) {
    try {
      if (value === null) window.localStorage.removeItem(name); else window.localStorage.setItem(name, value);
    } catch (error) { /* the choice lasts for this page */ }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var switches = document.querySelectorAll("[data-mode-switch]");
    Array.prototype.forEach.call(switches, function (container) {
      var select = container.querySelector("select");
      var attribute = select.getAttribute("data-attribute");
      var dark = (select.getAttribute("data-dark") || "").split(" ").filter(Boolean);
      var light = (select.getAttribute("data-light") || "").split(" ").filter(Boolean);
      container.hidden = false;
      select.value = root.getAttribute(attribute) || "";
      if (select.selectedIndex < 0) select.selectedIndex = 0;
      select.addEventListener("change", function () {
        var value = select.value;
        if (value) root.setAttribute(attribute, value); else root.removeAttribute(attribute);
        store(modePrefix + attribute, value || null);
        if (dark.length) {
          var scheme = dark.indexOf(value) >= 0 ? "dark" : (light.indexOf(value) >= 0 ? "light" : null);
          if (scheme) root.setAttribute("data-color-scheme", scheme); else root.removeAttribute("data-color-scheme");
          store(key, scheme);
        }
      });
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-scheme-toggle]");
    if (!button || document.querySelector("[data-mode-switch] select[data-dark]:not([data-dark=''])")) return;
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
