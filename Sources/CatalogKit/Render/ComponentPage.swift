import CatalogMarkdown
import Foundation

/// The context of a component page: the model, merged with the prose, in page order.
struct ComponentPage {
    let component: Component
    let catalog: Catalog
    let theme: Theme
    let demos: DemoMarkup

    init(component: Component, catalog: Catalog, theme: Theme) {
        self.component = component
        self.catalog = catalog
        self.theme = theme
        demos = DemoMarkup(theme: theme)
    }

    var kind: DemoKind? { component.demo.flatMap { theme.kinds[$0.kind.value] } }
    var rubric: ReadinessRubric { catalog.settings.rubric }

    func context() -> [String: Any] {
        let demo = demoSection()
        let gallery = stateGallery()
        let states = statesTable()
        let appearances = appearancesSection()
        let properties = propertiesTable()
        let accessibility = accessibilityTable()
        let readiness = readinessScorecard()
        let code = codeTabs(demoCode: demo.code)
        let related = relatedLinks()
        let variants = variantsSection()

        var present: Set<String> = []
        if component.prose != nil { present.insert("guidelines") }
        if !demo.examples.isEmpty { present.insert("demo") }
        if !component.states.isEmpty { present.insert("states") }
        if !component.variants.isEmpty { present.insert("variants") }
        if !component.appearances.isEmpty { present.insert("appearances") }
        if !component.properties.isEmpty { present.insert("properties") }
        if !component.accessibility.isEmpty { present.insert("accessibility") }
        present.insert("readiness")
        if !(code["tabs"] as? [Any] ?? []).isEmpty { present.insert("code") }
        if !related.isEmpty { present.insert("related") }

        var toc: [[String: Any]] = []
        for heading in component.prose?.headings ?? [] where heading.level <= 3 {
            toc.append(["id": heading.id, "text": heading.text, "level": heading.level, "nested": heading.level > 2])
        }
        for section in PageSections.component where present.contains(section.id) && section.id != "guidelines" {
            toc.append(["id": section.id, "text": section.title, "level": 2, "nested": false])
        }
        var sectionTitles: [String: Any] = [:]
        for section in PageSections.component { sectionTitles[section.id] = section.title }

        return [
            "component": [
                "slug": component.slug,
                "name": component.name.value,
                "summary": component.summary.value,
                "variant_count": component.variantCount,
            ] as [String: Any],
            "status": StatusBadge.context(component.overallStatus(in: rubric), theme: theme),
            "has_prose": component.prose != nil,
            "prose": proseWithDemos(),
            "extra": FreeValue.extraContext(component.prose?.extra),
            "toc": toc,
            "has_toc": !toc.isEmpty,
            "titles": sectionTitles,
            "has_demo": present.contains("demo"),
            "demo": demo.context,
            "has_states": present.contains("states"),
            "gallery": gallery,
            "has_gallery": !gallery.isEmpty,
            "states": states,
            "has_variants": present.contains("variants"),
            "variants": variants,
            "has_appearances": present.contains("appearances"),
            "appearances": appearances,
            "has_properties": present.contains("properties"),
            "properties": properties,
            "has_accessibility": present.contains("accessibility"),
            "accessibility": accessibility,
            "readiness": readiness,
            "has_code": present.contains("code"),
            "code": code,
            "has_changes": hasChanges,
            "changes_href": "../../changes/#changes-\(component.slug)",
            "has_related": present.contains("related"),
            "related": related,
        ]
    }

    /// Whether `build --changes-since` found changes to this component (its page links to them).
    private var hasChanges: Bool {
        guard theme.hasTemplate("page-changes") else { return false }
        return catalog.changes?.changes.contains { $0.component == component.slug || $0.affects.contains(component.slug) } ?? false
    }

    // MARK: Demo

    /// The prose, each ```` ```demo ```` fence replaced by the examples it names, through the
    /// theme's `partials/prose-demo` (ids `<slug>-prN`, unique however often an example appears).
    private func proseWithDemos() -> String {
        guard let prose = component.prose else { return "" }
        guard !prose.demos.isEmpty else { return prose.html }
        let placeholder = MarkdownDemoFence.placeholder
        var pieces = prose.html.components(separatedBy: placeholder)
        guard pieces.count == prose.demos.count + 1 else { return prose.html }
        var instance = 0
        var html = pieces.removeFirst()
        for (fence, rest) in zip(prose.demos, pieces) {
            var figures: [String] = []
            for title in fence.titles {
                guard let kind, let example = component.demo?.examples.first(where: { $0.title?.value == title.value }) else { continue }
                instance += 1
                let markup = demos.render(example, kind: kind, id: "\(component.slug)-pr\(instance)", componentName: component.name.value)
                let context: [String: Any] = ["title": title.value, "markup": markup, "kind": kind.id]
                figures.append(theme.hasTemplate("partials/prose-demo") ? theme.render("partials/prose-demo", context).trimmingNewlines() : markup)
            }
            html += figures.joined(separator: "\n") + rest
        }
        return html
    }

