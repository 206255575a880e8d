import CatalogCore

/// What a rebuild changed in the catalog's problems, for `serve`'s terminal: the problems that
/// are new (errors first) and those that were fixed, compared by `Diagnostic.identity`.
package struct ProblemDelta {
    package var introduced: [Diagnostic]
    package var fixed: [Diagnostic]

    package init(from previous: [Diagnostic], to current: [Diagnostic]) {
        let before = Set(previous.map(\.identity))
        let after = Set(current.map(\.identity))
        introduced = current.filter { !before.contains($0.identity) }.errorsFirst()
        fixed = previous.filter { !after.contains($0.identity) }.errorsFirst()
    }
}
