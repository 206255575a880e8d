import Foundation
import CatalogCore

/// Draws shots of a built site (written to a folder) in one headless Chromium: the shots of one
/// page under one width, scheme, mode and direction share a navigation, and several pages are
/// drawn at once, each in a tab of its own.
struct SnapshotDrawing {
    let pipe: DevToolsPipe
    /// The built site, served on loopback: the only thing the browser reaches.
    let site: LoopbackSite
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
            var tab = openTab()
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
                    closeTab(tab)
                    tab = openTab()
                }
                lock.lock()
                for (member, result) in zip(members, results) { done(member, result) }
                lock.unlock()
            }
            closeTab(tab)
        }
    }

    /// A new tab (target) with its session, ready to draw; nil when the browser cannot open one.
    private func openTab() -> (target: String, session: String)? {
        do {
            let target = try pipe.call("Target.createTarget", ["url": "about:blank", "newWindow": true])
            guard let id = target["targetId"] as? String else { return nil }
            let attached = try pipe.call("Target.attachToTarget", ["targetId": id, "flatten": true])
            guard let session = attached["sessionId"] as? String else { return nil }
            try pipe.call("Page.enable", session: session)
            // Every tab draws as if it had focus (a background tab's frames would wait).
            try pipe.call("Emulation.setFocusEmulationEnabled", ["enabled": true], session: session)
            return (id, session)
        } catch {
            return nil
        }
    }

    private func closeTab(_ tab: (target: String, session: String)?) {
        guard let tab else { return }
        _ = try? pipe.call("Target.closeTarget", ["targetId": tab.target], timeout: 10)
        pipe.dropEvents(session: tab.session)
    }

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
            let ids = String(decoding: (try? JSONSerialization.data(withJSONObject: shots.map(\.elementID))) ?? Data(), as: UTF8.self)
            let attributes = String(decoding: (try? JSONSerialization.data(withJSONObject: first.modeAttributes.map { [$0.name, $0.value] })) ?? Data(), as: UTF8.self)
            let stillness = String(decoding: (try? JSONSerialization.data(withJSONObject: [Self.stillness])) ?? Data(), as: UTF8.self)
            let script = """
            (async () => {
              const root = document.documentElement;
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
              // The page's own scripts (highlighting, the playground, tabs) may still move things:
              // wait until the layout has not changed for three looks in a row (at most 5 s).
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
              const boxes = () => JSON.stringify([document.documentElement.scrollHeight].concat(\(ids).map((id) => {
                const stage = find(id);
                if (!stage) return null;
                const box = stage.getBoundingClientRect();
                return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
              })));
              let last = boxes(), same = 0;
              for (let look = 0; look < 50 && same < 3; look++) {
                await new Promise((resolve) => setTimeout(resolve, 100));
                const now = boxes();
                same = now === last ? same + 1 : 0;
                last = now;
              }
              return JSON.stringify(JSON.parse(last).slice(1));
            })()
            """
            let evaluated = try pipe.call("Runtime.evaluate", ["expression": script, "awaitPromise": true, "returnByValue": true], session: session, timeout: timeout)
            let value = (evaluated["result"] as? [String: Any])?["value"] as? String ?? "[]"
            let boxes = (try? JSONSerialization.jsonObject(with: Data(value.utf8))) as? [Any] ?? []
            var results: [Drawn] = []
            for (position, shot) in shots.enumerated() {
                guard position < boxes.count, let box = boxes[position] as? [Double], box.count == 4, box[2] >= 1, box[3] >= 1 else {
                    results.append(.failed("\(shot.elementID) is not on \(shot.page) (or has no size)"))
                    continue
                }
                let x = box[0].rounded(.down), y = box[1].rounded(.down)
                let clip: [String: Any] = [
                    "x": x, "y": y,
                    "width": (box[0] + box[2]).rounded(.up) - x, "height": (box[1] + box[3]).rounded(.up) - y, "scale": 1,
                ]
                let captured = try pipe.call("Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": true], session: session, timeout: timeout)
                guard let text = captured["data"] as? String, let data = Data(base64Encoded: text) else {
                    results.append(.failed("the browser returned no image"))
                    continue
                }
                do {
                    results.append(.image(try PNGImage.decode(Array(data))))
                } catch {
                    results.append(.failed("the browser's image could not be read: \(error.description)"))
                }
            }
            return results
        } catch {
            return shots.map { _ in .failed(error.description) }
        }
    }
}

/// Hands out 0..<count once each, to several threads.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard position < count else { return nil }
        position += 1
        return position - 1
    }
}
