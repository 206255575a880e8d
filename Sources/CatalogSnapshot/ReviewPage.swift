import Foundation
import Synchronization
import CatalogCore
import CatalogMarkdown
import CatalogOutput
import CatalogModel

/// `snapshots/index.html` in the output: every changed image as approved, new and difference
/// side by side with a slider between approved and new, grouped by component and by the
/// conditions it was drawn in; new images; approved images nothing draws any more. Its script
/// and stylesheet are files beside it (no inline script or style), and without script the three
/// images still show.
final class ReviewPage: Sendable {
    struct Item {
        var component: String
        var componentName: String
        var conditions: String
        var subject: String
        var file: String
        var note: String
        var hasApproved: Bool
        var hasDifference: Bool
        /// What it was drawn from (what approving it records).
        var inputHash: String
    }

    let output: URL
    let catalogTitle: String
    /// The command that approves one image (`catalog-build snapshot --source content --update
    /// --only switch/example-default@390-dark`).
    let approveCommand: @Sendable (String) -> String
    /// What the drawing threads add, read by `write` once every image is in.
    private struct Lists {
        var items: [Item] = []
        var missing: [String] = []
    }
    private let lists = Mutex(Lists())

    /// Whether the output folder was there before this run put anything in it.
    private let siteExisted: Bool

    init(output: URL, catalogTitle: String, approveCommand: @escaping @Sendable (String) -> String = { "catalog-build snapshot --update --only " + ReviewPage.selector(of: $0) }) {
        self.output = output
        self.catalogTitle = catalogTitle
        self.approveCommand = approveCommand
        siteExisted = FileManager.default.fileExists(atPath: output.deletingLastPathComponent().path)
    }

    /// Clears the previous review (its images too).
    func reset() {
        try? FileManager.default.removeItem(at: output)
    }

    func add(_ shot: SnapshotPlan.Shot, approved: [UInt8]?, new: [UInt8], difference: [UInt8]?, note: String) {
        save(approved, as: "approved/" + shot.file)
        save(new, as: "new/" + shot.file)
        save(difference, as: "difference/" + shot.file)
        let item = Item(component: shot.component, componentName: shot.componentName, conditions: shot.conditions, subject: shot.subject,
                        file: shot.file, note: note, hasApproved: approved != nil, hasDifference: difference != nil, inputHash: shot.inputHash)
        lists.withLock { $0.items.append(item) }
    }

    /// The `--only` selector of exactly one image (`switch/example-default@390-dark`).
    static func selector(of file: String) -> String {
        let parts = file.split(separator: "/")
        guard parts.count == 3 else { return file }
        return "\(parts[0])/\(parts[1])@\(parts[2].dropLast(".png".count))"
    }

