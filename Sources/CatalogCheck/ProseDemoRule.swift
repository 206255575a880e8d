import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogModel
/// `demo.unknown-example`: each line of a ```` ```demo ```` fence in a component's prose names
/// one of its examples by title (did-you-mean); a fence that names none is an error too.
package struct ProseDemoRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        // index.md's fences and each tab's: a tab draws the component's examples as index.md does.
        let fences = (component.prose?.demos ?? []) + component.tabFiles.flatMap(\.prose.demos)
        guard !fences.isEmpty else { return [] }
        let titles = (component.demo?.examples ?? []).compactMap { $0.title?.value }
        var diagnostics: [Diagnostic] = []
        for fence in fences {
            if fence.titles.isEmpty {
                diagnostics.append(.error(.demoUnknownExample, "this demo block names no example; write one example title per line\(titles.isEmpty ? "" : " (\(titles.joined(separator: ", ")))")", at: fence.location))
            }
            for line in fence.titles where !titles.contains(line.value) {
                let advice = titles.isEmpty
                    ? "this component has no titled demo examples; add `demo:` with `examples:` that have a `title:`"
                    : "name one of its examples by title: \(titles.joined(separator: ", "))"
                diagnostics.append(.error(.demoUnknownExample, "the demo block names '\(line.value)', which is not the title of an example of \(component.name.value)\(DidYouMean.hint(for: line.value, in: titles)); \(advice)", at: line.location))
            }
        }
        return diagnostics
    }
}

/// `demo.unknown-example`: a guide has no examples of its own, so a ```` ```demo ```` fence in
/// it cannot place one.
package struct GuideDemoRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        input.catalog.guides.flatMap { guide in
            guide.prose.demos.map { fence in
                .error(.demoUnknownExample, "a ```demo block shows a component's examples on that component's page; a guide has none, so link to the component (or write the block in its index.md)", at: fence.location)
            }
        }
    }
}
