import Foundation
import Yams
import CatalogCore
import CatalogSyntax
import CatalogModel

/// What catalog.yaml says to read beside the catalog folder: the theme (`theme:`), the code
/// folders (`code:`), the team's web files (`web:`) and the platform screenshots
/// (`screenshots:`). These keys are read here and nowhere else: the source layer reads them to
/// know what to read (and drops the diagnostics), `SettingsLoader` reads them through this type
/// and reports what is wrong, so what is read is exactly what the settings accept.
package struct CatalogInputs {
    /// `theme:`, `default` when not written.
    package var theme: Located<String>
    /// The theme's folder name; nil when `theme:` could not name a folder (an error at its line).
    package var themeFolder: Located<String>?
    package var code: CodeSources?
    package var web: WebSettings?
    package var screenshots: ScreenshotSettings?
    package var figma: FigmaSettings?
    package var conformance: ConformanceSettings?

    /// Reads the keys from catalog.yaml's top mapping, reporting through `reader`.
    package init(_ top: YAMLObject, reader: inout SchemaReader) {
        let start = SourceLocation(file: reader.file)
        theme = reader.string(top["theme"], "theme") ?? Located("default", at: start)
        if theme.value.isEmpty || theme.value.contains("/") || theme.value.hasPrefix(".") {
            reader.error(.schemaType, "theme must be the name of a folder under themes/, not '\(theme.value)'", at: theme.location)
            themeFolder = nil
        } else {
            themeFolder = theme
        }
        code = Self.readCode(top["code"], reader: &reader)
        web = Self.readWeb(top["web"], reader: &reader)
        screenshots = Self.readScreenshots(top["screenshots"], reader: &reader)
        figma = Self.readFigma(top["figma"], reader: &reader)
        conformance = Self.readConformance(top["conformance"], reader: &reader)
    }

    private init(defaultThemeAt start: SourceLocation) {
        theme = Located("default", at: start)
        themeFolder = theme
    }

    /// Reads catalog.yaml's bytes (`file` as diagnostics show it) for what to read; whatever is
    /// wrong is `SettingsLoader`'s to report. Without a readable catalog.yaml: the default theme.
    package init(settings bytes: [UInt8]?, file: String) {
        var reader = SchemaReader(file: file)
        let start = SourceLocation(file: file)
        guard let bytes, case .success(let text) = SourceText.decode(bytes, file: file),
              case .success(let parsed) = YAMLDocument.parse(text, file: file), let root = parsed,
              let top = reader.object(root, "catalog.yaml", fields: FileFormats.catalog) else {
            self.init(defaultThemeAt: start)
            return
        }
        self.init(top, reader: &reader)
    }

    /// `code:`: the folders of each platform's sources, one path or a list (whether they exist
    /// is checked by `CodeSourceRule`, which sees what was read).
    private static func readCode(_ node: Node?, reader: inout SchemaReader) -> CodeSources? {
        guard let node, let object = reader.object(node, "code", keys: CodeSources.roles) else { return nil }
        var code = CodeSources(location: reader.location(of: node))
        func folders(_ key: String) -> [Located<String>] {
            guard let value = object[key] else { return [] }
            let written: [Located<String>]
            if case .scalar = value {
                guard let single = reader.string(value, "code.\(key)") else { return [] }
                if single.value.trimmingCharacters(in: .whitespaces).isEmpty {
                    reader.error(.schemaType, "code.\(key) must name a folder, relative to the catalog folder (such as ../ios/Sources)", at: single.location)
                    return []
                }
                written = [single]
            } else {
                written = reader.stringList(value, "code.\(key)") ?? []
            }
            // A control character (a NUL cuts a path short where the system reads it) names no
            // folder: an error at its line, and the path is not read.
            return written.filter { path in
                guard let bad = path.value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return true }
                reader.error(.schemaType, "code.\(key) holds the control character U+\(String(format: "%04X", bad.value)) in '\(TextSafety.escaped(path.value))'; write the folder's path without it", at: path.location)
                return false
            }
        }
        code.swiftui = folders("swiftui")
        code.compose = folders("compose")
        code.usage = folders("usage")
        return code
    }

    /// `web: { styles, scripts, assets, viewports }`: whether each file exists is `WebRule`'s.
    private static func readWeb(_ node: Node?, reader: inout SchemaReader) -> WebSettings? {
        guard let object = reader.object(node, "web", fields: FileFormats.web) else { return nil }
        var web = WebSettings()
        web.location = reader.location(of: node)
        func files(_ key: String) -> [Located<String>] {
            guard let value = object[key] else { return [] }
            if value.scalar != nil { return reader.string(value, "web.\(key)").map { [$0] } ?? [] }
            return reader.stringList(value, "web.\(key)") ?? []
        }
        web.styles = files("styles")
        web.scripts = files("scripts")
        web.assets = reader.string(object["assets"], "web.assets")
        if let viewports = reader.list(object["viewports"], "web.viewports") {
            var widths: [Int] = []
            for (index, item) in viewports.enumerated() {
                guard let width = reader.int(item, "web.viewports[\(index)]") else { continue }
                if (200...3840).contains(width.value) { widths.append(width.value) } else {
                    reader.error(.schemaType, "a frame width is in CSS pixels from 200 to 3840, not \(width.value)", at: width.location)
                }
            }
            if !widths.isEmpty { web.viewports = Array(Set(widths)).sorted() }
        }
        return web
    }

    /// `figma: { files, variables, renders, token-names: { separator, strip-collection }, color-distance }`:
    /// whether each folder exists is `FigmaFilesRule`'s.
    private static func readFigma(_ node: Node?, reader: inout SchemaReader) -> FigmaSettings? {
        guard let node, !reader.isNull(node), let object = reader.object(node, "figma", fields: FileFormats.figma) else { return nil }
        var settings = FigmaSettings()
        settings.location = reader.location(of: node)
        for role in FigmaFiles.Role.allCases {
            guard let folder = reader.string(object[role.rawValue], "figma.\(role.rawValue)") else { continue }
            if folder.value.trimmingCharacters(in: .whitespaces).isEmpty || CodeFiles.hasControlCharacter(folder.value) {
                reader.error(.schemaType, "figma.\(role.rawValue) must name a folder relative to the catalog folder, such as figma/\(role.rawValue)/, not '\(TextSafety.escaped(folder.value))'", at: folder.location)
                continue
            }
            switch role {
            case .files: settings.files = folder
            case .variables: settings.variables = folder
            case .renders: settings.renders = folder
            }
        }
        if settings.files == nil && settings.variables == nil {
            reader.error(.schemaMissingKey, "figma: names no folder to read; give files: (saved GET /v1/files/:key responses) or variables: (saved variables), or both", at: node)
        }
        if let names = reader.object(object["token-names"], "figma.token-names", fields: FileFormats.figmaTokenNames) {
            if let separator = reader.string(names["separator"], "figma.token-names.separator") {
                if separator.value.isEmpty || separator.value.contains(".") || separator.value.contains("{") {
                    reader.error(.schemaType, "figma.token-names.separator is the text between a variable name's groups, such as \"/\", not '\(TextSafety.escaped(separator.value))'", at: separator.location)
                } else {
                    settings.separator = separator.value
                }
            }
            if let strip = reader.bool(names["strip-collection"], "figma.token-names.strip-collection") { settings.stripCollection = strip.value }
        }
        if let distance = object["color-distance"] {
            if case .scalar(let scalar) = distance, let value = Double(scalar.string), value >= 0, value <= 100 {
                settings.colorDistance = value
            } else {
                reader.error(.schemaType, "figma.color-distance is how far (CIE76 ΔE, 0 to 100) a variable's colour may be from its token's, such as 1", at: distance)
            }
        }
        return settings
    }

    /// `conformance: { standard, level, stale-after, report: { product, version, vendor, contact, notes }, evidence }`.
    private static func readConformance(_ node: Node?, reader: inout SchemaReader) -> ConformanceSettings? {
        guard let node, !reader.isNull(node), let object = reader.object(node, "conformance", fields: FileFormats.conformance) else { return nil }
        var settings = ConformanceSettings()
        settings.location = reader.location(of: node)
        settings.evidence = Located("audit", at: settings.location!)
        if let standard = reader.string(object["standard"], "conformance.standard") {
            let written = standard.value.lowercased().replacingOccurrences(of: " ", with: "-")
            if WCAG.standards.contains(written) {
                settings.standard = written
            } else {
                reader.error(.schemaType, "conformance.standard '\(TextSafety.escaped(standard.value))' is not a standard the tool reports against\(DidYouMean.hint(for: written, in: WCAG.standards)); write `standard: wcag-2.2` (WCAG 2.2 as the VPAT 2.5 catalogue lists it)", at: standard.location)
            }
        }
        if let level = reader.oneOf(object["level"], "conformance.level", WCAG.Level.allCases.map(\.rawValue)), let value = WCAG.Level(rawValue: level.value) {
            settings.level = value
        }
        if let stale = reader.string(object["stale-after"], "conformance.stale-after") {
            if let days = Self.days(stale.value) {
                settings.staleAfterDays = days
            } else {
                reader.error(.schemaType, "conformance.stale-after is how long a manual result holds, in days, weeks, months or years, such as 180d, 26w, 6m or 1y, not '\(TextSafety.escaped(stale.value))'", at: stale.location)
            }
        }
        if let report = reader.object(object["report"], "conformance.report", fields: FileFormats.conformanceReport) {
            settings.product = reader.string(report["product"], "conformance.report.product")?.value
            settings.productVersion = reader.string(report["version"], "conformance.report.version")?.value
            settings.vendor = reader.string(report["vendor"], "conformance.report.vendor")?.value
            settings.contact = reader.string(report["contact"], "conformance.report.contact")?.value
            settings.notes = reader.string(report["notes"], "conformance.report.notes")?.value
        }
        if let folder = reader.string(object["evidence"], "conformance.evidence") {
            if folder.value.trimmingCharacters(in: .whitespaces).isEmpty || CodeFiles.hasControlCharacter(folder.value) {
                reader.error(.schemaType, "conformance.evidence must name a folder relative to the catalog folder, such as audit/, where `catalog-build audit` keeps results.json, not '\(TextSafety.escaped(folder.value))'", at: folder.location)
            } else {
                settings.evidence = folder
            }
        }
        return settings
    }

    /// `180d`, `26w`, `6m`, `1y` or a whole number of days, as days (nil: not a duration).
    package static func days(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let last = trimmed.last else { return nil }
        let unit: Int, digits: Substring
        switch last {
        case "d": (unit, digits) = (1, trimmed.dropLast())
        case "w": (unit, digits) = (7, trimmed.dropLast())
        case "m": (unit, digits) = (30, trimmed.dropLast())
        case "y": (unit, digits) = (365, trimmed.dropLast())
        default: (unit, digits) = (1, Substring(trimmed))
        }
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else { return nil }
        return number * unit
    }

    /// `screenshots: { <platform>: <folder>…, name, gallery }`.
    private static func readScreenshots(_ node: Node?, reader: inout SchemaReader) -> ScreenshotSettings? {
        guard let node, !reader.isNull(node) else { return nil }
        guard let mapping = node.mapping else {
            reader.error(.schemaType, "screenshots: is a folder per platform and a file-name pattern, such as `{ swiftui: ../ios/__Snapshots__, compose: ../android/screenshots, name: \"{component}/{example}.{mode}.png\" }`", at: node)
            return nil
        }
        var settings = ScreenshotSettings()
        settings.location = reader.location(of: node)
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { continue }
            if name == "name" {
                guard let pattern = reader.string(value, "screenshots.name") else { continue }
                if !pattern.value.contains("{component}") || !pattern.value.contains("{example}") || !pattern.value.lowercased().hasSuffix(".png")
                    || pattern.value.replacingOccurrences(of: "{component}", with: "").replacingOccurrences(of: "{example}", with: "").replacingOccurrences(of: "{mode}", with: "").contains("{") {
                    reader.error(.schemaType, "screenshots.name says how a file's name gives its component, example or state, and mode, with {component}, {example} and optionally {mode}, ending in .png, such as \"{component}/{example}.{mode}.png\", not '\(TextSafety.escaped(pattern.value))'", at: pattern.location)
                } else {
                    settings.name = pattern
                }
                continue
            }
            if name == "gallery" {
                guard let word = reader.string(value, "screenshots.gallery") else { continue }
                if ScreenshotIndex.key(word.value).isEmpty || word.value.contains("+") {
                    reader.error(.schemaType, "screenshots.gallery is the {example} word of an image that shows every state at once, such as states or all-states, not '\(TextSafety.escaped(word.value))'", at: word.location)
                } else {
                    settings.gallery = word.value
                }
                continue
            }
            guard ["swiftui", "compose", "uikit", "android-views", "flutter", "react-native"].contains(name) else {
                reader.error(.schemaUnknownKey, "screenshots.\(name) is not a platform this catalog shows\(DidYouMean.hint(for: name, in: ["swiftui", "compose", "name", "gallery"])); name swiftui, compose (or uikit, android-views, flutter, react-native) with its folder, `name:` or `gallery:`", at: key)
                continue
            }
            guard let folder = reader.string(value, "screenshots.\(name)") else { continue }
            settings.folders.append((name, folder))
        }
        return settings
    }
}
