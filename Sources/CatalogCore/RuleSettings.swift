import CatalogCore
/// What `rules:` in catalog.yaml may set a rule to.
public enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    case error, warning, note, off

    /// The severity findings get, or nil when the rule is off.
    package var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .info
        case .off: nil
        }
    }
}

/// One line of `rules:` in catalog.yaml: a rule id and the level it is set to.
public struct RuleSetting: Sendable, Hashable {
    public var rule: RuleID
    public var level: RuleLevel
    public var location: SourceLocation

    package init(rule: RuleID, level: RuleLevel, location: SourceLocation) {
        self.rule = rule
        self.level = level
        self.location = location
    }
}

/// One entry of a component's `ignore:`: a rule silenced for the component's files, and why.
public struct RuleIgnore: Sendable, Hashable {
    public var rule: RuleID
    public var reason: String
    public var location: SourceLocation

    package init(rule: RuleID, reason: String, location: SourceLocation) {
        self.rule = rule
        self.reason = reason
        self.location = location
    }
}

extension Rule {
    /// Whether `rules:` may lower this rule's findings (or `ignore:` silence them). Findings
    /// that make a catalog unbuildable — syntax, unknown keys, missing files, dangling
    /// references, broken templates — stay errors; lint, link and contrast findings, and every
    /// rule whose findings are never errors, may be lowered.
    public var lowerable: Bool {
        !severity.contains("error") || ["lint", "link", "contrast"].contains(id.area)
    }
}
