/// Hashes of what each catalog-wide page shows, so a rebuild renders again only the pages whose
/// key changed. A catalog-wide key combines one small key per component (`ComponentFacets`),
/// which the loader works out once when it loads the component.
enum PageKeys {
    static func combine(_ parts: [UInt64]) -> UInt64 {
        var combiner = StableHash.Combiner()
        for part in parts { combiner.add(part) }
        return combiner.value
    }

    /// Component cards: name, summary, status and kind, in order.
    static func cards(_ catalog: Catalog) -> UInt64 {
        combine(facets(catalog, \.card))
    }

    static func guideCards(_ catalog: Catalog) -> UInt64 {
        var key = StableHash.Combiner()
        for guide in catalog.guides {
            key.add(guide.slug)
            key.add(guide.title)
            key.add(guide.summary ?? "")
        }
        return key.value
    }

    /// The catalog navigation: each component's slug, name and group, each guide's slug and title.
    static func navigation(_ catalog: Catalog) -> UInt64 {
        var key = StableHash.Combiner()
        for index in catalog.components.indices {
            let component = catalog.components[index]
            key.add(component.slug)
            key.add(component.name.value)
            key.add(component.group?.value ?? "\u{0}")
        }
        for guide in catalog.guides {
            key.add(guide.slug)
            key.add(guide.title)
        }
        return key.value
    }

    static func readiness(_ catalog: Catalog) -> UInt64 {
        combine(facets(catalog, \.readiness))
    }

    /// The tokens and which components use which.
    static func tokenUsage(_ catalog: Catalog) -> UInt64 {
        combine([catalog.tokens.contentKey] + facets(catalog, \.tokenUse))
    }

    /// Everything the search index holds.
    static func search(_ catalog: Catalog) -> UInt64 {
        var key = StableHash.Combiner()
        key.add(catalog.tokens.contentKey)
        key.add(catalog.settings.contentKey)
        for part in facets(catalog, \.search) { key.add(part) }
        for index in catalog.guides.indices { key.add(catalog.guides[index].inputKey) }
        return key.value
    }

    /// One facet of every component, in order (components are read in place, not copied).
    static func facets(_ catalog: Catalog, _ facet: KeyPath<ComponentFacets, UInt64>) -> [UInt64] {
        catalog.components.indices.map { index in
            (catalog.components[index].facets ?? ComponentFacets(catalog.components[index]))[keyPath: facet]
        }
    }
}

/// Hashes of what the catalog-wide pages show of one component.
public struct ComponentFacets: Sendable, Equatable {
    /// Its card: slug, name, summary, kind, and the readiness its status is derived from.
    var card: UInt64
    /// Its row of the readiness dashboard.
    var readiness: UInt64
    /// The tokens it uses (the tokens page lists users; `token.unused` reads them).
    var tokenUse: UInt64
    /// What the search index holds of it.
    var search: UInt64

    init(_ component: Component) {
        var readiness = StableHash.Combiner()
        readiness.add(component.slug)
        readiness.add(component.name.value)
        readiness.add(component.status?.value ?? "")
        for entry in component.readiness {
            readiness.add(entry.criterion.value)
            readiness.add(entry.status.value)
            readiness.add(entry.notes ?? "")
        }
        self.readiness = readiness.value

        var card = StableHash.Combiner()
        card.add(component.slug)
        card.add(component.name.value)
        card.add(component.summary.value)
        card.add(component.demo?.kind.value ?? "")
        card.add(readiness.value)
        self.card = card.value

        var tokenUse = StableHash.Combiner()
        tokenUse.add(component.slug)
        tokenUse.add(component.name.value)
        for appearance in component.appearances {
            for use in appearance.tokens { tokenUse.add(use.token.value) }
        }
        self.tokenUse = tokenUse.value

        var search = StableHash.Combiner()
        search.add(component.slug)
        search.add(component.name.value)
        search.add(component.summary.value)
        for heading in component.prose?.headings ?? [] { search.add(heading.text) }
        for property in component.properties { search.add(property.name.value) }
        for state in component.states { search.add(state.name.value) }
        for axis in component.variants { search.add(axis.name) }
        search.add(tokenUse.value)
        search.add(component.demo?.kind.value ?? "")
        self.search = search.value
    }
}
