/// Keys of what the catalog-wide pages show of every component: the readiness dashboard, the
/// tokens page (and `token.unused`), the search index. Each combines one small hash per
/// component (`ComponentFacets`), worked out on each run from the loaded components.
enum CatalogFacets {
    static func readiness(_ catalog: Catalog) -> UInt64 {
        combine(facets(catalog, ComponentFacets.readiness))
    }

    /// The tokens and which components use which.
    static func tokenUsage(_ catalog: Catalog) -> UInt64 {
        combine([catalog.tokens.contentKey] + facets(catalog, ComponentFacets.tokenUse))
    }

    /// Everything the search index holds.
    static func search(_ catalog: Catalog) -> UInt64 {
        var key = StableHash.Combiner()
        key.add(catalog.tokens.contentKey)
        key.add(catalog.settings.contentKey)
        for part in facets(catalog, ComponentFacets.search) { key.add(part) }
        for index in catalog.guides.indices { key.add(catalog.guides[index].inputKey) }
        return key.value
    }

    static func combine(_ parts: [UInt64]) -> UInt64 {
        var combiner = StableHash.Combiner()
        for part in parts { combiner.add(part) }
        return combiner.value
    }

    /// One facet of every component, in order (components are read in place, not copied).
    static func facets(_ catalog: Catalog, _ facet: (Component) -> UInt64) -> [UInt64] {
        catalog.components.indices.map { facet(catalog.components[$0]) }
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
