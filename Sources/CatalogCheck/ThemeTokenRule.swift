import CatalogCore
import CatalogLoad
import CatalogModel
/// `theme.unknown-token` (warning): a theme stylesheet or script reads a custom property that
/// looks like one of the catalog's tokens (`var(--color-action-bg)`, where tokens under `color`
/// exist) but names none, as after a token was renamed. Reported at its line in the theme's
/// file, with the nearest token's property. Properties the theme declares itself (`--x: …`)
/// and the ones kinds paint their roles with are the theme's own, never reported.
package struct ThemeTokenRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let theme = input.theme else { return [] }
        let tokens = input.catalog.tokens.tokens
        guard !tokens.isEmpty else { return [] }
        let variables = Set(tokens.map(\.cssVariable))
        // `--color-` for tokens under `color`: what a token's property starts with.
        let prefixes = Set(tokens.compactMap { token in token.path.first.map { "--" + CSSIdentifier.escape($0) + "-" } })
        var own = Set(theme.kinds.values.flatMap { $0.roles.flatMap { [$0.property, $0.property + "-contrast"] } })
        let sheets = theme.source.assets.filter { $0.key.hasSuffix(".css") || $0.key.hasSuffix(".js") }
        for (_, bytes) in sheets { own.formUnion(Self.declarations(in: bytes)) }
        var diagnostics: [Diagnostic] = []
        for (path, bytes) in sheets.sorted(by: { $0.key < $1.key }) {
            let file = theme.source.assetFiles[path] ?? path
            for use in Self.reads(in: bytes) where !own.contains(use.name) && !Self.isToken(use.name, variables) {
                guard prefixes.contains(where: { use.name.hasPrefix($0) }) else { continue }
                let hint = DidYouMean.suggestion(for: use.name, in: variables).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.append(.warning(.themeUnknownToken, "the theme reads '\(use.name)', which no token defines\(hint) (a token renamed or removed leaves this property unset)", at: SourceLocation(file: file, line: use.line, column: use.column)))
            }
        }
        return diagnostics
    }

    /// A token's property, or one of its composite's parts (`--type-body-font-size`).
    private static func isToken(_ name: String, _ variables: Set<String>) -> Bool {
        if variables.contains(name) { return true }
        var cut = name
        while let dash = cut.lastIndex(of: "-"), dash > cut.index(cut.startIndex, offsetBy: 2) {
            cut = String(cut[..<dash])
            if variables.contains(cut) { return true }
        }
        return false
    }

    /// `--name:` declarations.
    package static func declarations(in bytes: [UInt8]) -> Set<String> {
        var names = Set<String>()
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"), index == 0 || !isNameByte(bytes[index - 1]) {
                var end = index + 2
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                var after = end
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
                if end > index + 2, after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                    names.insert(String(decoding: bytes[index..<end], as: UTF8.self))
                }
                index = end
            } else {
                index += 1
            }
        }
        return names
    }

    /// `var(--name` reads, with their 1-based line and column.
    package static func reads(in bytes: [UInt8]) -> [(name: String, line: Int, column: Int)] {
        let prefix = Array("var(--".utf8)
        var found: [(String, Int, Int)] = []
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
            if bytes[index] == prefix[0], index + prefix.count <= bytes.count, Array(bytes[index..<index + prefix.count]) == prefix {
                let start = index + 4
                var end = start + 2
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                let column = String(decoding: bytes[lineStart..<start], as: UTF8.self).unicodeScalars.count + 1
                found.append((String(decoding: bytes[start..<end], as: UTF8.self), line, column))
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
