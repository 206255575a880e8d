// The team's own examples, each in a frame (examples: in component.yaml). Each frame fits its
// content's height, takes the site's light or dark scheme and token mode (the data- attributes
// on <html>) and follows them when they change; its width switch (a group of toggle buttons)
// sets the frame's width to a viewport. The frames are sandboxed without allow-same-origin (the
// team's script cannot reach this page), so the two talk by message only: this page sends the
// attributes, the example's page (example-frame.js) answers with its height, and a message is
// taken only from the frame it names.
(function () {
  "use strict";
  var root = document.documentElement;
  var frames = Array.prototype.slice.call(document.querySelectorAll("[data-web-example-frame]"));

  // The scheme and the token modes: data-color-scheme and each mode switch's attribute.
  var names = ["data-color-scheme"].concat(Array.prototype.map.call(document.querySelectorAll("[data-mode-switch] select[data-attribute]"), function (select) {
    return select.getAttribute("data-attribute");
  }));

  function attributes() {
    var chosen = {};
    names.forEach(function (name) {
      if (/^data-[a-z0-9-]+$/.test(name) && root.hasAttribute(name)) chosen[name] = root.getAttribute(name);
    });
    return chosen;
  }

  function send(frame) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ type: "catalog-build:attributes", attributes: attributes() }, "*");
  }

  window.addEventListener("message", function (event) {
    var frame = null;
    for (var index = 0; index < frames.length; index++) {
      if (frames[index].contentWindow === event.source) frame = frames[index];
    }
    var data = event.data;
    if (!frame || !data || typeof data.type !== "string") return;
    if (data.type === "catalog-build:ready") send(frame);
    if (data.type === "catalog-build:height" && typeof data.height === "number" && isFinite(data.height) && data.height > 0) {
      frame.style.height = Math.min(Math.ceil(data.height), 20000) + "px";
    }
  });

  frames.forEach(function (frame) {
    frame.addEventListener("load", function () { send(frame); });
    send(frame);
  });
  new MutationObserver(function () { frames.forEach(send); }).observe(root, { attributes: true });

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
