// catalog-build default theme: marks that scripts run, so styles for enhanced widgets apply.
// Opened from disk (file://), folder links get an explicit index.html, which browsers need there.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  if (window.location.protocol !== "file:") return;
  Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (link) {
    var href = link.getAttribute("href");
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.charAt(0) === "#") return;
    var parts = href.split("#");
    if (parts[0] === "" || parts[0].slice(-1) === "/") {
      parts[0] = (parts[0] === "" ? "./" : parts[0]) + "index.html";
      link.setAttribute("href", parts.join("#"));
    }
  });
})();

// The catalog navigation's disclosure: on narrow screens the list collapses behind a button
// (aria-expanded says whether it is open; Escape closes it and returns focus to the button).
(function () {
  "use strict";
  var toggle = document.querySelector("[data-catalog-nav-toggle]");
  if (!toggle || !window.matchMedia) return;
  var nav = toggle.parentNode;
  var narrow = window.matchMedia("(max-width: 63.99rem)");
  function set(open) {
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    nav.classList.toggle("is-collapsed", !open);
  }
  function apply() {
    toggle.hidden = !narrow.matches;
    set(!narrow.matches);
  }
  toggle.addEventListener("click", function () { set(toggle.getAttribute("aria-expanded") !== "true"); });
  nav.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && narrow.matches && toggle.getAttribute("aria-expanded") === "true") {
      set(false);
      toggle.focus();
    }
  });
  if (narrow.addEventListener) narrow.addEventListener("change", apply); else narrow.addListener(apply);
  apply();
})();

// The table of contents' disclosure: beside the content on wide screens; above it on narrower
// ones, collapsed behind a button that names it (the heading is then read from the button).
(function () {
  "use strict";
  var toggle = document.querySelector("[data-toc-toggle]");
  if (!toggle || !window.matchMedia) return;
  var toc = toggle.parentNode;
  var title = toc.querySelector(".toc__title");
  var narrow = window.matchMedia("(max-width: 79.99rem)");
  function set(open) {
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    toc.classList.toggle("is-collapsed", !open);
  }
  function apply() {
    toggle.hidden = !narrow.matches;
    title.classList.toggle("visually-hidden", narrow.matches);
    set(!narrow.matches);
  }
  toggle.addEventListener("click", function () { set(toggle.getAttribute("aria-expanded") !== "true"); });
  toc.addEventListener("click", function (event) {
    if (narrow.matches && event.target.closest && event.target.closest(".toc__list a")) set(false);
  });
  if (narrow.addEventListener) narrow.addEventListener("change", apply); else narrow.addListener(apply);
  apply();
})();

// The demos' direction: a checkbox in the demo section shows every demo of the page (the
// examples, the state gallery, the appearances and those placed in prose) right to left, to
// preview a mirrored layout; the page around them keeps its direction.
(function () {
  "use strict";
  var control = document.querySelector("[data-demo-direction]");
  if (!control) return;
  var box = control.querySelector("input");
  control.hidden = false;
  box.addEventListener("change", function () {
    Array.prototype.forEach.call(document.querySelectorAll(".demo-stage, .state-sample__stage, .appearance__example"), function (stage) {
      if (box.checked) stage.setAttribute("dir", "rtl"); else stage.removeAttribute("dir");
    });
  });
})();
