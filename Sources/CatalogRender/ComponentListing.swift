import CatalogModel
/// What the catalog-wide pages show of one component: its cards on the home page and the
/// components index.
///
/// It is made from the component, the settings and the theme alone, so the rebuild loop's memo
/// keeps it under those three and a one-file change remakes one listing, not a thousand.
package struct ComponentListing {
    package var homeCard: ComponentCard
    package var indexCard: ComponentCard

    package init(_ component: Component, settings: CatalogSettings, theme: Theme) {
        homeCard = ComponentCard(component, from: "", settings: settings, theme: theme)
        indexCard = ComponentCard(component, from: "components/", settings: settings, theme: theme)
    }
}
