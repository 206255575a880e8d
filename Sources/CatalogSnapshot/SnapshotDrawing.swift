import Foundation
import Synchronization
import CatalogCore

/// Draws shots of a built site (written to a folder) in one headless Chromium: the shots of one
/// page under one width, scheme, mode and direction share a navigation, and several pages are
/// drawn at once, each in a tab of its own.
struct SnapshotDrawing {
    let pipe: DevToolsPipe
    /// The built site, served on loopback: the only thing the browser reaches.
    let site: LoopbackSite
    /// The tallest window a page is drawn in, in CSS pixels.
    static let tallestWindow = 16_384

    /// Seconds a page may take to load and settle before its images are reported as not drawn.
    let timeout: Double

    /// A drawn image, or why it could not be drawn.
    enum Drawn {
        case image(PNGImage)
        case failed(String)
    }

    /// Switches every animation, transition and caret off, so an image does not depend on when
    /// it was taken (the site already honours reduced motion; a team's own CSS may not).
    static let stillness = "*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important; }"

    /// Draws every shot; `done` is called with each image as it is made (from several threads,
    /// one call at a time), so images are compared and written without all being held.
    func draw(_ shots: [SnapshotPlan.Shot], workers: Int, done: @escaping @Sendable (Int, Drawn) -> Void) {
        // Shots drawn together: same page and conditions.
        var grouped: [[Int]] = []
        var index: [String: Int] = [:]
        for (position, shot) in shots.enumerated() {
            let key = "\(shot.page)|\(shot.width)|\(shot.scheme)|\(shot.modeAttributes.map { "\($0.name)=\($0.value)" })|\(shot.rightToLeft)"
            if let group = index[key] { grouped[group].append(position) } else {
                index[key] = grouped.count
                grouped.append([position])
            }
        }
        let groups = grouped
        let queue = WorkQueue(count: groups.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, groups.count))) { _ in
            var tab = pipe.openTab()
            while let group = queue.next() {
                let members = groups[group]
                let results: [Drawn]
                if let session = tab?.session {
                    results = drawGroup(members.map { shots[$0] }, session: session)
                } else {
                    results = members.map { _ in .failed("the browser could not open a tab") }
                }
                // A page that did not answer in time (a script that spins, one that allocates
                // without end) keeps its tab busy: the tab is closed — its renderer with it — and
                // the next page gets a fresh one, so one example never stalls the others.
                if results.contains(where: { if case .failed = $0 { return true } else { return false } }) {
                    pipe.closeTab(tab)
                    tab = pipe.openTab()
                }
                lock.lock()
                for (member, result) in zip(members, results) { done(member, result) }
                lock.unlock()
            }
            pipe.closeTab(tab)
        }
    }

    /// The most pixels drawn in one capture: the shots of a page are drawn as one image of the
    /// band they share and cut from it (one capture instead of one per shot, the larger part of
    /// the time an image took); a band taller than this is drawn shot by shot.
    static let bandPixels = 12_000_000

    private func drawGroup(_ shots: [SnapshotPlan.Shot], session: String) -> [Drawn] {
        guard let first = shots.first else { return [] }
        do {
            try pipe.call("Emulation.setDeviceMetricsOverride", ["width": first.width, "height": 900, "deviceScaleFactor": 1, "mobile": false], session: session)
            try pipe.call("Emulation.setEmulatedMedia", ["features": [
                ["name": "prefers-color-scheme", "value": first.scheme],
                ["name": "prefers-reduced-motion", "value": "reduce"],
                ["name": "forced-colors", "value": "none"],
            ]], session: session)
            pipe.dropEvents(session: session)
            let url = site.url(first.page)
            let navigated = try pipe.call("Page.navigate", ["url": url], session: session, timeout: timeout)
            if let error = navigated["errorText"] as? String { return shots.map { _ in .failed("the page \(first.page) did not load (\(error))") } }
            _ = try pipe.wait(for: "Page.loadEventFired", session: session, timeout: timeout)
            // The window as tall as the page (up to `tallestWindow`): the browser holds back the
            // drawing of frames out of sight, so a team's example frame below the fold would lay
            // itself out (and answer with its height) only when the capture brought it into
            // view, moving every stage below it after they were measured. In sight, everything
            // settles before the measure, and the capture needs no larger window.
            let height = Int(try evaluate("String(document.documentElement.scrollHeight)", session: session)) ?? 900
            let windowHeight = min(max(height, 900), Self.tallestWindow)
            try pipe.call("Emulation.setDeviceMetricsOverride", ["width": first.width, "height": windowHeight,
                                                                "deviceScaleFactor": 1, "mobile": false], session: session)
            let ids = String(decoding: (try? JSONSerialization.data(withJSONObject: shots.map(\.elementID))) ?? Data(), as: UTF8.self)
            let attributes = String(decoding: (try? JSONSerialization.data(withJSONObject: first.modeAttributes.map { [$0.name, $0.value] })) ?? Data(), as: UTF8.self)
            let stillness = String(decoding: (try? JSONSerialization.data(withJSONObject: [Self.stillness])) ?? Data(), as: UTF8.self)
            let script = """
            (async () => {
              const root = document.documentElement;
              // The team's example frames answer a change of the page's attributes with their
              // height (example-frame.js), which moves everything below them: each must have
              // answered after the change before the layout can be taken as settled.
              // A frame answers again whenever its content's height changes (its own styles
              // and fonts arrive later than the page's), so the layout is settled only once no
              // frame has spoken for a while too.
              const frames = Array.from(document.querySelectorAll("iframe[data-web-example-frame]"));
              const answered = new Set();
              let lastAnswer = 0;
              window.addEventListener("message", (event) => {
                const frame = frames.find((candidate) => candidate.contentWindow === event.source);
                if (frame && event.data && event.data.type === "catalog-build:height") {
                  answered.add(frame);
                  lastAnswer = performance.now();
                }
              });
              root.setAttribute("data-color-scheme", \(first.scheme == "dark" ? "\"dark\"" : "\"light\""));
              for (const [name, value] of \(attributes)) root.setAttribute(name, value);
              // A constructed stylesheet: the page's Content-Security-Policy stays as the site
              // ships it (no inline <style> is added, none is allowed).
              const still = new CSSStyleSheet();
              still.replaceSync(\(stillness)[0]);
              document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
              if (\(first.rightToLeft)) document.querySelectorAll(".demo-stage, .state-sample__stage").forEach((stage) => stage.setAttribute("dir", "rtl"));
              if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
              await document.fonts.ready;
              // The example's stage: around the element with its id (or an id it starts), else
              // the example's place among the page's stages (a kind may use no id of its own).
              const find = (id) => {
                const element = document.getElementById(id) || document.querySelector('[id^="' + CSS.escape(id) + '-"]');
                if (element) return element.closest(".demo-stage, .state-sample__stage") || element;
                const match = /-(ex|st)(\\d+)$/.exec(id);
                if (!match) return null;
                const stages = document.querySelectorAll(match[1] === "ex" ? "#demo .demo-stage" : ".state-gallery .state-sample__stage");
                return stages[Number(match[2]) - 1] || null;
              };
              // The page's top left is where the capture's clip is measured from: a page script
              // that scrolls (a tab list bringing its current tab into view) would move every
              // cut, so the window is kept at the top and its scroll is part of what must hold still.
              const boxes = () => JSON.stringify([document.documentElement.scrollHeight, window.scrollX, window.scrollY].concat(\(ids).map((id) => {
                const stage = find(id);
                if (!stage) return null;
                const box = stage.getBoundingClientRect();
                return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
              })));
              // The page's own scripts (highlighting, the playground, tabs, the frames) may
              // still move things: wait until every frame has answered, none for 200 ms, and the
              // layout has not changed for three looks in a row, 50 ms apart (at most 5 s).
              // Kept on the page: the boxes are taken again after the capture, and a page that
              // moved meanwhile is settled and drawn again.
              // The stages' boxes alone (without the page height and scroll the looks compare).
              const stages = (looked) => JSON.stringify(JSON.parse(looked).slice(3));
              window.__catalogSettle = async () => {
                let last = boxes(), same = 0;
                for (let look = 0; look < 100 && (same < 3 || answered.size < frames.length || performance.now() - lastAnswer < 200); look++) {
                  await new Promise((resolve) => setTimeout(resolve, 50));
                  if (window.scrollX || window.scrollY) window.scrollTo(0, 0);
                  const now = boxes();
                  same = now === last ? same + 1 : 0;
                  last = now;
                }
                return stages(last);
              };
              window.__catalogBoxes = () => (window.scrollX || window.scrollY) ? "scrolled" : stages(boxes());
              return window.__catalogSettle();
            })()
            """
            var value = try evaluate(script, session: session)
            var results = try drawBand(shots, boxes: value, windowHeight: windowHeight, session: session)
            // Drawn, then measured again: a page that moved between the measure and the capture
            // (a frame that grew late) is settled and drawn again, three times at most.
            for _ in 1..<3 {
                guard try evaluate("window.__catalogBoxes()", session: session) != value else { break }
                value = try evaluate("window.__catalogSettle()", session: session)
                results = try drawBand(shots, boxes: value, windowHeight: windowHeight, session: session)
            }
            return results
        } catch {
            return shots.map { _ in .failed(error.description) }
        }
    }

    /// What a script on the page returns, as text.
    private func evaluate(_ expression: String, session: String) throws(DevToolsPipe.Failure) -> String {
        let evaluated = try pipe.call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session, timeout: timeout)
        return (evaluated["result"] as? [String: Any])?["value"] as? String ?? "[]"
    }

    /// The shots cut from one capture of the band that holds them all (`value`: their boxes).
    private func drawBand(_ shots: [SnapshotPlan.Shot], boxes value: String, windowHeight: Int, session: String) throws(DevToolsPipe.Failure) -> [Drawn] {
        let boxes = (try? JSONSerialization.jsonObject(with: Data(value.utf8))) as? [Any] ?? []
        // Each shot's rectangle in whole page pixels, or why it has none.
        var results: [Drawn] = shots.map { .failed("\($0.elementID) is not on \($0.page) (or has no size)") }
        var rectangles: [(position: Int, rectangle: Rectangle)] = []
        for position in shots.indices {
            guard position < boxes.count, let box = boxes[position] as? [Double], box.count == 4, box[2] >= 1, box[3] >= 1 else { continue }
            rectangles.append((position, Rectangle(box)))
        }
        guard !rectangles.isEmpty else { return results }
        let band = rectangles.dropFirst().reduce(rectangles[0].rectangle) { $0.union($1.rectangle) }
        if band.width * band.height <= Self.bandPixels {
            let drawn = try capture(band, windowHeight: windowHeight, session: session)
            for (position, rectangle) in rectangles {
                switch drawn {
                case .image(let image):
                    let x = rectangle.x - band.x, y = rectangle.y - band.y
                    // The browser draws what was asked; an image that does not cover the
                    // shot is said, never cut outside it.
                    guard x + rectangle.width <= image.width, y + rectangle.height <= image.height else {
                        results[position] = .failed("the browser drew \(image.width) × \(image.height) px where \(band.width) × \(band.height) px were asked")
                        continue
                    }
                    results[position] = .image(image.cropped(x: x, y: y, width: rectangle.width, height: rectangle.height))
                case .failed:
                    results[position] = drawn
                }
            }
        } else {
            for (position, rectangle) in rectangles { results[position] = try capture(rectangle, windowHeight: windowHeight, session: session) }
        }
        return results
    }

    /// A rectangle of the page in whole pixels: a stage's box, its fractions rounded outwards.
    struct Rectangle {
        var x: Int, y: Int, width: Int, height: Int

        init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }

        /// From `[left, top, width, height]` in CSS pixels.
        init(_ box: [Double]) {
            let left = Int(box[0].rounded(.down)), top = Int(box[1].rounded(.down))
            self.init(x: left, y: top, width: Int((box[0] + box[2]).rounded(.up)) - left, height: Int((box[1] + box[3]).rounded(.up)) - top)
        }

        func union(_ other: Rectangle) -> Rectangle {
            let left = min(x, other.x), top = min(y, other.y)
            return Rectangle(x: left, y: top, width: max(x + width, other.x + other.width) - left, height: max(y + height, other.y + other.height) - top)
        }
    }

    /// One rectangle of the page as the browser draws it. Inside the window (the window is as
    /// tall as the page, up to `tallestWindow`) it is drawn as laid out; only a rectangle below a
    /// page taller than that asks the browser to draw beyond the window, which lays the page out
    /// again at another size while it draws (a team's frame may then answer with another height,
    /// so the cut would not be what was measured).
    private func capture(_ rectangle: Rectangle, windowHeight: Int, session: String) throws(DevToolsPipe.Failure) -> Drawn {
        let clip: [String: Any] = ["x": rectangle.x, "y": rectangle.y, "width": rectangle.width, "height": rectangle.height, "scale": 1]
        // optimizeForSpeed: the browser's PNG is compressed less (read here at once, never kept).
        let captured = try pipe.call("Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": rectangle.y + rectangle.height > windowHeight, "optimizeForSpeed": true], session: session, timeout: timeout)
        guard let text = captured["data"] as? String, let data = Data(base64Encoded: text) else {
            return .failed("the browser returned no image")
        }
        do {
            return .image(try PNGImage.decode(Array(data)))
        } catch {
            return .failed("the browser's image could not be read: \(error.description)")
        }
    }
}

