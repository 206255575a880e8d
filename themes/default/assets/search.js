// Site search: the header field is a WAI-ARIA combobox with a listbox popup. Typing searches
// the full text of the build-time index (titles, headings, body text, properties, tokens,
// examples; each result shows where the words are found and leads to its section) (loaded on first use from a same-origin script, so it works offline and
// from disk); Down and Up move through the results, Enter opens one, Escape closes the list
// (and a second Escape clears the field); the number of results is announced. The /search/
// page shows full results for ?q=. Without script the field submits to that page.
(function () {
  "use strict";

  var index = null;
  var waiting = [];

  // The index names each section's page by position; here each becomes an entry of its own.
  function expand(data) {
    if (!data || !data.pages) return [];
    var pages = data.pages.map(function (page) {
      return { kind: page[0], title: page[1], url: page[2], summary: page[3], keywords: page[4], section: "", text: "" };
    });
    var sections = (data.sections || []).map(function (section) {
      var page = pages[section[0]];
      return { kind: page.kind, title: page.title, url: page.url + (section[2] ? "#" + section[2] : ""), summary: "", keywords: "", section: section[1], text: section[3] };
    });
    return pages.concat(sections);
  }

  function loadIndex(url, done) {
    if (index) { done(index); return; }
    waiting.push(done);
    if (waiting.length > 1) return;
    var script = document.createElement("script");
    script.src = url;
    script.onload = function () {
      index = expand(window.catalogSearchIndex);
      waiting.splice(0).forEach(function (callback) { callback(index); });
    };
    document.head.appendChild(script);
  }

  // Every word of the query must be found in the entry; where it is found decides the score
  // (title, then section heading, then names, then summary and text). A page's sections compete
  // with the page: a phrase in a section's body lands on that section.
  function search(entries, query, limit) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    var phrase = words.join(" ");
    var scored = [];
    entries.forEach(function (entry) {
      var title = entry.title.toLowerCase();
      var section = (entry.section || "").toLowerCase();
      var keywords = entry.keywords.toLowerCase();
      var summary = entry.summary.toLowerCase();
      var text = (entry.text || "").toLowerCase();
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var word = words[i];
        if (title.indexOf(word) === 0 && !section) score += 8;
        else if (title.indexOf(word) >= 0 && !section) score += 5;
        else if (section.indexOf(word) >= 0) score += 5;
        else if (keywords.indexOf(word) >= 0) score += 3;
        else if (summary.indexOf(word) >= 0 || text.indexOf(word) >= 0) score += 1;
        else if (section && title.indexOf(word) >= 0) score += 1;
        else return;
      }
      if (words.length > 1 && (text.indexOf(phrase) >= 0 || summary.indexOf(phrase) >= 0 || section.indexOf(phrase) >= 0)) score += 4 * words.length;
      if (!section && (entry.kind === "Component" || entry.kind.indexOf("Guide") === 0)) score += 1;
      scored.push({ entry: entry, score: score });
    });
    scored.sort(function (a, b) { return b.score - a.score || a.entry.title.localeCompare(b.entry.title) || (a.entry.section || "").localeCompare(b.entry.section || ""); });
    return scored.slice(0, limit).map(function (item) { return item.entry; });
  }

  // A few words around the first place the query (or its first word) is found in the text, the
  // match in a <mark>; built from text nodes, never from HTML.
  function snippet(entry, query) {
    var source = entry.text || entry.summary || "";
    var lower = source.toLowerCase();
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var needle = words.join(" ");
    var at = lower.indexOf(needle);
    if (at < 0 && words.length) { needle = words[0]; at = lower.indexOf(needle); }
    var fragment = document.createDocumentFragment();
    if (at < 0) {
      fragment.appendChild(document.createTextNode(source.length > 140 ? source.slice(0, 140) + "…" : source));
      return fragment;
    }
    var start = Math.max(0, at - 60);
    if (start > 0) {
      var space = source.indexOf(" ", start);
      if (space >= 0 && space < at) start = space + 1;
    }
    var end = Math.min(source.length, at + needle.length + 80);
    fragment.appendChild(document.createTextNode((start > 0 ? "…" : "") + source.slice(start, at)));
    var mark = document.createElement("mark");
    mark.textContent = source.slice(at, at + needle.length);
    fragment.appendChild(mark);
    fragment.appendChild(document.createTextNode(source.slice(at + needle.length, end) + (end < source.length ? "…" : "")));
    return fragment;
  }

  // A result's address from this page; opened from disk, a folder needs its index.html.
  function address(root, url) {
    var full = root + url;
    if (window.location.protocol !== "file:") return full;
    var parts = full.split("#");
    if (parts[0] === "" || parts[0].slice(-1) === "/") parts[0] = (parts[0] === "" ? "./" : parts[0]) + "index.html";
    return parts.join("#");
  }

  function heading(entry) {
    return entry.section ? entry.title + " › " + entry.section : entry.title;
  }

  function plural(count) {
    return count === 0 ? "No results" : count === 1 ? "1 result" : count + " results";
  }

  // The combobox in the header.
  Array.prototype.forEach.call(document.querySelectorAll("[data-search]"), function (form) {
    var input = form.querySelector("[role=combobox]");
    var list = form.querySelector("[role=listbox]");
    var status = form.querySelector("[data-search-status]");
    var root = form.getAttribute("data-root");
    var active = -1;
    var results = [];
    var timer = null;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function highlight(position) {
      var options = list.querySelectorAll("[role=option]");
      if (!options.length) return;
      active = (position + options.length) % options.length;
      Array.prototype.forEach.call(options, function (option, i) {
        option.setAttribute("aria-selected", i === active ? "true" : "false");
      });
      input.setAttribute("aria-activedescendant", options[active].id);
      options[active].scrollIntoView({ block: "nearest" });
    }

    function open(entry) {
      window.location.href = address(root, entry.url);
    }

    function render() {
      var query = input.value.trim();
      list.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      if (!query) { close(); status.textContent = ""; return; }
      loadIndex(form.getAttribute("data-index"), function (entries) {
        results = search(entries, query, 8);
        list.textContent = "";
        results.forEach(function (entry, i) {
          var option = document.createElement("li");
          option.id = "site-search-option-" + i;
          option.setAttribute("role", "option");
          option.setAttribute("aria-selected", "false");
          option.className = "site-search__option";
          var title = document.createElement("span");
          title.className = "site-search__title";
          title.textContent = heading(entry);
          var kind = document.createElement("span");
          kind.className = "site-search__kind";
          kind.textContent = entry.kind;
          var line = document.createElement("span");
          line.className = "site-search__snippet";
          line.appendChild(snippet(entry, query));
          option.appendChild(title);
          option.appendChild(document.createTextNode(" "));
          option.appendChild(kind);
          option.appendChild(line);
          option.addEventListener("mousedown", function (event) { event.preventDefault(); });
          option.addEventListener("click", function () { open(entry); });
          list.appendChild(option);
        });
        list.hidden = results.length === 0;
        input.setAttribute("aria-expanded", results.length ? "true" : "false");
        status.textContent = plural(results.length) + (results.length ? ", use the arrow keys to choose" : "");
      });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(render, 80);
    });
    input.addEventListener("focus", function () { loadIndex(form.getAttribute("data-index"), function () {}); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        if (list.hidden && input.value.trim()) { render(); return; }
        highlight(active + 1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(active < 0 ? -1 : active - 1);
      } else if (event.key === "Enter") {
        if (active >= 0 && results[active]) {
          event.preventDefault();
          open(results[active]);
        }
      } else if (event.key === "Escape") {
        if (!list.hidden) { close(); }
        else { input.value = ""; status.textContent = ""; }
        event.preventDefault();
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
  });

  // Full results on the search page.
  var page = document.querySelector("[data-search-page]");
  if (page) {
    var fallback = page.querySelector("[data-search-fallback]");
    if (fallback) fallback.hidden = true;
    var query = new URLSearchParams(window.location.search).get("q") || "";
    var field = document.getElementById("site-search-input");
    if (field) field.value = query;
    var pageStatus = page.querySelector("[data-search-page-status]");
    var pageList = page.querySelector("[data-search-page-results]");
    var pageRoot = page.getAttribute("data-root");
    if (query.trim()) {
      loadIndex(page.getAttribute("data-index"), function (entries) {
        var found = search(entries, query, 50);
        pageStatus.textContent = plural(found.length) + " for “" + query + "”";
        found.forEach(function (entry) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = address(pageRoot, entry.url);
          link.textContent = heading(entry);
          var kind = document.createElement("span");
          kind.className = "search-page__kind";
          kind.textContent = " · " + entry.kind;
          var summary = document.createElement("p");
          summary.appendChild(snippet(entry, query));
          item.appendChild(link);
          item.appendChild(kind);
          item.appendChild(summary);
          pageList.appendChild(item);
        });
      });
    }
  }
})();
