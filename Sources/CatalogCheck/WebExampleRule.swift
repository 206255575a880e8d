import CatalogCore
import CatalogModel
import CatalogSyntax

/// A component's `examples:` (the team's own markup): markup that does not parse as an HTML
/// fragment or holds inline script or style (at the line in its file, or at `html:`), and an
/// appearance the component does not have (did-you-mean).
package struct WebExampleRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let appearances = component.appearances.map(\.name.value)
        var addresses: [String: WebExample] = [:]
        for example in component.webExamples {
            // Each example is a page of its own: two titles that make one address would share it.
            if let first = addresses[example.id] {
                diagnostics.append(.error(.demoDuplicateTitle, "the example “\(example.title.value)” would be published at \(example.pagePath(component: component.pagePath)), as “\(first.title.value)” (line \(first.title.location.line)) is; give it a title that differs in its letters or digits", at: example.title.location))
                continue
            }
            addresses[example.id] = example
            if let appearance = example.appearance, !appearances.contains(appearance.value) {
                let advice = appearances.isEmpty ? "\(component.name.value) has no appearances" : "name one of \(appearances.joined(separator: ", "))"
                diagnostics.append(.error(.refAppearance, "the example “\(example.title.value)” names the appearance '\(appearance.value)', which \(component.name.value) does not have\(DidYouMean.hint(for: appearance.value, in: appearances)); \(advice)", at: appearance.location))
            }
            // A file's markup is loaded; one that could not be is reported where it is named.
            guard !(example.file == nil && WebExample.namesFile(example.html.value)) else { continue }
            guard let problem = HTMLFragment.problem(in: example.markup) else { continue }
            let location = example.location(line: problem.line, column: problem.column, componentFile: component.location.file)
            diagnostics.append(.error(.webMarkup, "the markup of the example “\(example.title.value)” of \(component.name.value) does not parse as an HTML fragment: \(problem.message)", at: location))
        }
        return diagnostics
    }
}

/// `web:` in catalog.yaml: each stylesheet and script it names is a file, the assets a folder.
package struct WebFilesRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let web = input.catalog.settings.web else { return [] }
        let entries = input.catalog.webFiles.entries
        var diagnostics: [Diagnostic] = []
        for (role, written) in web.styles.map({ ("styles", $0) }) + web.scripts.map({ ("scripts", $0) }) + (web.assets.map { [("assets", $0)] } ?? []) {
            let entry = entries.first(where: { $0.role == role && $0.written == written.value })
            guard entry?.missing ?? true else { continue }
            if let refused = entry?.refused {
                diagnostics.append(.error(.webMissing, "web.\(role) names \(written.value), which \(refused); keep the team's built files inside the repository and name them relative to the catalog folder", at: written.location))
                continue
            }
            let what = role == "assets" ? "a folder" : "a file"
            diagnostics.append(.error(.webMissing, "web.\(role) names \(written.value), which is not \(what) (relative to the catalog folder); give the path of the team's built \(role == "styles" ? "stylesheet" : role == "scripts" ? "script" : "assets folder"), such as ../packages/ui/dist/\(role == "styles" ? "ui.css" : role == "scripts" ? "ui.js" : "assets")", at: written.location))
        }
        // What a script imports or a stylesheet loads that resolves to nothing: at the line that names it.
        for problem in input.catalog.webFiles.unresolved {
            diagnostics.append(.error(.webAsset, "'\(problem.specifier)' is loaded here, \(problem.reason), so the team's examples would load without it; fix the path or add the file to the built output", at: SourceLocation(file: problem.file, line: problem.line, column: problem.column)))
        }
        for skipped in input.catalog.webFiles.skipped {
            diagnostics.append(.warning(.webAsset, "the web file \(skipped)", at: web.location ?? input.catalog.settings.location))
        }
        return diagnostics
    }
}