    /// The first example, or a plain one named after the component, as the base of derived demos.
    var baseExample: DemoExample {
        component.demo?.examples.first ?? DemoExample(location: component.location)
    }

    private func demoSection() -> (context: [String: Any], examples: [[String: Any]], code: String) {
        guard let demo = component.demo, let kind, !demo.examples.isEmpty else { return ([:], [], "") }
        var examples: [[String: Any]] = []
        var code: [String] = []
        for (index, example) in demo.examples.enumerated() {
            let markup = demos.render(example, kind: kind, id: "\(component.slug)-ex\(index + 1)", componentName: component.name.value)
            let title = example.title?.value ?? "Example \(index + 1)"
            examples.append(["title": title, "markup": markup, "kind": kind.id])
            code.append("<!-- \(title) -->\n" + markup)
        }
        let header = demos.header(for: demo.examples, kind: kind, id: "\(component.slug)-\(kind.id)")
        return ([
            "header": header,
            "has_header": !header.isEmpty,
            "kind": kind.id,
            "kind_name": kind.name.lowercased(),
            "examples": examples,
        ], examples, code.joined(separator: "\n\n"))
    }

    private func stateGallery() -> [[String: Any]] {
        guard let kind else { return [] }
        let others = component.demo?.examples ?? []
        return component.states.enumerated().map { index, state in
            let (example, forced) = DemoStates.apply(state.name.value, to: baseExample, kind: kind, others: others)
            var labelled = forced
            labelled.stateLabel = state.name.value
            let markup = demos.render(example, kind: kind, id: "\(component.slug)-st\(index + 1)", componentName: component.name.value, forced: labelled)
            return ["name": state.name.value, "notes": state.notes ?? "", "has_notes": state.notes != nil, "markup": markup]
        }
    }

    private func statesTable() -> [String: Any] {
        let platforms = orderedKeys(component.states.flatMap { $0.support.map(\.platform) })
        let rows: [[String: Any]] = component.states.map { state in
            let cells: [[String: Any]] = platforms.map { platform in
                let support = state.support.first { $0.platform == platform }?.support
                return SupportCell.context(support)
            }
            return [
                "name": state.name.value, "cells": cells,
                "figma": state.figma ?? "", "notes": state.notes ?? "",
            ]
        }
        return [
            "platforms": platforms.map { ["name": PlatformName.display($0)] },
            "rows": rows,
            "has_figma": component.states.contains { $0.figma != nil },
            "has_notes": component.states.contains { $0.notes != nil },
        ]
    }

    private func variantsSection() -> [String: Any] {
        let axes: [[String: Any]] = component.variants.map { axis in
            [
                "name": axis.name,
                "count": axis.values.count,
                "values": axis.values.enumerated().map { ["value": $1, "last": $0 == axis.values.count - 1] },
            ]
        }
        let formula = component.variants.map { String($0.values.count) }.joined(separator: " × ")
        return [
            "axes": axes,
            "formula": formula,
            "count": component.variantCount,
            "sentence": "\(formula) = \(component.variantCount) variant\(component.variantCount == 1 ? "" : "s")",
        ]
    }

    private func appearancesSection() -> [[String: Any]] {
        component.appearances.enumerated().map { index, appearance in
            var markup = ""
            if let kind, let example = appearance.example {
                markup = demos.render(example, kind: kind, id: "\(component.slug)-ap\(index + 1)", componentName: component.name.value)
            }
            let tokens: [[String: Any]] = appearance.tokens.map { use in
                let token = catalog.tokens.token(use.token.value)
                return [
                    "role": use.role,
                    "token": use.token.value,
                    "known": token != nil,
                    "is_color": token?.color != nil,
                    "swatch_class": token?.swatchClass ?? "",
                    "value": token?.displayValue ?? "",
                    "css_variable": token?.cssVariable ?? "",
                ].merging(ModeValues.context(token, in: catalog.modes)) { _, new in new }
            }
            let exempt = ContrastPairs.isExempt(appearance)
            // Each mode adds its rows where its colours differ from the default's.
            let contrast: [[String: Any]] = ContrastPairs.measured(for: appearance, kind: kind, in: catalog).map { pair, mode in
                let passes = pair.passes || exempt
                return [
                    "label": mode.map { "\(pair.label), in \($0)" } ?? pair.label,
                    "ratio": pair.ratioText,
                    "needed": "\(CSSNumber.format(pair.required)):1",
                    "criterion": pair.kind.criterion,
                    "result": StatusBadge.result(passes: passes, exempt: exempt && !pair.passes, theme: theme),
                ]
            }
            return [
                "contrast": contrast,
                "has_contrast": !contrast.isEmpty,
                "name": appearance.name.value,
                "description": appearance.description ?? "",
                "has_description": appearance.description != nil,
                "has_example": !markup.isEmpty,
                "markup": markup,
                "roles_class": "demo-roles-\(index + 1)",
                "tokens": tokens,
                "has_tokens": !tokens.isEmpty,
            ]
        }
    }

