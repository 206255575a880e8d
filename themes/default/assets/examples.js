// The team's own examples, each in a frame (examples: in component.yaml). Each frame fits its
// content's height, takes the site's light or dark scheme and token mode (the attributes on
// <html>) and follows them when they change; its width switch (a group of toggle buttons) sets
// the frame's width to a viewport. The example's page is the same origin, so this script reads
// and sets it; the example itself needs no script for any of this.
(function () {
  "use strict";
  var root = document.documentElement;

  function copyAttributes(frame) {
    var inner;
    try { inner = frame.contentDocument && frame.contentDocument.documentElement; } catch (error) { return; }
    if (!inner) return;
    Array.prototype.forEach.call(root.attributes, function (attribute) {
      if (attribute.name.indexOf("data-") === 0) inner.setAttribute(attribute.name, attribute.value);
    });
    Array.prototype.slice.call(inner.attributes).forEach(function (attribute) {
      if (attribute.name.indexOf("data-") === 0 && !root.hasAttribute(attribute.name)) inner.removeAttribute(attribute.name);
    });
  }

  function fit(frame) {
    var body;
    try { body = frame.contentDocument && frame.contentDocument.body; } catch (error) { return; }
    if (!body) return;
    // The body's own height (the document's is at least the frame's), so a frame also shrinks.
    var height = Math.ceil(body.getBoundingClientRect().height);
    if (height > 0) frame.style.height = height + "px";
  }

  function watch(frame) {
    copyAttributes(frame);
    fit(frame);
    var document = frame.contentDocument;
    if (!document || !window.ResizeObserver) return;
    new ResizeObserver(function () { fit(frame); }).observe(document.body);
  }

  var frames = Array.prototype.slice.call(document.querySelectorAll("[data-web-example-frame]"));
  frames.forEach(function (frame) {
    frame.addEventListener("load", function () { watch(frame); });
    if (frame.contentDocument && frame.contentDocument.readyState === "complete") watch(frame);
  });
  new MutationObserver(function () { frames.forEach(copyAttributes); }).observe(root, { attributes: true });

  Array.prototype.forEach.call(document.querySelectorAll("[data-web-example]"), function (figure) {
    var group = figure.querySelector("[data-web-example-widths]");
    var frame = figure.querySelector("[data-web-example-frame]");
    if (!group || !frame) return;
    group.hidden = false;
    var buttons = Array.prototype.slice.call(group.querySelectorAll("button"));
    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        buttons.forEach(function (other) { other.setAttribute("aria-pressed", other === button ? "true" : "false"); });
        var width = button.getAttribute("data-width");
        frame.style.width = width ? width + "px" : "";
        frame.classList.toggle("web-example__frame--sized", Boolean(width));
      });
    });
  });
})();
