/// What the code says of one implementation: a SwiftUI view type or a @Composable function,
/// with everything a mapping in component.yaml may name. Read by `SwiftSourceReader` and
/// `ComposeSourceReader`; compared with the documentation by `CodeDriftRule`.
public struct CodeAPI: Sendable, Hashable, Codable {
    /// A parameter of an initializer or a Composable function.
    public struct Parameter: Sendable, Hashable, Codable {
        /// The argument label callers write (`isOn`); `_` when there is none.
        public var label: String
        /// The name inside the declaration (`titleKey` in `_ titleKey: String`).
        public var name: String
        /// As written, with spaces folded (`Binding<Bool>`, `@Composable () -> Unit`).
        public var type: String
        public var hasDefault: Bool
        public var line: Int

        /// The name a mapping gives it: the label, or the inner name when there is no label.
        public var mappedName: String { label == "_" ? name : label }

        package init(label: String, name: String, type: String, hasDefault: Bool, line: Int) {
            self.label = label
            self.name = name
            self.type = type
            self.hasDefault = hasDefault
            self.line = line
        }
    }

    /// One initializer, or one overload of the function.
    public struct Signature: Sendable, Hashable, Codable {
        public var parameters: [Parameter]
        public var file: String
        public var line: Int

        package init(parameters: [Parameter], file: String, line: Int) {
            self.parameters = parameters
            self.file = file
            self.line = line
        }
    }

    /// A public property (SwiftUI) or modifier method.
    public struct Member: Sendable, Hashable, Codable {
        public var name: String
        /// The property's type, when written; a method's argument labels (`_:`, `isOn:`).
        public var type: String?
        public var labels: [String] = []
        public var hasDefault: Bool = false
        public var file: String
        public var line: Int

        package init(name: String, type: String? = nil, labels: [String] = [], hasDefault: Bool = false, file: String, line: Int) {
            self.name = name
            self.type = type
            self.labels = labels
            self.hasDefault = hasDefault
            self.file = file
            self.line = line
        }
    }

    /// `swiftui` or `compose`.
    public var platform: String
    public var name: String
    public var file: String
    public var line: Int
    public var signatures: [Signature] = []
    public var properties: [Member] = []
    /// Methods of the type and its extensions (SwiftUI modifiers).
    public var methods: [Member] = []
    /// Code Connect declarations naming it (file and line each).
    public var links: [Member] = []
    /// Declared `public` or `open` (SwiftUI): then only its public members are its API, also
    /// those its extensions add.
    public var isPublic = false

    /// Every parameter the signatures take, by the name a mapping gives it, first declaration first.
    public var parametersByName: [String: [Parameter]] {
        var named: [String: [Parameter]] = [:]
        for signature in signatures {
            for parameter in signature.parameters { named[parameter.mappedName, default: []].append(parameter) }
        }
        return named
    }

    /// How the overloads take `name`: `whereTaken`, every signature that takes it takes it
    /// without a default (so documenting it as required is true: an overload without it, such
    /// as `Button(icon:)` beside `Button(label:)`, is another way to make the component);
    /// `always`, moreover every signature takes it (so it can never be left out).
    public func requiredness(_ name: String) -> (whereTaken: Bool, always: Bool) {
        let taking = signatures.compactMap { signature in signature.parameters.first { $0.mappedName == name } }
        let whereTaken = !taking.isEmpty && taking.allSatisfy { !$0.hasDefault }
        return (whereTaken, whereTaken && taking.count == signatures.count)
    }

    /// Whether callers must always pass `name`: every signature takes it, with no default.
    public func requires(_ name: String) -> Bool { requiredness(name).always }

    package init(platform: String, name: String, file: String, line: Int, signatures: [Signature] = [], properties: [Member] = [], methods: [Member] = [], links: [Member] = []) {
        self.platform = platform
        self.name = name
        self.file = file
        self.line = line
        self.signatures = signatures
        self.properties = properties
        self.methods = methods
        self.links = links
    }
}

/// A file the readers could not make sense of: a note, never a guess.
public struct CodeNote: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var message: String

    package init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// Types as the code and the documentation write them.
package enum CodeType {
    /// As shown: runs of spaces and line breaks folded to one space (`(String) -> Unit`).
    package static func display(_ type: String) -> String {
        type.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What two types are compared by: spacing folded away, so `Binding< Bool >` matches
    /// `Binding<Bool>`, and `Optional<String>` matches `String?`.
    package static func key(_ type: String) -> String {
        var text = ""
        var pendingSpace = false
        for character in type {
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = text.last, isWordCharacter(last), isWordCharacter(character) { text.append(" ") }
            pendingSpace = false
            text.append(character)
        }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") {
            text = String(text.dropFirst("Optional<".count).dropLast()) + "?"
        }
        return text
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