    private func propertiesTable() -> [String: Any] {
        let platforms = orderedKeys(component.properties.flatMap { $0.platforms.map(\.platform) })
        let rows: [[String: Any]] = component.properties.map { property in
            [
                "name": property.name.value,
                "type": property.type ?? "",
                "required": property.required,
                "description": property.description ?? "",
                "cells": platforms.map { platform in
                    ["text": property.platforms.first { $0.platform == platform }?.text ?? ""]
                },
            ]
        }
        return [
            "platforms": platforms.map { ["name": PlatformName.display($0)] },
            "rows": rows,
            "has_type": component.properties.contains { $0.type != nil },
            "has_description": component.properties.contains { $0.description != nil },
        ]
    }

    private func accessibilityTable() -> [String: Any] {
        let platforms = orderedKeys(component.accessibility.flatMap { $0.platforms.map(\.platform) })
        return [
            "platforms": platforms.map { ["name": PlatformName.display($0)] },
            "rows": component.accessibility.map { requirement in
                [
                    "requirement": requirement.requirement.value,
                    "cells": platforms.map { platform in
                        ["text": requirement.platforms.first { $0.platform == platform }?.text ?? ""]
                    },
                ] as [String: Any]
            },
        ]
    }

    private func readinessScorecard() -> [String: Any] {
        let rows: [[String: Any]] = rubric.criteria.map { criterion in
            let entry = component.readiness.first { $0.criterion.value == criterion.id }
            let status = entry.flatMap { rubric.status($0.status.value) }
            return [
                "id": criterion.id,
                "name": criterion.name,
                "status": StatusBadge.context(status, theme: theme),
                "notes": entry?.notes ?? "",
            ]
        }
        var counts: [[String: Any]] = []
        for status in rubric.statuses {
            let count = component.readiness.filter { $0.status.value == status.id }.count
            if count > 0 { counts.append(["label": status.label, "count": count]) }
        }
        return ["rows": rows, "counts": counts]
    }

    private func codeTabs(demoCode: String) -> [String: Any] {
        var tabs: [[String: Any]] = []
        if !demoCode.isEmpty {
            tabs.append(["panel_id": "\(component.slug)-code-html", "label": "HTML", "language": "html", "code": demoCode])
        }
        for snippet in component.code {
            let language = snippet.language.lowercased()
            tabs.append([
                "panel_id": "\(component.slug)-code-" + HeadingID.slug(language),
                "label": PlatformName.display(snippet.language),
                "language": language,
                "code": snippet.code.hasSuffix("\n") ? String(snippet.code.dropLast()) : snippet.code,
            ])
        }
        for index in tabs.indices { tabs[index]["first"] = index == 0 }
        return ["tabs": tabs, "id": "\(component.slug)-code"]
    }

    private func relatedLinks() -> [[String: Any]] {
        component.related.compactMap { reference in
            guard let other = catalog.component(reference.value) else { return nil }
            return [
                "name": other.name.value,
                "summary": other.summary.value,
                "href": LinkResolver.relative(from: component.pagePath, to: other.pagePath),
            ]
        }
    }

    /// Keys in first-seen order, without repeats.
    private func orderedKeys(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}

/// A yes / no / n/a cell, shown as text plus an icon.
enum SupportCell {
    static func context(_ support: Support?) -> [String: Any] {
        switch support {
        case .yes?: ["text": "Yes", "class": "support-yes", "icon": "✓"]
        case .no?: ["text": "No", "class": "support-no", "icon": "✕"]
        case .notApplicable?: ["text": "N/A", "class": "support-na", "icon": "–"]
        case nil: ["text": "Not stated", "class": "support-unknown", "icon": "?"]
        }
    }
}

/// A readiness status as text and an icon, never colour alone.
enum StatusBadge {
    static func context(_ status: ReadinessStatus?, theme: Theme) -> [String: Any] {
        guard let status else {
            return ["label": "Not assessed", "tone": "none", "id": "", "icon": icon("none", theme: theme), "assessed": false]
        }
        return ["label": status.label, "tone": status.tone.rawValue, "id": status.id, "icon": icon(status.tone.rawValue, theme: theme), "assessed": true]
    }

    /// Pass or fail of a contrast check, as a badge.
    static func result(passes: Bool, exempt: Bool, theme: Theme) -> [String: Any] {
        if exempt { return ["label": "Exempt (disabled)", "tone": "neutral", "icon": icon("neutral", theme: theme)] }
        return passes
            ? ["label": "Pass", "tone": "positive", "icon": icon("positive", theme: theme)]
            : ["label": "Fail", "tone": "negative", "icon": icon("negative", theme: theme)]
    }

    /// The theme's `status-<tone>` symbol.
    static func icon(_ tone: String, theme: Theme) -> String {
        theme.symbols["status-\(tone)"] ?? ""
    }
}
