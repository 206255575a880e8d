// The version switch of a site with versions (`versions:` in catalog.yaml). Without this script
// it is a link to the releases page. With it, it is a disclosure button (WAI-ARIA Authoring
// Practices, disclosure navigation) opening a list of the versions read from versions.json; each
// link leads to the same page in that version. When that version has no such page, the switch
// walks up to the nearest page it has and says so there (?version-missing=<path>).
(function () {
  "use strict";

  var root = document.querySelector("[data-version-switch]");
  var notice = document.querySelector("[data-version-notice]");

  function showNotice() {
    if (!notice || !window.URLSearchParams) return;
    var params = new URLSearchParams(window.location.search);
    var missing = params.get("version-missing");
    var label = root ? root.getAttribute("data-label") : "";
    if (!missing) return;
    notice.textContent = "The page /" + missing + " is not in " + label + "; this is the nearest page that is.";
    notice.classList.add("version-notice--shown");
  }

  // The parents of a page path, nearest first: components/switch/code/ → components/switch/, components/, "".
  function parents(path) {
    var parts = path.split("/").filter(function (part) { return part.length > 0; });
    var result = [];
    while (parts.length > 0) {
      parts.pop();
      result.push(parts.length ? parts.join("/") + "/" : "");
    }
    return result;
  }

  function exists(url) {
    return fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) { return response.ok; }, function () { return false; });
  }

  // The same page in a version, or its nearest parent there.
  function go(base, page) {
    exists(base + page).then(function (ok) {
      if (ok) { window.location.href = base + page; return; }
      var candidates = parents(page);
      var next = function (index) {
        if (index >= candidates.length) { window.location.href = base; return; }
        exists(base + candidates[index]).then(function (found) {
          if (found) window.location.href = base + candidates[index] + "?version-missing=" + encodeURIComponent(page);
          else next(index + 1);
        });
      };
      next(0);
    });
  }

  function enhance(data) {
    var siteRoot = root.getAttribute("data-site-root");
    var page = root.getAttribute("data-page");
    var label = root.getAttribute("data-label");
    var link = root.querySelector(".version-switch__link");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "version-switch__button";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", "version-switch-list");
    button.innerHTML = "";
    var hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = "Version: ";
    button.appendChild(hidden);
    button.appendChild(document.createTextNode(label));
    var list = document.createElement("ul");
    list.className = "version-switch__list";
    list.id = "version-switch-list";
    list.hidden = true;
    data.versions.forEach(function (version) {
      var item = document.createElement("li");
      var anchor = document.createElement("a");
      anchor.className = "version-switch__option";
      var base = siteRoot + version.folder;
      anchor.href = base + page;
      anchor.textContent = version.current ? version.label + " (current)" : version.label;
      if (version.label === label) anchor.setAttribute("aria-current", "page");
      anchor.addEventListener("click", function (event) {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        go(base, page);
      });
      item.appendChild(anchor);
      list.appendChild(item);
    });
    var all = document.createElement("li");
    var releases = document.createElement("a");
    releases.className = "version-switch__option";
    releases.href = link.getAttribute("href");
    releases.textContent = "All releases";
    all.appendChild(releases);
    list.appendChild(all);

    function close(focusButton) {
      list.hidden = true;
      button.setAttribute("aria-expanded", "false");
      if (focusButton) button.focus();
    }
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") === "true";
      list.hidden = open;
      button.setAttribute("aria-expanded", open ? "false" : "true");
    });
    root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        event.preventDefault();
        close(true);
      }
    });
    document.addEventListener("click", function (event) {
      if (!root.contains(event.target)) close(false);
    });
    root.addEventListener("focusout", function (event) {
      if (event.relatedTarget && !root.contains(event.relatedTarget)) close(false);
    });
    link.replaceWith(button);
    root.appendChild(list);
    root.classList.add("version-switch--enhanced");
  }

  showNotice();
  if (!root || !window.fetch) return;
  fetch(root.getAttribute("data-versions"), { cache: "no-cache" })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(function (data) { if (data && data.versions) enhance(data); }, function () {});
})();
