import CatalogCore
import CatalogModel
import CatalogCode
/// Compares one component's documented API with its implementation in the code: the findings
/// `CodeDriftRule` reports, and the evidence readiness C4 and C7 are measured from.
package enum CodeDrift {
    package static let platforms = ["swiftui", "compose"]

    /// What the code says of one platform of a component.
    package struct PlatformResult: Sendable {
        package var platform: String
        /// The implementation the component names; nil when it names none for this platform.
        package var implementation: Located<String>?
        /// The implementation in the code; nil when it is not declared there.
        package var api: CodeAPI?
        /// Mismatches (errors) and undocumented API (notes).
        package var findings: [Diagnostic] = []

        package var isLinked: Bool { !(api?.links.isEmpty ?? true) }
        package var drifts: Bool { api == nil || findings.contains { $0.severity == .error } }
    }

    /// One result per platform whose sources `code:` names and that the component names an
    /// implementation for; empty without `code:`.
    package static func compare(_ component: Component, with index: CodeIndex?) -> [PlatformResult] {
        guard let index, let implementation = component.implementation else { return [] }
        return platforms.compactMap { platform in
            guard index.platforms.contains(platform) else { return nil }
            let named = platform == "swiftui" ? implementation.swiftui : implementation.compose
            guard let named else { return nil }
            return compare(component, platform: platform, implementation: named, index: index)
        }
    }

    /// What the implementation of a platform is called in messages.
    private static func kind(_ platform: String) -> String {
        platform == "swiftui" ? "SwiftUI view type" : "@Composable function"
    }

    package static func compare(_ component: Component, platform: String, implementation: Located<String>, index: CodeIndex) -> PlatformResult {
        var result = PlatformResult(platform: platform, implementation: implementation)
        let name = implementation.value
        let display = PlatformName.display(platform)
        guard let api = index.api(platform, name) else {
            let known = platform == "swiftui" ? index.swiftTypes.keys : index.composables.keys
            let unread = index.notes.isEmpty ? "" : " (\(index.notes.count) source file\(index.notes.count == 1 ? " was" : "s were") not read; see the notes)"
            result.findings.append(.error(.codeImplementationMissing, "implementation.\(platform) names \(name), but the \(display) sources declare no \(kind(platform)) of that name\(unread)\(DidYouMean.hint(for: name, in: known)); fix the name or add the \(kind(platform))", at: implementation.location))
            return result
        }
        result.api = api
        let parameters = api.parametersByName
        var documented = Set<String>()
        var documentedMethods = Set<String>()
        for property in component.properties {
            for mapping in property.platforms where mapping.platform == platform {
                let location = mapping.location ?? property.name.location
                switch MappingText.parse(mapping.text) {
                case .parameter(let mapped, let type):
                    documented.insert(mapped)
                    if let finding = checkParameter(mapped, type: type, property: property, api: api, parameters: parameters, platform: platform, at: location) {
                        result.findings.append(finding)
                    }
                case .modifier(let method, let labels):
                    guard platform == "swiftui" else { continue }
                    documentedMethods.insert(method)
                    let candidates = api.methods.filter { $0.name == method } + index.viewExtensions.filter { $0.name == method }
                    if candidates.isEmpty, SwiftUIModifiers.standard.contains(method) { continue }
                    if candidates.isEmpty {
                        let names = Set(api.methods.map(\.name) + index.viewExtensions.map(\.name))
                        result.findings.append(.error(.codeMappingMissing, "'\(mapping.text)' names a modifier \(name) does not have: no method of \(name) or View extension is called \(method)\(DidYouMean.hint(for: method, in: names)); fix the mapping or the code", at: location))
                    } else if let labels, !candidates.contains(where: { $0.labels.map { String($0.dropLast()) } == labels }) {
                        let written = candidates.map { "\(method)(\($0.labels.joined()))" }.joined(separator: ", ")
                        result.findings.append(.error(.codeTypeMismatch, "'\(mapping.text)' does not match the code: it declares \(written) (\(candidates[0].file):\(candidates[0].line)); fix the labels in the mapping", at: location))
                    }
                case .call(let callee, let labels):
                    let simple = String(callee.split(separator: ".").last ?? Substring(callee))
                    guard simple == name || callee == name else { continue }
                    for label in labels where label != "_" {
                        documented.insert(label)
                        if parameters[label] == nil {
                            result.findings.append(.error(.codeMappingMissing, "'\(mapping.text)' names the argument label \(label):, which no \(platform == "swiftui" ? "initializer of" : "overload of") \(name) takes\(DidYouMean.hint(for: label, in: parameters.keys)); fix the mapping or the code", at: location))
                        }
                    }
                    if labels.first == "_", let unlabeled = api.signatures.flatMap(\.parameters).first(where: { $0.label == "_" }) {
                        documented.insert(unlabeled.mappedName)
                    }
                case .prose:
                    continue
                }
            }
        }
        result.findings += undocumented(api, documented: documented, methods: documentedMethods, platform: platform, at: implementation.location)
        return result
    }

    private static func checkParameter(_ mapped: String, type: String, property: Property, api: CodeAPI, parameters: [String: [CodeAPI.Parameter]], platform: String, at location: SourceLocation) -> Diagnostic? {
        let name = api.name
        let asParameter = parameters[mapped] ?? []
        let asProperty = platform == "swiftui" ? api.properties.filter { $0.name == mapped } : []
        if asParameter.isEmpty, asProperty.isEmpty {
            let names = Set(parameters.keys).union(api.properties.map(\.name))
            let what = platform == "swiftui" ? "is neither an initializer parameter nor a public property of \(name)" : "is not a parameter of \(name)"
            return .error(.codeMappingMissing, "'\(mapped)' \(what) (\(api.file):\(api.line))\(DidYouMean.hint(for: mapped, in: names)); rename the mapping to match the code, or the code to match the documentation", at: location)
        }
        let types = asParameter.map(\.type) + asProperty.compactMap(\.type)
        if !types.isEmpty, !types.contains(where: { CodeType.key($0) == CodeType.key(type) }) {
            let first = asParameter.first.map { ($0.type, $0.line) } ?? asProperty.first.map { ($0.type ?? "", $0.line) }!
            let file = asParameter.isEmpty ? asProperty[0].file : api.signatures.first { $0.parameters.contains { $0.mappedName == mapped } }?.file ?? api.file
            return .error(.codeTypeMismatch, "'\(mapped)' is \(first.0) in the code (\(file):\(first.1)), but the mapping says \(type); change the mapping to \(mapped): \(first.0), or the code", at: location)
        }
        guard !asParameter.isEmpty else { return nil }
        // Judged across overloads: documented as required, every overload that takes it must
        // require it; documented as optional, some overload must let callers leave it out.
        let requiredness = api.requiredness(mapped)
        if property.required, !requiredness.whereTaken {
            return .error(.codeRequiredMismatch, "the property '\(property.name.value)' is required in component.yaml, but \(name) lets callers leave it out (it has a default); remove `required: true` or drop the default in the code", at: location)
        }
        if !property.required, requiredness.always {
            return .error(.codeRequiredMismatch, "the property '\(property.name.value)' is optional in component.yaml, but every \(platform == "swiftui" ? "initializer" : "overload") of \(name) needs it (no default); add `required: true` to the property, or give it a default in the code", at: location)
        }
        return nil
    }

    /// Public API no mapping names: a note each, at the implementation's line.
    private static func undocumented(_ api: CodeAPI, documented: Set<String>, methods: Set<String>, platform: String, at location: SourceLocation) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        var seen = documented
        for signature in api.signatures {
            for parameter in signature.parameters where seen.insert(parameter.mappedName).inserted {
                // Every Composable takes a modifier by convention; it is not the component's API.
                if platform == "compose", parameter.name == "modifier", parameter.type == "Modifier" { continue }
                notes.append(.info(.codeUndocumented, "\(api.name) takes '\(parameter.mappedName): \(parameter.type)' (\(signature.file):\(parameter.line)), which no property maps; document it under properties: with `\(platform): \"\(parameter.mappedName): \(parameter.type)\"`", at: location))
            }
        }
        for property in api.properties where seen.insert(property.name).inserted {
            notes.append(.info(.codeUndocumented, "\(api.name) has the public property '\(property.name)' (\(property.file):\(property.line)), which no property maps; document it under properties:", at: location))
        }
        var seenMethods = methods
        for method in api.methods where seenMethods.insert(method.name).inserted {
            notes.append(.info(.codeUndocumented, "\(api.name) has the modifier .\(method.name)(\(method.labels.joined())) (\(method.file):\(method.line)), which no property maps; document it with `\(platform): \".\(method.name)(\(method.labels.joined()))\"`", at: location))
        }
        return notes
    }
}

