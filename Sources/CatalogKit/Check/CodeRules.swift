/// `code.*`: each component's documented API against its implementation (`CodeDrift`), and
/// `readiness.measured`: a declared C4 or C7 that the code contradicts.
struct CodeDriftRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let results = CodeDrift.compare(component, with: input.catalog.code)
        guard !results.isEmpty else { return [] }
        var diagnostics = results.flatMap(\.findings)
        let rubric = input.catalog.settings.rubric
        for measured in CodeReadiness.measure(results, rubric: rubric) {
            guard let entry = component.readiness.first(where: { $0.criterion.value == measured.criterion }),
                  let declared = rubric.status(entry.status.value), measured.differs(from: declared) else { continue }
            diagnostics.append(.warning("readiness.measured", "\(measured.criterion) is declared \(declared.label), but the code measures \(measured.status.label): \(measured.evidence); update the readiness entry or the code", at: entry.status.location))
        }
        return diagnostics
    }
}

/// `code.folder-missing` and `code.unreadable`: the folders `code:` names exist, and every
/// source file that could not be read is said, by name.
struct CodeSourceRule: CatalogRule {
    func check(_ input: CheckInput) -> [Diagnostic] {
        guard let sources = input.catalog.settings.code else { return [] }
        var diagnostics: [Diagnostic] = []
        let written = sources.swiftui.map { ("swiftui", $0) } + sources.compose.map { ("compose", $0) } + sources.usage.map { ("usage", $0) }
        for folder in input.catalog.codeFolders where folder.missing {
            let location = written.first { $0.0 == folder.role && $0.1.value == folder.written }?.1.location ?? sources.location
            diagnostics.append(.error("code.folder-missing", "code.\(folder.role) names \(folder.written), but \(folder.display) is not a folder; give the path of the \(folder.role == "usage" ? "code that uses the design system" : "\(PlatformName.display(folder.role)) sources"), relative to the catalog folder", at: location))
        }
        for note in input.catalog.code?.notes ?? [] {
            diagnostics.append(.info("code.unreadable", note.message, at: SourceLocation(file: note.file, line: note.line)))
        }
        return diagnostics
    }
}
