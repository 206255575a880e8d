import CatalogCore
import CatalogLoad
import CatalogModel
import CatalogAnalysis
/// `code.*`: each component's documented API against its implementation (`CodeDrift`), and
/// `readiness.measured`: a declared C4 or C7 that the code contradicts.
package struct CodeDriftRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let results = CodeDrift.compare(component, with: input.catalog.code)
        var diagnostics = unchecked(component, in: input)
        guard !results.isEmpty else { return diagnostics }
        diagnostics += results.flatMap(\.findings)
        let rubric = input.catalog.settings.rubric
        for measured in CodeReadiness.measure(results, rubric: rubric) {
            guard let entry = component.readiness.first(where: { $0.criterion.value == measured.criterion }),
                  let declared = rubric.status(entry.status.value), measured.differs(from: declared) else { continue }
            diagnostics.append(.warning(.readinessMeasured, "\(measured.criterion) is declared \(declared.label), but the code measures \(measured.status.label): \(measured.evidence); update the readiness entry or the code", at: entry.status.location))
        }
        return diagnostics
    }

    /// `code.unchecked`: an implementation named for a platform whose sources `code:` does not
    /// give is kept, and said to be unchecked rather than passed over.
    private func unchecked(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let implementation = component.implementation else { return [] }
        let platforms = input.catalog.code?.platforms ?? []
        return [("swiftui", implementation.swiftui), ("compose", implementation.compose)].compactMap { platform, named in
            guard let named, !platforms.contains(platform) else { return nil }
            return .info(.codeUnchecked, "implementation.\(platform) is not checked: catalog.yaml's code: names no \(PlatformName.display(platform)) sources; add `code: { \(platform): <the folder of its sources> }` to compare \(named.value) with its documentation", at: named.location)
        }
    }
}

/// `code.folder-missing` and `code.unreadable`: the folders `code:` names exist, and every
/// source file that could not be read is said, by name.
package struct CodeSourceRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let sources = input.catalog.settings.code else { return [] }
        var diagnostics: [Diagnostic] = []
        let written = sources.swiftui.map { ("swiftui", $0) } + sources.compose.map { ("compose", $0) } + sources.usage.map { ("usage", $0) }
        for folder in input.catalog.codeFolders where folder.missing {
            let location = written.first { $0.0 == folder.role && $0.1.value == folder.written }?.1.location ?? sources.location
            diagnostics.append(.error(.codeFolderMissing, "code.\(folder.role) names \(folder.written), but \(folder.display) is not a folder; give the path of the \(folder.role == "usage" ? "code that uses the design system" : "\(PlatformName.display(folder.role)) sources"), relative to the catalog folder", at: location))
        }
        for note in input.catalog.code?.notes ?? [] {
            diagnostics.append(.info(.codeUnreadable, note.message, at: SourceLocation(file: note.file, line: note.line)))
        }
        return diagnostics
    }
}
