import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogOutput
import CatalogDiff
import CatalogTestSupport

/// The impact `diff` gives each kind of change, one case per kind, on catalogs made in memory
/// from the base fixture: the head differs from the base by the one edit, and the change must be
/// reported with exactly that impact (a breaking change reported as notable passes no review).
@Suite("Change classification")
struct ChangeClassificationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Edits as (file, old text, new text); a nil new text removes the file.
        var base: [Edit] = []
        var head: [Edit]
        var impact: CatalogChanges.Impact
        var area: String
        var kind: String
        var subject: String

        var testDescription: String { name }
    }

    struct Edit: Sendable {
        var file: String
        var old: String
        var new: String?

        init(_ file: String, _ old: String, _ new: String?) {
            self.file = file
            self.old = old
            self.new = new
        }
    }

    static let alpha = "components/alpha/component.yaml"
    static let tokens = "tokens/base.tokens.json"

    static let cases: [Case] = [
        // Properties.
        Case(name: "a property removed", head: [Edit(alpha, "  - name: label\n    type: String\n    required: true\n    platforms: { figma: \"label: String\", swiftui: \"Text\", compose: \"Text\" }\n", "")],
             impact: .breaking, area: "property", kind: "removed", subject: "label"),
        Case(name: "a property's type changed", head: [Edit(alpha, "    type: String\n", "    type: Text\n")],
             impact: .breaking, area: "property", kind: "changed", subject: "label"),
        Case(name: "a property made required", base: [Edit(alpha, "    required: true\n", "    required: false\n")], head: [],
             impact: .breaking, area: "property", kind: "changed", subject: "label"),
        Case(name: "a property made optional", head: [Edit(alpha, "    required: true\n", "    required: false\n")],
             impact: .notable, area: "property", kind: "changed", subject: "label"),
        Case(name: "a property's mapping changed", head: [Edit(alpha, "swiftui: \"Text\"", "swiftui: \"Label\"")],
             impact: .notable, area: "property", kind: "changed", subject: "label"),
        Case(name: "an optional property added", head: [Edit(alpha, "states:\n", "  - name: size\n    type: Enum\nstates:\n")],
             impact: .minor, area: "property", kind: "added", subject: "size"),
        Case(name: "a required property added", head: [Edit(alpha, "states:\n", "  - name: size\n    type: Enum\n    required: true\nstates:\n")],
             impact: .notable, area: "property", kind: "added", subject: "size"),
        // States and variants.
        Case(name: "a state removed", head: [Edit(alpha, "  - name: Disabled\n    support: { ios: n/a, android: \"yes\" }\n", "")],
             impact: .notable, area: "state", kind: "removed", subject: "Disabled"),
        Case(name: "a state added", head: [Edit(alpha, "variants:\n", "  - name: Focused\n    support: { web: \"yes\" }\nvariants:\n")],
             impact: .minor, area: "state", kind: "added", subject: "Focused"),
        Case(name: "a state's support changed", head: [Edit(alpha, "support: { ios: \"yes\", android: \"no\" }", "support: { ios: \"yes\", android: \"yes\" }")],
             impact: .notable, area: "state", kind: "changed", subject: "Default"),
        Case(name: "the variants changed", head: [Edit(alpha, "size: [small, medium, large]", "size: [small, large]")],
             impact: .notable, area: "variants", kind: "changed", subject: "variants"),
        // Readiness and status.
        Case(name: "readiness improved", head: [Edit(alpha, "C2: { status: requires-rework, notes: Rename the variants. }", "C2: ready")],
             impact: .minor, area: "readiness", kind: "changed", subject: "C2"),
        Case(name: "readiness worsened", head: [Edit(alpha, "C1: ready", "C1: requires-rework")],
             impact: .notable, area: "readiness", kind: "changed", subject: "C1"),
        // Demos and accessibility.
        Case(name: "the demo kind changed", head: [Edit(alpha, "  kind: switch\n", "  kind: labeled-toggle\n")],
             impact: .notable, area: "demo", kind: "changed", subject: "kind"),
        Case(name: "an example added", head: [Edit(alpha, "    - { title: Default, label: Airplane mode, checked: true }\n", "    - { title: Default, label: Airplane mode, checked: true }\n    - { title: Off, label: Airplane mode }\n")],
             impact: .minor, area: "demo", kind: "added", subject: "Off"),
        Case(name: "an example removed", base: [Edit(alpha, "    - { title: Default, label: Airplane mode, checked: true }\n", "    - { title: Default, label: Airplane mode, checked: true }\n    - { title: Off, label: Airplane mode }\n")], head: [],
             impact: .minor, area: "demo", kind: "removed", subject: "Off"),
        Case(name: "an example changed", head: [Edit(alpha, "{ title: Default, label: Airplane mode, checked: true }", "{ title: Default, label: Flight mode, checked: true }")],
             impact: .minor, area: "demo", kind: "changed", subject: "Default"),
        Case(name: "an accessibility requirement removed", head: [Edit(alpha, "  - requirement: Labelled\n    platforms: { ios: Reads the label., android: Reads the label. }\n", "  - requirement: Named\n    platforms: { ios: Reads the name. }\n")],
             impact: .notable, area: "accessibility", kind: "removed", subject: "Labelled"),
        Case(name: "an accessibility requirement changed", head: [Edit(alpha, "{ ios: Reads the label., android: Reads the label. }", "{ ios: Reads the label aloud., android: Reads the label. }")],
             impact: .minor, area: "accessibility", kind: "changed", subject: "Labelled"),
        // Components.
        Case(name: "a component renamed", head: [Edit(alpha, "name: Alpha Switch", "name: Alpha Toggle")],
             impact: .notable, area: "component", kind: "renamed", subject: "Alpha Toggle"),
        Case(name: "a component added", head: [Edit("components/gamma/component.yaml", "", "name: Gamma\nsummary: A third one.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n")],
             impact: .minor, area: "component", kind: "added", subject: "Gamma"),
        // Tokens.
        Case(name: "a token removed", head: [Edit(tokens, ",\n  \"space\": { \"$type\": \"dimension\", \"small\": { \"$value\": { \"value\": 4, \"unit\": \"px\" } } }", "")],
             impact: .breaking, area: "token", kind: "removed", subject: "space/small"),
        Case(name: "a token renamed", head: [Edit(tokens, "\"small\": {", "\"compact\": {")],
             impact: .breaking, area: "token", kind: "renamed", subject: "space/small"),
        Case(name: "a token's type changed", head: [Edit(tokens, "\"space\": { \"$type\": \"dimension\", \"small\": { \"$value\": { \"value\": 4, \"unit\": \"px\" } } }", "\"space\": { \"$type\": \"number\", \"small\": { \"$value\": 4 } }")],
             impact: .breaking, area: "token", kind: "changed", subject: "space/small"),
        Case(name: "a token's value changed", head: [Edit(tokens, "\"value\": 4,", "\"value\": 6,")],
             impact: .notable, area: "token", kind: "changed", subject: "space/small"),
        Case(name: "a token added", head: [Edit(tokens, "\"ink\": { \"$value\": \"#1A2B4C\" }", "\"ink\": { \"$value\": \"#1A2B4C\" },\n    \"accent\": { \"$value\": \"#E5005C\" }")],
             impact: .minor, area: "token", kind: "added", subject: "brand/accent"),
        Case(name: "an alias retargeted", head: [Edit(tokens, "\"$value\": \"{alpha.track-on-knob}\"", "\"$value\": \"{brand.white}\"")],
             impact: .notable, area: "token", kind: "retargeted", subject: "alpha/knob"),
        // A composite's field aliases another token.
        Case(name: "a composite's field retargeted",
             base: [Edit(tokens, #"  "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }"#, #" "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }, "outline": { "$type": "border", "focus": { "$value": { "color": "{brand.blue}", "width": "{space.small}", "style": "solid" } } }"#)],
             head: [Edit(tokens, #"  "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }"#, #" "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }, "outline": { "$type": "border", "focus": { "$value": { "color": "{brand.ink}", "width": "{space.small}", "style": "solid" } } }"#)],
             impact: .notable, area: "token", kind: "retargeted", subject: "outline/focus"),
        Case(name: "a token deprecated", head: [Edit(tokens, "\"ink\": { \"$value\": \"#1A2B4C\" }", "\"ink\": { \"$value\": \"#1A2B4C\", \"$deprecated\": true }")],
             impact: .notable, area: "token", kind: "deprecated", subject: "brand/ink"),
        Case(name: "a token no longer deprecated", base: [Edit(tokens, "\"ink\": { \"$value\": \"#1A2B4C\" }", "\"ink\": { \"$value\": \"#1A2B4C\", \"$deprecated\": true }")], head: [],
             impact: .minor, area: "token", kind: "undeprecated", subject: "brand/ink"),
        // Contrast and problems.
        Case(name: "contrast regressed", head: [Edit(tokens, "\"blue\": { \"$value\": \"#005CE5\" }", "\"blue\": { \"$value\": \"#D8E6FA\" }")],
             impact: .breaking, area: "contrast", kind: "regressed", subject: "On: Track against the page"),
        Case(name: "contrast fixed", base: [Edit(tokens, "\"blue\": { \"$value\": \"#005CE5\" }", "\"blue\": { \"$value\": \"#D8E6FA\" }")], head: [],
             impact: .minor, area: "contrast", kind: "fixed", subject: "On: Track against the page"),
        Case(name: "an error introduced", head: [Edit(alpha, "related: [beta]", "related: [betta]")],
             impact: .breaking, area: "problem", kind: "introduced", subject: "ref.component"),
        Case(name: "a warning introduced", head: [Edit(alpha, "related: [beta]", "related: [beta, beta]")],
             impact: .notable, area: "problem", kind: "introduced", subject: "ref.component"),
        Case(name: "a problem fixed", base: [Edit(alpha, "related: [beta]", "related: [beta, beta]")], head: [],
             impact: .minor, area: "problem", kind: "fixed", subject: "ref.component"),
    ]

    static func tree(_ edits: [Edit]) throws -> SourceTree {
        var tree = try Fixtures.read(Fixtures.path("base"))
        for edit in edits {
            let current = tree[edit.file].map { String(decoding: $0, as: UTF8.self) } ?? ""
            guard let new = edit.new else {
                tree.set(edit.file, nil)
                continue
            }
            #expect(edit.old.isEmpty || current.contains(edit.old), "\(edit.file) has no '\(edit.old)'")
            tree.set(edit.file, Array((edit.old.isEmpty ? current + new : current.replacingOccurrences(of: edit.old, with: new)).utf8))
        }
        return tree
    }

    @Test(arguments: cases)
    func eachChangeHasItsImpact(_ change: Case) throws {
        // A case with only base edits reverses them in the head.
        let baseTree = try Self.tree(change.base)
        let headTree = try Self.tree(change.head)
        let base = CatalogDiff.Side(result: Fixtures.run(baseTree), tree: baseTree, label: "base")
        let head = CatalogDiff.Side(result: Fixtures.run(headTree), tree: headTree, label: "head")
        let report = CatalogDiff.compare(base: base, head: head)
        let found = report.changes.filter { $0.area == change.area && $0.kind == change.kind && $0.subject == change.subject }
        #expect(!found.isEmpty, "\(change.name): \(ChangeReport.text(report))")
        // The strongest impact reported for it is the expected one (a type change also changes
        // the value, which is notable on its own).
        #expect(found.map(\.impact).min() == change.impact, "\(change.name): \(found.map { "\($0.impact)" }) for \(change.impact)")
    }
}
