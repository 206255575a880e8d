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
  // A page's names in code are split at their camel-case humps too ("errorText" is found by
  // "error", "text" and "errortext").
  function expand(data) {
    if (!data || !data.pages) return [];
    var pages = data.pages.map(function (page) {
      var aliases = Array.isArray(page[5]) ? page[5] : [];
      return {
        kind: page[0], title: page[1], url: page[2], summary: page[3], keywords: page[4], section: "", text: "",
        aliases: aliases.join(" \u00b7 "), aliasList: aliases,
        names: humps(page[1] + " " + page[4])
      };
    });
    var sections = (data.sections || []).map(function (section) {
      var page = pages[section[0]];
      return { kind: page.kind, title: page.title, url: page.url + (section[2] ? "#" + section[2] : ""), summary: "", keywords: "", section: section[1], text: section[3], aliases: "", names: "" };
    });
    return pages.concat(sections);
  }

  function humps(text) {
    return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase();
  }

  var wordCharacter = /[\p{L}\p{N}]/u;

  // Whether `word` starts a word of `text` (both lower case): "tag" finds "tag" and "tags",
  // not "outage".
  function startsWord(text, word) {
    var at = text.indexOf(word);
    while (at >= 0) {
      if (at === 0 || !wordCharacter.test(text.charAt(at - 1))) return true;
      at = text.indexOf(word, at + 1);
    }
    return false;
  }

  // The position of the first word of `text` whose start is one typo (a letter wrong, missing,
  // extra, or two swapped) from `word`, or -1; for words of four letters or more. A word of three
  // letters is forgiven two letters swapped only ("tga" finds Tag), which is how short words are
  // mistyped, while a wrong letter in one would find half the catalog.
  function nearly(text, word) {
    if (word.length < 3) return -1;
    var swapOnly = word.length === 3;
    var words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (var i = 0; i < words.length; i++) {
      var candidate = words[i];
      if (candidate.length < word.length - 1) continue;
      for (var length = word.length - 1; length <= word.length + 1; length++) {
        if (length > candidate.length || (swapOnly && length !== word.length)) continue;
        var piece = candidate.slice(0, length);
        if (swapOnly ? swapped(piece, word) : distance(piece, word) <= 1) return i;
      }
    }
    return -1;
  }

  // Whether `a` is `b` with two neighbouring letters swapped.
  function swapped(a, b) {
    if (a.length !== b.length || a === b) return false;
    for (var i = 0; i < a.length - 1; i++) {
      if (a.charAt(i) !== b.charAt(i)) {
        return a.charAt(i) === b.charAt(i + 1) && a.charAt(i + 1) === b.charAt(i) && a.slice(i + 2) === b.slice(i + 2);
      }
    }
    return false;
  }

  // The optimal-string-alignment distance, stopping once it passes 1.
  function distance(a, b) {
    if (Math.abs(a.length - b.length) > 1) return 2;
    var previous2 = null, previous = [], current;
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 1; i <= a.length; i++) {
      current = [i];
      var best = i;
      for (var k = 1; k <= b.length; k++) {
        var cost = a.charAt(i - 1) === b.charAt(k - 1) ? 0 : 1;
        var value = Math.min(previous[k] + 1, current[k - 1] + 1, previous[k - 1] + cost);
        if (previous2 && i > 1 && k > 1 && a.charAt(i - 1) === b.charAt(k - 2) && a.charAt(i - 2) === b.charAt(k - 1)) value = Math.min(value, previous2[k - 2] + 1);
        current.push(value);
        if (value < best) best = value;
      }
      if (best > 1) return 2;
      previous2 = previous;
      previous = current;
    }
    return previous[b.length];
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

  // Every word of the query must start a word of the entry; where it is found decides the score:
  // the title, then an alias, then a section heading, then names (properties, API names, tokens),
  // then the summary and text. A word with one typo still finds a title or an alias, ranked below
  // an exact match. A page's sections compete with the page: a phrase in a section's body lands
  // on that section.
  function search(entries, query, limit) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    var phrase = words.join(" ");
    var scored = [];
    entries.forEach(function (entry) {
      var title = entry.title.toLowerCase();
      var section = (entry.section || "").toLowerCase();
      var aliases = (entry.aliases || "").toLowerCase();
      var keywords = entry.keywords.toLowerCase();
      var names = entry.names || "";
      var summary = entry.summary.toLowerCase();
      var text = (entry.text || "").toLowerCase();
      var score = 0, near, via = null;
      for (var i = 0; i < words.length; i++) {
        var word = words[i];
        if (!section && title.indexOf(word) === 0) score += 12;
        else if (!section && startsWord(title, word)) score += 10;
        else if (!section && startsWord(aliases, word)) { score += 8; via = via || alias(entry, word, false); }
        else if (startsWord(section, word)) score += 5;
        else if (startsWord(keywords, word) || startsWord(names, word)) score += 3;
        else if (startsWord(summary, word) || startsWord(text, word)) score += 1;
        else if (section && startsWord(title, word)) score += 1;
        else if (!section && (near = nearly(title, word)) >= 0) score += near === 0 ? 6 : 4;
        else if (!section && nearly(aliases, word) >= 0) { score += 3; via = via || alias(entry, word, true); }
        else return;
      }
      if (words.length > 1 && (text.indexOf(phrase) >= 0 || summary.indexOf(phrase) >= 0 || section.indexOf(phrase) >= 0)) score += 4 * words.length;
      if (!section && (entry.kind === "Component" || entry.kind.indexOf("Guide") === 0)) score += 1;
      scored.push({ entry: via ? Object.assign({}, entry, { via: via }) : entry, score: score });
    });
    scored.sort(function (a, b) { return b.score - a.score || a.entry.title.localeCompare(b.entry.title) || (a.entry.section || "").localeCompare(b.entry.section || ""); });
    // A component in tabs is one result, not one per tab: its best-scoring page (a section of a
    // tab is still a result of its own).
    var seen = {};
    scored = scored.filter(function (item) {
      var entry = item.entry;
      if (entry.section || entry.kind !== "Component") return true;
      var component = entry.url.split("/").slice(0, 2).join("/");
      if (seen[component]) return false;
      seen[component] = true;
      return true;
    });
    return scored.slice(0, limit).map(function (item) { return item.entry; });
  }

  // The alias a word found, to show beside the title (a reader searching "badge" sees why Tag
  // is the answer).
  function alias(entry, word, typo) {
    var list = entry.aliasList || [];
    for (var i = 0; i < list.length; i++) {
      var lower = list[i].toLowerCase();
      if (typo ? nearly(lower, word) >= 0 : startsWord(lower, word)) return list[i];
    }
    return null;
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
    if (entry.section) return entry.title + " › " + entry.section;
    return entry.via ? entry.title + " (" + entry.via + ")" : entry.title;
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
