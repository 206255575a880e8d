// The readiness matrix sorts by any column: the header text becomes a button, aria-sort on the
// header cell says the order, and an arrow shows it as well. Without script the table keeps the
// catalog's order and is fully readable.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("table[data-sortable]"), function (table) {
    var headers = Array.prototype.slice.call(table.querySelectorAll("thead th"));
    var body = table.tBodies[0];
    headers.forEach(function (header, column) {
      var type = header.getAttribute("data-sort-type");
      if (!type) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort-button";
      while (header.firstChild) button.appendChild(header.firstChild);
      var arrow = document.createElement("span");
      arrow.className = "sort-button__arrow";
      arrow.setAttribute("aria-hidden", "true");
      button.appendChild(arrow);
      header.appendChild(button);
      header.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var ascending = header.getAttribute("aria-sort") !== "ascending";
        headers.forEach(function (other) { if (other.hasAttribute("aria-sort")) other.setAttribute("aria-sort", "none"); });
        header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[column].getAttribute("data-sort") || a.cells[column].textContent;
          var y = b.cells[column].getAttribute("data-sort") || b.cells[column].textContent;
          var order = type === "number" ? Number(x) - Number(y) : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  // A matrix wider than its column becomes cards (.is-stacked) instead of scrolling sideways;
  // measured as a table each time the column's width changes.
  Array.prototype.forEach.call(document.querySelectorAll("[data-readiness-fit]"), function (region) {
    var table = region.querySelector("table");
    if (!table) return;
    var width = -1;
    function fit() {
      if (region.clientWidth === width) return;
      width = region.clientWidth;
      table.classList.remove("is-stacked");
      var wide = table.scrollWidth > region.clientWidth + 1;
      table.classList.toggle("is-stacked", wide);
      // Cards do not scroll: the region is a stop in the tab order only while the table scrolls.
      if (wide) region.removeAttribute("tabindex"); else region.setAttribute("tabindex", "0");
    }
    fit();
    if (window.ResizeObserver) new window.ResizeObserver(fit).observe(region);
    else window.addEventListener("resize", fit);
  });
})();
