import CatalogCore
import CatalogLoad
import CatalogModel
/// `demo.unknown-example`: each line of a ```` ```demo ```` fence in a component's prose names
/// one of its examples by title (did-you-mean); a fence that names none is an error too.
package struct ProseDemoRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        // index.md's fences and each tab's: a tab draws the component's examples as index.md does.
        let fences = (component.prose?.demos ?? []) + component.tabFiles.flatMap(\.prose.demos)
        guard !fences.isEmpty else { return [] }
        // A fence names a demo example or one of the team's web examples by its title.
        let titles = (component.demo?.examples ?? []).compactMap { $0.title?.value } + component.webExamples.map(\.title.value)
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

/// `demo.unknown-example` in a guide: each line of a ```` ```demo ```` fence names
/// `slug/Example title`, a component and one of its titled demo examples (did-you-mean for
/// either); a fence that names none is an error too.
package struct GuideDemoRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        input.catalog.guides.flatMap { guide in
            guide.prose.demos.flatMap { fence -> [Diagnostic] in
                if fence.titles.isEmpty {
                    return [.error(.demoUnknownExample, "this demo block names no example; in a guide, write one `component-slug/Example title` per line", at: fence.location)]
                }
                return fence.titles.compactMap { line in problem(line, in: input) }
            }
        }
    }

    /// Why a fence line names no example, or nil when it names one.
    private func problem(_ line: Located<String>, in input: CheckInput) -> Diagnostic? {
        guard let reference = GuideDemoReference(line.value) else {
            return .error(.demoUnknownExample, "in a guide, a demo line names a component and one of its examples as `component-slug/Example title` (such as `switch/Selected`), not '\(line.value)'", at: line.location)
        }
        guard let titles = input.exampleTitles[reference.slug] else {
            // A component whose file does not load is reported there, once.
            if input.catalog.unreadableComponents.contains(reference.slug) { return nil }
            return .error(.demoUnknownExample, "the demo line names the component '\(reference.slug)', which is not in the catalog\(DidYouMean.hint(for: reference.slug, in: input.slugs)); write its slug (its folder under components/)", at: line.location)
        }
        guard !titles.contains(reference.title) else { return nil }
        let advice = titles.isEmpty
            ? "\(reference.slug) has no titled demo examples; add `demo:` with `examples:` that have a `title:`"
            : "name one of its examples by title: \(titles.joined(separator: ", "))"
        return .error(.demoUnknownExample, "the demo line names '\(reference.title)', which is not the title of an example of \(reference.slug)\(DidYouMean.hint(for: reference.title, in: titles)); \(advice)", at: line.location)
    }
}
