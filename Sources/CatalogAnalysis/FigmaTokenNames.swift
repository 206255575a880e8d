import CatalogModel

/// How a Figma variable's name becomes a token's path (`figma.token-names`): its groups split at
/// the separator (`Toggle/Track/On` → toggle.track.on), its collection first unless
/// `strip-collection`; a path is found as written, else with each group compared by its letters
/// and digits alone (`Track On`, `track-on` and `trackOn` are one group).
package struct FigmaTokenNames: Sendable {
    private let settings: FigmaSettings
    private let design: FigmaDesign
    private let tokens: TokenSet
    private let folded: [String: Int]
    private let byToken: [String: Int]

    package init(settings: FigmaSettings, design: FigmaDesign, tokens: TokenSet) {
        self.settings = settings
        self.design = design
        self.tokens = tokens
        var folded: [String: Int] = [:]
        for (index, token) in tokens.tokens.enumerated() {
            let key = Self.fold(token.path)
            folded[key] = folded[key] ?? index
        }
        self.folded = folded
        var byToken: [String: Int] = [:]
        for (index, variable) in design.variables.enumerated() {
            let path = Self.groups(of: variable, settings: settings, design: design)
            let name = tokens.token(path.joined(separator: "."))?.name ?? folded[Self.fold(path)].map { tokens.tokens[$0].name }
            if let name { byToken[name] = byToken[name] ?? index }
        }
        self.byToken = byToken
    }

    private static func groups(of variable: FigmaDesign.Variable, settings: FigmaSettings, design: FigmaDesign) -> [String] {
        let groups = variable.name.components(separatedBy: settings.separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !settings.stripCollection, let collection = design.collection(variable.collection)?.name else { return groups }
        return [collection] + groups
    }

    private static func fold(_ path: [String]) -> String {
        path.map { group in String(group.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init)) }
            .joined(separator: ".")
    }

    /// The token path a variable maps to, as the catalog would write it.
    package func path(of variable: FigmaDesign.Variable) -> String {
        Self.groups(of: variable, settings: settings, design: design).joined(separator: ".")
    }

    /// The token a variable maps to, when the catalog has it.
    package func token(for variable: FigmaDesign.Variable) -> Token? {
        let path = Self.groups(of: variable, settings: settings, design: design)
        return tokens.token(path.joined(separator: ".")) ?? folded[Self.fold(path)].map { tokens.tokens[$0] }
    }

    /// The variable that maps to a token, when Figma has one.
    package func variable(for token: Token) -> FigmaDesign.Variable? {
        byToken[token.name].map { design.variables[$0] }
    }

    /// The first group of every variable's path, folded: the token groups Figma defines.
    package var groupsFigmaDefines: Set<String> {
        Set(design.variables.compactMap { variable in Self.groups(of: variable, settings: settings, design: design).first.map { Self.fold([$0]) } })
    }

    package static func firstGroup(_ token: Token) -> String { fold(Array(token.path.prefix(1))) }
}
