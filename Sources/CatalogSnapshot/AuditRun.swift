import Foundation
import Synchronization
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogAnalysis
import CatalogRender
import CatalogOutput

/// `catalog-build audit`: drives the headless Chromium `snapshot` draws with over the same plan —
/// every example and state at every width (and 320 px, for reflow), scheme and combination of
/// token modes — and records, per component and WCAG criterion, what passed and what failed:
/// axe-core's rules, target sizes, focus visibility, the kind's keyboard contract pressed and
/// observed, and reflow. The results go to `<conformance.evidence>/results.json`, keyed by the
/// inputs each component's audit saw, so `build` needs no browser and knows what is stale; a
/// component whose inputs did not change is not audited again.
public enum AuditRun {
    public struct Options: Sendable {
        public var catalogFolder: String
        /// `--only`: the components audited (their other results are kept).
        public var only: Set<String> = []
        /// `--force`: audit every component, even those whose inputs did not change.
        public var force = false
        public var timeout = 30.0
        public var environment = ProcessInfo.processInfo.environment

        public init(catalogFolder: String) {
            self.catalogFolder = catalogFolder
        }
    }

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var audited = 0
        public var reused = 0
        public var pages = 0
        public var passed = 0
        public var failed = 0
        /// The results file written.
        public var resultsFile: String?
        public var failure: String?
        public var summary: String {
            "Audit: \(audited) component\(audited == 1 ? "" : "s") audited on \(pages) page load\(pages == 1 ? "" : "s"), \(reused) unchanged (not audited); \(passed) checks passed, \(failed) failed"
        }
    }

    /// The checks made on one component, as they accumulate.
    struct Tally {
        var passed: [String: Int] = [:]
        var checks: [String: Set<String>] = [:]
        /// criterion → (subject, check, detail) → conditions.
        var failures: [String: [String: (failure: AuditEvidence.Failure, conditions: [String])]] = [:]
        var broken: [String] = []

        mutating func pass(_ criterion: String, _ check: String) {
            passed[criterion, default: 0] += 1
            checks[criterion, default: []].insert(check)
        }

        mutating func fail(_ criterion: String, subject: String, conditions: String, check: String, detail: String) {
            let key = subject + "\u{1}" + check + "\u{1}" + detail
            if var existing = failures[criterion]?[key] {
                if !existing.conditions.contains(conditions) { existing.conditions.append(conditions) }
                failures[criterion]?[key] = existing
            } else {
                failures[criterion, default: [:]][key] = (AuditEvidence.Failure(subject: subject, conditions: conditions, check: check, detail: detail), [conditions])
            }
        }

        func result(key: String, date: String) -> AuditEvidence.ComponentResult {
            var criteria: [String: AuditEvidence.Finding] = [:]
            for id in Set(passed.keys).union(failures.keys) {
                let failed = (failures[id] ?? [:]).values.map { entry in
                    var failure = entry.failure
                    failure.conditions = entry.conditions.prefix(4).joined(separator: "; ") + (entry.conditions.count > 4 ? "; and \(entry.conditions.count - 4) more" : "")
                    return failure
                }.sorted { ($0.subject, $0.check, $0.detail) < ($1.subject, $1.check, $1.detail) }
                criteria[id] = AuditEvidence.Finding(passed: passed[id] ?? 0, checks: (checks[id] ?? []).sorted(), failures: Array(failed.prefix(50)))
            }
            return AuditEvidence.ComponentResult(key: key, date: date, criteria: criteria)
        }
    }

    /// axe-core's script: `CATALOG_BUILD_AXE`, else the copy shipped with the tool.
    static func axeSource(environment: [String: String]) -> (text: String?, path: String) {
        let path = environment["CATALOG_BUILD_AXE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((ThemeReader.builtInThemesFolder() ?? "themes") + "/default/audit/axe.min.js")
        return (FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }, path)
    }

    public static func run(catalog: Catalog, theme: Theme, site: Site, options: Options) -> Outcome {
        var outcome = Outcome()
        guard let settings = catalog.settings.conformance else {
            outcome.failure = "catalog.yaml has no `conformance:`, so there is nothing to audit against; add `conformance: { standard: wcag-2.2 }`"
            return outcome
        }
        let location = settings.location ?? catalog.settings.location
        guard let browser = DevToolsPipe.findBrowser(environment: options.environment) else {
            outcome.diagnostics.append(.error(.auditBrowser, "audit drives Chromium, and none was found; install Debian's `chromium` package (apt-get install chromium) or set CATALOG_BUILD_CHROMIUM to the browser's path", at: location))
            return outcome
        }
        let axe = axeSource(environment: options.environment)
        guard let axeText = axe.text, axeText.contains("axe") else {
            outcome.diagnostics.append(.error(.auditBrowser, "audit runs axe-core, and \(axe.path) is not there or not axe-core; set CATALOG_BUILD_AXE to axe.min.js (axe-core 4.x)", at: location))
            return outcome
        }
        let folder = URL(fileURLWithPath: options.catalogFolder).appendingPathComponent(settings.evidence.value)
        let resultsURL = folder.appendingPathComponent(AuditFile.name)
        let store = DiskStore(forCatalog: options.catalogFolder)
        let previous = store.contents(resultsURL.path).flatMap { try? JSONDecoder().decode(AuditEvidenceLoader.Stored.self, from: Data($0)) }

        let siteFolder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-build-audit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        SnapshotCleanup.register(folder: siteFolder.path)
        defer {
            try? FileManager.default.removeItem(at: siteFolder)
            SnapshotCleanup.unregister(folder: siteFolder.path)
        }
        let server: LoopbackSite
        let pipe: DevToolsPipe
        do {
            server = try LoopbackSite(folder: siteFolder.path, contentSecurityPolicy: theme.source.contentSecurityPolicy)
            pipe = try DevToolsPipe(browser: browser, proxy: server.proxy, environment: options.environment)
        } catch {
            outcome.diagnostics.append(.error(.auditBrowser, "\(error.description); check that \(browser) runs (`\(browser) --headless --version`)", at: location))
            return outcome
        }
        defer {
            pipe.close()
            server.stop()
        }
        let version: String
        do {
            version = (try pipe.call("Browser.getVersion", timeout: 60))["product"] as? String ?? "unknown"
        } catch {
            outcome.diagnostics.append(.error(.auditBrowser, "\(browser) started but does not answer over the DevTools pipe (\(error.description))", at: location))
            return outcome
        }

        // Which components are audited: those asked for, or whose inputs changed since.
        var keys: [String: String] = [:]
        var toAudit = Set<String>()
        for component in catalog.components where options.only.isEmpty || options.only.contains(component.slug) {
            let key = AuditKey.value(component, catalog: catalog.shared, theme: theme.loaded)
            keys[component.slug] = key
            let kept = previous?.components[component.slug]
            if options.force || !options.only.isEmpty || kept?.key != key || previous?.browser != version {
                toAudit.insert(component.slug)
            } else {
                outcome.reused += 1
            }
        }
        // The same plan as `snapshot`, with 320 px added for reflow; left to right only.
        var planned = catalog
        planned.settings.snapshots.widths = Array(Set(catalog.settings.snapshots.widths + [320])).sorted()
        let plan = SnapshotPlan(catalog: planned, theme: theme, only: toAudit, browserVersion: version)
        outcome.diagnostics += plan.problems
        let shots = plan.shots.filter { !$0.rightToLeft }
        var tallies: [String: Tally] = [:]
        if !shots.isEmpty {
            do {
                try SiteWriter.write(site, to: siteFolder.path)
            } catch {
                outcome.diagnostics.append(.error(.auditBrowser, "could not write the site for the browser to \(siteFolder.path): \(error)", at: location))
                return outcome
            }
            var kindContracts: [String: [DemoKind.KeyContract]] = [:]
            for component in catalog.components where toAudit.contains(component.slug) {
                kindContracts[component.slug] = component.demo.flatMap { theme.kinds[$0.kind.value] }?.keyboard ?? []
            }
            let contracts = kindContracts
            let auditor = PageAuditor(pipe: pipe, site: server, timeout: options.timeout, axe: axeText)
            let collected = Mutex<[(String, Tally)]>([])
            let groups = Dictionary(grouping: shots.indices) { index in
                let shot = shots[index]
                return "\(shot.page)|\(shot.width)|\(shot.scheme)|\(shot.modeAttributes.map { "\($0.name)=\($0.value)" })"
            }.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
            outcome.pages = groups.count
            let queue = WorkQueue(count: groups.count)
            let workers = options.environment["CATALOG_BUILD_SNAPSHOT_WORKERS"].flatMap { Int($0) }.map { max(1, min($0, 16)) }
                ?? min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
            DispatchQueue.concurrentPerform(iterations: max(1, min(workers, groups.count))) { _ in
                var tab = pipe.openTab(bypassingCSP: true)
                while let group = queue.next() {
                    let members = groups[group].map { shots[$0] }
                    var tally = Tally()
                    let ok = tab.map { auditor.audit(members, keyboard: contracts[members[0].component] ?? [], session: $0.session, into: &tally) } ?? false
                    if !ok {
                        pipe.closeTab(tab)
                        tab = pipe.openTab(bypassingCSP: true)
                    }
                    collected.withLock { $0.append((members[0].component, tally)) }
                }
                pipe.closeTab(tab)
            }
            for (slug, tally) in collected.withLock({ $0 }) {
                var merged = tallies[slug] ?? Tally()
                for (criterion, count) in tally.passed { merged.passed[criterion, default: 0] += count }
                for (criterion, checks) in tally.checks { merged.checks[criterion, default: []].formUnion(checks) }
                for (criterion, failures) in tally.failures {
                    for (key, entry) in failures {
                        if var existing = merged.failures[criterion]?[key] {
                            existing.conditions += entry.conditions.filter { !existing.conditions.contains($0) }
                            merged.failures[criterion]?[key] = existing
                        } else {
                            merged.failures[criterion, default: [:]][key] = entry
                        }
                    }
                }
                merged.broken += tally.broken
                tallies[slug] = merged
            }
        }

        // The results: those audited now, and the others as they were.
        let today = BuildDay.today
        var results: [String: AuditEvidence.ComponentResult] = [:]
        for component in catalog.components {
            let slug = component.slug
            guard toAudit.contains(slug) else {
                if let kept = previous?.components[slug] { results[slug] = kept }
                continue
            }
            let tally = tallies[slug] ?? Tally()
            if !tally.broken.isEmpty {
                // A page that did not load is not evidence either way: the component is left as it was.
                for reason in tally.broken.sorted() {
                    outcome.diagnostics.append(.error(.auditBrowser, "\(component.name.value) could not be audited: \(reason)", at: component.location))
                }
                if let kept = previous?.components[slug] { results[slug] = kept }
                continue
            }
            outcome.audited += 1
            let result = tally.result(key: keys[slug] ?? "", date: today)
            results[slug] = result
            for (id, finding) in result.criteria.sorted(by: { $0.key < $1.key }) {
                outcome.passed += finding.passed
                outcome.failed += finding.failures.count
                let criterion = WCAG.criterion(id).map { "\($0.id) \($0.handle)" } ?? id
                for failure in finding.failures {
                    outcome.diagnostics.append(.error(.conformanceFails, "\(component.name.value) does not support WCAG \(criterion): \(failure.check) failed on \(ComponentConformance.subjectName(failure.subject, component)) at \(failure.conditions): \(failure.detail)",
                                                      at: ComponentConformance.location(ofSubject: failure.subject, in: component) ?? component.location))
                }
            }
        }
        let stored = AuditEvidenceLoader.Stored(browser: version, components: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try (try encoder.encode(stored) + Data("\n".utf8)).write(to: resultsURL, options: .atomic)
            outcome.resultsFile = resultsURL.path
        } catch {
            outcome.diagnostics.append(.error(.auditBrowser, "could not write \(resultsURL.path): \(error.localizedDescription)", at: settings.evidence.location))
        }
        return outcome
    }
}

