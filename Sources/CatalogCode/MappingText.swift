import CatalogModel
/// What a property's platform mapping (`swiftui: "isOn: Binding<Bool>"`) claims about the code,
/// when it has one of the forms the code checks read:
///
/// - `name: Type`: a parameter (or, in SwiftUI, a public property) with that name and type;
/// - `.modifier(_:)` or `.modifier`: a SwiftUI method of the type, or a `View` extension;
/// - `Implementation(label:)`: a parameter of the implementation itself, by its label.
///
/// Anything else (`Text in the row`, `Toggle(_ titleKey:)` naming a system view) is prose and
/// is not checked.
package enum MappingText: Equatable {
    case parameter(name: String, type: String)
    case modifier(name: String, labels: [String]?)
    case call(callee: String, labels: [String])
    case prose

    package static func parse(_ raw: String) -> MappingText {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 500 else { return .prose }
        if text.hasPrefix(".") {
            let body = text.dropFirst()
            if let open = body.firstIndex(of: "("), body.hasSuffix(")") {
                let name = String(body[..<open])
                guard isIdentifier(name), let labels = labels(String(body[body.index(after: open)..<body.index(before: body.endIndex)])) else { return .prose }
                return .modifier(name: name, labels: labels)
            }
            return isIdentifier(String(body)) ? .modifier(name: String(body), labels: nil) : .prose
        }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let callee = String(text[..<open])
            guard isQualifiedIdentifier(callee), let labels = labels(String(text[text.index(after: open)..<text.index(before: text.endIndex)])) else { return .prose }
            return .call(callee: callee, labels: labels)
        }
        if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let type = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard isIdentifier(name), isTypeText(type) else { return .prose }
            return .parameter(name: name, type: CodeType.display(type))
        }
        return .prose
    }

    /// `_:isOn:` or `_ titleKey:, isOn:` → the labels (`_`, `isOn`); nil when it is not a label list.
    package static func labels(_ inside: String) -> [String]? {
        let trimmed = inside.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [] }
        var labels: [String] = []
        for part in trimmed.split(separator: ":", omittingEmptySubsequences: true) {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            guard let first = words.first, first == "_" || isIdentifier(first), words.count <= 2 else { return nil }
            labels.append(first)
        }
        guard trimmed.hasSuffix(":") else { return nil }
        return labels
    }

    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    package static func isQualifiedIdentifier(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
    }

    /// Looks like a type, not a sentence: `Bool`, `Binding<Bool>`, `String?`, `(Boolean) -> Unit`,
    /// `@Composable RowScope.() -> Unit`, `[String: Int]`. Words stand side by side only after
    /// an annotation or a keyword of types (`some View`, `suspend () -> Unit`).
    package static func isTypeText(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let allowed = Set("<>[](),.?:!-@&*_ ")
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || allowed.contains($0) }) else { return false }
        let keywords: Set<String> = ["some", "any", "inout", "suspend", "sending", "borrowing", "consuming", "throws", "async", "out", "in", "vararg"]
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") })
        guard let first = words.first, first.first?.isLetter == true || first.first == "@" || first.first == "_" else {
            return text.hasPrefix("(") || text.hasPrefix("[")
        }
        // Two plain words in a row with only a space between them make a sentence.
        var previousEnd: String.Index?
        var previousWord: Substring?
        var searchFrom = text.startIndex
        for word in words {
            guard let range = text.range(of: word, range: searchFrom..<text.endIndex) else { break }
            if let previousEnd, let previousWord, text[previousEnd..<range.lowerBound].allSatisfy({ $0 == " " }), previousEnd < range.lowerBound,
               !previousWord.hasPrefix("@"), !keywords.contains(String(previousWord)) {
                return false
            }
            previousEnd = range.upperBound
            previousWord = word
            searchFrom = range.upperBound
        }
        return true
    }
}
