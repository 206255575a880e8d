import CatalogCore

/// What the saved Figma data holds, as read by `FigmaLoader`: the component sets of the saved
/// files (their variant axes, their other properties, the variables their nodes are bound to)
/// and the variables with their collections and modes, each kept with where it was written.
public struct FigmaDesign: Sendable, Hashable {
    /// A component set (or a lone component, which has no variant axes).
    public struct ComponentSet: Sendable, Hashable {
        public var name: String
        public var id: String
        /// The file it was read from, as diagnostics show it, and where its node starts.
        public var location: SourceLocation
        /// The file's name in Figma (`name` of the response), when it says.
        public var fileName: String?
        public var axes: [Axis]
        public var properties: [Property]
        /// Its variants' count (its COMPONENT children).
        public var variantCount: Int
        /// Whether the axes were read from the variants' names (`Type=Primary, Hover=False`),
        /// the REST API's output before it listed VARIANT definitions.
        public var axesFromNames: Bool
        /// The ids of the variables bound to it or any node inside it, in the order met.
        public var boundVariables: [String]

        public init(name: String, id: String, location: SourceLocation, fileName: String? = nil, axes: [Axis] = [], properties: [Property] = [],
                    variantCount: Int = 0, axesFromNames: Bool = false, boundVariables: [String] = []) {
            self.name = name
            self.id = id
            self.location = location
            self.fileName = fileName
            self.axes = axes
            self.properties = properties
            self.variantCount = variantCount
            self.axesFromNames = axesFromNames
            self.boundVariables = boundVariables
        }
    }

    /// A VARIANT property: its name and values, in Figma's order.
    public struct Axis: Sendable, Hashable {
        public var name: String
        public var values: [String]
        public var defaultValue: String?

        public init(name: String, values: [String], defaultValue: String? = nil) {
            self.name = name
            self.values = values
            self.defaultValue = defaultValue
        }
    }

    /// A BOOLEAN, TEXT or INSTANCE_SWAP property, its name without Figma's `#id` suffix.
    public struct Property: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case boolean = "BOOLEAN", text = "TEXT", instanceSwap = "INSTANCE_SWAP"

            /// How a catalog's `platforms.figma` names the type (`label: String`).
            public var typeWord: String {
                switch self {
                case .boolean: "Boolean"
                case .text: "String"
                case .instanceSwap: "Instance"
                }
            }
        }

        public var name: String
        public var kind: Kind
        public var defaultValue: String?

        public init(name: String, kind: Kind, defaultValue: String? = nil) {
            self.name = name
            self.kind = kind
            self.defaultValue = defaultValue
        }
    }

    /// A variable collection: its modes, the default first.
    public struct Collection: Sendable, Hashable {
        public var id: String
        public var name: String
        public var modes: [String]
        public var defaultMode: String
        public var location: SourceLocation

        public init(id: String, name: String, modes: [String], defaultMode: String, location: SourceLocation) {
            self.id = id
            self.name = name
            self.modes = modes
            self.defaultMode = defaultMode
            self.location = location
        }
    }

    /// A variable's value in one mode.
    public enum Value: Sendable, Hashable {
        case color(RGBA)
        case number(Double)
        case text(String)
        case flag(Bool)
        /// Another variable, by id.
        case alias(String)
    }

    public struct Variable: Sendable, Hashable {
        public var id: String
        /// Its name as Figma shows it (`Toggle/Track/On`).
        public var name: String
        /// The id of its collection.
        public var collection: String
        /// `COLOR`, `FLOAT`, `STRING` or `BOOLEAN`.
        public var type: String
        /// Mode name → value.
        public var values: [String: Value]
        public var location: SourceLocation

        public init(id: String, name: String, collection: String, type: String, values: [String: Value], location: SourceLocation) {
            self.id = id
            self.name = name
            self.collection = collection
            self.type = type
            self.values = values
            self.location = location
        }
    }

    public var sets: [ComponentSet] = []
    public var collections: [Collection] = []
    public var variables: [Variable] = []
    /// Render file (path inside the renders folder) → bytes, as read.
    public var renders: [String: [UInt8]] = [:]
    /// What could not be read (a malformed or truncated file), located at the file.
    public var problems: [Diagnostic] = []
    /// The files read, as diagnostics show them, with what each held: the component sets' and
    /// variables' count.
    public var filesRead: [(file: String, sets: Int, variables: Int)] = []
    public var contentKey: UInt64 = 0

    public init() {}

    public var isEmpty: Bool { sets.isEmpty && variables.isEmpty }

    /// A variant's name, or a state's `figma:`, as property–value pairs: `Type=Primary, Hover=False`
    /// → (Type, Primary), (Hover, False); a part without `=` is no pair.
    public static func variantValues(_ name: String) -> [(property: String, value: String)] {
        name.split(separator: ",").compactMap { part in
            guard let equals = part.firstIndex(of: "=") else { return nil }
            return (part[..<equals].trimmingCharacters(in: .whitespaces), part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The set a component's `figma:` names: by node id, else by name (exactly, then ignoring case).
    public func set(named name: String) -> ComponentSet? {
        sets.first { $0.name == name } ?? sets.first { $0.name.lowercased() == name.lowercased() }
    }

    public func set(node id: String) -> ComponentSet? { sets.first { $0.id == id } }

    public func variable(_ id: String) -> Variable? {
        if let position = variableIndex[id], position < variables.count, variables[position].id == id { return variables[position] }
        return variables.first { $0.id == id }
    }

    public func collection(_ id: String) -> Collection? { collections.first { $0.id == id } }

    /// Variable id → its position, made once the variables are read (`indexVariables()`).
    private var variableIndex: [String: Int] = [:]

    /// Indexes the variables by id, for `variable(_:)`; call once they are all read.
    public mutating func indexVariables() {
        variableIndex = Dictionary(variables.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.contentKey == rhs.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}
