import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogAnalysis
import CatalogSyntax
/// Every page as clean Markdown (`index.md` beside its `index.html`), for readers that want text:
/// agents, `llms-full.txt`, a terminal. A component's page is its guideline prose as written,
/// then its model as tables; a guide's is its prose; the catalog-wide pages are lists and
/// tables. Links between the Markdown pages are relative, like the HTML's, and lead to each
/// other's `index.md`.
package enum PageMarkdown {
    /// `code`: what the code says of it (`ComponentAnalysis`, worked out once).
    package static func component(_ component: Component, data: JSONText.Value, catalog: ComponentContext, codeReport: CodeReport?) -> String {
        var text = "# \(line(component.name.value))\n\n> \(line(component.summary.value))\n\n"
        if let lifecycle = component.lifecycle?.value {
            text += "Lifecycle: \(lifecycle.rawValue)"
            if let replacement = component.replacement.flatMap({ catalog.directory[$0.value] }) {
                text += "; use [\(line(replacement.name))](../\(replacement.slug)/index.md) instead"
            }
            text += "\n\n"
        }
        // component.yaml's declared fields (`ComponentFields`), a line each.
        let declared = component.declared.filter { $0.shows(.twin) }
        for value in declared {
            let shown = value.href.map { "<\(line($0))>" } ?? line(value.text)
            text += "\(line(value.field?.label ?? value.key)): \(shown)\n\n"
        }
        let tabs = catalog.tabs(of: component)
        if let tabs {
            text += "Pages: " + tabs.tabs.map { tab in
                tab.isFirst ? "\(line(tab.title)) (this page)" : "[\(line(tab.title))](\(tab.file)/index.md)"
            }.joined(separator: " · ") + "\n\n"
        }
        let examples = component.demo?.examples ?? []
        if let prose = component.prose, !prose.source.isEmpty {
            text += describingDemos(linked(prose, page: component.pagePath), examples: examples).trimmingBlankLines() + "\n\n"
        }
        if !examples.isEmpty, let kind = component.demo?.kind.value {
            text += "## Examples\n\nShown live on the page (a \(line(kind)) demo):\n\n"
            for example in examples { text += "- " + exampleLine(example) + "\n" }
            text += "\n"
        }
        if !component.properties.isEmpty {
            let platforms = ordered(component.properties.flatMap { $0.platforms.map(\.platform) })
            let described = component.properties.contains { $0.description != nil }
            text += "## Properties\n\n" + table(["Property", "Type", "Required"] + (described ? ["Description"] : []) + platforms.map(PlatformName.display), component.properties.map { property in
                [property.name.value, property.type ?? "", property.required ? "yes" : "no"] + (described ? [property.description ?? ""] : [])
                    + platforms.map { platform in property.platforms.first { $0.platform == platform }?.text ?? "" }
            })
        }
        if !component.states.isEmpty {
            let platforms = ordered(component.states.flatMap { $0.support.map(\.platform) })
            text += "## States\n\n" + table(["State"] + platforms.map(PlatformName.display) + ["Notes"], component.states.map { state in
                [state.name.value] + platforms.map { platform in
                    guard let support = state.support.first(where: { $0.platform == platform }) else { return "not stated" }
                    return support.support.rawValue + (support.note.map { ": \($0)" } ?? "")
                } + [state.notes ?? ""]
            })
        }
        if !component.variants.isEmpty {
            text += "## Variants\n\n\(component.variantCount) variants:\n\n"
            for axis in component.variants { text += "- \(line(axis.name)): \(axis.values.map(inline).joined(separator: ", "))\n" }
            text += "\n"
        }
        if !component.appearances.isEmpty {
            text += "## Appearances\n\n"
            let modeNames = (catalog.modes?.resolutions ?? []).map(\.label)
            for appearance in component.appearances {
                text += "### \(line(appearance.name.value))\n\n"
                if let description = appearance.description { text += "\(line(description))\n\n" }
                text += table(["Role", "Token", "Value"] + modeNames, appearance.tokens.map { use in
                    let token = catalog.tokens.token(use.token.value)
                    let values = token.map { catalog.modes?.inEveryResolution($0.name) ?? [] } ?? []
                    return [use.role, code(use.token.value), token?.displayValue ?? "(no such token)"]
                        + values.map { $0.token?.displayValue ?? "" }
                }, markup: [1])
            }
        }
        if case .array(let pairs)? = data.field("contrast"), !pairs.isEmpty {
            text += "## Contrast\n\n" + table(["Appearance", "Pair", "Mode", "Ratio", "Needs", "Result"], pairs.map { pair in
                let ratio = pair.field("ratio")?.numberText ?? ""
                let needed = pair.field("required")?.numberText ?? ""
                return [pair.field("appearance")?.stringValue ?? "", pair.field("pair")?.stringValue ?? "", pair.field("mode")?.stringValue ?? "default",
                        "\(ratio):1", "\(needed):1", pair.field("passes") == .bool(true) ? "pass" : "fail"]
            })
        }
        if !component.accessibility.isEmpty {
            text += "## Accessibility\n\n"
            for requirement in component.accessibility {
                text += "- \(line(requirement.requirement.value))\n"
                for platform in requirement.platforms { text += "  - \(PlatformName.display(platform.platform)): \(line(platform.text))\n" }
            }
            text += "\n"
        }
        if !component.readiness.isEmpty {
            let rubric = catalog.settings.rubric
            text += "## Readiness\n\n"
            if let overall = component.overallStatus(in: rubric) { text += "Overall: \(overall.label)\n\n" }
            text += table(["Criterion", "Status", "Notes"], component.readiness.map { entry in
                let name = rubric.criteria.first { $0.id == entry.criterion.value }.map { "\(entry.criterion.value) \($0.name)" } ?? entry.criterion.value
                return [name, rubric.status(entry.status.value)?.label ?? entry.status.value, entry.notes ?? ""]
            })
        }
        // component.yaml's `extra:`, as component.json has it.
        if let extra = data.field("extra") {
            let shown = JSONText.pretty(extra)
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(shown) + 1))
            text += "## Extra\n\n\(fence)json\n\(shown.trimmingTrailingNewlines())\n\(fence)\n\n"
        }
        if let figma = data.field("figmaParity") {
            text += FigmaSection.markdown(figma)
        }
        if let conformance = data.field("conformance") {
            text += ConformanceSection.markdown(conformance)
        }
        if let report = codeReport {
            text += "## In code\n\n"
            if !report.implementations.isEmpty {
                text += table(["Platform", "Implementation", "Declared in", "Code Connect", "Mappings"], report.implementations.map { implementation in
                    [PlatformName.display(implementation.platform), implementation.name,
                     implementation.file.map { "\($0):\(implementation.line ?? 1)" } ?? "not found",
                     implementation.link.map { "linked (\($0.file):\($0.line))" } ?? "not linked",
                     implementation.file == nil ? "" : (implementation.mismatches == 0 ? "all match" : "\(implementation.mismatches) drift") + (implementation.undocumented > 0 ? ", \(implementation.undocumented) undocumented" : "")]
                })
            }
            if !report.measured.isEmpty {
                text += "Measured from code: " + report.measured.map { "\(inline($0.criterion)) \(inline($0.status.label)) (\(inline($0.evidence)))" }.joined(separator: "; ") + ".\n\n"
            }
            if report.countsUsage {
                text += line(report.usageSentence) + "\n\n"
                for usage in report.usage {
                    for file in usage.files { text += "- \(PlatformName.display(usage.platform)): \(inline(file.file)), \(CodeReport.count(file.calls, "call"))\n" }
                }
                if !report.usage.isEmpty { text += "\n" }
            }
        }
        if !component.code.isEmpty {
            text += "## Code\n\n"
            for snippet in component.code {
                let shown = TextSafety.escapedKeepingLines(snippet.code)
                let fence = String(repeating: "`", count: max(3, longestBacktickRun(shown) + 1))
                // Labelled with the language the code is written in (`swift`, `kotlin`), as the page highlights it.
                let language = ComponentPage.highlightLanguage[snippet.language.lowercased()] ?? snippet.language
                text += "\(fence)\(inline(language))\n\(shown.trimmingTrailingNewlines())\n\(fence)\n\n"
            }
        }
        let related = component.related.compactMap { reference in catalog.directory[reference.value] }
        if !related.isEmpty {
            text += "## Related\n\n"
            for other in related { text += "- [\(line(other.name))](../\(other.slug)/index.md): \(line(other.summary))\n" }
            text += "\n"
        }
        return text.trimmingTrailingNewlines() + "\n"
    }

    /// A tab's page (`components/button/code/index.md`): its prose, and where the component's
    /// generated sections are (the component's own Markdown, which holds them all).
    package static func tab(_ tab: ComponentTabs.Tab, of component: Component, examples: [DemoExample]) -> String {
        var text = "# \(line(component.name.value)): \(line(tab.title))\n\n> \(line(tab.description ?? component.summary.value))\n\n"
        text += "One page of [\(line(component.name.value))](../index.md), which also lists its properties, states, appearances, accessibility and readiness.\n\n"
        if let prose = tab.prose, !prose.source.isEmpty {
            text += describingDemos(linked(prose, page: tab.pagePath), examples: examples).trimmingBlankLines() + "\n"
        }
        return text.trimmingTrailingNewlines() + "\n"
    }

    package static func guide(_ guide: Guide) -> String {
        var text = "# \(line(guide.title))\n\n"
        if let description = guide.description { text += "> \(line(description))\n\n" }
        // A title taken from the guide's first heading is the one above; the heading goes.
        let body = linked(guide.prose, page: guide.pagePath)
        return text + (guide.prose.title == nil ? body : withoutFirstHeading(body)).trimmingBlankLines() + "\n"
    }

    /// The text without its first line when that is a level-1 heading (`# Title`, or a line
    /// underlined with `=`).
    package static func withoutFirstHeading(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return text }
        let trimmed = lines[first].drop { $0 == " " }
        if trimmed == "#" || trimmed.hasPrefix("# ") || trimmed.hasPrefix("#\t") {
            lines.remove(at: first)
        } else if first + 1 < lines.count, lines[first + 1].trimmingCharacters(in: .whitespaces).allSatisfy({ $0 == "=" }), !lines[first + 1].trimmingCharacters(in: .whitespaces).isEmpty {
            lines.removeSubrange(first...(first + 1))
        }
        return lines.joined(separator: "\n")
    }

    /// The prose with each Markdown link pointed where it leads from the page's `index.md`: a
    /// page's Markdown (`../switch/index.md#usage`), a file by its place in the site. Links are
    /// written relative to the source file, which for a guide is not where its page is.
    /// An example as a line of Markdown: its title, then each field it sets.
    package static func exampleLine(_ example: DemoExample) -> String {
        let title = example.text("title")?.value ?? "Example"
        let fields = example.entries.filter { $0.key.value != "title" }.map { "\($0.key.value): \(describe($0.value.value))" }
        return "**\(line(title))**" + (fields.isEmpty ? "" : " — " + line(fields.joined(separator: "; ")))
    }

    private static func describe(_ value: ExampleValue) -> String {
        switch value {
        case .scalar(let scalar): scalar.text
        case .list(let items): items.map { describe($0.value) }.joined(separator: ", ")
        case .map(let nested): "(" + nested.entries.map { "\($0.key.value): \(describe($0.value.value))" }.joined(separator: ", ") + ")"
        case .null: "none"
        }
    }

    /// The prose as plain Markdown says it: each ```` ```demo ```` fence replaced by the examples
    /// it names, described (the page draws them live there), and each `do` and `dont` fence by
    /// a quotation led by its label (the page shows it as a labelled block).
    package static func describingDemos(_ text: String, examples: [DemoExample]) -> String {
        // Only a fenced block (``` or ~~~) is rewritten.
        guard text.containsByte(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }) else { return text }
        var output: [Substring] = []
        var fence: (marker: Character, length: Int, info: String, lines: [Substring])?
        // Split at each line feed byte: splitting the text by its characters measured a fortieth
        // of a cold build. (Decoding made every "\r\n" a line feed: `SourceText.decode`.)
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = Substring(bytes)
            let trimmed = line.drop { $0 == " " }
            if var open = fence {
                let closer = trimmed.prefix { $0 == open.marker }
                if closer.count >= open.length, trimmed.dropFirst(closer.count).allSatisfy({ $0 == " " || $0 == "\t" }) {
                    if open.info == "demo" {
                        for title in open.lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where !title.isEmpty {
                            let example = examples.first { $0.text("title")?.value == title }
                            output.append(Substring("- " + (example.map(exampleLine) ?? "**\(Self.line(title))**")))
                        }
                    } else {
                        output.append(open.info == "do" ? "> **Do**" : "> **Don't**")
                        output.append(">")
                        output += open.lines.map { $0.isEmpty ? ">" : "> " + $0 }
                    }
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
                continue
            }
            let marker = trimmed.first
            if line.utf8.count - trimmed.utf8.count < 4, marker == "`" || marker == "~" {
                let run = trimmed.prefix { $0 == marker }
                let info = trimmed.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
                if run.count >= 3, ["demo", "do", "dont"].contains(info) {
                    fence = (marker!, run.count, info, [])
                    continue
                }
            }
            output.append(line)
        }
        return output.joined(separator: "\n")
    }

    /// The schemes cmark-gfm's safe mode empties a link of (an image may be `data:image/…`).
    package static func isRefusedDestination(_ destination: String, isImage: Bool) -> Bool {
        // Every refused scheme ends in a colon, which neither trimming nor lowercasing makes:
        // a destination without one (a relative link, most of a catalog's) is never refused.
        guard destination.containsByte(where: { $0 == UInt8(ascii: ":") }) else { return false }
        let lowered = destination.trimmingCharacters(in: .whitespaces).lowercased().filter { !$0.isWhitespace && !$0.isNewline }
        if lowered.hasPrefix("data:") {
            return !(isImage && ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lowered.hasPrefix($0) })
        }
        return ["javascript:", "vbscript:", "file:"].contains { lowered.hasPrefix($0) }
    }

    /// The prose with its links pointed at the Markdown pages, and the raw HTML the page does
    /// not carry (safe mode, the GFM tag filter) shown as text here too: line by line, its `<`
    /// written `&lt;`.
    package static func linked(_ prose: Prose, page: String) -> String {
        // Control characters are shown as escapes, as the page shows them.
        var text = TextSafety.escapedKeepingLines(prose.source)
        for literal in prose.unrenderedHTML {
            let whole = literal.trimmingCharacters(in: .whitespacesAndNewlines)
            if whole.hasPrefix("<!--"), text.contains(whole) {
                // A comment the page leaves out, left out here too.
                text = text.replacingOccurrences(of: whole, with: "")
                continue
            }
            for piece in literal.split(whereSeparator: \.isNewline) {
                let trimmed = piece.trimmingCharacters(in: .whitespaces)
                guard trimmed.contains("<") else { continue }
                text = text.replacingOccurrences(of: trimmed, with: trimmed.replacingOccurrences(of: "<", with: "&lt;"))
            }
        }
        var done = Set<String>()
        for link in prose.links where !link.inRawHTML && done.insert(link.destination).inserted {
            // A destination the page refuses (`javascript:`, `vbscript:`, `data:` other than an
            // image, `file:`) leads nowhere here either.
            if Self.isRefusedDestination(link.destination, isImage: link.isImage) {
                for before in ["](\(link.destination)", "](<\(link.destination)>", "]: \(link.destination)"] {
                    text = text.replacingOccurrences(of: before, with: before.hasPrefix("]:") ? "]: <>" : "](<>")
                }
                continue
            }
            guard let href = LinkResolver.href(for: link.target, fromPage: page) else { continue }
            var markdown = href
            if case .page = link.target {
                let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let base = String(parts[0])
                markdown = (base.isEmpty || base.hasSuffix("/") ? base : base + "/") + "index.md" + (parts.count > 1 ? "#" + parts[1] : "")
            }
            guard markdown != link.destination else { continue }
            for (before, after) in [("](\(link.destination)", "](\(markdown)"), ("](<\(link.destination)>", "](<\(markdown)>"), ("]: \(link.destination)", "]: \(markdown)")] {
                text = text.replacingOccurrences(of: before, with: after)
            }
        }
        // A refused destination written in any other way the parser accepts — after white space
        // or a line break (`]( javascript:…)`), with a character reference (`&#106;avascript:`)
        // or a backslash escape (`javascript\:`) — is found by reading every destination as the
        // parser does and emptied too.
        if prose.links.contains(where: { !$0.inRawHTML && Self.isRefusedDestination($0.destination, isImage: $0.isImage) }) {
            text = neutralizingRefusedDestinations(text)
        }
        return text
    }

    /// `text` with every link destination (after `](` or a reference definition's `]:`) whose
    /// value, read as CommonMark reads it, is refused replaced by `<>`.
    package static func neutralizingRefusedDestinations(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var spans: [(Range<Int>, isImage: Bool)] = []
        var index = 0
        while index + 1 < scalars.count {
            guard scalars[index] == "]", scalars[index + 1] == "(" || scalars[index + 1] == ":" else { index += 1; continue }
            // Whether the bracket opened an image (`![…](…)`): the nearest `[` before it.
            var opener = index - 1
            while opener >= 0, scalars[opener] != "[" { opener -= 1 }
            let isImage = opener > 0 && scalars[opener - 1] == "!"
            var cursor = index + 2
            // White space, with at most one line break.
            var breaks = 0
            while cursor < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[cursor]) {
                if scalars[cursor] == "\n" { breaks += 1 }
                if breaks > 1 { break }
                cursor += 1
            }
            let start = cursor
            var value = String.UnicodeScalarView()
            if cursor < scalars.count, scalars[cursor] == "<" {
                cursor += 1
                while cursor < scalars.count, scalars[cursor] != ">", scalars[cursor] != "\n" {
                    if scalars[cursor] == "\\", cursor + 1 < scalars.count { cursor += 1 }
                    value.append(scalars[cursor])
                    cursor += 1
                }
                cursor = min(cursor + 1, scalars.count)
            } else {
                var depth = 0
                while cursor < scalars.count {
                    let scalar = scalars[cursor]
                    if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value < 0x20 { break }
                    if scalar == "\\", cursor + 1 < scalars.count {
                        cursor += 1
                        value.append(scalars[cursor])
                        cursor += 1
                        continue
                    }
                    if scalar == "(" { depth += 1 }
                    if scalar == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    value.append(scalar)
                    cursor += 1
                }
            }
            if cursor > start, isRefusedDestination(HTMLFragment.decodeReferences(String(value)), isImage: isImage) {
                spans.append((start..<cursor, isImage))
            }
            index = max(cursor, index + 2)
        }
        guard !spans.isEmpty else { return text }
        var result = String.UnicodeScalarView()
        var position = 0
        for (span, _) in spans {
            result.append(contentsOf: scalars[position..<span.lowerBound])
            result.append(contentsOf: "<>".unicodeScalars)
            position = span.upperBound
        }
        result.append(contentsOf: scalars[position...])
        return String(result)
    }

    /// What the catalog-wide Markdown (the home page's list, the components index, the readiness
    /// table, `llms.txt`) says of one component, escaped once: a rebuild escapes again only the
    /// components that changed.
    package struct ListedComponent: Hashable, Sendable {
        package var slug: String
        package var group: String?
        /// The name and the listing summary as lines (`line`).
        package var name: String
        package var summary: String
        /// Its row of the readiness table, each cell written.
        package var readiness: [String]

        package init(_ component: Component, rubric: ReadinessRubric) {
            slug = component.slug
            group = component.group?.value
            name = PageMarkdown.line(component.name.value)
            summary = PageMarkdown.line(component.listingSummary)
            readiness = ["[\(PageMarkdown.inline(component.name.value))](../components/\(component.slug)/index.md)", component.overallStatus(in: rubric)?.label ?? "not assessed"]
                + rubric.criteria.map { criterion in
                    component.readiness.first { $0.criterion.value == criterion.id }.map { rubric.status($0.status.value)?.label ?? $0.status.value } ?? ""
                }.map(PageMarkdown.inline)
        }

        /// Its item in a list of components, linking its page's Markdown under `folder`
        /// (the folder of the component folders, as written from the list's page).
        package func item(in folder: String) -> String {
            "- [\(name)](\(folder)\(slug)/index.md): \(summary)\n"
        }

        package static func all(_ catalog: Catalog) -> [ListedComponent] {
            catalog.components.map { ListedComponent($0, rubric: catalog.settings.rubric) }
        }
    }

    package static func home(_ catalog: Catalog, listed: [ListedComponent]? = nil) -> String {
        var text = "# \(line(catalog.settings.title.value))\n\n"
        if let description = catalog.settings.description { text += "> \(line(description))\n\n" }
        text += "## Components\n\n" + componentList(listed ?? ListedComponent.all(catalog), prefix: "components/")
        if !catalog.guides.isEmpty { text += "## Guides\n\n" + guideList(catalog, prefix: "guides/") }
        text += "## Reference\n\n- [Design tokens](tokens/index.md): every token, its value in each mode and its users\n- [Readiness](readiness/index.md): each component against each criterion\n"
        return text
    }

    package static func components(_ catalog: Catalog) -> String {
        components(groups: ListedGroup.all(catalog), listed: ListedComponent.all(catalog))
    }

    /// A navigation group as the components page lists it: its name and its components' slugs.
    package struct ListedGroup: Hashable, Sendable {
        package var name: String?
        package var slugs: [String]

        package static func all(_ catalog: Catalog) -> [ListedGroup] {
            CatalogNavigation.groups(of: catalog).map { ListedGroup(name: $0.name, slugs: $0.components.map(\.slug)) }
        }
    }

    /// The components page from the groups and each component's lines (`listed`, in the
    /// catalog's order).
    package static func components(groups: [ListedGroup], listed: [ListedComponent]) -> String {
        var text = "# Components\n\n"
        let bySlug = Dictionary(listed.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        for group in groups {
            if groups.count > 1 { text += "## \(line(group.name ?? "Other"))\n\n" }
            for slug in group.slugs {
                guard let entry = bySlug[slug] else { continue }
                text += entry.item(in: "")
            }
            text += "\n"
        }
        return text.trimmingTrailingNewlines() + "\n"
    }

    package static func guides(_ catalog: Catalog) -> String {
        guard !catalog.guides.isEmpty else { return "# Guides\n\nNo guides yet.\n" }
        var text = "# Guides\n\n" + guideList(catalog.guides.filter { $0.section == nil }, prefix: "")
        for section in catalog.guideSections {
            text += "## [\(line(section.title))](\(section.slug)/index.md)\n\n"
            if let description = section.description { text += "\(line(description))\n\n" }
            text += guideList(catalog.guides.filter { $0.section == section.slug }, prefix: "")
        }
        return text.trimmingTrailingNewlines() + "\n"
    }

    /// A section of the guides: its introduction, then its guides.
    package static func section(_ section: GuideSection, catalog: Catalog) -> String {
        var text = "# \(line(section.title))\n\n"
        if let description = section.description { text += "> \(line(description))\n\n" }
        if let intro = section.intro { text += linked(intro, page: section.pagePath).trimmingBlankLines() + "\n\n" }
        return (text + guideList(catalog.guides.filter { $0.section == section.slug }, prefix: "../")).trimmingTrailingNewlines() + "\n"
    }

    package static func tokens(_ exports: TokenExports, users: [String: [NamedLink]]) -> String {
        let modeNames = (exports.modes?.resolutions ?? []).map(\.label)
        var text = "# Design tokens\n\n"
        text += table(["Token", "Type", "Value"] + modeNames + ["Description", "Used by"], exports.tokens.tokens.map { token in
            let display = token.path.joined(separator: "/")
            return [code(display), token.type?.rawValue ?? "", token.displayValue]
                + (exports.modes?.inEveryResolution(token.name) ?? []).map { $0.token?.displayValue ?? "" }
                + [token.description ?? "", (users[token.name] ?? []).map(\.name).joined(separator: ", ")]
        }, markup: [0])
        return text.trimmingTrailingNewlines() + "\n"
    }

    package static func readiness(_ catalog: Catalog) -> String {
        readiness(rubric: catalog.settings.rubric, listed: ListedComponent.all(catalog))
    }

    package static func readiness(rubric: ReadinessRubric, listed: [ListedComponent]) -> String {
        var text = "# Readiness\n\n"
        let header = ["Component", "Overall"] + rubric.criteria.map { "\($0.id) \($0.name)" }
        text += table(header, listed.map(\.readiness), markup: Set(header.indices))
        return text.trimmingTrailingNewlines() + "\n"
    }

    /// The conformance page's twin: the report, criterion by criterion, with each component's
    /// result and the remarks.
    package static func conformance(_ report: CatalogConformance, title: String) -> String {
        let standard = report.settings.standard == "wcag-2.2" ? "WCAG 2.2" : report.settings.standard
        var text = "# Accessibility conformance\n\n"
        text += line("How \(report.settings.product ?? title) conforms to \(standard) level \(report.settings.level.rawValue), criterion by criterion, from the audit, the tokens' contrast and manual tests.") + " The same as an OpenACR report: [openacr.yaml](openacr.yaml).\n\n"
        text += table(["Criterion", "Level", "Result", "Remarks"], report.rows.map { row in
            ["\(row.criterion.id) \(row.criterion.handle)", row.criterion.level.rawValue, row.result?.label ?? "No evidence yet", row.notes]
        })
        return text.trimmingTrailingNewlines() + "\n"
    }

    // MARK: Pieces

    private static func componentList(_ listed: [ListedComponent], prefix: String) -> String {
        listed.map { $0.item(in: prefix) }.joined() + "\n"
    }

    private static func guideList(_ catalog: Catalog, prefix: String) -> String {
        guideList(catalog.guides, prefix: prefix)
    }

    private static func guideList(_ guides: [Guide], prefix: String) -> String {
        guard !guides.isEmpty else { return "" }
        return guides.map { guide in
            "- [\(line(guide.title))](\(prefix)\(guide.slug)/index.md)" + (guide.summary.map { ": \(line($0))" } ?? "") + "\n"
        }.joined() + "\n"
    }

    /// A Markdown table of catalog text: every cell escaped (`inline`) and on one line, except
    /// the columns in `markup`, which the caller wrote as Markdown (a code span, a link) from
    /// escaped parts.
    package static func table(_ header: [String], _ rows: [[String]], markup: Set<Int> = []) -> String {
        // Written into one string, cell by cell (a table per section of every twin).
        var text = "| "
        for (index, name) in header.enumerated() {
            if index > 0 { text += " | " }
            text += cell(inline(name))
        }
        text += " |\n|"
        for _ in header { text += "---|" }
        text += "\n"
        for row in rows {
            text += "| "
            for (index, value) in row.enumerated() {
                if index > 0 { text += " | " }
                text += cell(!markup.isEmpty && markup.contains(index) ? value : inline(value))
            }
            text += " |\n"
        }
        text += "\n"
        return text
    }

    /// A cell: on one line, and a `|` (even in a code span) does not end it.
    package static func cell(_ text: String) -> String {
        // Most cells hold neither: they are the text as it is.
        guard text.containsByte(where: { $0 == UInt8(ascii: "|") || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// Catalog text within a line of Markdown, meaning only what it says: line breaks become
    /// spaces, and every character that could start markup is escaped: emphasis (`*`, `_`,
    /// `~`), code, links and images (`[`, `]`, `!`), HTML and autolinks (`<`, `>`), an entity
    /// (`&` before a letter or `#`), and the backslash itself. (`|` is the table's to escape.)
    package static func inline(_ text: String) -> String {
        // ASCII text (most of a catalog's names, summaries and cells) is escaped byte by byte,
        // and returned as it is when nothing in it needs escaping; other text character by
        // character, so that a combining mark stays with what it combines with.
        if !text.containsByte(where: { $0 >= 0x80 }) {
            guard text.containsByte(where: isSpecialASCII) else { return text }
            return inlineASCII(text)
        }
        return inlineByCharacter(text)
    }

    /// `inline` character by character (any text; the ASCII path must give the same).
    package static func inlineByCharacter(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasSpace = false
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            switch character {
            case "\\", "`", "*", "_", "~", "[", "]", "!", "<", ">":
                result += "\\"
                result.append(character)
                previousWasSpace = false
            case "&" where next.map { $0 == "#" || ($0.isASCII && $0.isLetter) } == true:
                result += "\\&"
                previousWasSpace = false
            case _ where character.isNewline:
                if !previousWasSpace { result += " " }
                previousWasSpace = true
            default:
                result.append(character)
                previousWasSpace = character == " "
            }
        }
        return result
    }

    /// The ASCII bytes `inline` always escapes: what could start markup.
    private static func isMarkupASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
        default: false
        }
    }

    /// The ASCII bytes `inline` acts on: markup, an ampersand (an entity when a letter or `#`
    /// follows), and line breaks.
    private static func isSpecialASCII(_ byte: UInt8) -> Bool {
        isMarkupASCII(byte) || byte == UInt8(ascii: "&") || (0x0A...0x0D).contains(byte)
    }

    /// `inline` for text that is all ASCII, where each character is one byte (a CR LF pair is
    /// one character, and becomes one space either way).
    private static func inlineASCII(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        var previousWasSpace = false
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case _ where isMarkupASCII(byte):
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
                previousWasSpace = false
            case UInt8(ascii: "&") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "#") || (bytes[index + 1] | 0x20) >= UInt8(ascii: "a") && (bytes[index + 1] | 0x20) <= UInt8(ascii: "z")):
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
                previousWasSpace = false
            case 0x0A...0x0D:
                if !previousWasSpace { result.append(UInt8(ascii: " ")) }
                previousWasSpace = true
            default:
                result.append(byte)
                previousWasSpace = byte == UInt8(ascii: " ")
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Catalog text as a line of its own (a heading, a list item, a quotation, a paragraph):
    /// `inline`, trimmed, and a start that would open a block (`#`, `-`, `+`, `=`, `1.`, `1)`)
    /// escaped too.
    package static func line(_ text: String) -> String {
        var escaped = Substring(inline(trimmed(text)))
        guard let first = escaped.first else { return "" }
        if "#-+=".contains(first) { return "\\" + escaped }
        let digits = escaped.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count < 10, let after = escaped.dropFirst(digits.count).first, after == "." || after == ")" {
            escaped = escaped.prefix(digits.count) + "\\" + escaped.dropFirst(digits.count)
        }
        return String(escaped)
    }

    /// `text` without the white space and line breaks at its ends (ASCII ones found by byte).
    private static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        if first < 0x80, last < 0x80, !isASCIISpace(first), !isASCIISpace(last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Catalog text as a code span: a fence of backticks longer than any run inside it.
    package static func code(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let fence = String(repeating: "`", count: longestBacktickRun(flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") || (flat.hasPrefix(" ") && flat.hasSuffix(" ") && !flat.allSatisfy { $0 == " " }) ? " " : ""
        return fence + pad + flat + pad + fence
    }

    private static func ordered(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}

extension JSONText.Value {
    /// A member of an object, or nil.
    package func field(_ key: String) -> JSONText.Value? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}

extension String {
    /// Without the blank lines before and after the text.
    package func trimmingBlankLines() -> String {
        var text = Substring(self)
        while let newline = text.firstIndex(of: "\n"), text[..<newline].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            text = text[text.index(after: newline)...]
        }
        return String(text).trimmingTrailingNewlines()
    }

    package func trimmingTrailingNewlines() -> String {
        // ASCII line breaks and spaces (what the pages end with) are dropped by byte; anything
        // else at the end goes character by character.
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, [0x0A, 0x0B, 0x0C, 0x0D, 0x20].contains(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        if end == bytes.startIndex || bytes[bytes.index(before: end)] < 0x80 { return String(self[..<end]) }
        var text = Substring(self)
        while let last = text.last, last.isNewline || last == " " { text = text.dropLast() }
        return String(text)
    }
}