    /// A word as a POSIX shell reads it back unchanged (quoted unless plainly safe).
    static func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./@:=+,".unicodeScalars.contains($0) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    func addMissing(_ file: String) {
        lists.withLock { $0.missing.append(file) }
    }

    private func save(_ bytes: [UInt8]?, as path: String) {
        guard let bytes else { return }
        let url = output.appendingPathComponent("images/" + path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: url)
    }

    /// Writes the page and returns its path.
    func write(summary: String) -> String? {
        let (items, missing) = lists.withLock { lists in
            (lists.items.sorted { ($0.componentName, $0.conditions, $0.subject) < ($1.componentName, $1.conditions, $1.subject) }, lists.missing.sorted())
        }
        var body = ""
        let changedCount = items.filter(\.hasApproved).count
        body += "<p class=\"review-summary\" role=\"status\">\(escape(summary)).</p>\n"
        if items.isEmpty, missing.isEmpty {
            body += "<p>Every image matches its approved one.</p>\n"
        }
        var component = ""
        var conditions = ""
        var number = 0
        for item in items {
            if item.component != component {
                if !component.isEmpty { body += "</section>\n" }
                component = item.component
                conditions = ""
                body += "<section class=\"review-component\" aria-labelledby=\"review-\(escape(item.component))\">\n<h2 id=\"review-\(escape(item.component))\">\(escape(item.componentName))</h2>\n"
            }
            if item.conditions != conditions {
                conditions = item.conditions
                body += "<h3>\(escape(item.conditions))</h3>\n"
            }
            number += 1
            let name = "\(item.subject) of \(item.componentName), \(item.conditions)"
            body += "<article class=\"review-item\" aria-labelledby=\"review-item-\(number)\">\n"
            body += "<h4 id=\"review-item-\(number)\">\(escape(item.subject.prefix(1).uppercased() + item.subject.dropFirst()))</h4>\n"
            body += "<p class=\"review-item__note\">\(escape(item.note)) <code>\(escape(item.file))</code></p>\n"
            body += "<div class=\"review-sides\">\n"
            if item.hasApproved {
                body += figure("images/approved/\(item.file)", caption: "Approved", alt: "Approved image: \(name)")
            }
            body += figure("images/new/\(item.file)", caption: "New", alt: "New image: \(name)")
            if item.hasDifference {
                body += figure("images/difference/\(item.file)", caption: "Difference", alt: "Difference: changed pixels in red, smoothed edges in yellow, the rest faint grey")
            }
            body += "</div>\n"
            // The command that approves this image alone, with a copy button (script only).
            body += "<p class=\"review-approve\"><span class=\"review-approve__label\">Approve this image:</span> <code id=\"review-command-\(number)\">\(escape(approveCommand(item.file)))</code> <button type=\"button\" class=\"review-copy\" data-review-copy=\"review-command-\(number)\" hidden>Copy<span class=\"visually-hidden\"> the command for \(escape(name))</span></button> <button type=\"button\" class=\"review-copy review-approve-button\" data-review-approve=\"\(escape(item.file))\" hidden>Approve<span class=\"visually-hidden\"> \(escape(name))</span></button></p>\n"
            if item.hasApproved {
                body += """
                <div class="review-compare" data-review-compare hidden>
                <div class="review-compare__stage"><img src="\(escape(path("images/approved/\(item.file)")))" alt=""><img class="review-compare__new" src="\(escape(path("images/new/\(item.file)")))" alt="" data-review-new></div>
                <label class="review-compare__label" for="review-slider-\(number)">Approved (left of the line) and new (right)</label>
                <input class="review-compare__slider" id="review-slider-\(number)" type="range" min="0" max="100" value="50" data-review-slider aria-valuetext="50% approved">
                </div>

                """
            }
            body += "</article>\n"
        }
        if !component.isEmpty { body += "</section>\n" }
        if !missing.isEmpty {
            body += "<section aria-labelledby=\"review-missing\">\n<h2 id=\"review-missing\">Approved images no longer drawn</h2>\n<ul>\n"
            for file in missing { body += "<li><code>\(escape(file))</code></li>\n" }
            body += "</ul>\n</section>\n"
        }
        let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src 'self'; script-src 'self'; style-src 'self'">
        <title>Visual review: \(escape(catalogTitle))</title>
        <link rel="icon" href="favicon.svg">
        <link rel="stylesheet" href="review.css">
        <script src="review.js" defer></script>
        </head>
        <body>
        <main>
        <h1>Visual review</h1>
        <p>\(escape(catalogTitle)): \(changedCount == 1 ? "1 image differs" : "\(changedCount) images differ") from the approved set. Approve what is meant with <code>catalog-build snapshot --update</code> (all of it), or one image with the command under it.</p>
        <p class="visually-hidden" role="status" data-review-status></p>
        \(body)</main>
        </body>
        </html>

        """
        do {
            // An output folder made here is catalog-build's, so a later `build` may replace it
            // (as it replaces one it wrote itself); a folder that was there already keeps its own.
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            if !siteExisted {
                try Data(OutputGuard.markerText.utf8).write(to: output.deletingLastPathComponent().appendingPathComponent(OutputGuard.markerName))
            }
            try Data(html.utf8).write(to: output.appendingPathComponent("index.html"))
            try Data(Self.stylesheet.utf8).write(to: output.appendingPathComponent("review.css"))
            try Data(Self.script.utf8).write(to: output.appendingPathComponent("review.js"))
            try Data(Self.icon.utf8).write(to: output.appendingPathComponent("favicon.svg"))
            // What the page offers to approve, and what each image was drawn from: what an
            // Approve button (under `serve`) may approve and records (`SnapshotApproval`).
            let pending = Dictionary(items.map { ($0.file, $0.inputHash) }, uniquingKeysWith: { first, _ in first })
            try JSONSerialization.data(withJSONObject: pending, options: [.prettyPrinted, .sortedKeys]).write(to: output.appendingPathComponent(SnapshotApproval.pendingName))
        } catch {
            return nil
        }
        return output.appendingPathComponent("index.html").path
    }

    private func figure(_ source: String, caption: String, alt: String) -> String {
        "<figure class=\"review-figure\"><img src=\"\(escape(path(source)))\" alt=\"\(escape(alt))\"><figcaption>\(escape(caption))</figcaption></figure>\n"
    }

    /// A file path as a URL path (each segment percent-encoded).
    private func path(_ file: String) -> String {
        LinkResolver.encodedPath(file)
    }

    /// Catalog text as HTML: control characters shown as escapes, then the HTML escapes.
    private func escape(_ text: some StringProtocol) -> String {
        HTMLEscape.text(TextSafety.escaped(String(text)))
    }

    static let stylesheet = """
    :root { color-scheme: light dark; --text: light-dark(#1a2333, #e8ecf3); --bg: light-dark(#ffffff, #10151f); --muted: light-dark(#4a5568, #b4bfce); --border: light-dark(#8a96a8, #6b778a); --focus: light-dark(#0b57d0, #8ab4f8); }
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--bg); }
    main { max-width: 90rem; margin: 0 auto; padding: 1.5rem; }
    h1 { font-size: 2rem; margin: 0 0 0.5rem; }
    h2 { margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--border); }
    h3 { margin: 1.25rem 0 0.5rem; font-size: 1.05rem; color: var(--muted); }
    h4 { margin: 0 0 0.25rem; }
    .review-item { margin: 0 0 1.5rem; padding: 1rem; border: 1px solid var(--border); border-radius: 8px; }
    .review-item__note { margin: 0 0 0.75rem; color: var(--muted); }
    .review-sides { display: flex; flex-wrap: wrap; gap: 1rem; }
    .review-figure { margin: 0; }
    .review-figure img, .review-compare__stage img { display: block; max-width: 100%; height: auto; border: 1px solid var(--border); background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    .review-figure figcaption { font-weight: 600; }
    .review-compare { margin-top: 1rem; }
    .review-compare[hidden] { display: none; }
    .review-compare__stage { position: relative; display: inline-block; max-width: 100%; }
    .review-compare__new { position: absolute; inset: 0; }
    .review-compare__label { display: block; margin-top: 0.5rem; }
    .review-compare__slider { width: min(100%, 30rem); min-height: 44px; }
    .review-compare__slider:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    code { overflow-wrap: anywhere; }
    .review-approve { margin: 0.75rem 0 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    .review-approve__label { font-weight: 600; }
    .review-copy { min-height: 44px; min-width: 44px; padding: 0 1rem; font: inherit; color: var(--text); background: var(--bg); border: 2px solid var(--border); border-radius: 8px; cursor: pointer; }
    .review-copy[hidden] { display: none; }
    .review-copy:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    @media (forced-colors: active) { .review-item, .review-figure img, .review-copy { border-color: CanvasText; } }

    """

    /// Two overlapping frames: approved and new.
    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="9" height="9" fill="none" stroke="#0b57d0" stroke-width="2"/><rect x="6" y="6" width="9" height="9" fill="#b3261e"/></svg>

    """

    static let script = """
    // The slider between an approved image and its new one: the new image is shown right of the
    // line, the approved one left of it. Arrow keys, Page Up/Down, Home and End move it (a native
    // range input); without script the two images stay side by side above it.
    (function () {
      "use strict";
      Array.prototype.forEach.call(document.querySelectorAll("[data-review-compare]"), function (compare) {
        var slider = compare.querySelector("[data-review-slider]");
        var top = compare.querySelector("[data-review-new]");
        function update() {
          var value = Number(slider.value);
          top.style.clipPath = "inset(0 0 0 " + value + "%)";
          slider.setAttribute("aria-valuetext", value + "% approved, " + (100 - value) + "% new");
        }
        slider.addEventListener("input", update);
        compare.hidden = false;
        update();
      });
      // Each image's approve command, copied with its button; the result is said in words.
      var status = document.querySelector("[data-review-status]");
      Array.prototype.forEach.call(document.querySelectorAll("[data-review-copy]"), function (button) {
        var code = document.getElementById(button.getAttribute("data-review-copy"));
        if (!code || !navigator.clipboard) return;
        button.hidden = false;
        button.addEventListener("click", function () {
          navigator.clipboard.writeText(code.textContent).then(function () {
            if (status) status.textContent = "Copied: " + code.textContent;
          }, function () {
            if (status) status.textContent = "Could not copy; select the command and copy it by hand.";
          });
        });
      });
      // Shown through `catalog-build serve`, the page carries a token: each image then has an
      // Approve button that asks the server to approve it (the server checks the page's origin
      // and the token). Opened as a file or from any other server there is none.
      var token = document.querySelector('meta[name="catalog-build-approve"]');
      if (!token || !window.fetch) return;
      Array.prototype.forEach.call(document.querySelectorAll("[data-review-approve]"), function (button) {
        button.hidden = false;
        button.addEventListener("click", function () {
          var file = button.getAttribute("data-review-approve");
          button.disabled = true;
          fetch("/_catalog/review/approve", {
            method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
            body: JSON.stringify({ file: file, token: token.getAttribute("content") })
          }).then(function (response) {
            return response.ok ? response.json() : response.text().then(function (text) { throw new Error(text); });
          }).then(function () {
            button.textContent = "Approved";
            if (status) status.textContent = "Approved " + file + ".";
          }, function (error) {
            button.disabled = false;
            if (status) status.textContent = "Not approved: " + (error.message || "the server refused") + " Use the command instead.";
          });
        });
      });
    })();

    """
}
