import CatalogCore
import CatalogModel

/// What the saved Figma file says of one component, against its component.yaml: the component
/// set its `figma:` names, and each place where the two disagree (variant properties and values,
/// the other properties, the variables bound to its nodes). Worked out once a run and handed to
/// the check, the page, `component.json`, MCP and the readiness it measures.
package struct FigmaParity: Sendable, Hashable {
    /// One disagreement, located where the catalog says otherwise (or at the Figma file).
    package struct Finding: Sendable, Hashable {
        package enum Area: String, Sendable, Hashable {
            case set, variant, property, token
        }
        package var rule: RuleID
        package var area: Area
        package var message: String
        package var location: SourceLocation
        package var isError: Bool
    }

    /// The set checked against (nil when `figma:` names none that was saved).
    package var figmaSet: FigmaDesign.ComponentSet?
    /// What `figma:` wrote (`component Button`, `node 213:6`).
    package var reference: String
    package var findings: [Finding]
    /// The render saved for the set's node (a path inside the renders folder), when one is.
    package var render: String?
    /// Variant axes and properties compared, and variables bound to its nodes.
    package var comparedAxes: Int
    package var comparedProperties: Int
    package var boundTokens: [String]

    package var matches: Bool { figmaSet != nil && findings.isEmpty }

    /// The parity of `component` (nil when it names no Figma component, or `figma:` reads no files).
    package static func compare(_ component: Component, catalog: Catalog.Shared) -> FigmaParity? {
        guard let settings = catalog.settings.figma, settings.files != nil, let declared = component.declared("figma") else { return nil }
        let design = catalog.figma
        let byNode = declared.entry("node")
        let byName = declared.entry("component")
        let written = byNode ?? byName ?? Located(declared.text, at: declared.location)
        var parity = FigmaParity(figmaSet: nil, reference: declared.text, findings: [], render: nil, comparedAxes: 0, comparedProperties: 0, boundTokens: [])
        let found = byNode.flatMap { design.set(node: $0.value) } ?? byName.flatMap { design.set(named: $0.value) }
        guard let set = found else {
            let candidates = byNode != nil ? design.sets.map(\.id) : design.sets.map(\.name)
            let what = byNode != nil ? "no component set or component with the node id \(written.value)" : "no component set or component named \(written.value)"
            let files = design.filesRead.filter { $0.sets > 0 }.map(\.file)
            parity.findings.append(Finding(rule: .figmaComponent, area: .set,
                message: "the saved Figma files hold \(what)\(DidYouMean.hint(for: written.value, in: candidates)); \(files.isEmpty ? "save the file that has it in figma.files" : "name one of the \(design.sets.count) in \(files.joined(separator: ", ")), or save the file that has it")",
                location: written.location, isError: true))
            return parity
        }
        parity.figmaSet = set
        parity.render = render(of: set, in: design)
        compareVariants(component, set: set, into: &parity)
        compareProperties(component, set: set, into: &parity)
        compareBound(component, set: set, catalog: catalog, into: &parity)
        return parity
    }

    // MARK: Variants and states

    /// Names and values as compared: case, spaces and `-`/`_` do not matter, and the words of a
    /// yes/no value (`on`, `yes`, `true`) are one.
    package static func fold(_ word: String) -> String {
        let folded = ModeNames.fileName(word.trimmingCharacters(in: .whitespaces))
        switch folded {
        case "true", "yes", "on": return "true"
        case "false", "no", "off": return "false"
        default: return folded
        }
    }

    private static func isYesNo(_ axis: FigmaDesign.Axis) -> Bool {
        !axis.values.isEmpty && Set(axis.values.map(fold)).isSubset(of: ["true", "false"])
    }

    /// The words a state is known by in Figma: its `figma:` (`Hover=True`, or a name), and its own name
    /// with and without an -ed/-ing ending (Focused ↔ Focus, Hovered ↔ Hover).
    private static func stateWords(_ state: ComponentState) -> Set<String> {
        var words: Set<String> = [fold(state.name.value)]
        let name = fold(state.name.value)
        for ending in ["ed", "d", "ing"] where name.hasSuffix(ending) && name.count > ending.count + 2 { words.insert(String(name.dropLast(ending.count))) }
        if let figma = state.figma {
            for (axis, value) in FigmaDesign.variantValues(figma) { words.insert(fold(axis) + "=" + fold(value)) }
            if FigmaDesign.variantValues(figma).isEmpty { words.insert(fold(figma)) }
        }
        return words
    }

    private static func compareVariants(_ component: Component, set: FigmaDesign.ComponentSet, into parity: inout FigmaParity) {
        let figmaName = "Figma's \(set.name)"
        let documented = component.variants
        var matchedModel = Set<Int>()
        let stateWords = component.states.map { (state: $0, words: Self.stateWords($0)) }
        let fallback = component.variantsLocation ?? component.location
        for axis in set.axes {
            parity.comparedAxes += 1
            let key = fold(axis.name)
            if let index = documented.firstIndex(where: { fold($0.name) == key }) {
                matchedModel.insert(index)
                let model = documented[index]
                let modelValues = Set(model.values.map(fold))
                let figmaValues = Set(axis.values.map(fold))
                for value in axis.values where !modelValues.contains(fold(value)) {
                    parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                        message: "\(figmaName) has the variant \(axis.name)=\(value), which variants.\(model.name) does not list (it lists \(model.values.joined(separator: ", ")))\(DidYouMean.hint(for: value, in: model.values)); add it, or remove the variant in Figma",
                        location: model.location, isError: true))
                }
                for value in model.values where !figmaValues.contains(fold(value)) {
                    parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                        message: "variants.\(model.name) lists \(value), which \(figmaName)'s variant property \(axis.name) does not have (it has \(axis.values.joined(separator: ", ")))\(DidYouMean.hint(for: value, in: axis.values)); add the variant in Figma, or remove the value",
                        location: model.location, isError: true))
                }
                continue
            }
            // An axis a state stands for: a yes/no axis named like a state (Hover ↔ Hovered), or
            // an axis whose values are the states (State=Hover), or one a state's `figma:` names.
            let stated = stateWords.contains { $0.words.contains(key) || $0.words.contains { $0.hasPrefix(key + "=") } }
            if stated && isYesNo(axis) { continue }
            let valuesAreStates = axis.values.allSatisfy { value in
                stateWords.contains { $0.words.contains(fold(value)) || $0.words.contains(key + "=" + fold(value)) }
            }
            if valuesAreStates && !axis.values.isEmpty { continue }
            if stated || axis.values.contains(where: { value in stateWords.contains { $0.words.contains(fold(value)) } }) {
                let missing = axis.values.filter { value in !stateWords.contains { $0.words.contains(fold(value)) || $0.words.contains(key + "=" + fold(value)) } }
                for value in missing where !isYesNo(axis) {
                    parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                        message: "\(figmaName) has the state \(axis.name)=\(value), which no entry of states: documents\(DidYouMean.hint(for: value, in: component.states.map(\.name.value))); add the state (with `figma: \"\(axis.name)=\(value)\"` if its name differs), or remove the variant in Figma",
                        location: component.states.first?.name.location ?? fallback, isError: true))
                }
                continue
            }
            let unmatched = documented.indices.filter { !matchedModel.contains($0) }.map { documented[$0].name }
            parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                message: "\(figmaName) has the variant property \(axis.name) (\(axis.values.joined(separator: ", "))), which neither variants: nor states: documents\(DidYouMean.hint(for: axis.name, in: unmatched)); add `\(ModeNames.fileName(axis.name)): [\(axis.values.map { ModeNames.fileName($0) }.joined(separator: ", "))]` to variants:, or a state for each value",
                location: fallback, isError: true))
        }
        let figmaAxes = set.axes.map(\.name)
        let figmaProperties = set.properties.map(\.name)
        for (index, model) in documented.enumerated() where !matchedModel.contains(index) {
            // A variant documented as a Figma boolean property is that property's.
            if set.properties.contains(where: { fold($0.name) == fold(model.name) }) { continue }
            parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                message: "variants.\(model.name) is not a variant property of \(figmaName)\(DidYouMean.hint(for: model.name, in: figmaAxes + figmaProperties))\(figmaAxes.isEmpty ? " (it has none)" : " (it has \(figmaAxes.joined(separator: ", ")))"); rename it to match Figma, or add the property in Figma",
                location: model.location, isError: true))
        }
        // A state whose `figma:` names a variant (`Hover=True`) that the set does not have.
        for state in component.states {
            guard let figma = state.figma else { continue }
            for (axisName, value) in FigmaDesign.variantValues(figma) {
                guard let axis = set.axes.first(where: { fold($0.name) == fold(axisName) }) else {
                    parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                        message: "the state \(state.name.value) is `\(figma)` in Figma, but \(figmaName) has no variant property \(axisName)\(DidYouMean.hint(for: axisName, in: figmaAxes)); correct its figma:",
                        location: state.name.location, isError: true))
                    continue
                }
                if !axis.values.contains(where: { fold($0) == fold(value) }) {
                    parity.findings.append(Finding(rule: .figmaVariant, area: .variant,
                        message: "the state \(state.name.value) is `\(figma)` in Figma, but \(figmaName)'s \(axis.name) has no value \(value) (it has \(axis.values.joined(separator: ", ")))\(DidYouMean.hint(for: value, in: axis.values)); correct its figma:, or add the variant in Figma",
                        location: state.name.location, isError: true))
                }
            }
        }
    }

    // MARK: Properties

    /// A `platforms.figma` text's property name and type (`label: String` → label, String).
    package static func figmaProperty(_ text: String) -> (name: String, type: String?) {
        guard let colon = text.firstIndex(of: ":") else { return (text.trimmingCharacters(in: .whitespaces), nil) }
        let type = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (text[..<colon].trimmingCharacters(in: .whitespaces), type.isEmpty ? nil : type)
    }

    private static func compareProperties(_ component: Component, set: FigmaDesign.ComponentSet, into parity: inout FigmaParity) {
        let figmaName = "Figma's \(set.name)"
        let written = component.properties.compactMap { property in
            property.platforms.first { $0.platform == "figma" }.map { (property: property, platform: $0, figma: figmaProperty($0.text)) }
        }
        var undocumented: [FigmaDesign.Property] = []
        for figma in set.properties {
            parity.comparedProperties += 1
            let key = fold(figma.name)
            if let match = written.first(where: { fold($0.figma.name) == key }) {
                if let type = match.figma.type, !typeFits(type, figma.kind) {
                    parity.findings.append(Finding(rule: .figmaProperty, area: .property,
                        message: "the property \(match.property.name.value) is `\(match.platform.text)` in Figma, but \(figmaName)'s \(figma.name) is a \(figma.kind.rawValue) property; write `\(figma.name): \(figma.kind.typeWord)`",
                        location: match.platform.location ?? match.property.name.location, isError: true))
                }
                continue
            }
            if component.properties.contains(where: { fold($0.name.value) == key && !$0.platforms.contains { $0.platform == "figma" } }) { continue }
            undocumented.append(figma)
            parity.findings.append(Finding(rule: .figmaProperty, area: .property,
                message: "\(figmaName) has the \(figma.kind.rawValue) property \(figma.name), which no property's platforms.figma names\(DidYouMean.hint(for: figma.name, in: written.map(\.figma.name))); add `platforms: { figma: \"\(figma.name): \(figma.kind.typeWord)\" }` to the property it maps to, or a property for it",
                location: component.properties.first?.name.location ?? component.location, isError: true))
        }
        // A platforms.figma naming what the set does not have (a renamed property).
        let names = set.properties.map(\.name) + set.axes.map(\.name)
        let stateNames = component.states.flatMap { Array(stateWords($0)) }
        for entry in written {
            let key = fold(entry.figma.name)
            if names.contains(where: { fold($0) == key }) || stateNames.contains(key) { continue }
            // A property renamed in Figma: the one of its type that nothing documents.
            var hint = DidYouMean.hint(for: entry.figma.name, in: names)
            let fitting = undocumented.filter { property in entry.figma.type.map { typeFits($0, property.kind) } ?? true }
            if hint.isEmpty, fitting.count == 1 { hint = "; did you mean '\(fitting[0].name)' (a \(fitting[0].kind.rawValue) property nothing documents, renamed in Figma?)" }
            parity.findings.append(Finding(rule: .figmaProperty, area: .property,
                message: "the property \(entry.property.name.value) is `\(entry.platform.text)` in Figma, but \(figmaName) has no property \(entry.figma.name)\(hint)\(names.isEmpty ? "" : " (it has \(names.joined(separator: ", ")))"); rename it to match Figma, or add the property in Figma",
                location: entry.platform.location ?? entry.property.name.location, isError: true))
        }
    }

    private static func typeFits(_ written: String, _ kind: FigmaDesign.Property.Kind) -> Bool {
        let word = written.lowercased()
        switch kind {
        case .boolean: return word.contains("bool") || word.contains("true") || word.contains("false")
        case .text: return word.contains("string") || word.contains("text")
        case .instanceSwap: return !(word == "string" || word == "text" || word.hasPrefix("bool"))
        }
    }

    // MARK: Bound variables

    private static func compareBound(_ component: Component, set: FigmaDesign.ComponentSet, catalog: Catalog.Shared, into parity: inout FigmaParity) {
        guard let settings = catalog.settings.figma, !catalog.figma.variables.isEmpty else { return }
        let names = FigmaTokenNames(settings: settings, design: catalog.figma, tokens: catalog.tokens)
        let uses = component.appearances.flatMap(\.tokens)
        let named = Set(uses.compactMap { catalog.tokens.token($0.token.value)?.name ?? TokenSet.normalize($0.token.value) })
        var boundTokens: [String] = []
        for id in set.boundVariables {
            guard let variable = catalog.figma.variable(id) else { continue }
            guard let token = names.token(for: variable) else {
                parity.findings.append(Finding(rule: .figmaTokenBound, area: .token,
                    message: "Figma's \(set.name) binds the variable \(variable.name), which is no token (it would be \(names.path(of: variable))); add the token, or bind a variable that has one",
                    location: component.appearances.first?.name.location ?? component.location, isError: false))
                continue
            }
            boundTokens.append(token.name)
            if !named.contains(token.name) {
                parity.findings.append(Finding(rule: .figmaTokenBound, area: .token,
                    message: "Figma's \(set.name) binds the variable \(variable.name) (the token \(token.slashName)), which no appearance's tokens: names; add it to the appearance whose role it paints",
                    location: component.appearances.first?.name.location ?? component.location, isError: false))
            }
        }
        parity.boundTokens = boundTokens
        // A token an appearance names that has a variable, when that variable is bound to no node.
        guard !set.boundVariables.isEmpty else { return }
        let bound = Set(boundTokens)
        var reported = Set<String>()
        for use in uses {
            guard let token = catalog.tokens.token(use.token.value), !bound.contains(token.name), names.variable(for: token) != nil,
                  reported.insert(token.name).inserted else { continue }
            parity.findings.append(Finding(rule: .figmaTokenBound, area: .token,
                message: "the role \(use.role) uses \(use.token.value), but no node of Figma's \(set.name) is bound to its variable; bind it in Figma, or correct the token",
                location: use.token.location, isError: false))
        }
    }

    private static func render(of set: FigmaDesign.ComponentSet, in design: FigmaDesign) -> String? {
        // `GET /v1/images/:key?ids=213:6` saves as `213-6.svg` or `213:6.png`; a name may be the set's.
        let stems = [set.id, set.id.replacingOccurrences(of: ":", with: "-"), set.id.replacingOccurrences(of: ":", with: "_"), set.name, ModeNames.fileName(set.name)]
        return design.renders.keys.sorted().first { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let stem = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            return stems.contains(stem)
        }
    }
}