/// Audits the pages of a built site in tabs of one browser.
struct PageAuditor: Sendable {
    let pipe: DevToolsPipe
    let site: LoopbackSite
    let timeout: Double
    let axe: String

    private func evaluate(_ expression: String, session: String) throws(DevToolsPipe.Failure) -> Any? {
        let evaluated = try pipe.call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session, timeout: timeout)
        if let exception = evaluated["exceptionDetails"] as? [String: Any] {
            let text = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? (exception["text"] as? String) ?? "an exception"
            throw DevToolsPipe.Failure("the page's script failed: \(text.split(separator: "\n").first ?? "")")
        }
        guard let text = (evaluated["result"] as? [String: Any])?["value"] as? String else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Presses one key as a person would: down (with its character), then up.
    private func press(_ key: String, session: String) throws(DevToolsPipe.Failure) {
        let codes: [String: (code: String, virtual: Int, text: String?)] = [
            "Shift": ("ShiftLeft", 16, nil), " ": ("Space", 32, " "), "Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, nil), "Tab": ("Tab", 9, nil),
            "Home": ("Home", 36, nil), "End": ("End", 35, nil), "PageUp": ("PageUp", 33, nil), "PageDown": ("PageDown", 34, nil),
            "ArrowLeft": ("ArrowLeft", 37, nil), "ArrowUp": ("ArrowUp", 38, nil), "ArrowRight": ("ArrowRight", 39, nil), "ArrowDown": ("ArrowDown", 40, nil),
        ]
        guard let code = codes[key] else { return }
        var down: [String: Any] = ["type": code.text == nil ? "rawKeyDown" : "keyDown", "key": key, "code": code.code, "windowsVirtualKeyCode": code.virtual, "nativeVirtualKeyCode": code.virtual]
        if let text = code.text {
            down["text"] = text
            down["unmodifiedText"] = text
        }
        try pipe.call("Input.dispatchKeyEvent", down, session: session, timeout: timeout)
        try pipe.call("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code.code, "windowsVirtualKeyCode": code.virtual, "nativeVirtualKeyCode": code.virtual], session: session, timeout: timeout)
    }

    /// Audits the shots of one page under one width, scheme and mode; false when the page could
    /// not be audited (its tab is then replaced).
    func audit(_ shots: [SnapshotPlan.Shot], keyboard: [DemoKind.KeyContract], session: String, into tally: inout AuditRun.Tally) -> Bool {
        guard let first = shots.first else { return true }
        let conditions = "\(first.width) px, \(first.scheme)" + (first.modeLabel.map { ", " + $0 } ?? "")
        do {
            try pipe.call("Emulation.setDeviceMetricsOverride", ["width": first.width, "height": 900, "deviceScaleFactor": 1, "mobile": false], session: session)
            try pipe.call("Emulation.setEmulatedMedia", ["features": [
                ["name": "prefers-color-scheme", "value": first.scheme],
                ["name": "prefers-reduced-motion", "value": "reduce"],
                ["name": "forced-colors", "value": "none"],
            ]], session: session)
            pipe.dropEvents(session: session)
            let navigated = try pipe.call("Page.navigate", ["url": site.url(first.page)], session: session, timeout: timeout)
            if let error = navigated["errorText"] as? String { throw DevToolsPipe.Failure("the page \(first.page) did not load (\(error))") }
            _ = try pipe.wait(for: "Page.loadEventFired", session: session, timeout: timeout)
            let attributes = String(decoding: (try? JSONSerialization.data(withJSONObject: first.modeAttributes.map { [$0.name, $0.value] })) ?? Data(), as: UTF8.self)
            let stillness = String(decoding: (try? JSONSerialization.data(withJSONObject: [SnapshotDrawing.stillness])) ?? Data(), as: UTF8.self)
            _ = try evaluate("""
                (async () => {
                  const root = document.documentElement;
                  root.setAttribute("data-color-scheme", \(first.scheme == "dark" ? "\"dark\"" : "\"light\""));
                  for (const [name, value] of \(attributes)) root.setAttribute(name, value);
                  const still = new CSSStyleSheet();
                  still.replaceSync(\(stillness)[0]);
                  document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
                  await document.fonts.ready;
                  await new Promise((resolve) => setTimeout(resolve, 100));
                  return "\\"settled\\"";
                })()
                """, session: session)
            _ = try evaluate(axe + "\n;\"\\\"axe\\\"\"", session: session)
            let contract = keyboard.map { ["key": $0.key, "changes": $0.changes, "of": $0.of ?? ""].filter { !$0.value.isEmpty } }
            _ = try evaluate("JSON.stringify(" + AuditProbe.script(keyboard: contract) + ")", session: session)
            for shot in shots {
                let subject = Self.subject(of: shot)
                // axe: each rule's criteria.
                if let found = try evaluate("window.__catalogAudit.axe(\(Self.quoted(shot.elementID)))", session: session) as? [String: Any] {
                    if found["missing"] != nil {
                        tally.broken.append("\(shot.elementID) is not on \(shot.page)")
                        continue
                    }
                    for rule in found["passes"] as? [[String: Any]] ?? [] {
                        for criterion in rule["criteria"] as? [String] ?? [] { tally.pass(criterion, "axe:\(rule["id"] as? String ?? "?")") }
                    }
                    for rule in found["violations"] as? [[String: Any]] ?? [] {
                        let nodes = (rule["nodes"] as? [String] ?? []).joined(separator: "; ")
                        for criterion in rule["criteria"] as? [String] ?? [] {
                            tally.fail(criterion, subject: subject, conditions: conditions, check: "axe:\(rule["id"] as? String ?? "?")", detail: "\(rule["help"] as? String ?? "")\(nodes.isEmpty ? "" : ": " + nodes)")
                        }
                    }
                }
                // 2.5.8 Target Size (Minimum).
                for target in try evaluate("window.__catalogAudit.targets(\(Self.quoted(shot.elementID)))", session: session) as? [[String: Any]] ?? [] {
                    let width = target["width"] as? Double ?? 0, height = target["height"] as? Double ?? 0
                    if width + 0.05 >= 24, height + 0.05 >= 24 {
                        tally.pass("2.5.8", "target-size")
                    } else if target["spaced"] as? Bool == true {
                        tally.pass("2.5.8", "target-size: spacing")
                    } else {
                        tally.fail("2.5.8", subject: subject, conditions: conditions, check: "target-size",
                                   detail: "\(target["name"] as? String ?? "a control") is \(CSSNumber.format(width)) × \(CSSNumber.format(height)) px, under the 24 × 24 px WCAG 2.5.8 asks, and too close to another target for its spacing exception")
                    }
                }
                // 1.4.10 Reflow, at 320 px.
                if first.width <= 320, let reflow = try evaluate("window.__catalogAudit.reflow(\(Self.quoted(shot.elementID)))", session: session) as? [String: Any] {
                    let scroll = reflow["scrollWidth"] as? Double ?? 0, client = reflow["clientWidth"] as? Double ?? 0
                    let right = reflow["right"] as? Double ?? 0, window = reflow["window"] as? Double ?? 320
                    if scroll <= client + 1, right <= window + 1 {
                        tally.pass("1.4.10", "reflow")
                    } else {
                        tally.fail("1.4.10", subject: subject, conditions: conditions, check: "reflow",
                                   detail: "its content is \(CSSNumber.format(max(scroll, right))) px wide where \(CSSNumber.format(min(client, window))) px are available, so it scrolls sideways")
                    }
                }
                // 2.4.7 Focus Visible: a key first, so the focus that follows is a keyboard's.
                try press("Shift", session: session)
                guard let focus = try evaluate("window.__catalogAudit.focus(\(Self.quoted(shot.elementID)))", session: session) as? [String: Any] else { continue }
                let control = focus["name"] as? String ?? "its control"
                if focus["focused"] as? Bool == true {
                    if focus["changed"] as? Bool == true {
                        tally.pass("2.4.7", "focus-visible")
                    } else {
                        tally.fail("2.4.7", subject: subject, conditions: conditions, check: "focus-visible", detail: "\(control) looks the same focused as not: no outline, shadow, border or colour changes")
                    }
                } else {
                    tally.fail("2.1.1", subject: subject, conditions: conditions, check: "keyboard: focus", detail: "\(control) does not take keyboard focus")
                    continue
                }
                // 2.1.1 Keyboard: the kind's contract, on examples (a state shows a state; it is not operated).
                guard shot.elementID.range(of: #"-st\d+$"#, options: .regularExpression) == nil else { continue }
                for (index, key) in keyboard.enumerated() {
                    guard let ready = try evaluate("window.__catalogAudit.before(\(index))", session: session) as? [String: Any], ready["ready"] as? Bool == true else { continue }
                    try press(key.key, session: session)
                    _ = try evaluate("new Promise((resolve) => setTimeout(() => resolve('\"waited\"'), 60))", session: session)
                    guard let after = try evaluate("window.__catalogAudit.after(\(index))", session: session) as? [String: Any] else { continue }
                    if after["changed"] as? Bool == true {
                        tally.pass("2.1.1", "keyboard: \(key.keyName)")
                    } else {
                        let what = key.changes == "focus" ? "focus stayed on \(after["before"] as? String ?? control)" : "\(key.changes) stayed \(after["before"] as? String ?? "?")"
                        tally.fail("2.1.1", subject: subject, conditions: conditions, check: "keyboard: \(key.keyName)",
                                   detail: "\(key.keyName) on \(ready["active"] as? String ?? control) should change \(key.changes) (the kind's keyboard contract), but \(what)")
                    }
                }
            }
            return true
        } catch {
            tally.broken.append((error as? DevToolsPipe.Failure)?.description ?? "\(error)")
            return false
        }
    }

    /// `ex1`, `st2` or `web:<id>`.
    static func subject(of shot: SnapshotPlan.Shot) -> String {
        if let range = shot.elementID.range(of: #"-(ex|st)\d+$"#, options: .regularExpression) {
            return String(shot.elementID[range].dropFirst())
        }
        // A team's example: its page is `…/examples/<id>/index.html`.
        let parts = shot.page.split(separator: "/")
        return parts.count >= 2 ? "web:" + parts[parts.count - 2] : "web:" + shot.page
    }

    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
    }
}
