import CatalogCore

extension Steps {
    /// A piece of work per component, in the catalog's order: a function of the component
    /// alone, keyed by its `inputKey` (everything it is made from) and `also`, the keys of
    /// whatever else `make` reads (the settings, the tokens, the theme).
    package func perComponent<Output: Sendable>(_ step: String, _ components: [Component], also: [UInt64] = [], _ make: @escaping @Sendable (Component) -> Output) -> [Output] {
        run(step, components.map { component in
            Work(id: component.slug, input: [component.inputKey] + also) { _ in make(component) }
        })
    }
}
