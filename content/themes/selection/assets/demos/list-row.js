// List row demo. A row with a chevron is a native button (Enter and Space press it); in the
// catalog it has nowhere to go, so pressing it says where it would lead, in a polite live region.
// A row with a switch needs no script: the row is the switch's label.
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="list-row"]', function (root) {
    var button = root.querySelector(".list-row--button");
    var live = root.querySelector("[data-announce]");
    if (!button || !live) return;
    button.addEventListener("click", function () {
      var title = button.querySelector(".list-row__title");
      live.textContent = "Would open " + (title ? title.textContent.trim() : "the page") + ".";
    });
  });
})();
