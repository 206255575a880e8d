import CatalogCore
import CatalogModel
import CatalogAnalysis

/// `figma:`: each folder it names exists; what was not read is said.
package struct FigmaFilesRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let settings = input.catalog.settings.figma else { return [] }
        var diagnostics: [Diagnostic] = []
        let read = input.catalog.figmaFiles
        for role in FigmaFiles.Role.allCases {
            guard let written = settings.folder(role), read.folder(role)?.missing ?? true else { continue }
            let what = switch role {
            case .files: "the saved GET /v1/files/:key responses"
            case .variables: "the saved variables (GET /v1/files/:key/variables/local, or a plugin's export)"
            case .renders: "the saved renders (GET /v1/images/:key)"
            }
            diagnostics.append(.error(.figmaFolder, "figma.\(role.rawValue) names \(written.value), which is not a folder (relative to the catalog folder); give the folder that holds \(what)", at: written.location))
        }
        for skipped in read.skipped {
            diagnostics.append(.warning(.figmaFolder, "the Figma file \(skipped)", at: settings.location ?? input.catalog.settings.location))
        }
        return diagnostics
    }
}

/// A component's `figma:` against the saved file: the set exists, its variants, properties and
/// bound variables agree with component.yaml (`FigmaParity`); and C2 and C3 as Figma measures
/// them, when a declared status says otherwise.
package struct FigmaComponentRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let parity = FigmaParity.compare(component, catalog: input.catalog) else { return [] }
        var diagnostics = parity.findings.map { finding in
            finding.isError ? Diagnostic.error(finding.rule, finding.message, at: finding.location) : .warning(finding.rule, finding.message, at: finding.location)
        }
        let rubric = input.catalog.settings.rubric
        for measured in parity.measure(rubric: rubric, variablesSaved: !input.catalog.figma.variables.isEmpty) {
            guard let entry = component.readiness.first(where: { $0.criterion.value == measured.criterion }),
                  let declared = rubric.status(entry.status.value), measured.differs(from: declared) else { continue }
            diagnostics.append(.warning(.readinessMeasured, "\(measured.criterion) is declared \(declared.label), but Figma measures \(measured.status.label): \(measured.evidence); update the readiness entry or the Figma file", at: entry.status.location))
        }
        return diagnostics
    }
}

/// The saved variables against the tokens, mode by mode (`FigmaTokenParity`).
package struct FigmaTokenRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        FigmaTokenParity.compare(input.catalog).map { finding in
            finding.isError ? Diagnostic.error(finding.rule, finding.message, at: finding.location) : .warning(finding.rule, finding.message, at: finding.location)
        }
    }
}
