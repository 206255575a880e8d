// What a demo kind's script enhances its demos with: CatalogDemos.enhance(selector, enhance)
// runs enhance(element) for each element the selector finds now, and again inside new markup
// whenever the Controls playground renders a demo anew (it dispatches "catalog-build:render" on
// the container of the new markup). Loaded before the kind's script on pages with a demo.
(function () {
  "use strict";
  if (window.CatalogDemos) return;
  window.CatalogDemos = {
    enhance: function (selector, enhance) {
      function run(scope) {
        Array.prototype.forEach.call(scope.querySelectorAll(selector), function (element) { enhance(element); });
      }
      run(document);
      document.addEventListener("catalog-build:render", function (event) { run(event.target); });
    }
  };
})();
