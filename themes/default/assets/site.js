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
