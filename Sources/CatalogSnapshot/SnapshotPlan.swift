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
        /// The other combinations of token modes the image stands for: their values of every
        /// token the component reaches are this one's, so they would draw the same pixels.
        public var alsoShows: [String] = []
        /// The image's path under the approved folder (`switch/example-default/390-dark-theme-dark.png`).
        public var file: String
        public var inputHash: String

        /// `390 px, dark, theme=dark, right to left`.
        public var conditions: String {
            let also = alsoShows.isEmpty ? nil : "also " + alsoShows.joined(separator: "; ")
            return (["\(width) px", scheme] + [modeLabel, rightToLeft ? "right to left" : nil, also].compactMap { $0 }).joined(separator: ", ")
        }
    }

    public var shots: [Shot]
    /// Mistakes in `snapshots.modes` (a context the resolver does not have).
    public var problems: [Diagnostic]

    public init(catalog: Catalog, theme: Theme, only: Set<String> = [], browserVersion: String) {
        let settings = catalog.settings.snapshots
        var problems: [Diagnostic] = []
        // The token modes drawn: the page as a reader who chose nothing sees it, then each mode.
        var entries: [TokenModes.Resolution?] = [nil]
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
        entries += chosen.map { resolutions[$0] }
        let looks = Self.looks(entries: entries, schemes: settings.schemes, catalog: catalog)
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
            // The looks this component has: two whose values of every token it reaches are the
            // same (a brand it takes no colour from) are drawn once, the first standing for both.
            let used = Self.reachedTokens(component, catalog: catalog)
            var drawn: [(look: Look, hash: UInt64, alsoShows: [String])] = []
            for look in looks {
                var hash = StableHash.Combiner()
                hash.add(look.scheme)
                for name in used {
                    hash.add(name)
                    hash.add(look.tokens.token(name)?.displayValue ?? "")
                }
                if !component.webExamples.isEmpty { hash.add(look.label ?? "") }
                if let index = drawn.firstIndex(where: { $0.hash == hash.value }) {
                    drawn[index].alsoShows.append(look.label ?? "the default mode")
                } else {
                    drawn.append((look, hash.value, []))
                }
            }
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
                    for (look, lookHash, alsoShows) in drawn {
                        for rightToLeft in mirrors ? [false, true] : [false] {
                            var hash = StableHash.Combiner()
                            hash.add(base)
                            hash.add(lookHash)
                            hash.add(subject.id)
                            hash.add(UInt64(width))
                            hash.add(look.file)
                            hash.add(rightToLeft)
                            var shot = Shot(
                                component: component.slug, componentName: component.name.value, subject: subject.subject,
                                elementID: subject.id, page: subject.page, location: subject.location,
                                width: width, scheme: look.scheme, modeAttributes: look.attributes, modeLabel: look.label,
                                rightToLeft: rightToLeft,
                                file: "\(component.slug)/\(subject.name)/\(width)-\(look.file)\(rightToLeft ? "-rtl" : "").png",
                                inputHash: String(hash.value, radix: 16)
                            )
                            shot.alsoShows = alsoShows
                            shots.append(shot)
                        }
                    }
                }
            }
        }
        self.shots = shots
        self.problems = problems
    }

    /// One look a reader can get: the site's scheme and the combination of token modes in force.
    struct Look {
        /// The attributes on `<html>` that choose the mode (none: what the system's setting picks).
        var attributes: [(name: String, value: String)]
        /// The combination in force, as diagnostics name it (nil: every modifier at its default).
        var label: String?
        /// `dark-theme-dark`: the scheme, then the modes chosen.
        var file: String
        var scheme: String
        /// Every token's value in the combination.
        var tokens: TokenSet
    }

    /// Each scheme × mode entry as the look a reader gets with it, each look once. A modifier
    /// with a context whose media query is the system's scheme follows it while not chosen; a
    /// chosen context with such a query sets the site's scheme, as the header's switcher does —
    /// so `schemes: [light, dark]` with the dark theme chosen is one look, not two.
    static func looks(entries: [TokenModes.Resolution?], schemes: [String], catalog: Catalog) -> [Look] {
        let modifiers = catalog.modes?.modifiers ?? []
        let presentation = catalog.settings.modes
        func schemeMedia(_ modifier: String, _ context: String) -> String? { presentation.context(context, of: modifier)?.scheme }
        var looks: [Look] = []
        var seen = Set<String>()
        for entry in entries {
            for scheme in schemes {
                var effective = scheme
                var contexts: [(modifier: String, context: String)] = []
                for modifier in modifiers {
                    if let chosen = entry?.choices.first(where: { $0.modifier == modifier.name }) {
                        contexts.append(chosen)
                        if let driven = schemeMedia(modifier.name, chosen.context) ?? (modifier.contexts.contains { schemeMedia(modifier.name, $0.name) == "dark" } ? "light" : nil) {
                            effective = driven
                        }
                    } else {
                        // The last context whose media is this scheme, as tokens.css orders them.
                        let followed = modifier.contexts.last { schemeMedia(modifier.name, $0.name) == scheme }?.name
                        contexts.append((modifier.name, followed ?? modifier.defaultContext))
                    }
                }
                let changed = zip(modifiers, contexts).filter { $0.defaultContext != $1.context }.map(\.1)
                let label = changed.isEmpty ? nil : changed.map { "\($0.modifier)=\($0.context)" }.joined(separator: ", ")
                guard seen.insert("\(effective)|\(label ?? "")").inserted else { continue }
                let tokens = label.flatMap { label in catalog.modes?.resolutions.first { $0.label == label }?.tokens } ?? catalog.tokens
                let suffix = (entry?.choices ?? []).map { "-" + ModeAttribute.fileName($0.modifier) + "-" + ModeAttribute.fileName($0.context) }.joined()
                looks.append(Look(attributes: (entry?.choices ?? []).map { (ModeAttribute.name($0.modifier), $0.context) },
                                  label: entry == nil ? nil : label, file: effective + suffix, scheme: effective, tokens: tokens))
            }
        }
        return looks
    }

    /// The tokens a component's images show: those its appearances reach, the accent and the surface.
    static func reachedTokens(_ component: Component, catalog: Catalog) -> [String] {
        var names = TokenUsage.used(by: component, tokens: catalog.tokens, modes: catalog.modes)
        if let accent = catalog.settings.brand.accent?.value { names.append(accent) }
        if let surface = catalog.settings.surfaceToken?.value { names.append(surface) }
        return names
    }

    /// What decides how a component's images look, besides where and how they are drawn and the
    /// values of the tokens in the look drawn: its files, the theme (templates, stylesheets,
    /// scripts, kinds), the site's own colours, the browser and this tool. A token change
    /// redraws the images of the looks it changes; another component's edit redraws nothing here.
    static func baseHash(_ component: Component, catalog: Catalog, theme: Theme, browserVersion: String) -> UInt64 {
        var hash = StableHash.Combiner()
        hash.add(SiteRenderer.version)
        hash.add(browserVersion)
        hash.add(component.inputKey)
        hash.add(theme.contentKey)
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
