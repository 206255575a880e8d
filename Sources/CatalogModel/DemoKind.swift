import CatalogCore
import CatalogSyntax
/// A demo kind: the contract a theme declares in `demos/<kind>.yaml`. The tool knows no kind's
/// fields, roles or anatomy; everything it validates, renders and measures comes from here.
public struct DemoKind: Sendable {
    public indirect enum FieldType: Sendable {
        case text
        case number
        case bool
        /// A symbol the theme ships (`symbols/<name>.svg`).
        case symbol
        /// One of `values` (compared as written).
        case choice([String])
        /// The `label` of one item of the list field `from`.
        case item(from: String)
        /// A list of items, each with these fields; an item written as plain text fills the first one.
        case list([Field])

        public var description: String {
            switch self {
            case .text: "text"
            case .number: "a number"
            case .bool: "true or false"
            case .symbol: "a symbol name"
            case .choice(let values): "one of \(values.joined(separator: ", "))"
            case .item(let list): "the label of one of its \(list)"
            case .list: "a list"
            }
        }
    }

    public struct Field: Sendable {
        public var name: String
        public var type: FieldType
        public var required: Bool
        /// As written in the contract; applied when an example leaves the field out.
        public var defaultValue: String? {
            didSet { defaultScalar = defaultValue.map { ExampleScalar($0, plain: true) } }
        }
        /// `defaultValue` read as an example's scalar is (once).
        public private(set) var defaultScalar: ExampleScalar?
        public var minimum: Double?
        public var maximum: Double?
        /// What the field is for, in the contract's words (shown when it is missing).
        public var help: String?
        public var location: SourceLocation

        package init(name: String, type: FieldType, required: Bool, defaultValue: String? = nil, defaultScalar: ExampleScalar? = nil, minimum: Double? = nil, maximum: Double? = nil, help: String? = nil, location: SourceLocation) {
            self.name = name
            self.type = type
            self.required = required
            self.defaultValue = defaultValue
            self.defaultScalar = defaultScalar
            self.minimum = minimum
            self.maximum = maximum
            self.help = help
            self.location = location
        }
    }

    public struct Role: Sendable {
        public var name: String
        /// The CSS custom property the kind's stylesheet paints this role with (`--demo-track`).
        public var property: String
        /// Other names an appearance may use for this role (`Thumb` for `Indicator`).
        public var aliases: [String]
        /// Text: set only where it reads on the page surface, and never split by state.
        public var text: Bool
        /// Also sets `<property>-contrast`: black or white, whichever reads better on it.
        public var readable: Bool
        /// The DTCG type of the tokens it paints with (`color` unless the kind says otherwise:
        /// a `dimension` for a radius or a padding, `typography`, `shadow`…). Only colours are
        /// split by state (`-on`/`-off`) and measured for contrast.
        public var type: TokenType = .color
        public var location: SourceLocation

        package init(name: String, property: String, aliases: [String], text: Bool, readable: Bool, type: TokenType = .color, location: SourceLocation) {
            self.type = type
            self.name = name
            self.property = property
            self.aliases = aliases
            self.text = text
            self.readable = readable
            self.location = location
        }
    }

    /// A pair of colours `check` measures (WCAG 2.2). `background` names a role or `page`; a
    /// list names the first the appearance has (`[Fill, page]`: on the fill, else on the page).
    public struct ContrastSpec: Sendable, Equatable {
        public var foreground: String
        public var background: [String]
        public var minimum: Double
        public var location: SourceLocation

        public static let page = "page"

        package init(foreground: String, background: [String], minimum: Double, location: SourceLocation) {
            self.foreground = foreground
            self.background = background
            self.minimum = minimum
            self.location = location
        }
    }

    /// How the state gallery shows a state: a state whose name has one of `words` gets `set`.
    public struct StateRule: Sendable {
        public var words: [String]
        public var set: [(field: String, value: String)]
        public var location: SourceLocation

        package init(words: [String], set: [(field: String, value: String)], location: SourceLocation) {
            self.words = words
            self.set = set
            self.location = location
        }
    }

    /// The kind's id: its file name without `.yaml` (`slider`).
    public var id: String
    public var name: String
    public var description: String
    public var fields: [Field]
    public var roles: [Role] {
        didSet { roleLookup = Self.lookup(roles) }
    }
    /// A role's name or alias, as written and as its `roleKey`, → its index in `roles`.
    private var roleLookup: [String: Int] = [:]
    public var contrast: [ContrastSpec]
    /// The field that says whether an example shows the control on (checked, pressed,
    /// selected); with it each role is set as `<property>-on` or `<property>-off`.
    public var on: String?
    public var states: [StateRule]
    /// `keyboard:`: the keys the kind answers (the WAI-ARIA Authoring Practices' keyboard
    /// interaction) and what each must change; `audit` presses each and observes it (WCAG 2.1.1).
    public var keyboard: [KeyContract] = []
    /// Where the contract was read from.
    public var location: SourceLocation

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// One key of the kind's keyboard contract: pressed on the control that has focus, it must
    /// change `changes` (a property or attribute of the focused control, or of `of`), or move
    /// focus (`changes: focus`).
    public struct KeyContract: Sendable, Hashable {
        /// The key as `KeyboardEvent.key` names it (`Enter`, ` ` for Space, `ArrowRight`).
        public var key: String
        /// `checked`, `value`, `aria-checked`, `aria-pressed`, `aria-selected`, `aria-expanded`, `open` or `focus`.
        public var changes: String
        /// A selector inside the example whose `changes` is observed (nil: the focused control).
        public var of: String?
        /// Whether focus must stay where it was (`changes: focus` says the opposite).
        public var location: SourceLocation