/// Hands out 0..<count once each, to several threads.
final class WorkQueue: Sendable {
    private let position = Mutex(0)
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        position.withLock { position in
            guard position < count else { return nil }
            position += 1
            return position - 1
        }
    }
}

extension DevToolsPipe {
    /// A new tab (target) with its session, focused as if it were the front one (a background
    /// tab's frames would wait); nil when the browser cannot open one. `bypassingCSP`: scripts
    /// evaluated into its pages (`audit`'s axe and probe) run under any page policy.
    func openTab(bypassingCSP: Bool = false) -> (target: String, session: String)? {
        do {
            let target = try call("Target.createTarget", ["url": "about:blank", "newWindow": true])
            guard let id = target["targetId"] as? String else { return nil }
            let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true])
            guard let session = attached["sessionId"] as? String else { return nil }
            try call("Page.enable", session: session)
            if bypassingCSP { try call("Page.setBypassCSP", ["enabled": true], session: session) }
            try call("Emulation.setFocusEmulationEnabled", ["enabled": true], session: session)
            return (id, session)
        } catch {
            return nil
        }
    }

    /// Closes a tab (and its renderer) and forgets its events.
    func closeTab(_ tab: (target: String, session: String)?) {
        guard let tab else { return }
        _ = try? call("Target.closeTarget", ["targetId": tab.target], timeout: 10)
        dropEvents(session: tab.session)
    }
}
