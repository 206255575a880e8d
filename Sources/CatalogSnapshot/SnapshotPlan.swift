import Foundation
import CatalogCore
import CatalogModel
import CatalogRender
import CatalogLoad

/// What `snapshot` draws: every demo example and every state of the state gallery of every
/// component, at each width × scheme × token mode of `snapshots:`, and right to left where the
/// kind's stylesheets have rules of their own for it. Each image has a stable file name under
/// the approved folder and a hash of everything that decides how it looks, so an image whose
/// inputs did not change is not drawn again.
public struct SnapshotPlan: Sendable {
    /// One image to draw.
    public struct Shot: Sendable {
        public var component: String
        public var componentName: String
        /// `example “Default”`, `state “Disabled”`.
        public var subject: String
        /// The element the image is cropped to (its demo stage).
        public var elementID: String
        /// The page it is on, relative to the site root (`components/switch/index.html`).
        public var page: String
        public var location: SourceLocation
        public var width: Int
        public var scheme: String
        /// The attributes on `<html>` that choose the token mode, and how it is named.
        public var modeAttributes: [(name: String, value: String)]
        public var modeLabel: String?
        public var rightToLeft: Bool
        /// The image's path under the approved folder (`switch/example-default/390-dark-theme-dark.png`).
        public var file: String
        public var inputHash: String

        /// `390 px, dark, theme=dark, right to left`.
        public var conditions: String {
            (["\(width) px", scheme] + [modeLabel, rightToLeft ? "right to left" : nil].compactMap { $0 }).joined(separator: ", ")
        }
    }

    public var shots: [Shot]
    /// Mistakes in `snapshots.modes` (a context the resolver does not have).
    public var problems: [Diagnostic]

    public init(catalog: Catalog, theme: Theme, only: Set<String> = [], browserVersion: String) {
        let settings = catalog.settings.snapshots
        var problems: [Diagnostic] = []
        // The token modes drawn: the page as a reader who chose nothing sees it, then each mode.
        var modes: [(attributes: [(name: String, value: String)], label: String?, file: String)] = [([], nil, "")]
        let resolutions = catalog.modes?.resolutions ?? []
        var chosen = resolutions.indices.map { $0 }
        if let listed = settings.modes {
            chosen = []
            for (index, name) in listed.enumerated() {
                let matches = resolutions.indices.filter { resolutions[$0].label == name || resolutions[$0].choices.map(\.context) == [name] }
                if matches.isEmpty {
                    let location = index < settings.modeLocations.count ? settings.modeLocations[index] : (settings.location ?? catalog.settings.location)
                    problems.append(.error(.refMode, "snapshots.modes names '\(TextSafety.escaped(name))', which is not a token mode\(DidYouMean.hint(for: name, in: resolutions.map(\.label))); list modes as the resolver names them (\(resolutions.map(\.label).joined(separator: ", ")))", at: location))
                }
                chosen += matches.filter { !chosen.contains($0) }
            }
        }
        for index in chosen {
            let resolution = resolutions[index]
            modes.append((
                resolution.choices.map { (ModeAttribute.name($0.modifier), $0.context) },
                resolution.label,
                "-" + resolution.choices.map { ModeAttribute.fileName($0.modifier) + "-" + ModeAttribute.fileName($0.context) }.joined(separator: "-")
            ))
        }
        let stylesheets = Self.mirroringStylesheets(theme)
        // Whether each kind mirrors, found once per kind.
        var mirroring: [String: Bool] = [:]
        var shots: [Shot] = []
        for component in catalog.components where only.isEmpty || only.contains(component.slug) {
            let demo = component.demo
            let kind = demo.flatMap { theme.kinds[$0.kind.value] }
            guard kind != nil || !component.webExamples.isEmpty else { continue }
            let tabs = ComponentTabs.of(component, in: catalog)
            let demoPage = (tabs?.tab(showing: .demo).pagePath ?? component.pagePath) + "index.html"
            let statesPage = (tabs?.tab(showing: .states).pagePath ?? component.pagePath) + "index.html"
            if let kind, mirroring[kind.id] == nil { mirroring[kind.id] = stylesheets.contains { Self.mirrors(kind: kind.id, in: $0) } }
            let mirrors = kind.flatMap { mirroring[$0.id] } ?? false
            let base = Self.baseHash(component, catalog: catalog, theme: theme, browserVersion: browserVersion)
            var subjects: [(subject: String, name: String, id: String, page: String, location: SourceLocation)] = []
            var names = Set<String>()
            func unique(_ name: String) -> String {
                var candidate = name, number = 2
                while !names.insert(candidate).inserted { candidate = "\(name)-\(number)"; number += 1 }
                return candidate
            }
            if kind != nil, let demo {
                for (index, example) in demo.examples.enumerated() {
                    let title = example.title?.value ?? "Example \(index + 1)"
                    subjects.append(("example “\(title)”", unique("example-" + Self.slug(title, fallback: "\(index + 1)")), "\(component.slug)-ex\(index + 1)", demoPage, example.title?.location ?? example.location))
                }
                for (index, state) in component.states.enumerated() {
                    subjects.append(("state “\(state.name.value)”", unique("state-" + Self.slug(state.name.value, fallback: "\(index + 1)")), "\(component.slug)-st\(index + 1)", statesPage, state.name.location))
                }
            }
            // The team's own examples: each drawn on its own page (what its frame shows).
            var webSubjects = Set<String>()
            for example in component.webExamples {
                let name = unique("web-" + example.id)
                webSubjects.insert(name)
                subjects.append(("web example “\(example.title.value)”", name, "example", example.pagePath(component: component.pagePath) + "index.html", example.title.location))
            }
            for subject in subjects {
                let mirrors = mirrors && !webSubjects.contains(subject.name)
                for width in settings.widths {
                    for scheme in settings.schemes {
                        for mode in modes {
                            for rightToLeft in mirrors ? [false, true] : [false] {
                                var hash = StableHash.Combiner()
                                hash.add(base)
                                hash.add(subject.id)
                                hash.add(UInt64(width))
                                hash.add(scheme)
                                hash.add(mode.file)
                                hash.add(rightToLeft)
                                shots.append(Shot(
                                    component: component.slug, componentName: component.name.value, subject: subject.subject,
                                    elementID: subject.id, page: subject.page, location: subject.location,
                                    width: width, scheme: scheme, modeAttributes: mode.attributes, modeLabel: mode.label,
                                    rightToLeft: rightToLeft,
                                    file: "\(component.slug)/\(subject.name)/\(width)-\(scheme)\(mode.file)\(rightToLeft ? "-rtl" : "").png",
                                    inputHash: String(hash.value, radix: 16)
                                ))
                            }
                        }
                    }
                }
            }
        }
        self.shots = shots
        self.problems = problems
    }

