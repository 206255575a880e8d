import Foundation
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel

/// What changed in each component's model and guidelines.
extension CatalogDiff {
    package static func componentChanges(base: Side, head: Side) -> [CatalogChanges.Change] {
        let before = Dictionary((base.result.catalog?.components ?? []).map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary((head.result.catalog?.components ?? []).map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [CatalogChanges.Change] = []
        for slug in Set(before.keys).union(after.keys).sorted() {
            switch (before[slug], after[slug]) {
            case (let old?, nil):
                changes.append(.init(impact: .breaking, area: .component, kind: .removed, component: slug, subject: old.name.value,
                                     message: "component \(old.name.value) is removed", location: old.location))
            case (nil, let new?):
                changes.append(.init(impact: .minor, area: .component, kind: .added, component: slug, subject: new.name.value,
                                     message: "component \(new.name.value) is added", location: new.location))
            case (let old?, let new?):
                changes += compare(old, new, baseRubric: base.result.catalog?.settings.rubric ?? .builtIn, headRubric: head.result.catalog?.settings.rubric ?? .builtIn)
                changes += proseChanges(slug: slug, base: base.tree, head: head.tree, location: new.location)
            default:
                break
            }
        }
        return changes
    }

    /// What differs between a deprecated component and its replacement, worded as a change
    /// from one to the other (the migration a deprecated component's page shows).
    package static func migration(from old: Component, to new: Component, rubric: ReadinessRubric) -> [CatalogChanges.Change] {
        compare(old, new, baseRubric: rubric, headRubric: rubric).filter { change in
            // The names, lifecycles, readiness and declared fields (a Figma set) of two components
            // differ as a matter of course.
            ![.component, .lifecycle, .readiness, .status, .demo, .guidelines, .field].contains(change.area)
        }.map(\.printable)
    }

    private static func compare(_ old: Component, _ new: Component, baseRubric: ReadinessRubric, headRubric: ReadinessRubric) -> [CatalogChanges.Change] {
        let slug = new.slug
        var changes: [CatalogChanges.Change] = []
        func add(_ impact: CatalogChanges.Impact, _ area: CatalogChanges.Area, _ kind: CatalogChanges.Kind, _ subject: String, _ message: String, before: String? = nil, after: String? = nil, at location: SourceLocation? = nil) {
            changes.append(.init(impact: impact, area: area, kind: kind, component: slug, subject: subject, message: message, before: before, after: after, location: location ?? new.location))
        }
        if old.name.value != new.name.value {
            add(.notable, .component, .renamed, new.name.value, "renamed from \(old.name.value) to \(new.name.value)", before: old.name.value, after: new.name.value, at: new.name.location)
        }

        // Lifecycle: deprecating a component is a notable change for every product that uses it.
        let oldLifecycle = old.lifecycle?.value, newLifecycle = new.lifecycle?.value
        if oldLifecycle != newLifecycle {
            let before = oldLifecycle?.rawValue ?? "not stated", after = newLifecycle?.rawValue ?? "not stated"
            let replacement = newLifecycle == .deprecated ? new.replacement.map { "; use \($0.value) instead" } ?? "" : ""
            add(newLifecycle == .deprecated ? .notable : .minor, .lifecycle, .changed, new.name.value, "lifecycle \(before) → \(after)\(replacement)", before: before, after: after, at: new.lifecycle?.location)
        } else if newLifecycle == .deprecated, old.replacement?.value != new.replacement?.value {
            add(.notable, .lifecycle, .changed, new.name.value, "replacement \(old.replacement?.value ?? "none") → \(new.replacement?.value ?? "none")", before: old.replacement?.value, after: new.replacement?.value, at: new.replacement?.location)
        }

        // The declared fields (`ComponentFields`) that `diff` reports.
        for field in ComponentFields.declared where field.shows.contains(.diff) {
            let before = old.declared(field.key), after = new.declared(field.key)
            guard before?.text != after?.text else { continue }
            let kind: CatalogChanges.Kind = before == nil ? .added : after == nil ? .removed : .changed
            let message = switch kind {
            case .added: "\(field.label) is \(after?.text ?? "")"
            case .removed: "\(field.label) (\(before?.text ?? "")) is removed"
            default: "\(field.label) \(before?.text ?? "") → \(after?.text ?? "")"
            }
            add(.minor, .field, kind, field.key, message, before: before?.text, after: after?.text, at: after?.location)
        }

        // Properties and their platform mappings.
        let oldProperties = Dictionary(old.properties.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let newProperties = Dictionary(new.properties.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        // A rename: gone under one name, added under another with the same type, requirement
        // and description (or platform mappings).
        var renamedTo: [String: String] = [:]
        var renamedFrom: [String: String] = [:]
        for property in old.properties where newProperties[property.name.value] == nil {
            let candidates = new.properties.filter { candidate in
                oldProperties[candidate.name.value] == nil && renamedFrom[candidate.name.value] == nil
                    && candidate.type == property.type && candidate.required == property.required
                    && ((candidate.description != nil && candidate.description == property.description) || (!candidate.platforms.isEmpty && candidate.platforms == property.platforms))
            }
            guard candidates.count == 1, let match = candidates.first else { continue }
            renamedTo[property.name.value] = match.name.value
            renamedFrom[match.name.value] = property.name.value
            add(.breaking, .property, .renamed, match.name.value, "property \(property.name.value) is renamed \(match.name.value); code that sets \(property.name.value) breaks",
                before: property.name.value, after: match.name.value, at: match.name.location)
        }
        for property in old.properties where newProperties[property.name.value] == nil && renamedTo[property.name.value] == nil {
            add(.breaking, .property, .removed, property.name.value, "property \(property.name.value) is removed", before: property.type)
        }
        for property in new.properties where renamedFrom[property.name.value] == nil {
            guard let previous = oldProperties[property.name.value] else {
                add(property.required ? .notable : .minor, .property, .added, property.name.value,
                    "property \(property.name.value) is added\(property.required ? " (required)" : "")", after: property.type, at: property.name.location)
                continue
            }
            var details: [String] = []
            if previous.type != property.type { details.append("type \(previous.type ?? "none") → \(property.type ?? "none")") }
            if previous.required != property.required { details.append(property.required ? "now required" : "no longer required") }
            for platform in Set(previous.platforms.map(\.platform) + property.platforms.map(\.platform)).sorted() {
                let was = previous.platforms.first { $0.platform == platform }?.text
                let now = property.platforms.first { $0.platform == platform }?.text
                if was != now { details.append("\(PlatformName.display(platform)): \(was.map { "`\($0)`" } ?? "none") → \(now.map { "`\($0)`" } ?? "none")") }
            }
            guard !details.isEmpty else { continue }
            let breaking = previous.type != property.type || (!previous.required && property.required)
            add(breaking ? .breaking : .notable, .property, .changed, property.name.value, "property \(property.name.value) changes: \(details.joined(separator: "; "))", at: property.name.location)
        }

        // States and their support per platform.
        let oldStates = Dictionary(old.states.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let newStateNames = Set(new.states.map(\.name.value))
        for state in old.states where !newStateNames.contains(state.name.value) {
            add(.notable, .state, .removed, state.name.value, "state \(state.name.value) is removed")
        }
        for state in new.states {
            guard let previous = oldStates[state.name.value] else {
                add(.minor, .state, .added, state.name.value, "state \(state.name.value) is added", at: state.name.location)
                continue
            }
            var details: [String] = []
            for platform in Set(previous.support.map(\.platform) + state.support.map(\.platform)).sorted() {
                let was = previous.support.first { $0.platform == platform }?.support.rawValue
                let now = state.support.first { $0.platform == platform }?.support.rawValue
                if was != now { details.append("\(PlatformName.display(platform)) \(was ?? "not stated") → \(now ?? "not stated")") }
            }
            if !details.isEmpty {
                add(.notable, .state, .changed, state.name.value, "state \(state.name.value): support \(details.joined(separator: ", "))", at: state.name.location)
            }
        }

        // Variant axes and the count they multiply to.
        let oldAxes = old.variants.map { "\($0.name): \($0.values.joined(separator: ", "))" }
        let newAxes = new.variants.map { "\($0.name): \($0.values.joined(separator: ", "))" }
        if oldAxes != newAxes {
            let removedAxes = old.variants.map(\.name).filter { name in !new.variants.contains { $0.name == name } }
            let addedAxes = new.variants.map(\.name).filter { name in !old.variants.contains { $0.name == name } }
            var parts: [String] = []
            if !addedAxes.isEmpty { parts.append("axes added: \(addedAxes.joined(separator: ", "))") }
            if !removedAxes.isEmpty { parts.append("axes removed: \(removedAxes.joined(separator: ", "))") }
            for axis in new.variants {
                guard let previous = old.variants.first(where: { $0.name == axis.name }), previous.values != axis.values else { continue }
                parts.append("\(axis.name): \(previous.values.joined(separator: ", ")) → \(axis.values.joined(separator: ", "))")
            }
            add(.notable, .variants, .changed, "variants", "variants change (\(parts.joined(separator: "; "))): \(old.variantCount) → \(new.variantCount) variants",
                before: String(old.variantCount), after: String(new.variantCount), at: new.variantsLocation)
        }

        // Readiness, criterion by criterion, and the overall status.
        for criterion in Set(old.readiness.map(\.criterion.value) + new.readiness.map(\.criterion.value)).sorted() {
            let was = old.readiness.first { $0.criterion.value == criterion }
            let now = new.readiness.first { $0.criterion.value == criterion }
            guard was?.status.value != now?.status.value else { continue }
            let wasText = was?.status.value ?? "not assessed", nowText = now?.status.value ?? "not assessed"
            let improves = headRubric.status(nowText)?.tone == .positive
            add(improves ? .minor : .notable, .readiness, .changed, criterion, "readiness \(criterion): \(wasText) → \(nowText)",
                before: wasText, after: nowText, at: now?.status.location ?? now?.criterion.location)
        }
        let oldStatus = old.overallStatus(in: baseRubric)?.label ?? "Not assessed"
        let newStatus = new.overallStatus(in: headRubric)?.label ?? "Not assessed"
        if oldStatus != newStatus {
            add(.notable, .status, .changed, "status", "status: \(oldStatus) → \(newStatus)", before: oldStatus, after: newStatus, at: new.status?.location)
        }

        // Demo: its kind and examples by title.
        if old.demo?.kind.value != new.demo?.kind.value {
            add(.notable, .demo, .changed, "kind", "demo kind: \(old.demo?.kind.value ?? "none") → \(new.demo?.kind.value ?? "none")",
                before: old.demo?.kind.value, after: new.demo?.kind.value, at: new.demo?.kind.location)
        }
        let oldExamples = Dictionary((old.demo?.examples ?? []).enumerated().map { ($0.element.title?.value ?? "Example \($0.offset + 1)", signature($0.element)) }, uniquingKeysWith: { first, _ in first })
        let newExamples = (new.demo?.examples ?? []).enumerated().map { ($0.element.title?.value ?? "Example \($0.offset + 1)", $0.element) }
        for (title, _) in oldExamples where !newExamples.contains(where: { $0.0 == title }) {
            add(.minor, .demo, .removed, title, "demo example “\(title)” is removed")
        }
        for (title, example) in newExamples {
            if let previous = oldExamples[title] {
                if previous != signature(example) { add(.minor, .demo, .changed, title, "demo example “\(title)” changes", at: example.location) }
            } else {
                add(.minor, .demo, .added, title, "demo example “\(title)” is added", at: example.location)
            }
        }

        // Accessibility requirements.
        let oldRequirements = old.accessibility.map(\.requirement.value)
        let newRequirements = new.accessibility.map(\.requirement.value)
        for requirement in oldRequirements where !newRequirements.contains(requirement) {
            add(.notable, .accessibility, .removed, requirement, "accessibility requirement “\(requirement)” is removed")
        }
        for item in new.accessibility where !oldRequirements.contains(item.requirement.value) {
            add(.minor, .accessibility, .added, item.requirement.value, "accessibility requirement “\(item.requirement.value)” is added", at: item.requirement.location)
        }
        for item in new.accessibility {
            guard let previous = old.accessibility.first(where: { $0.requirement.value == item.requirement.value }), previous.platforms != item.platforms else { continue }
            add(.minor, .accessibility, .changed, item.requirement.value, "accessibility requirement “\(item.requirement.value)” changes its platform notes", at: item.requirement.location)
        }
        return changes
    }

    /// An example's settings, for telling whether it changed.
    private static func signature(_ example: DemoExample) -> String {
        func text(_ value: ExampleValue) -> String {
            switch value {
            case .scalar(let scalar): return scalar.text
            case .null: return "~"
            case .list(let items): return "[" + items.map { text($0.value) }.joined(separator: ",") + "]"
            case .map(let fields): return "{" + fields.entries.map { "\($0.key.value)=\(text($0.value.value))" }.joined(separator: ",") + "}"
            }
        }
        return example.entries.map { "\($0.key.value)=\(text($0.value.value))" }.joined(separator: ";")
    }

    // MARK: Guidelines

    /// Sections of the guidelines added, removed or rewritten, by heading: index.md's, then each
    /// tab's (`code.md`), named with its file.
    private static func proseChanges(slug: String, base: SourceTree, head: SourceTree, location: SourceLocation) -> [CatalogChanges.Change] {
        let folder = "components/\(slug)/"
        var tabs = Set<String>()
        for tree in [base, head] {
            for path in tree.files.keys where path.hasPrefix(folder) && path.hasSuffix(".md") && path != folder + "index.md" && !path.dropFirst(folder.count).contains("/") {
                tabs.insert(path)
            }
        }
        return proseChanges(slug: slug, path: folder + "index.md", tab: nil, base: base, head: head)
            + tabs.sorted().flatMap { proseChanges(slug: slug, path: $0, tab: String($0.dropFirst(folder.count)), base: base, head: head) }
    }

    private static func proseChanges(slug: String, path: String, tab: String?, base: SourceTree, head: SourceTree) -> [CatalogChanges.Change] {
        // Most guidelines are untouched by a change: equal bytes, equal sections.
        guard base[path] != head[path] else { return [] }
        let old = sections(base[path]), new = sections(head[path])
        guard old.map(\.text) != new.map(\.text) || old.map(\.heading) != new.map(\.heading) else { return [] }
        let file = head[path] == nil ? base.displayPath(path) : head.displayPath(path)
        // A tab's sections are named with their file: “Binding” of code.md.
        let subject = { (heading: String) in tab.map { "\($0) › \(heading)" } ?? heading }
        let named = { (heading: String) in "“\(heading)”" + (tab.map { " of \($0)" } ?? "") }
        var changes: [CatalogChanges.Change] = []
        let oldByHeading = Dictionary(old.map { ($0.heading, $0) }, uniquingKeysWith: { first, _ in first })
        for section in old where !new.contains(where: { $0.heading == section.heading }) {
            changes.append(.init(impact: .minor, area: .guidelines, kind: .removed, component: slug, subject: subject(section.heading),
                                 message: "guideline section \(named(section.heading)) is removed", location: SourceLocation(file: file)))
        }
        for section in new {
            let at = SourceLocation(file: file, line: section.line)
            if let previous = oldByHeading[section.heading] {
                if previous.text != section.text {
                    changes.append(.init(impact: .minor, area: .guidelines, kind: .changed, component: slug, subject: subject(section.heading),
                                         message: "guideline section \(named(section.heading)) is rewritten", location: at))
                }
            } else {
                changes.append(.init(impact: .minor, area: .guidelines, kind: .added, component: slug, subject: subject(section.heading),
                                     message: "guideline section \(named(section.heading)) is added", location: at))
            }
        }
        return changes
    }

    /// The Markdown split at its ATX headings (outside fenced code): the text before the first
    /// heading is the introduction. The text is read as the loader reads it (a byte-order mark
    /// dropped, CRLF made LF), and a lone CR ends a line too, as it does for cmark-gfm.
    package static func sections(_ bytes: [UInt8]?) -> [(heading: String, text: String, line: Int)] {
        guard let bytes else { return [] }
        let text = (try? SourceText.decode(bytes, file: "").get()) ?? String(decoding: bytes, as: UTF8.self)
        var result: [(heading: String, text: String, line: Int)] = [("Introduction", "", 1)]
        var fence: Substring?
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.prefix(3)
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
            }
            if fence == nil, trimmed.hasPrefix("#"), let space = trimmed.firstIndex(of: " "), trimmed[..<space].allSatisfy({ $0 == "#" }), trimmed[..<space].count <= 6 {
                let heading = trimmed[space...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#")).trimmingCharacters(in: .whitespaces)
                result.append((heading, "", index + 1))
                continue
            }
            result[result.count - 1].text += line.trimmingCharacters(in: .whitespaces) + "\n"
        }
        if result[0].text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { result.removeFirst() }
        return result.map { ($0.heading, $0.text.trimmingCharacters(in: .whitespacesAndNewlines), $0.line) }
    }
}
