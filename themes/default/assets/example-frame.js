// Inside one of the team's examples (a page of its own, shown in a sandboxed frame with an
// opaque origin: the page around it can neither read nor change it, nor it the page). What the
// two share goes by message only, each checked: the page sends the site's light or dark scheme
// and token mode (the data- attributes of its <html>), which this copies onto this page's
// <html>; this sends its content's height, so the frame fits it. Nothing else is accepted.
(function () {
  "use strict";
  if (window.parent === window) return;  // opened alone, in a tab of its own
  var root = document.documentElement;
  var name = /^data-[a-z0-9-]+$/;

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== "catalog-build:attributes" || typeof data.attributes !== "object" || data.attributes === null) return;
    var wanted = data.attributes;
    Object.keys(wanted).forEach(function (key) {
      if (name.test(key) && typeof wanted[key] === "string" && wanted[key].length <= 200) root.setAttribute(key, wanted[key]);
    });
    Array.prototype.slice.call(root.attributes).forEach(function (attribute) {
      if (name.test(attribute.name) && !Object.prototype.hasOwnProperty.call(wanted, attribute.name)) root.removeAttribute(attribute.name);
    });
    // Every message from the page is answered with the height: the page's script may have
    // started after this frame's first report, which it then never heard.
    report();
  });

  function report() {
    if (!document.body) return;
    // The body's own height (the document's is at least the frame's), so a frame also shrinks.
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height > 0) window.parent.postMessage({ type: "catalog-build:height", height: height }, "*");
  }

  function start() {
    window.parent.postMessage({ type: "catalog-build:ready" }, "*");
    report();
    if (window.ResizeObserver) new ResizeObserver(report).observe(document.body);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  window.addEventListener("load", report);
})();
