/// Keys of what the catalog-wide pages show of every component: the readiness dashboard, the
/// tokens page (and `token.unused`), the search index. Each combines one small hash per
/// component (`ComponentFacets`), kept in the component's `ComponentListing`.
enum CatalogFacets {
    static func readiness(_ listings: [ComponentListing]) -> UInt64 {
        combine(listings.map(\.readiness))
    }

    /// The tokens and which components use which.
    static func tokenUsage(_ catalog: Catalog, _ listings: [ComponentListing]) -> UInt64 {
        combine([catalog.tokens.contentKey] + listings.map(\.tokenUse))
    }

    /// Everything the search index holds.
    static func search(_ catalog: Catalog, _ listings: [ComponentListing]) -> UInt64 {
        var key = StableHash.Combiner()
        key.add(catalog.tokens.contentKey)
        key.add(catalog.settings.contentKey)
        for listing in listings { key.add(listing.search) }
        for index in catalog.guides.indices { key.add(catalog.guides[index].inputKey) }
        return key.value
    }

    static func combine(_ parts: [UInt64]) -> UInt64 {
        var combiner = StableHash.Combiner()
        for part in parts { combiner.add(part) }
        return combiner.value
    }
}

/// What the catalog-wide pages show of one component: its cards on the home page and the
/// components index, and the facets of the dashboard, the tokens page and the search index.
///
/// It is made from the component, the theme and the settings alone, so the rebuild loop's memo
/// keeps it under the key of those three (`key(of:theme:settings:)`) and a one-file change
/// remakes one listing, not a thousand.
struct ComponentListing {
    var homeCard: ComponentCard
    var indexCard: ComponentCard
    var readiness: UInt64
    var tokenUse: UInt64
    var search: UInt64

    init(_ component: Component, catalog: Catalog, theme: Theme) {
        homeCard = ComponentCard(component, from: "", catalog: catalog, theme: theme)
        indexCard = ComponentCard(component, from: "components/", catalog: catalog, theme: theme)
        readiness = ComponentFacets.readiness(component)
        tokenUse = ComponentFacets.tokenUse(component)
        search = ComponentFacets.search(component)
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

/// Hashes of what the catalog-wide pages show of one component.
enum ComponentFacets {
    /// Its row of the readiness dashboard.
    static func readiness(_ component: Component) -> UInt64 {
        var readiness = StableHash.Combiner()
        readiness.add(component.slug)
        readiness.add(component.name.value)
        readiness.add(component.status?.value ?? "")
        for entry in component.readiness {
            readiness.add(entry.criterion.value)
            readiness.add(entry.status.value)
            readiness.add(entry.notes ?? "")
        }
        return readiness.value
    }

    /// The tokens it uses (the tokens page lists users; `token.unused` reads them).
    static func tokenUse(_ component: Component) -> UInt64 {
        var tokenUse = StableHash.Combiner()
        tokenUse.add(component.slug)
        tokenUse.add(component.name.value)
        for appearance in component.appearances {
            for use in appearance.tokens { tokenUse.add(use.token.value) }
        }
        return tokenUse.value
    }

    /// What the search index holds of it.
    static func search(_ component: Component) -> UInt64 {
        var search = StableHash.Combiner()
        search.add(component.slug)
        search.add(component.name.value)
        search.add(component.summary.value)
        for heading in component.prose?.headings ?? [] { search.add(heading.text) }
        for property in component.properties { search.add(property.name.value) }
        for state in component.states { search.add(state.name.value) }
        for axis in component.variants { search.add(axis.name) }
        search.add(tokenUse(component))
        search.add(component.demo?.kind.value ?? "")
        return search.value
    }
}