        public init(key: String, changes: String, of: String? = nil, location: SourceLocation) {
            self.key = key
            self.changes = changes
            self.of = of
            self.location = location
        }

        /// `Space`, `Enter`, `ArrowRight`: how a page names the key.
        public var keyName: String { key == " " ? "Space" : key }

        /// The keys a contract may name, by the name written (`Space`) → `KeyboardEvent.key`.
        public static let keys: [String: String] = [
            "Space": " ", "Enter": "Enter", "Escape": "Escape", "Tab": "Tab", "Home": "Home", "End": "End",
            "ArrowUp": "ArrowUp", "ArrowDown": "ArrowDown", "ArrowLeft": "ArrowLeft", "ArrowRight": "ArrowRight",
            "PageUp": "PageUp", "PageDown": "PageDown",
        ]
        /// What `changes:` may name.
        public static let observable = ["checked", "value", "aria-checked", "aria-pressed", "aria-selected", "aria-expanded", "aria-valuenow", "open", "focus", "selectedIndex"]
    }

    public init(id: String, name: String, description: String, fields: [Field], roles: [Role], contrast: [ContrastSpec], on: String?, states: [StateRule], location: SourceLocation) {
        self.id = id
        self.name = name
        self.description = description
        self.fields = fields
        self.roles = roles
        self.contrast = contrast
        self.on = on
        self.states = states
        self.location = location
        roleLookup = Self.lookup(roles)
    }

    private static func lookup(_ roles: [Role]) -> [String: Int] {
        var lookup: [String: Int] = [:]
        for (index, role) in roles.enumerated() {
            for name in [role.name] + role.aliases {
                if lookup[name] == nil { lookup[name] = index }
                if lookup[roleKey(name)] == nil { lookup[roleKey(name)] = index }
            }
        }
        return lookup
    }

    /// The role `name` (or one of its aliases) plays; names compare case- and space-insensitively.
    public func role(_ name: String) -> Role? {
        if let index = roleLookup[name] ?? roleLookup[Self.roleKey(name)] { return roles[index] }
        return nil
    }

    /// `Supporting text` → `supporting-text`: role names compare case- and space-insensitively.
    package static func roleKey(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }).split(separator: "-").joined(separator: "-")
    }
}

/// `demo:` of a component: the kind it is drawn with and its examples.
public struct Demo: Sendable {
    public var kind: Located<String>
    public var examples: [DemoExample]

    package init(kind: Located<String>, examples: [DemoExample]) {
        self.kind = kind
        self.examples = examples
    }
}

/// A value written in an example, kept as written: the kind's contract says what it must be,
/// and is read by the check and the renderer, not by the loader (which does not know the theme).
public indirect enum ExampleValue: Sendable {
    case scalar(ExampleScalar)
    case list([Located<ExampleValue>])
    case map(DemoExample)
    case null
}

/// A scalar of an example as written, with what it means read once, when it is loaded: the
/// renderer, the contrast measure and the rules take its flag and number from here instead of
/// parsing the text again.
public struct ExampleScalar: Sendable, Hashable {
    public let text: String
    /// False for a quoted scalar (so `"true"` stays text where an enum could take either).
    public let plain: Bool
    /// `true`/`yes`/`on` or `false`/`no`/`off` (any case), else nil.
    public let flag: Bool?
    /// The number it writes (`1_000` too) when it is one and finite, else nil.
    public let number: Double?

    public init(_ text: String, plain: Bool) {
        self.text = text
        self.plain = plain
        flag = SchemaReader.boolValue(text)
        let digits = text.contains("_") ? text.replacingOccurrences(of: "_", with: "") : text
        number = Double(digits).flatMap { $0.isFinite ? $0 : nil }
    }
}

/// One example of a demo, an appearance's `example:` settings, or an item of a list field:
/// its keys and values in written order.
public struct DemoExample: Sendable {
    public struct Entry: Sendable {
        public var key: Located<String>
        public var value: Located<ExampleValue>

        package init(key: Located<String>, value: Located<ExampleValue>) {
            self.key = key
            self.value = value
        }
    }

    public var entries: [Entry]
    public var location: SourceLocation

    public init(entries: [Entry] = [], location: SourceLocation) {
        self.entries = entries
        self.location = location
    }

    public func entry(_ key: String) -> Entry? { entries.last { $0.key.value == key } }

    /// A scalar, where it was written.
    public func scalar(_ key: String) -> Located<ExampleScalar>? {
        guard let entry = entry(key), case .scalar(let scalar) = entry.value.value else { return nil }
        return Located(scalar, at: entry.value.location)
    }

    /// A scalar's text, where it was written.
    public func text(_ key: String) -> Located<String>? {
        scalar(key).map { Located($0.value.text, at: $0.location) }
    }

    /// The items of a list field (an item written as plain text is an entry-less example).
    public func items(_ key: String) -> [Located<ExampleValue>] {
        guard let entry = entry(key), case .list(let items) = entry.value.value else { return [] }
        return items
    }

    public var title: Located<String>? { text("title") }

    /// `appearance:`: the name of the component's appearance whose tokens paint this example.
    public var appearance: Located<String>? { text("appearance") }

    /// This example with the keys `other` wrote laid over it.
    public func overlaid(with other: DemoExample) -> DemoExample {
        let replaced = Set(other.entries.map(\.key.value))
        return DemoExample(entries: entries.filter { !replaced.contains($0.key.value) } + other.entries, location: other.location)
    }
}