    /// What decides how a component's images look, besides where and how they are drawn: its
    /// files, the theme (templates, stylesheets, scripts, kinds), the values of the tokens its
    /// appearances reach in every mode and the site's own colours, the browser and this tool.
    /// A token change redraws what uses the token; another component's edit redraws nothing here.
    static func baseHash(_ component: Component, catalog: Catalog, theme: Theme, browserVersion: String) -> UInt64 {
        var hash = StableHash.Combiner()
        hash.add(SiteRenderer.version)
        hash.add(browserVersion)
        hash.add(component.inputKey)
        hash.add(theme.contentKey)
        let used = TokenUsage.used(by: component, tokens: catalog.tokens, modes: catalog.modes)
        var names = used
        if let accent = catalog.settings.brand.accent?.value { names.append(accent) }
        if let surface = catalog.settings.surfaceToken?.value { names.append(surface) }
        for name in names {
            hash.add(name)
            hash.add(catalog.tokens.token(name)?.displayValue ?? "")
            for (label, token) in catalog.modes?.inEveryResolution(name) ?? [] {
                hash.add(label)
                hash.add(token?.displayValue ?? "")
            }
        }
        hash.add(catalog.settings.surface.hex)
        // The team's own examples draw with the team's files and may use any token.
        if !component.webExamples.isEmpty {
            hash.add(catalog.webFiles.contentKey)
            hash.add(catalog.tokens.contentKey)
            hash.add(catalog.modes?.contentKey ?? 0)
        }
        return hash.value
    }

    /// The theme's stylesheets (each kind's own and the shared ones), for whether a kind mirrors.
    static func mirroringStylesheets(_ theme: Theme) -> [(path: String, text: String)] {
        theme.assetFiles.keys.sorted().filter { $0.hasSuffix(".css") }.map { ($0, String(decoding: theme.assetFiles[$0] ?? [], as: UTF8.self)) }
    }

    /// A kind mirrors when a stylesheet has a right-to-left rule of its own for it: in the kind's
    /// own file (`demos/slider.css`), or a rule naming its class (`[dir="rtl"] .switch__thumb`).
    static func mirrors(kind: String, in stylesheet: (path: String, text: String)) -> Bool {
        let markers = ["[dir=\"rtl\"]", "[dir=rtl]", ":dir(rtl)"]
        if stylesheet.path.hasSuffix("demos/\(kind).css") { return markers.contains { stylesheet.text.contains($0) } }
        for line in stylesheet.text.split(separator: "\n") where markers.contains(where: { line.contains($0) }) {
            if line.contains(".\(kind)__") || line.contains(".\(kind) ") || line.contains(".\(kind){") { return true }
        }
        return false
    }

    /// A title as a file name: lowercase letters, digits and single dashes, at most 60 long.
    package static func slug(_ text: String, fallback: String) -> String {
        String(CatalogLoader.suggestedSlug(text, fallback: fallback).prefix(60))
    }
}
