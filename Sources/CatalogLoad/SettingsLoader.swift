import Foundation
import Yams
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel

/// Reads `catalog.yaml`: site settings and the readiness rubric.
package struct SettingsLoader {
    package var reader: SchemaReader

    package init(file: String) {
        reader = SchemaReader(file: file)
    }

    package mutating func load(_ root: Node?) -> CatalogSettings? {
        let start = SourceLocation(file: reader.file)
        guard let root else {
            reader.error(.schemaMissingKey, "catalog.yaml is empty; it needs at least `title: <the catalog's name>`", at: start)
            return nil
        }
        guard let top = reader.object(root, "catalog.yaml", fields: FileFormats.catalog,
                                      missingHint: ["title": "add `title: <the catalog's name>`"], at: start) else { return nil }
        let title = reader.string(top["title"], "title")
        reader.editorSchema(top[SchemaReader.editorSchemaKey])
        let description = reader.string(top["description"], "description")?.value
        var baseURL = "/"
        if let written = reader.string(top["baseURL"], "baseURL") {
            if let normalized = Self.normalizeBaseURL(written.value) {
                baseURL = normalized
                if !CatalogSettings.isAbsolute(normalized) {
                    reader.warning(.siteNoSitemap, "baseURL is the path '\(normalized)', so no sitemap.xml is written (a sitemap lists absolute URLs only); write the full address where the site is hosted, such as https://example.org\(normalized)", at: top["baseURL"])
                }
            } else {
                reader.error(.schemaType, "baseURL must be \(Self.baseURLRule), not '\(written.value)'", at: written.location)
            }
        }
        let inputs = CatalogInputs(top, reader: &reader)
        let theme = inputs.theme
        let language = reader.string(top["language"], "language")?.value ?? "en"
        var unsafe = false
        if let markdown = reader.object(top["markdown"], "markdown", fields: FileFormats.markdown) {
            unsafe = reader.bool(markdown["unsafe"], "markdown.unsafe")?.value ?? false
        }
        let rubric = loadRubric(top["readiness"])
        let surface = reader.string(top["surface"], "surface")
        guard let title else { return nil }
        var settings = CatalogSettings(title: title, description: description, baseURL: baseURL, theme: theme,
                                       language: language, unsafeMarkdown: unsafe, rubric: rubric, location: start)
        settings.modes = loadModes(top["modes"])
        settings.groups = reader.stringList(top["groups"], "groups") ?? []
        settings.rules = reader.ruleSettings(top["rules"])
        settings.brand = loadBrand(top["brand"])
        settings.code = inputs.code
        settings.exports = loadExports(top["exports"])
        if let tabs = loadComponentTabs(top["pages"]) { settings.componentTabs = tabs }
        settings.snapshots = loadSnapshots(top["snapshots"])
        settings.versions = loadVersions(top["versions"])
        settings.web = inputs.web
        settings.screenshots = inputs.screenshots
        settings.figma = inputs.figma
        settings.conformance = inputs.conformance
        var seenGroups = Set<String>()
        for group in settings.groups where !seenGroups.insert(group.value).inserted {
            reader.error(.schemaDuplicate, "the group '\(group.value)' is listed twice in groups:; keep one", at: group.location)
        }
        if let surface {
            if let color = RGBA(hex: surface.value) {
                settings.surface = color
            } else {
                settings.surfaceToken = surface
            }
        }
        return settings
    }

    /// Whether `text` is a CSS `font-family` list: names separated by commas, each a quoted
    /// string (closed by the quote that opened it, no backslash or line break) or identifiers
    /// separated by spaces (`Inter`, `"Source Sans 3"`, `system-ui`). Anything else could end the
    /// declaration it is written into and start another.
    /// Whether `text` names a token rather than lists fonts: a path with `/` or `.`, or braces,
    /// and no quotes, commas or spaces.
    package static func isTokenName(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == "," || $0 == "\"" || $0 == "'" || $0 == " " }) else { return false }
        if trimmed.hasPrefix("{") && trimmed.hasSuffix("}") { return true }
        return (trimmed.contains("/") || trimmed.contains(".")) && trimmed.allSatisfy { $0.isLetter || $0.isNumber || "/.-_".contains($0) }
    }

    package static func isFontFamilyList(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
        func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar == "_" || scalar.value >= 0x80
        }
        func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
            isIdentifierStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
        var items = 0
        while true {
            skipSpaces()
            guard index < scalars.count else { return false }  // an empty item
            if scalars[index] == "\"" || scalars[index] == "'" {
                let quote = scalars[index]
                index += 1
                let start = index
                while index < scalars.count, scalars[index] != quote {
                    if scalars[index] == "\\" || scalars[index] == "\n" || scalars[index].properties.generalCategory == .control { return false }
                    index += 1
                }
                guard index < scalars.count, index > start else { return false }  // never closed, or empty
                index += 1
            } else {
                var words = 0
                while index < scalars.count, scalars[index] != "," {
                    var start = scalars[index]
                    if start == "-", index + 1 < scalars.count { start = scalars[index + 1] }
                    guard isIdentifierStart(start) else { return false }
                    while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                    words += 1
                    skipSpaces()
                }
                guard words > 0 else { return false }
            }
            items += 1
            skipSpaces()
            if index == scalars.count { return items > 0 }
            guard scalars[index] == "," else { return false }
            index += 1
        }
    }

    /// `exports: { swift: { type: AcmeTokens }, kotlin: { package: com.acme.tokens } }`: names
    /// that go into source files as written, so each must be one the language takes.
    package mutating func loadExports(_ node: Node?) -> ExportNames {
        var names = ExportNames()
        guard let object = reader.object(node, "exports", fields: FileFormats.exports) else { return names }
        if let swift = reader.object(object["swift"], "exports.swift", fields: FileFormats.swiftExport), let type = reader.string(swift["type"], "exports.swift.type") {
            if Self.isIdentifier(type.value), type.value.first?.isUppercase == true {
                names.swiftType = type.value
            } else {
                reader.error(.schemaType, "exports.swift.type must be a Swift type name (letters and digits, starting with a capital, such as AcmeTokens), not '\(TextSafety.escaped(type.value))'", at: type.location)
            }
        }
        if let kotlin = reader.object(object["kotlin"], "exports.kotlin", fields: FileFormats.kotlinExport), let package = reader.string(kotlin["package"], "exports.kotlin.package") {
            if package.value.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Self.isIdentifier(String($0)) }) {
                names.kotlinPackage = package.value
            } else {
                reader.error(.schemaType, "exports.kotlin.package must be a Kotlin package name (identifiers joined by dots, such as com.acme.tokens), not '\(TextSafety.escaped(package.value))'", at: package.location)
            }
        }
        return names
    }

    /// `pages: { component-tabs: [{ file, title, sections }] }`: the tabs a component's Markdown
    /// files make. The first tab is index.md; every section is shown by one tab at most.
    package mutating func loadComponentTabs(_ node: Node?) -> [ComponentTabSpec]? {
        guard let pages = reader.object(node, "pages", fields: FileFormats.pages), let list = reader.list(pages["component-tabs"], "pages.component-tabs") else { return nil }
        guard !list.isEmpty else {
            reader.error(.schemaType, "pages.component-tabs is empty; list at least the first tab, { file: index, title: Usage }, or remove it to use the default tabs", at: pages["component-tabs"])
            return nil
        }
        var tabs: [ComponentTabSpec] = []
        var files: [String: SourceLocation] = [:]
        var shownBy: [String: String] = [:]
        let known = ComponentTabSpec.sectionNames
        for (index, item) in list.enumerated() {
            let path = "pages.component-tabs[\(index)]"
            if index == ComponentTabSpec.maximumTabs {
                reader.error(.schemaType, "pages.component-tabs lists \(list.count) tabs; a component shows at most \(ComponentTabSpec.maximumTabs) (every tab's page lists them all, and the tab bar must fit a phone), so the tabs from here on are left out. Merge tabs, or move reference material into guides", at: reader.location(of: item))
                break
            }
            guard let entry = reader.object(item, path, fields: FileFormats.componentTab, at: reader.location(of: item)),
                  let file = reader.string(entry["file"], path + ".file"), let title = reader.string(entry["title"], path + ".title") else { continue }
            if index == 0, file.value != "index" {
                reader.error(.schemaType, "the first tab is the component's index.md, so its file is `index`, not '\(TextSafety.escaped(file.value))'; put { file: index, title: … } first", at: file.location)
                continue
            }
            if index > 0, file.value == "index" {
                reader.error(.schemaType, "only the first tab is index.md; give this tab its own file name (such as `code` for code.md)", at: file.location)
                continue
            }
            guard CatalogLoader.isValidSlug(file.value) else {
                reader.error(.slugInvalid, "a tab's file '\(TextSafety.escaped(file.value))' is not a slug (it is the tab's URL); use lowercase letters, digits and '-', such as '\(CatalogLoader.suggestedSlug(file.value, fallback: "tab"))'", at: file.location)
                continue
            }
            if let first = files[file.value] {
                reader.error(.schemaDuplicate, "the tab file '\(file.value)' is listed twice (first at line \(first.line)); keep one", at: file.location)
                continue
            }
            files[file.value] = file.location
            if title.value.trimmingCharacters(in: .whitespaces).isEmpty {
                reader.error(.schemaMissingKey, "the tab '\(file.value)' has an empty title; write the name its link shows, such as Usage or Code", at: title.location)
                continue
            }
            var sections: [ComponentSection] = []
            for section in reader.stringList(entry["sections"], path + ".sections") ?? [] {
                guard let parsed = ComponentSection(rawValue: section.value), parsed != .guidelines else {
                    reader.error(.schemaEnum, "a tab cannot show the section '\(TextSafety.escaped(section.value))'\(DidYouMean.hint(for: section.value, in: known)); the sections are \(known.joined(separator: ", "))", at: section.location)
                    continue
                }
                if let other = shownBy[section.value] {
                    reader.error(.schemaDuplicate, "the section '\(section.value)' is already shown by the tab '\(other)'; a section appears in one tab, so list it once", at: section.location)
                    continue
                }
                shownBy[section.value] = file.value
                sections.append(parsed)
            }
            tabs.append(ComponentTabSpec(file: file.value, title: title.value, sections: sections, location: file.location))
        }
        return tabs.first?.file == "index" ? tabs : nil
    }

    /// `snapshots: { folder, widths, schemes, modes, threshold }`.
    package mutating func loadSnapshots(_ node: Node?) -> SnapshotSettings {
        var snapshots = SnapshotSettings()
        guard let object = reader.object(node, "snapshots", fields: FileFormats.snapshots) else { return snapshots }
        snapshots.location = reader.location(of: node)
        if let folder = reader.string(object["folder"], "snapshots.folder") {
            let parts = folder.value.split(separator: "/", omittingEmptySubsequences: false)
            if folder.value.isEmpty || folder.value.hasPrefix("/") || parts.contains("..") || TextSafety.needsEscaping(folder.value) {
                reader.error(.schemaType, "snapshots.folder must be a folder inside the catalog (such as snapshots), not '\(TextSafety.escaped(folder.value))'", at: folder.location)
            } else {
                snapshots.folder = folder.value.hasSuffix("/") ? String(folder.value.dropLast()) : folder.value
            }
        }
        if let widths = reader.list(object["widths"], "snapshots.widths") {
            var chosen: [Int] = []
            for (index, item) in widths.enumerated() {
                guard let width = reader.int(item, "snapshots.widths[\(index)]") else { continue }
                if (200...3840).contains(width.value) { chosen.append(width.value) } else {
                    reader.error(.schemaType, "a snapshot width is a viewport width in CSS pixels from 200 to 3840, not \(width.value)", at: width.location)
                }
            }
            if !chosen.isEmpty { snapshots.widths = Array(Set(chosen)).sorted() }
        }
        if let schemes = reader.list(object["schemes"], "snapshots.schemes") {
            let chosen = schemes.enumerated().compactMap { reader.oneOf($1, "snapshots.schemes[\($0)]", ["light", "dark"])?.value }
            if !chosen.isEmpty { snapshots.schemes = chosen.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
        }
        if let modes = object["modes"] {
            if case .scalar(let scalar) = modes, scalar.string == "all" {
                snapshots.modes = nil
            } else if let list = reader.stringList(modes, "snapshots.modes") {
                snapshots.modes = list.map(\.value)
                snapshots.modeLocations = list.map(\.location)
            }
        }
        if let threshold = object["threshold"] {
            if case .scalar(let scalar) = threshold, let value = Double(scalar.string), value >= 0, value <= 1 {
                snapshots.threshold = value
            } else {
                reader.error(.schemaType, "snapshots.threshold is a colour distance from 0 (any change) to 1, such as 0.1", at: threshold)
            }
        }
        return snapshots
    }

    /// `versions: { tags, keep, current, next }`.
    package mutating func loadVersions(_ node: Node?) -> VersionSettings? {
        guard let object = reader.object(node, "versions", fields: FileFormats.versions) else { return nil }
        var versions = VersionSettings()
        versions.location = reader.location(of: node)
        versions.tagsLocation = versions.location
        if let tags = reader.string(object["tags"], "versions.tags") {
            if tags.value.isEmpty || tags.value.hasPrefix("-") || TextSafety.needsEscaping(tags.value) {
                reader.error(.schemaType, "versions.tags is a pattern the release tags match, such as \"v*\", not '\(TextSafety.escaped(tags.value))'", at: tags.location)
            } else {
                versions.tags = tags.value
                versions.tagsLocation = tags.location
            }
        }
        if let keep = reader.int(object["keep"], "versions.keep") {
            if (0...100).contains(keep.value) { versions.keep = keep.value } else {
                reader.error(.schemaType, "versions.keep is how many of the newest releases get their own copy of the site, from 0 to 100, not \(keep.value)", at: keep.location)
            }
        }
        if let current = reader.string(object["current"], "versions.current") {
            if current.value.trimmingCharacters(in: .whitespaces).isEmpty || TextSafety.needsEscaping(current.value) || current.value.count > 40 {
                reader.error(.schemaType, "versions.current is the label of the unreleased working tree, such as Next (at most 40 characters), not '\(TextSafety.escaped(current.value))'", at: current.location)
            } else {
                versions.current = current.value
            }
        }
        if let next = reader.string(object["next"], "versions.next") {
            if next.value.isEmpty || next.value.hasPrefix("-") || TextSafety.needsEscaping(next.value) || next.value.count > 100 {
                reader.error(.schemaType, "versions.next names the release being prepared, as its tag will be (such as v2.1.0), not '\(TextSafety.escaped(next.value))'", at: next.location)
            } else {
                versions.next = next.value
            }
        }
        return versions
    }

    /// A name both Swift and Kotlin take: ASCII letters, digits and `_`, not starting with a digit.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `brand:`: the shapes are checked here; the files, the token and its contrast by `BrandRule`.
    package mutating func loadBrand(_ node: Node?) -> SiteBrand {
        var brand = SiteBrand()
        guard let object = reader.object(node, "brand", fields: FileFormats.brand) else { return brand }
        // `logo:` is one file for both schemes, or `{ light:, dark: }`.
        var files: [(key: String, node: Node?, path: WritableKeyPath<SiteBrand, Located<String>?>)] = [("logo", object["logo"], \SiteBrand.logo), ("favicon", object["favicon"], \SiteBrand.favicon)]
        if let logo = object["logo"], logo.mapping != nil, let schemes = reader.object(logo, "brand.logo", fields: FileFormats.logo) {
            files[0] = ("logo.light", schemes["light"], \SiteBrand.logo)
            files.append(("logo.dark", schemes["dark"], \SiteBrand.darkLogo))
        }
        for (key, node, path) in files {
            guard let node, let file = reader.string(node, "brand.\(key)") else { continue }
            let trimmed = file.value.hasPrefix("./") ? String(file.value.dropFirst(2)) : file.value
            if trimmed.hasPrefix("assets/"), !trimmed.contains(".."), !trimmed.contains("//"), !TextSafety.needsEscaping(trimmed) {
                brand[keyPath: path] = Located(trimmed, at: file.location)
            } else {
                reader.error(.schemaType, "brand.\(key) must name a file under the catalog's assets/ folder (such as assets/\(key.hasPrefix("logo") ? "logo.svg" : "favicon.svg")), not '\(TextSafety.escaped(file.value))'", at: file.location)
            }
        }
        brand.accent = reader.string(object["accent"], "brand.accent")
        if let fonts = reader.object(object["fonts"], "brand.fonts", fields: FileFormats.fonts) {
            for (key, path, tokenPath) in [("body", \SiteBrand.bodyFont, \SiteBrand.bodyFontToken), ("code", \SiteBrand.codeFont, \SiteBrand.codeFontToken)] {
                guard let family = reader.string(fonts[key], "brand.fonts.\(key)") else { continue }
                // A token's name (`font/family/sans`, `font.family.sans`, `{font.family.sans}`):
                // no CSS font list has a `/`, a `.` or braces outside quotes.
                if Self.isTokenName(family.value) {
                    brand[keyPath: tokenPath] = Located(TokenSet.normalize(family.value.trimmingCharacters(in: CharacterSet(charactersIn: "{} "))), at: family.location)
                    continue
                }
                // A font-family list and nothing else: it goes into a stylesheet.
                if Self.isFontFamilyList(family.value) {
                    brand[keyPath: path] = family
                } else {
                    reader.error(.schemaType, "brand.fonts.\(key) must be a CSS font-family list (names, quotes and commas, such as \"Inter, system-ui, sans-serif\") or a fontFamily token's name (such as font/family/sans), not '\(TextSafety.escaped(family.value))'", at: family.location)
                }
            }
        }
        for (index, item) in (reader.list(object["footer"], "brand.footer") ?? []).enumerated() {
            guard let link = reader.object(item, "brand.footer[\(index)]", fields: FileFormats.footerLink),
                  let label = reader.string(link["label"], "label"), let href = reader.string(link["href"], "href") else { continue }
            let value = href.value.trimmingSpaces()
            if value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:") || (value.hasPrefix("/") && !value.hasPrefix("//")) {
                brand.footer.append(.init(label: label.value, href: Located(value, at: href.location)))
            } else {
                reader.error(.schemaType, "a footer link's href must be an http(s) or mailto: URL, or a path from the site root such as /guides/accessibility/, not '\(TextSafety.escaped(href.value))'", at: href.location)
            }
        }
        return brand
    }

    package static let baseURLRule = "a path that starts with a single `/` (such as /docs/) or an absolute http(s) URL (such as https://example.org/docs/), with no spaces, `..` segments, query or fragment"

    /// `/docs` → `/docs/`, `https://x.org/a` → `https://x.org/a/`; nil unless it is a path that
    /// starts with a single `/`, or an absolute http(s) URL with a host and a valid port. Neither
    /// may hold white space, control characters, `\\`, a `.` or `..` segment, a query or a
    /// fragment: each would send the canonical links, `og:url` and the sitemap somewhere else.
    package static func normalizeBaseURL(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty, !TextSafety.needsEscaping(trimmed),
              !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "\\" || $0 == "?" || $0 == "#" }) else { return nil }
        let path: String
        if trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") {
            guard let components = URLComponents(string: trimmed), let host = components.host, !host.isEmpty,
                  components.user == nil, components.password == nil,
                  components.port.map({ (1...65535).contains($0) }) ?? true,
                  components.query == nil, components.fragment == nil else { return nil }
            // URLComponents accepts some ports it cannot represent; look at what was written.
            let authority = trimmed.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" }
            if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                guard let port = Int(authority[authority.index(after: colon)...]), (1...65535).contains(port) else { return nil }
            }
            path = components.percentEncodedPath
        } else {
            guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else { return nil }
            path = trimmed
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for segment in segments {
            let decoded = segment.removingPercentEncoding ?? String(segment)
            if decoded == "." || decoded == ".." || decoded.contains("/") || decoded.contains("\\") { return nil }
        }
        if path.contains("//") { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    /// `modes:`: a label per modifier, and a label and media query per context.
    private mutating func loadModes(_ node: Node?) -> [ModePresentation] {
        guard let entries = reader.entries(node, "modes") else { return [] }
        return entries.compactMap { entry in
            let path = "modes.\(entry.key.value)"
            guard let object = reader.object(entry.value, path, keys: ["label", "contexts"]) else { return nil }
            let contexts = (reader.entries(object["contexts"], "\(path).contexts") ?? []).compactMap { context -> ModePresentation.Context? in
                let contextPath = "\(path).contexts.\(context.key.value)"
                guard let fields = reader.object(context.value, contextPath, keys: ["label", "media"]) else { return nil }
                let media = reader.string(fields["media"], "\(contextPath).media")
                if let media, !Self.isMediaQuery(media.value) {
                    reader.error(.schemaType, "\(contextPath).media must be a media query in parentheses, such as \"(prefers-color-scheme: dark)\"", at: media.location)
                }
                return ModePresentation.Context(name: context.key, label: reader.string(fields["label"], "\(contextPath).label")?.value, media: media.flatMap { Self.isMediaQuery($0.value) ? $0.value : nil })
            }
            return ModePresentation(modifier: entry.key, label: reader.string(object["label"], "\(path).label")?.value, contexts: contexts)
        }
    }

    /// A media query that can stand in `@media …` without breaking out of it.
    package static func isMediaQuery(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces()
        return trimmed.hasPrefix("(") && trimmed.hasSuffix(")") && !trimmed.contains("{") && !trimmed.contains("}") && !trimmed.contains(";") && !TextSafety.needsEscaping(trimmed)
    }

    private mutating func loadRubric(_ node: Node?) -> ReadinessRubric {
        guard let object = reader.object(node, "readiness", fields: FileFormats.readiness) else { return .builtIn }
        var rubric = ReadinessRubric.builtIn
        if let items = reader.list(object["statuses"], "readiness.statuses") {
            var seen = Set<String>()
            rubric.statuses = items.enumerated().compactMap { index, item in
                let path = "readiness.statuses[\(index)]"
                guard let entry = reader.object(item, path, fields: FileFormats.readinessStatus),
                      let id = reader.string(entry["id"], "\(path).id"),
                      let label = reader.string(entry["label"], "\(path).label"),
                      let toneText = reader.oneOf(entry["tone"], "\(path).tone", Tone.allCases.map(\.rawValue)),
                      let tone = Tone(rawValue: toneText.value) else { return nil }
                guard seen.insert(id.value).inserted else {
                    reader.error(.schemaDuplicate, "the status id '\(id.value)' is defined twice; give each status its own id", at: id.location)
                    return nil
                }
                return ReadinessStatus(id: id.value, label: label.value, tone: tone)
            }
            if rubric.statuses.isEmpty, !items.isEmpty { rubric.statuses = ReadinessRubric.builtIn.statuses }
        }
        if let items = reader.list(object["criteria"], "readiness.criteria") {
            var seen = Set<String>()
            rubric.criteria = items.enumerated().compactMap { index, item in
                let path = "readiness.criteria[\(index)]"
                guard let entry = reader.object(item, path, fields: FileFormats.readinessCriterion),
                      let id = reader.string(entry["id"], "\(path).id"),
                      let name = reader.string(entry["name"], "\(path).name") else { return nil }
                guard seen.insert(id.value).inserted else {
                    reader.error(.schemaDuplicate, "the criterion id '\(id.value)' is defined twice; give each criterion its own id", at: id.location)
                    return nil
                }
                return Criterion(id: id.value, name: name.value, description: reader.string(entry["description"], "\(path).description")?.value)
            }
        }
        return rubric
    }
}
