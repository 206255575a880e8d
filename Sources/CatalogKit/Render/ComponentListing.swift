/// What the catalog-wide pages show of one component: its cards on the home page and the
/// components index.
///
/// It is made from the component, the theme and the settings alone, so the rebuild loop's memo
/// keeps it under the key of those three (`key(of:theme:settings:)`) and a one-file change
/// remakes one listing, not a thousand.
struct ComponentListing {
    var homeCard: ComponentCard
    var indexCard: ComponentCard

    init(_ component: Component, settings: CatalogSettings, theme: Theme) {
        homeCard = ComponentCard(component, from: "", settings: settings, theme: theme)
        indexCard = ComponentCard(component, from: "components/", settings: settings, theme: theme)
    }

    /// Everything a listing is made from: the component's files, the theme, the settings (their
    /// content keys).
    static func key(of component: Component, theme: UInt64, settings: UInt64) -> UInt64 {
        var key = StableHash.Combiner()
        key.add(component.inputKey)
        key.add(theme)
        key.add(settings)
        return key.value
    }
}
