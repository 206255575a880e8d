import CatalogCore
import CatalogModel

/// A component's `changes:` notes name releases: a version that is neither a release tag nor
/// the working tree's label is an error at the note; notes in a catalog without `versions:`
/// are shown nowhere, which is said once per component.
package struct HistoryRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let first = component.changeNotes.first else { return [] }
        guard let versions = input.catalog.settings.versions else {
            return [.warning(.changesNoVersions, "\(component.name.value) has `changes:` notes, but catalog.yaml has no `versions:`, so no release shows them; add `versions: { tags: \"v*\" }` to catalog.yaml", at: first.version.location)]
        }
        // Without a history (no git, no tags: reported at `versions:`) nothing can be compared.
        guard let history = input.catalog.history else { return [] }
        var problems: [Diagnostic] = []
        for note in component.changeNotes where !history.isVersion(note.version.value) {
            let known = history.allTags + [versions.current]
            let hint = DidYouMean.hint(for: note.version.value, in: known)
            let listed = history.allTags.isEmpty ? "there are no release tags matching \(versions.tags) yet" : "the releases are " + history.allTags.suffix(5).joined(separator: ", ")
            let preparing = versions.next == nil ? "; if it is the release being prepared, name it in catalog.yaml as `versions: { next: \(TextSafety.escaped(note.version.value)) }`" : ""
            problems.append(.error(.changesUnknownVersion, "the change note names version '\(TextSafety.escaped(note.version.value))', which is neither a release tag nor the working tree's label (\(versions.current))\(versions.next.map { " nor versions.next (\(TextSafety.escaped($0)))" } ?? "")\(hint); \(listed)\(preparing)", at: note.version.location))
        }
        return problems
    }
}
