import CatalogSyntax
import CatalogMarkdown
import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogAnalysis

/// A component page: the model, merged with the prose, in page order. It is made from its
/// `ComponentPageStep`'s input alone (the component, the layout with the settings and the theme,
/// the tokens and modes, and what it shows of other components), so the memo can reuse a page
/// whenever its input is equal.
package struct ComponentPage {
    package let component: Component
    /// The related components as the page shows them.
    package let related: [RelatedLink]
    /// `build --changes-since` found changes to this component (its page links to them).
    package let hasChanges: Bool
    package let tokens: TokenSet
    package let modes: TokenModes?
    package let settings: CatalogSettings
    package let theme: Theme
    package let demos: DemoMarkup

    /// The lifecycle badge (set from the inputs, which name the replacement).
    package var lifecycle: LifecycleBadge?
    /// What the code says of it (set from the inputs).
    package var code: CodeReport?
    /// What the releases did to it (`versions:`; set from the inputs).
    package var history: ComponentHistory?
    /// Its platform screenshots (`screenshots:`; set from the inputs).
    package var screenshots: ScreenshotGrid?
    /// What the saved Figma file says of it (`figma:`; set from the inputs).
    package var figma: FigmaSection?
    /// Each WCAG criterion's result and evidence (`conformance:`; set from the inputs).
    package var conformance: ConformanceSection?
    /// The version this page belongs to (its shared files are at the site's root).
    package var version: VersionContext?

    package init(component: Component, related: [RelatedLink], hasChanges: Bool, tokens: TokenSet, modes: TokenModes?, settings: CatalogSettings, theme: Theme) {
        self.component = component
        self.related = related
        self.hasChanges = hasChanges
        self.tokens = tokens
        self.modes = modes
        self.settings = settings
        self.theme = theme
        demos = DemoMarkup(theme: theme)
    }

    package var kind: DemoKind? { component.demo.flatMap { theme.kinds[$0.kind.value] } }
    package var rubric: ReadinessRubric { settings.rubric }

    /// The related components that exist, as links from `component`'s page.
    package static func related(of component: Component, in catalog: Catalog) -> [RelatedLink] {
        component.related.compactMap { reference in
            guard let other = catalog.component(reference.value) else { return nil }
            return RelatedLink(name: other.name.value, summary: other.listingSummary, href: LinkResolver.relative(from: component.pagePath, to: other.pagePath))
        }
    }

    /// Whether `build --changes-since` touched `component` and the theme can show the changes.
    package static func hasChanges(_ component: Component, in catalog: Catalog, theme: Theme) -> Bool {
        guard theme.hasTemplate("page-changes") else { return false }
        return catalog.changes?.changes.contains { $0.component == component.slug || $0.affects.contains(component.slug) } ?? false
    }

    package func fields() throws(Theme.RenderFailure) -> ComponentPageFields {
        let demo = try demoSection()
        let code = codeTabs(demoCode: demo.code)
        // Which model fields make which section is `ComponentTabs.presentSections`' alone; the
        // page tells it what it rendered.
        var present = ComponentTabs.presentSections(of: component, hasDemo: !(demo.section?.examples.isEmpty ?? true), hasCode: !code.tabs.isEmpty,
                                                    hasInCode: self.code != nil, hasRelated: !related.isEmpty)
        if history?.hasSection == true { present.insert(.changes) }
        if screenshots != nil { present.insert(.screenshots) }
        if figma != nil { present.insert(.figma) }
        if conformance != nil { present.insert(.conformance) }

        let toc = tableOfContents(prose: component.prose, present: present)
        var sectionTitles: [String: String] = [:]
        for section in ComponentSection.allCases { sectionTitles[section.id] = section.title }

        return ComponentPageFields(
            component: .init(slug: component.slug, name: component.name.value, summary: component.summary.value, variantCount: component.variantCount),
            status: StatusBadge.context(component.overallStatus(in: rubric), theme: theme),
            lifecycle: lifecycle,
            hasProse: component.prose != nil,
            prose: try proseWithDemos(component.prose),
            extra: FreeValue.extraContext(component.pageExtra),
            declared: component.declared.filter { $0.shows(.page) },
            toc: toc,
            titles: sectionTitles,
            present: present,
            demo: demo.section,
            gallery: try stateGallery(),
            states: statesTable(),
            variants: variantsSection(),
            appearances: try appearancesSection(),
            properties: propertiesTable(),
            accessibility: accessibilityTable(),
            readiness: readinessScorecard(),
            inCode: self.code.map(inCodeSection),
            code: code,
            hasChanges: hasChanges,
            changesHref: "../../changes/#changes-\(component.slug)",
            related: related,
            history: history?.fields(root: "../../") ?? HistoryFields(),
            webExamples: WebExamplePages.section(component, settings: settings),
            screenshots: try screenshotFields(deeper: ""),
            figma: figmaFields(deeper: ""),
            conformance: conformanceFields(deeper: "")
        )
    }

    /// The component's tabs as its pages show them, or nil for a component of one page.
    package func tabs(present: Set<ComponentSection>) -> ComponentTabs? {
        ComponentTabs(component, specs: settings.componentTabs, present: present)
    }

    /// The page of one tab, from the whole page's fields: its own prose and table of contents,
    /// the sections it shows, the tab navigation, and links that reach the other tabs (a tab
    /// page is one folder deeper than the component's, so its relative links start with `../`).
    package func fields(of tab: ComponentTabs.Tab, in tabs: ComponentTabs, whole: ComponentPageFields) throws(Theme.RenderFailure) -> ComponentPageFields {
        var fields = whole
        let deeper = tab.isFirst ? "" : "../"
        fields.present = whole.present.intersection(tab.sections)
        if tab.prose != nil { fields.present.insert(.guidelines) }
        fields.hasProse = tab.prose != nil
        fields.prose = tab.isFirst ? whole.prose : try proseWithDemos(tab.prose, deeper: deeper)
        fields.extra = FreeValue.extraContext(tab.prose?.extra)
        fields.toc = tableOfContents(prose: tab.prose, present: fields.present)
        fields.tabs = tabs.tabs.map { other in
            TabLink(title: other.title, href: LinkResolver.relative(from: tab.pagePath, to: other.pagePath), current: other.pagePath == tab.pagePath)
        }
        fields.tabTitle = tab.title
        fields.demo?.playgroundData = deeper + PlaygroundData.fileName
        let inCode = tabs.tab(showing: .inCode)
        fields.inCodeHref = (inCode.pagePath == tab.pagePath ? "" : LinkResolver.relative(from: tab.pagePath, to: inCode.pagePath)) + "#in-code"
        fields.changesHref = deeper + whole.changesHref
        fields.webExamples = whole.webExamples.map { example in var moved = example; moved.src = deeper + example.src; return moved }
        if !deeper.isEmpty, screenshots != nil { fields.screenshots = try screenshotFields(deeper: deeper) }
        if !deeper.isEmpty {
            fields.figma = figmaFields(deeper: deeper)
            fields.conformance = conformanceFields(deeper: deeper)
        }
        if let history {
            fields.history = history.fields(root: deeper + "../../")
            let changes = tabs.tab(showing: .changes)
            fields.history.sectionHref = (changes.pagePath == tab.pagePath ? "" : LinkResolver.relative(from: tab.pagePath, to: changes.pagePath)) + "#changes"
        }
        fields.related = whole.related.map { link in var moved = link; moved.href = deeper + link.href; return moved }
        if var lifecycle = fields.lifecycle, !lifecycle.replacementHref.isEmpty {
            lifecycle.replacementHref = deeper + lifecycle.replacementHref
            fields.lifecycle = lifecycle
        }
        return fields
    }

    /// The In Figma section, its render's address from a page `deeper` below the component's.
    private func conformanceFields(deeper: String) -> ConformanceSection.Fields? {
        conformance?.fields(theme: theme, href: { LinkResolver.encodedPath(VersionContext.href($0, root: deeper + "../../", version: version)) })
    }

    private func figmaFields(deeper: String) -> ComponentPageFields.Figma? {
        figma?.fields(href: { LinkResolver.encodedPath(VersionContext.href($0, root: deeper + "../../", version: version)) })
    }

    /// The platform grid, its images' addresses from a page `deeper` below the component's.
    private func screenshotFields(deeper: String) throws(Theme.RenderFailure) -> ScreenshotGridFields? {
        guard let screenshots else { return nil }
        let others = component.demo?.examples ?? []
        return try screenshots.fields(component: component, web: { row, number throws(Theme.RenderFailure) -> String? in
            guard let kind else { return nil }
            let id = "\(component.slug)-sh\(number)"
            if row.isState {
                let (example, forced) = DemoStates.apply(row.title, to: baseExample, kind: kind, others: others)
                var labelled = forced
                labelled.stateLabel = row.title
                let markup = try demos.render(example, kind: kind, id: id, componentName: component.name.value, forced: labelled)
                return "<div class=\"demo-stage state-sample__stage \(rolesClass(for: baseExample))\">\(markup)</div>"
            }
            guard let example = others.first(where: { ($0.title?.value ?? "") == row.title }) ?? (others.isEmpty ? nil : others[max(0, min(number - 1, others.count - 1))]) else { return nil }
            let markup = try demos.render(example, kind: kind, id: id, componentName: component.name.value)
            return "<div class=\"demo-stage \(rolesClass(for: example))\">\(markup)</div>"
        }, href: { VersionContext.href($0, root: deeper + "../../", version: version) })
    }

    /// The prose's headings (to level 3), then the generated sections the page shows.
    private func tableOfContents(prose: Prose?, present: Set<ComponentSection>) -> [TOCEntry] {
        var toc: [TOCEntry] = []
        for heading in prose?.headings ?? [] where heading.level <= 3 {
            toc.append(TOCEntry(id: heading.id, text: heading.text, level: heading.level))
        }
        for section in ComponentSection.allCases where present.contains(section) && section != .guidelines {
            toc.append(TOCEntry(id: section.id, text: section.title, level: 2))
        }
        return toc
    }

    // MARK: Demo

    /// The prose, each ```` ```demo ```` fence replaced by the examples it names, through the
    /// theme's `partials/prose-demo` (ids `<slug>-prN`, unique however often an example appears).
    private func proseWithDemos(_ prose: Prose?, deeper: String = "") throws(Theme.RenderFailure) -> String {
        guard let prose else { return "" }
        guard !prose.demos.isEmpty else { return prose.html }
        let placeholder = MarkdownDemoFence.placeholder
        var pieces = prose.html.components(separatedBy: placeholder)
        guard pieces.count == prose.demos.count + 1 else { return prose.html }
        var instance = 0
        var html = pieces.removeFirst()
        for (fence, rest) in zip(prose.demos, pieces) {
            var figures: [String] = []
            for title in fence.titles {
                // One of the team's own examples: its frame, as the Examples section shows it.
                if let web = component.webExamples.first(where: { $0.title.value == title.value }), theme.hasTemplate("partials/web-example"),
                   var fields = WebExamplePages.section(component, settings: settings).first(where: { $0.id == web.id }) {
                    instance += 1
                    fields.src = deeper + fields.src
                    fields.anchor += "-pr\(instance)"
                    fields.place = "in a frame in the text (\(instance))"
                    figures.append(try theme.render("partials/web-example", fields).trimmingNewlines())
                    continue
                }
                guard let kind, let example = component.demo?.examples.first(where: { $0.title?.value == title.value }) else { continue }
                instance += 1
                let markup = try demos.render(example, kind: kind, id: "\(component.slug)-pr\(instance)", componentName: component.name.value)
                let figure = DemoFigure(title: title.value, markup: markup, kind: kind.id, rolesClass: rolesClass(for: example))
                figures.append(theme.hasTemplate("partials/prose-demo") ? try theme.render("partials/prose-demo", figure).trimmingNewlines() : markup)
            }
            html += figures.joined(separator: "\n") + rest
        }
        return html
    }

    /// The first example, or a plain one named after the component, as the base of derived demos.
    package var baseExample: DemoExample {
        component.demo?.examples.first ?? DemoExample(location: component.location)
    }

    private func demoSection() throws(Theme.RenderFailure) -> (section: ComponentPageFields.Demo?, code: String) {
        guard let demo = component.demo, let kind, !demo.examples.isEmpty else { return (nil, "") }
        var examples: [DemoFigure] = []
        var code: [String] = []
        for (index, example) in demo.examples.enumerated() {
            let markup = try demos.render(example, kind: kind, id: "\(component.slug)-ex\(index + 1)", componentName: component.name.value)
            let title = example.title?.value ?? "Example \(index + 1)"
            examples.append(DemoFigure(title: title, markup: markup, kind: kind.id, rolesClass: rolesClass(for: example)))
            code.append("<!-- \(title) -->\n" + markup)
        }
        let header = try demos.header(for: demo.examples, kind: kind, id: "\(component.slug)-\(kind.id)")
        let first = demo.examples[0]
        let playground = DemoFigure(
            title: first.title?.value ?? "Example 1",
            markup: try demos.render(first, kind: kind, id: "\(component.slug)-pg", componentName: component.name.value),
            kind: kind.id, rolesClass: rolesClass(for: first)
        )
        return (ComponentPageFields.Demo(header: header, kind: kind.id, kindName: kind.name.lowercased(), examples: examples, playground: playground), code.joined(separator: "\n\n"))
    }

    /// The class that paints an example with the appearance it names (`demo-roles-N`), or empty:
    /// without `appearance:` the page's own roles (the first appearance's) paint it.
    package func rolesClass(for example: DemoExample) -> String {
        guard let chosen = example.appearance?.value, let index = component.appearances.firstIndex(where: { $0.name.value == chosen }) else { return "" }
        return DemoRoles.appearanceClass(index)
    }

    private func stateGallery() throws(Theme.RenderFailure) -> [ComponentPageFields.GalleryItem] {
        guard let kind else { return [] }
        let others = component.demo?.examples ?? []
        var gallery: [ComponentPageFields.GalleryItem] = []
        for (index, state) in component.states.enumerated() {
            let (example, forced) = DemoStates.apply(state.name.value, to: baseExample, kind: kind, others: others)
            var labelled = forced
            labelled.stateLabel = state.name.value
            let markup = try demos.render(example, kind: kind, id: "\(component.slug)-st\(index + 1)", componentName: component.name.value, forced: labelled)
            gallery.append(.init(name: state.name.value, notes: state.notes, markup: markup, rolesClass: rolesClass(for: baseExample)))
        }
        return gallery
    }

    private func statesTable() -> ComponentPageFields.States {
        let platforms = orderedKeys(component.states.flatMap { $0.support.map(\.platform) })
        let rows = component.states.map { state in
            ComponentPageFields.States.Row(
                name: state.name.value,
                cells: platforms.map { platform in
                    let stated = state.support.first { $0.platform == platform }
                    var cell = SupportCell.context(stated?.support, note: stated?.note)
                    cell.label = PlatformName.display(platform)
                    return cell
                },
                figma: state.figma ?? "", notes: state.notes ?? ""
            )
        }
        return .init(
            platforms: platforms.map { PlatformHeading(name: PlatformName.display($0)) },
            rows: rows,
            hasFigma: component.states.contains { $0.figma != nil },
            hasNotes: component.states.contains { $0.notes != nil }
        )
    }

    private func variantsSection() -> ComponentPageFields.Variants {
        let axes = component.variants.map { axis in
            ComponentPageFields.Variants.Axis(name: axis.name, values: axis.values)
        }
        let formula = component.variants.map { String($0.values.count) }.joined(separator: " × ")
        return .init(
            axes: axes, formula: formula, count: component.variantCount,
            sentence: "\(formula) = \(component.variantCount) variant\(component.variantCount == 1 ? "" : "s")"
        )
    }

    private func appearancesSection() throws(Theme.RenderFailure) -> [ComponentPageFields.Appearance] {
        var appearances: [ComponentPageFields.Appearance] = []
        for (index, appearance) in component.appearances.enumerated() {
            var markup = ""
            if let kind, let example = appearance.example {
                markup = try demos.render(example, kind: kind, id: "\(component.slug)-ap\(index + 1)", componentName: component.name.value)
            }
            let tokenRows = appearance.tokens.map { use in
                let token = tokens.token(use.token.value)
                return ComponentPageFields.Appearance.TokenRow(
                    role: use.role, token: use.token.value, known: token != nil, isColor: token?.color != nil,
                    swatchClass: token?.swatchClass ?? "", value: token?.displayValue ?? "", cssVariable: token?.cssVariable ?? "",
                    modeValues: ModeValues(token, in: modes)
                )
            }
            let exempt = ContrastPairs.isExempt(appearance)
            // Each mode adds its rows where its colours differ from the default's.
            let contrast = ContrastPairs.measured(for: appearance, kind: kind, tokens: tokens, modes: modes, settings: settings).map { pair, mode in
                let passes = pair.passes || exempt
                return ComponentPageFields.Appearance.ContrastRow(
                    label: mode.map { "\(pair.label), in \($0)" } ?? pair.label,
                    ratio: pair.ratioText,
                    needed: "\(CSSNumber.format(pair.required)):1",
                    criterion: pair.kind.criterion,
                    result: StatusBadge.result(passes: passes, exempt: exempt && !pair.passes, theme: theme)
                )
            }
            appearances.append(.init(
                contrast: contrast, name: appearance.name.value, description: appearance.description,
                markup: markup, rolesClass: DemoRoles.appearanceClass(index), tokens: tokenRows
            ))
        }
        return appearances
    }

    private func propertiesTable() -> ComponentPageFields.Properties {
        let platforms = orderedKeys(component.properties.flatMap { $0.platforms.map(\.platform) })
        let rows = component.properties.map { property in
            ComponentPageFields.Properties.Row(
                name: property.name.value,
                type: property.type ?? "",
                required: property.required,
                description: property.description ?? "",
                cells: platforms.map { platform in TextCell(text: property.platforms.first { $0.platform == platform }?.text ?? "", label: PlatformName.display(platform)) }
            )
        }
        return .init(
            platforms: platforms.map { PlatformHeading(name: PlatformName.display($0)) },
            rows: rows,
            hasType: component.properties.contains { $0.type != nil },
            hasDescription: component.properties.contains { $0.description != nil }
        )
    }

    private func accessibilityTable() -> ComponentPageFields.Accessibility {
        let platforms = orderedKeys(component.accessibility.flatMap { $0.platforms.map(\.platform) })
        return .init(
            platforms: platforms.map { PlatformHeading(name: PlatformName.display($0)) },
            rows: component.accessibility.map { requirement in
                .init(
                    requirement: requirement.requirement.value,
                    cells: platforms.map { platform in TextCell(text: requirement.platforms.first { $0.platform == platform }?.text ?? "", label: PlatformName.display(platform)) },
                    criteria: requirement.criteria.isEmpty ? "" : "WCAG " + requirement.criteria.map(\.value).joined(separator: ", "),
                    responsibility: requirement.responsibility == .shared ? "met by a shared part" : requirement.responsibility == .consumer ? "met by the product using it" : ""
                )
            }
        )
    }

    private func readinessScorecard() -> ComponentPageFields.Readiness {
        // Measured from the code (C4, C7), the platform screenshots (C5) and Figma (C2, C3).
        let allMeasured = (code?.measured ?? []) + (screenshots?.measured.map { [$0] } ?? []) + (figma?.measured ?? [])
        let rows = rubric.criteria.map { criterion in
            let entry = component.readiness.first { $0.criterion.value == criterion.id }
            let status = entry.flatMap { rubric.status($0.status.value) }
            let measured = allMeasured.first { $0.criterion == criterion.id }
            return ComponentPageFields.Readiness.Row(
                id: criterion.id, name: criterion.name, status: StatusBadge.context(status, theme: theme), notes: entry?.notes ?? "",
                measured: measured.map { StatusBadge.context($0.status, theme: theme) }, evidence: measured?.evidence ?? "",
                measuredFrom: measured.map { "From " + $0.sourceInSentence } ?? "",
                disagrees: measured?.differs(from: status) ?? false
            )
        }
        var counts: [ComponentPageFields.Readiness.Count] = []
        for status in rubric.statuses {
            let count = component.readiness.filter { $0.status.value == status.id }.count
            if count > 0 { counts.append(.init(label: status.label, count: count)) }
        }
        return .init(rows: rows, counts: counts, hasMeasured: !allMeasured.isEmpty)
    }

    /// The "In code" section: each platform's implementation, its Code Connect link, drift, and usage.
    private func inCodeSection(_ report: CodeReport) -> ComponentPageFields.InCode {
        ComponentPageFields.InCode(
            implementations: report.implementations.map { implementation in
                ComponentPageFields.InCode.Implementation(
                    platform: PlatformName.display(implementation.platform),
                    name: implementation.name,
                    place: implementation.file.map { "\($0):\(implementation.line ?? 1)" } ?? "",
                    link: implementation.link.map { "\($0.file):\($0.line)" } ?? "",
                    mismatches: implementation.mismatches,
                    undocumented: implementation.undocumented
                )
            },
            usage: report.usageSentence,
            countsUsage: report.countsUsage,
            usageFiles: report.usage.flatMap { usage in
                usage.files.map { ComponentPageFields.InCode.UsageFile(platform: PlatformName.display(usage.platform), file: $0.file, calls: $0.calls) }
            }
        )
    }

    /// The language a platform's code is written in, for the highlighter's class
    /// (`language-swift`); other names are kept as written.
    package static let highlightLanguage = ["swiftui": "swift", "uikit": "swift", "ios": "swift", "compose": "kotlin", "android": "kotlin", "jetpack-compose": "kotlin", "web": "html", "react": "javascript", "vue": "html", "flutter": "dart"]

    private func codeTabs(demoCode: String) -> ComponentPageFields.Code {
        var tabs: [ComponentPageFields.Code.Tab] = []
        // A written `code: html:` and the demo's generated markup are two tabs with their own
        // names and ids, never one id twice.
        let writesHTML = component.code.contains { HeadingID.slug($0.language.lowercased()) == "html" }
        var ids = UniqueIDs()
        if !demoCode.isEmpty {
            tabs.append(.init(panelID: ids.make("\(component.slug)-code-html" + (writesHTML ? "-generated" : "")), label: writesHTML ? "HTML (from the demo)" : "HTML", language: "html", code: demoCode))
        }
        for snippet in component.code {
            let language = snippet.language.lowercased()
            tabs.append(.init(
                panelID: ids.make("\(component.slug)-code-" + HeadingID.slug(language)),
                label: PlatformName.display(snippet.language),
                language: Self.highlightLanguage[language] ?? language,
                code: TextSafety.escapedKeepingLines(snippet.code.hasSuffix("\n") ? String(snippet.code.dropLast()) : snippet.code)
            ))
        }
        if !tabs.isEmpty { tabs[0].first = true }
        return .init(tabs: tabs, id: "\(component.slug)-code")
    }

    /// Keys in first-seen order, without repeats.
    private func orderedKeys(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}

/// A yes / no / partial / n/a cell, shown as text plus an icon, with the note when one is
/// written (`Partial: VoiceOver only`).
package enum SupportCell {
    package static func context(_ support: Support?, note: String? = nil) -> IconCell {
        var cell: IconCell
        switch support {
        case .yes?: cell = IconCell(text: "Yes", cssClass: "support-yes", icon: "✓")
        case .no?: cell = IconCell(text: "No", cssClass: "support-no", icon: "✕")
        case .partial?: cell = IconCell(text: "Partial", cssClass: "support-partial", icon: "◐")
        case .notApplicable?: cell = IconCell(text: "N/A", cssClass: "support-na", icon: "–")
        case nil: cell = IconCell(text: "Not stated", cssClass: "support-unknown", icon: "?")
        }
        if let note, !note.isEmpty { cell.text += ": " + note }
        return cell
    }
}

/// A readiness status as text and an icon, never colour alone.
package enum StatusBadge {
    package static func context(_ status: ReadinessStatus?, theme: Theme) -> Badge {
        guard let status else {
            return Badge(label: "Not assessed", tone: "none", icon: icon("none", theme: theme), id: "", assessed: false)
        }
        return Badge(label: status.label, tone: status.tone.rawValue, icon: icon(status.tone.rawValue, theme: theme), id: status.id, assessed: true)
    }

    /// Pass or fail of a contrast check, as a badge.
    package static func result(passes: Bool, exempt: Bool, theme: Theme) -> Badge {
        if exempt { return Badge(label: "Exempt (disabled)", tone: "neutral", icon: icon("neutral", theme: theme)) }
        return passes
            ? Badge(label: "Pass", tone: "positive", icon: icon("positive", theme: theme))
            : Badge(label: "Fail", tone: "negative", icon: icon("negative", theme: theme))
    }

    /// The theme's `status-<tone>` symbol, as a reference to the page's sprite.
    package static func icon(_ tone: String, theme: Theme) -> String {
        theme.statusSymbol(tone)
    }
}

/// Renders a component's page, and its playground's data beside it.
package enum ComponentPageStep: Step {
    package struct Input: Hashable, Sendable {
        /// Shared by every page: compared by a hash of itself, once.
        var layout: Hashed<LayoutContext>
        var component: Component
        var tokens: TokenSet
        var modes: TokenModes?
        /// The related components as the page shows them.
        var related: [RelatedLink]
        /// `build --changes-since` found changes to this component (its page links to them).
        var hasChanges: Bool
        /// The page's role stylesheet (shared by pages whose appearances bind the same tokens).
        var roles: String?
        /// The lifecycle badge, with the replacement's name and link.
        var lifecycle: LifecycleBadge?
        /// What the code says of the component (`code:` in catalog.yaml).
        var code: CodeReport?
        /// What the releases did to it (`versions:` in catalog.yaml).
        var history: ComponentHistory? = nil
        /// Its platform screenshots (`screenshots:` in catalog.yaml).
        var screenshots: ScreenshotGrid? = nil
        /// What the saved Figma file says of it (`figma:` in catalog.yaml).
        var figma: FigmaSection? = nil
        /// Each WCAG criterion's result and evidence (`conformance:` in catalog.yaml).
        var conformance: ConformanceSection? = nil
    }

    package static func run(_ input: Input) -> RenderedPage {
        RenderedPage(page: input.component.pagePath + "index.html") { () throws(Theme.RenderFailure) in try files(input) }
    }

    private static func files(_ input: Input) throws(Theme.RenderFailure) -> [(String, [UInt8])] {
        let component = input.component
        let layout = input.layout.value
        let theme = layout.theme
        var frame = PageFrame(path: component.pagePath + "index.html", title: component.name.value, description: component.listingSummary, section: .components)
        let kind = component.demo.flatMap { theme.kinds[$0.kind.value] }
        // A kind's script and stylesheet load only on the pages that show it.
        if let kind {
            // demo-runtime.js first: the kind's script enhances its demos through it.
            frame.scripts = ["demo-runtime.js", "demos/\(kind.id).js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:)) + ["tabs_js"]
            // The Controls playground renders the kind's templates with mustache.js.
            frame.scripts += ["vendor/mustache.min.js", "playground.js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:))
            if let css = theme.assetPaths["demos/\(kind.id).css"] { frame.stylesheets.append(layout.href(css, root: frame.root)) }
        } else if !component.code.isEmpty {
            frame.scripts = ["tabs_js"]
        }
        if let roles = input.roles { frame.stylesheets.append(layout.href(roles, root: frame.root)) }
        if !component.webExamples.isEmpty, theme.assetPaths["examples.js"] != nil { frame.scripts.append("examples_js") }
        if input.screenshots != nil, theme.assetPaths["screenshots.js"] != nil { frame.scripts.append("screenshots_js") }
        frame.scripts += SiteRenderer.codeScripts
        var page = ComponentPage(component: component, related: input.related, hasChanges: input.hasChanges, tokens: input.tokens, modes: input.modes, settings: layout.settings, theme: theme)
        page.lifecycle = input.lifecycle
        page.code = input.code
        page.history = input.history
        page.screenshots = input.screenshots
        page.figma = input.figma
        page.conformance = input.conformance
        page.version = layout.version
        let fields = try page.fields()
        var files: [(String, [UInt8])] = []
        if let tabs = page.tabs(present: fields.present) {
            for tab in tabs.tabs {
                var tabFrame = frame
                tabFrame.path = tab.pagePath + "index.html"
                if !tab.isFirst {
                    tabFrame.title = "\(component.name.value): \(tab.title)"
                    tabFrame.description = tab.description ?? "\(tab.title) of \(component.name.value): \(component.listingSummary)"
                    tabFrame.stylesheets = frame.stylesheets.map { "../" + $0 }
                }
                // The navigation marks the component's link on each of its tabs.
                tabFrame.navigationPath = component.pagePath + "index.html"
                let tabFields = try page.fields(of: tab, in: tabs, whole: fields)
                let html = try theme.render("page-component", PageContext(layout: layout.context(for: tabFrame), fields: tabFields))
                files.append((tabFrame.path, Array(html.utf8)))
            }
        } else {
            let html = try theme.render("page-component", PageContext(layout: layout.context(for: frame), fields: fields))
            files.append((frame.path, Array(html.utf8)))
        }
        if let kind, fields.present.contains(.playground), let kindData = theme.assetPaths[PlaygroundData.kindAsset(kind.id)] {
            let appearances = component.appearances.enumerated().map { (name: $1.name.value, className: DemoRoles.appearanceClass($0)) }
            let json = PlaygroundData.json(for: component, kind: kind, kindFile: layout.href(kindData, root: frame.root), appearanceClasses: appearances)
            files.append((component.pagePath + PlaygroundData.fileName, Array(json.utf8)))
        }
        return files
    }
}
