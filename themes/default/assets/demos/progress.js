// Progress demo: the visible figure beside the label as a percentage (the bar itself is read
// by screen readers from the native <progress>).
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="progress"]', function (demo) {
    var bar = demo.querySelector(".progress__bar");
    var figure = demo.querySelector("[data-progress-value]");
    if (!bar || !figure || !bar.hasAttribute("value")) return;
    var max = bar.max > 0 ? bar.max : 1;
    figure.textContent = Math.round(100 * Math.min(bar.value, max) / max) + "%";
  });
})();
