import CatalogCore
import CatalogSource
import CatalogModel
/// Loads a catalog's tokens through its resolver document (`tokens/<name>.resolver.json`):
/// exactly what the document references, in its order, a later source overriding an earlier
/// one. The default resolution (every modifier at its `default`, else its first context) becomes
/// the catalog's tokens, as in version 1; each other context is resolved with the other
/// modifiers at their defaults.
package enum TokenModesLoader {
    /// Also returns the files the document refers to (a plain `.json` file among them is a token
    /// file because it does).
    package static func load(resolvers: [String], tokenFiles: [String], tree: SourceTree) -> (TokenSet, TokenModes?, [Diagnostic], Set<String>) {
        var diagnostics: [Diagnostic] = []
        let sorted = resolvers.sorted()
        for extra in sorted.dropFirst() {
            diagnostics.append(.error(.tokenResolver, "there is already a resolver document (\(tree.displayPath(sorted[0]))); a catalog has one, so merge this one into it", at: tree.location(extra)))
        }
        let path = sorted[0]
        let display = tree.displayPath(path)
        let (parsed, problems) = TokenLoader.parseJSON(tree.files[path] ?? [], display: display)
        guard let root = parsed else { return (.empty, nil, diagnostics + problems, []) }
        var reader = TokenResolverLoader(tree: tree, path: path, root: root)
        let layers = reader.read()
        diagnostics += reader.diagnostics
        for file in tokenFiles.sorted() where !reader.referencedFiles.contains(file) {
            diagnostics.append(.warning(.tokenUnreferencedFile, "the resolver document \(display) never refers to this token file, so none of it is loaded; add it to a set or a context, or remove it", at: tree.location(file)))
        }
        guard let layers else { return (.empty, nil, diagnostics, reader.referencedFiles) }

        var defaults: [String: String] = [:]
        var names: [String] = []
        for layer in layers {
            guard case .modifier(let name, _, _, let defaultContext, let location) = layer else { continue }
            if let earlier = ModeNames.clash(of: name, among: names) {
                diagnostics.append(.error(.tokenResolver, "the modifier '\(name)' has the name of '\(earlier)' once folded for exports (the page's data-\(ModeNames.fileName(name)) attribute, the token files' names and the Swift and Kotlin types could not tell them apart); rename one of them", at: location))
            }
            names.append(name)
            defaults[name] = defaultContext
        }
        func sources(_ input: [String: String]) -> [TokenLoader.Source] {
            layers.flatMap { layer -> [TokenLoader.Source] in
                switch layer {
                case .fixed(let sources): sources
                case .modifier(let name, _, let contexts, _, _): contexts.first { $0.name == input[name] }?.sources ?? []
                }
            }
        }
        // A problem of a token file shows in every resolution that loads it: it is reported once,
        // naming the modes it occurs in when the default resolution does not have it.
        var resolutionProblems = ModeProblems()
        let (defaultSet, defaultProblems) = TokenLoader.resolve(sources(defaults), laterOverrides: true)
        resolutionProblems.add(defaultProblems, mode: nil)
        var modifiers: [TokenModes.Modifier] = []
        for layer in layers {
            guard case .modifier(let name, let description, let contexts, let defaultContext, let location) = layer else { continue }
            var resolved: [TokenModes.Context] = []
            for context in contexts {
                if context.name == defaultContext {
                    resolved.append(TokenModes.Context(name: context.name, tokens: defaultSet, differing: []))
                    continue
                }
                var input = defaults
                input[name] = context.name
                let (set, problems) = TokenLoader.resolve(sources(input), laterOverrides: true)
                resolutionProblems.add(problems, mode: "\(name)=\(context.name)")
                let differing = set.tokens.filter { token in
                    guard let css = token.css else { return false }
                    let base = defaultSet.token(token.name)
                    return base?.css != css || base?.subValues != token.subValues
                }
                resolved.append(TokenModes.Context(name: context.name, tokens: set, differing: differing))
            }
            modifiers.append(TokenModes.Modifier(name: name, description: description, defaultContext: defaultContext, contexts: resolved, location: location))
        }
        var modes = TokenModes(modifiers: modifiers, file: display)
        // The resolutions contrast is measured in: every combination, or past the cap each
        // context with the others at their defaults (which are resolved above already).
        let count = modifiers.reduce(1) { $0 * max(1, $1.contexts.count) }
        if count <= TokenModes.maximumResolutions {
            var combinations: [[(modifier: String, context: String)]] = [[]]
            for modifier in modifiers {
                combinations = combinations.flatMap { prefix in modifier.contexts.map { prefix + [(modifier.name, $0.name)] } }
            }
            for choices in combinations where choices.contains(where: { defaults[$0.modifier] != $0.context }) {
                let changed = choices.filter { defaults[$0.modifier] != $0.context }
                if changed.count == 1, let single = modes.modifier(changed[0].modifier)?.context(changed[0].context) {
                    modes.resolutions.append(TokenModes.Resolution(choices: changed, tokens: single.tokens))
                    continue
                }
                let (set, problems) = TokenLoader.resolve(sources(Dictionary(uniqueKeysWithValues: choices.map { ($0.modifier, $0.context) })), laterOverrides: true)
                resolutionProblems.add(problems, mode: changed.map { "\($0.modifier)=\($0.context)" }.joined(separator: " and "))
                modes.resolutions.append(TokenModes.Resolution(choices: changed, tokens: set))
            }
        } else {
            modes.capped = true
            for modifier in modifiers {
                for context in modifier.contexts where context.name != modifier.defaultContext {
                    modes.resolutions.append(TokenModes.Resolution(choices: [(modifier.name, context.name)], tokens: context.tokens))
                }
            }
            diagnostics += resolutionProblems.merged
            resolutionProblems = ModeProblems()
            diagnostics.append(.info(.contrastModesCapped, "the modifiers combine into \(count) resolutions, more than \(TokenModes.maximumResolutions); contrast is measured in each context with the other modifiers at their defaults", at: SourceLocation(file: display)))
        }
        diagnostics += resolutionProblems.merged
        return (defaultSet, modes, diagnostics, reader.referencedFiles)
    }
}

/// The problems of every resolution of the modes, each once: in the order first met, with the
/// modes it occurs in named when the default resolution does not have it.
package struct ModeProblems {
    private var found: [(diagnostic: Diagnostic, modes: [String?])] = []
    private var index: [String: Int] = [:]

    package mutating func add(_ problems: [Diagnostic], mode: String?) {
        for problem in problems {
            let key = "\(problem.severity)\u{0}\(problem.rule)\u{0}\(problem.location)\u{0}\(problem.message)"
            if let position = index[key] {
                if !found[position].modes.contains(mode) { found[position].modes.append(mode) }
            } else {
                index[key] = found.count
                found.append((problem, [mode]))
            }
        }
    }

    package var merged: [Diagnostic] {
        found.map { problem, modes in
            guard !modes.contains(nil) else { return problem }
            var diagnostic = problem
            let named = modes.compactMap { $0 }
            diagnostic.message += " (in \(named.count == 1 ? "the mode" : "the modes") \(named.joined(separator: ", ")))"
            return diagnostic
        }
    }
}
