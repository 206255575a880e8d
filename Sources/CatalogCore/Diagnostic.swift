/// How serious a diagnostic is. Errors stop `build`; warnings stop `check --strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, info

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem found in a catalog: where, how bad, which rule, and what to do about it.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var severity: Severity
    /// A stable id such as `schema.unknown-key` or `link.broken`, listed in the README.
    public var rule: RuleID
    public var message: String
    public var location: SourceLocation
    /// Why the finding is silenced (an `ignore:` reason, or its rule turned off in catalog.yaml);
    /// nil for a finding that is shown. Only `check --format json` lists silenced findings.
    public var suppressed: String?

    /// Catalog text in the message or the file name is escaped (`TextSafety`), so no
    /// diagnostic, in any format, can start a line or drive a terminal.
    public init(_ severity: Severity, _ rule: RuleID, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.rule = rule
        self.message = Diagnostic.bounded(TextSafety.escaped(message))
        var location = location
        location.file = TextSafety.escaped(location.file)
        self.location = location
    }

    /// The longest message kept whole; a longer one (a huge value quoted in it) keeps its start
    /// and its end, where the advice is.
    package static let maximumMessageLength = 2_000

    package static func bounded(_ message: String) -> String {
        guard message.utf8.count > maximumMessageLength else { return message }
        let scalars = Array(message.unicodeScalars)
        guard scalars.count > maximumMessageLength else { return message }
        var result = String(String.UnicodeScalarView(scalars[..<1_400]))
        result += " … "
        result += String(String.UnicodeScalarView(scalars[(scalars.count - 500)...]))
        return result
    }

    public static func error(_ rule: RuleID, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, rule, message, at: location)
    }

    public static func warning(_ rule: RuleID, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, rule, message, at: location)
    }

    public static func info(_ rule: RuleID, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.info, rule, message, at: location)
    }

    /// The same problem in two runs: its rule, file and message (not its line, which moves
    /// with every edit above it). `diff` and `serve`'s terminal compare runs by it.
    public var identity: String { "\(rule)\u{0}\(location.file)\u{0}\(message)" }

    /// `path:line:col: severity: message [rule]`
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule)]" }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Errors first, then warnings, then notes, each kind in its present order.
    public func errorsFirst() -> [Diagnostic] {
        enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
    }

    /// Sorted by file, line and column, duplicates removed: the order a reader fixes them in.
    public func sortedForDisplay() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }.sorted {
            ($0.location, $0.severity, $0.rule, $0.message) < ($1.location, $1.severity, $1.rule, $1.message)
        }
    }
}