extension FigmaParity {
    /// The rubric criteria the design file measures, by id or by these names in a catalog's own rubric.
    package static let naming = (id: "C2", name: "Variant & Property Naming")
    package static let coverage = (id: "C3", name: "Token Coverage")

    /// C2 from the variant and property parity; C3 from the variables bound to the set's nodes,
    /// when the variables were saved too.
    package func measure(rubric: ReadinessRubric, variablesSaved: Bool) -> [MeasuredReadiness] {
        guard let set = figmaSet else { return [] }
        var measured: [MeasuredReadiness] = []
        if let criterion = CodeReadiness.criterion(Self.naming, in: rubric) {
            let drift = findings.filter { $0.area == .variant || $0.area == .property }
            let evidence = drift.isEmpty
                ? "Figma's \(set.name) matches its \(comparedAxes) variant propert\(comparedAxes == 1 ? "y" : "ies") and \(comparedProperties) other propert\(comparedProperties == 1 ? "y" : "ies")"
                : "Figma's \(set.name): \(drift.count) difference\(drift.count == 1 ? "" : "s") in its variants and properties"
            if let status = CodeReadiness.status(drift.isEmpty ? .positive : .negative, in: rubric) {
                measured.append(MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence, source: "Figma"))
            }
        }
        if variablesSaved, let criterion = CodeReadiness.criterion(Self.coverage, in: rubric) {
            let drift = findings.filter { $0.area == .token }
            let tone: Tone = set.boundVariables.isEmpty ? .caution : drift.isEmpty ? .positive : .negative
            let evidence = set.boundVariables.isEmpty ? "no node of Figma's \(set.name) is bound to a variable"
                : drift.isEmpty ? "every variable bound in Figma's \(set.name) is a token its appearances name"
                : "Figma's \(set.name): \(drift.count) difference\(drift.count == 1 ? "" : "s") between its bound variables and the appearances' tokens"
            if let status = CodeReadiness.status(tone, in: rubric) {
                measured.append(MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence, source: "Figma"))
            }
        }
        return measured
    }
}
