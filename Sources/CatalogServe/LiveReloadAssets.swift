/// The two files `serve` adds at `/_catalog/`: the live-reload script, injected into every
/// served page (never into `build` output), and the stylesheet of its error overlay.
package enum LiveReloadAssets {
    package static let script = #"""
    // catalog-build serve: reloads this page when its bytes change, and shows the build's
    // errors over the page while the catalog is broken. EventSource reconnects by itself
    // after a server restart; the server then tells whether the page changed meanwhile.
    (function () {
      "use strict";
      // An example shown in a frame has an opaque origin and no stream of its own: the page
      // around it reloads it (see "reload-frame" below).
      if (window.parent !== window) return;
      var me = document.currentScript;
      var page = me ? me.getAttribute("data-page") : "";
      var hash = me ? me.getAttribute("data-hash") : "";
      var url = "/_catalog/events?page=" + encodeURIComponent(page) + "&hash=" + encodeURIComponent(hash);
      // The site's base path: this page's address less its path in the site.
      var own = page.replace(/index\.html$/, "");
      var base = window.location.pathname.slice(0, window.location.pathname.length - own.length) || "/";
      function sitePath(source) {
        var path;
        try { path = decodeURIComponent(new URL(source, window.location.href).pathname); } catch (error) { return null; }
        if (path.indexOf(base) !== 0) return null;
        path = path.slice(base.length);
        return path === "" || /\/$/.test(path) ? path + "index.html" : path;
      }
      var frames = Array.prototype.slice.call(document.querySelectorAll("iframe[data-web-example-frame]"));
      frames.forEach(function (frame) {
        var path = sitePath(frame.getAttribute("src"));
        if (path) url += "&frame=" + encodeURIComponent(path);
      });
      var events = new EventSource(url);
      events.addEventListener("reload-frame", function (event) {
        var data;
        try { data = JSON.parse(event.data); } catch (error) { return; }
        frames.forEach(function (frame) {
          if (sitePath(frame.getAttribute("src")) === data.frame) frame.setAttribute("src", frame.getAttribute("src"));
        });
      });
      events.addEventListener("open", function () {
        document.documentElement.setAttribute("data-live-reload", "connected");
      });
      events.addEventListener("error", function () {
        document.documentElement.setAttribute("data-live-reload", "reconnecting");
      });

      events.addEventListener("reload", function () { window.location.reload(); });
      events.addEventListener("status", function (event) {
        var status;
        try { status = JSON.parse(event.data); } catch (error) { return; }
        show(status);
        if (!page && status.problems.filter(function (p) { return p.severity === "error"; }).length === 0) {
          window.location.reload();
        }
      });

      function element(tag, className, text) {
        var node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      // The build whose overlay the reader dismissed: it stays away until the next failed
      // rebuild (a new build id), even across reloads of this tab.
      var dismissedKey = "catalog-build-overlay-dismissed";

      function problemItem(problem) {
        var item = element("li", "cb-overlay__item cb-overlay__item--" + problem.severity);
        var place = element("p", "cb-overlay__place");
        place.appendChild(element("code", "cb-overlay__location", problem.file + ":" + problem.line + ":" + problem.column));
        place.appendChild(document.createTextNode(" " + problem.severity + " "));
        place.appendChild(element("span", "cb-overlay__rule", "[" + problem.rule + "]"));
        item.appendChild(place);
        item.appendChild(element("p", "cb-overlay__message", problem.message));
        if (problem.excerpt && problem.excerpt.length) {
          var pre = element("pre", "cb-overlay__excerpt");
          problem.excerpt.forEach(function (line) {
            var row = element("span", line.number === problem.line ? "cb-overlay__line cb-overlay__line--hit" : "cb-overlay__line",
              String(line.number).padStart(5, " ") + " | " + line.text + "\n");
            pre.appendChild(row);
            if (line.number === problem.line) {
              pre.appendChild(element("span", "cb-overlay__caret", "        " + " ".repeat(Math.max(0, problem.column - 1)) + "^\n"));
            }
          });
          item.appendChild(pre);
        }
        return item;
      }

      function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

      // The overlay is a modal alert dialog: opening it moves focus to its Dismiss button (and
      // announces its title and hint), the page behind is inert so Tab stays inside, Escape or
      // Dismiss closes it, and focus goes back to where the reader was.
      var returnTo = null;

      function remove(overlay) {
        overlay.setAttribute("data-replaced", "");
        if (overlay.open) overlay.close();
        overlay.remove();
      }

      function restoreFocus() {
        var target = returnTo;
        returnTo = null;
        if (target && target.isConnected && typeof target.focus === "function") target.focus();
      }

      function show(status) {
        var old = document.getElementById("catalog-build-overlay");
        var errors = status.problems.filter(function (p) { return p.severity === "error"; });
        var others = status.problems.filter(function (p) { return p.severity !== "error"; });
        var dismissed = false;
        try { dismissed = sessionStorage.getItem(dismissedKey) === status.build; } catch (error) {}
        if (errors.length === 0 || dismissed) {
          if (old) { remove(old); restoreFocus(); }
          return;
        }
        if (old) remove(old);
        else returnTo = document.activeElement;
        if (!document.getElementById("catalog-build-overlay-style")) {
          var link = element("link");
          link.id = "catalog-build-overlay-style";
          link.rel = "stylesheet";
          link.href = "/_catalog/overlay.css";
          document.head.appendChild(link);
        }
        var overlay = element("dialog", "cb-overlay");
        overlay.id = "catalog-build-overlay";
        overlay.setAttribute("role", "alertdialog");
        overlay.setAttribute("aria-labelledby", "catalog-build-overlay-title");
        overlay.setAttribute("aria-describedby", "catalog-build-overlay-hint");
        var header = element("div", "cb-overlay__header");
        var title = element("h2", "cb-overlay__title", count(errors.length, "error") + " in the catalog" +
          (others.length ? " (and " + count(others.length, "warning") + ")" : ""));
        title.id = "catalog-build-overlay-title";
        header.appendChild(title);
        var dismiss = element("button", "cb-overlay__dismiss", "Dismiss");
        dismiss.type = "button";
        dismiss.setAttribute("aria-label", "Dismiss the error overlay until the next failed rebuild");
        dismiss.addEventListener("click", function () { overlay.close(); });
        header.appendChild(dismiss);
        overlay.appendChild(header);
        // Escape closes a modal dialog by itself ("close"); a Dismiss or an Escape is the
        // reader's, a replacement by the next status is not.
        overlay.addEventListener("close", function () {
          if (overlay.hasAttribute("data-replaced")) return;
          try { sessionStorage.setItem(dismissedKey, status.build); } catch (error) {}
          overlay.remove();
          restoreFocus();
        });
        // A modal dialog lets Tab leave for the browser's own controls; the overlay keeps it
        // inside, from its last control to its first and back.
        overlay.addEventListener("keydown", function (event) {
          if (event.key !== "Tab") return;
          var controls = Array.prototype.filter.call(overlay.querySelectorAll("button, summary, a[href], [tabindex]:not([tabindex='-1'])"),
            function (node) { return node.getClientRects().length > 0; });
          if (!controls.length) return;
          var first = controls[0], last = controls[controls.length - 1];
          if (event.shiftKey && (document.activeElement === first || !overlay.contains(document.activeElement))) {
            event.preventDefault(); last.focus();
          } else if (!event.shiftKey && (document.activeElement === last || !overlay.contains(document.activeElement))) {
            event.preventDefault(); first.focus();
          }
        });
        var hint = element("p", "cb-overlay__hint", "The preview still shows the last good build. Fix the files below; this message goes away by itself.");
        hint.id = "catalog-build-overlay-hint";
        overlay.appendChild(hint);
        var list = element("ol", "cb-overlay__list");
        errors.forEach(function (problem) { list.appendChild(problemItem(problem)); });
        overlay.appendChild(list);
        if (others.length) {
          var more = element("details", "cb-overlay__more");
          more.appendChild(element("summary", "cb-overlay__more-summary", count(others.length, "warning")));
          var rest = element("ol", "cb-overlay__list");
          others.forEach(function (problem) { rest.appendChild(problemItem(problem)); });
          more.appendChild(rest);
          overlay.appendChild(more);
        }
        document.body.appendChild(overlay);
        overlay.showModal();
        dismiss.focus();
      }
    })();
    """#

    package static let stylesheet = """
    .cb-overlay {
      position: fixed; inset: 1rem; z-index: 2147483647; overflow: auto;
      width: auto; height: auto; max-width: none; max-height: none; margin: 0;
      padding: 1.5rem; border: 3px solid #a3231a; border-radius: 12px;
      background: #fffdfc; color: #16213a; font: 15px/1.5 system-ui, sans-serif;
      box-shadow: 0 10px 40px rgb(0 0 0 / 0.35);
    }
    .cb-overlay::backdrop { background: rgb(10 15 30 / 0.45); }
    .cb-overlay__header { display: flex; gap: 1rem; align-items: flex-start; justify-content: space-between; }
    .cb-overlay__title { margin: 0 0 0.25rem; font-size: 1.3rem; color: #a3231a; }
    .cb-overlay__dismiss {
      min-width: 44px; min-height: 44px; padding: 0.5rem 1rem; flex: none;
      border: 2px solid currentColor; border-radius: 8px; background: transparent; color: inherit;
      font: inherit; font-weight: 600; cursor: pointer;
    }
    .cb-overlay__dismiss:focus-visible { outline: 3px solid #1f5fd1; outline-offset: 2px; }
    .cb-overlay__more { margin-top: 1rem; }
    .cb-overlay__more-summary { display: list-item; padding: 0.7rem 0; cursor: pointer; font-weight: 600; color: #7a4f00; }
    .cb-overlay__hint { margin: 0 0 1rem; }
    .cb-overlay__list { margin: 0; padding-left: 1.5rem; }
    .cb-overlay__item { margin-bottom: 1.25rem; }
    .cb-overlay__place, .cb-overlay__message { margin: 0.15rem 0; }
    .cb-overlay__location { font-weight: 700; }
    .cb-overlay__item--error .cb-overlay__place { color: #a3231a; }
    .cb-overlay__item--warning .cb-overlay__place { color: #7a4f00; }
    .cb-overlay__excerpt { margin: 0.4rem 0 0; padding: 0.75rem; background: #f1f3f7; border-radius: 6px; overflow: auto; font: 13px/1.45 ui-monospace, monospace; white-space: pre; }
    .cb-overlay__line--hit { font-weight: 700; }
    .cb-overlay__caret { color: #a3231a; font-weight: 700; }
    @media (prefers-color-scheme: dark) {
      .cb-overlay { background: #1b1214; color: #f3e9ea; border-color: #ff9b91; }
      .cb-overlay__title, .cb-overlay__item--error .cb-overlay__place, .cb-overlay__caret { color: #ff9b91; }
      .cb-overlay__item--warning .cb-overlay__place, .cb-overlay__more-summary { color: #f4c65a; }
      .cb-overlay__dismiss:focus-visible { outline-color: #9cc0ff; }
      .cb-overlay__excerpt { background: #2a1f22; }
    }
    @media (forced-colors: active) {
      .cb-overlay { border-color: CanvasText; }
      .cb-overlay__dismiss { border-color: ButtonText; color: ButtonText; }
      .cb-overlay__dismiss:focus-visible { outline-color: Highlight; }
    }

    """
}