/// Modifiers SwiftUI itself gives every view: a mapping naming one (`.disabled(_:)`) documents
/// the platform's API, which the catalog's sources do not declare.
package enum SwiftUIModifiers {
    package static let standard: Set<String> = [
        "disabled", "controlSize", "tint", "foregroundStyle", "foregroundColor", "font", "padding", "frame", "background",
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityAddTraits", "accessibilityIdentifier",
        "accessibilityElement", "accessibilityAction", "accessibilityHidden", "accessibilitySortPriority", "labelsHidden",
        "toggleStyle", "buttonStyle", "pickerStyle", "progressViewStyle", "labelStyle", "textFieldStyle", "datePickerStyle",
        "keyboardShortcut", "help", "onChange", "onTapGesture", "onSubmit", "focused", "submitLabel", "textContentType",
        "keyboardType", "textInputAutocapitalization", "autocorrectionDisabled", "environment", "opacity", "hidden",
        "redacted", "contentShape", "clipShape", "cornerRadius", "border", "overlay", "shadow", "lineLimit",
        "multilineTextAlignment", "symbolVariant", "symbolRenderingMode", "imageScale", "dynamicTypeSize", "sensoryFeedback",
        "buttonBorderShape", "menuStyle", "listRowSeparator", "listRowBackground", "badge", "swipeActions", "contextMenu",
        "sheet", "alert", "confirmationDialog", "popover", "navigationTitle", "toolbar", "task", "onAppear", "onDisappear",
    ]
}
