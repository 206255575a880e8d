import CatalogCore
/// What a change does to a design system: each token, component and problem that differs
/// between two versions of a catalog, classified by what it means for the people who use it.
public struct CatalogChanges: Sendable, Hashable {
    public enum Impact: String, Sendable, CaseIterable, Comparable {
        /// Something that used to work no longer does: a token or property removed or renamed, a
        /// contrast pair now below its minimum, a new error.
        case breaking
        /// Worth a reviewer's look: a value changed, a state or requirement dropped, a new warning.
        case notable
        /// Additions and improvements.
        case minor

        private var rank: Int { Impact.allCases.firstIndex(of: self)! }
        public static func < (lhs: Impact, rhs: Impact) -> Bool { lhs.rank < rhs.rank }
    }

    /// What part of the design system a change is to (its `area` in `diff --format json`).
    public enum Area: String, CaseIterable, Sendable, Hashable {
        case token, component, property, state, variants, readiness, status, lifecycle, demo, accessibility, guidelines, contrast, problem
        /// One of component.yaml's declared fields (`ComponentFields`).
        case field
    }

    /// What happened to it.
    public enum Kind: String, CaseIterable, Sendable, Hashable {
        case added, removed, renamed, changed, retargeted, deprecated, undeprecated, regressed, introduced, fixed
    }

    public struct Change: Sendable, Hashable {
        public var impact: Impact
        public var area: Area
        public var kind: Kind
        /// The component it is listed under (nil for tokens and catalog-wide problems).
        public var component: String?
        /// What changed: a token path, a property or state name, a criterion, a heading.
        public var subject: String
        /// One sentence a reviewer can read on its own.
        public var message: String
        public var before: String?
        public var after: String?
        /// Components affected (a token's users, through alias chains).
        public var affects: [String] = []
        /// Where it is in the head revision (or the base one, for what was removed).
        public var location: SourceLocation?

        /// The change with every text a catalog wrote (names, values, messages) made safe to
        /// print (`TextSafety`): no control character reaches a terminal, a log or an annotation
        /// from any format.
        package var printable: Change {
            var change = self
            change.subject = TextSafety.escaped(subject)
            change.message = TextSafety.escaped(message)
            change.before = before.map(TextSafety.escaped)
            change.after = after.map(TextSafety.escaped)
            change.component = component.map(TextSafety.escaped)
            change.affects = affects.map(TextSafety.escaped)
            return change
        }

        package init(impact: Impact, area: Area, kind: Kind, component: String? = nil, subject: String, message: String, before: String? = nil, after: String? = nil, affects: [String] = [], location: SourceLocation? = nil) {
            self.impact = impact
            self.area = area
            self.kind = kind
            self.component = component
            self.subject = subject
            self.message = message
            self.before = before
            self.after = after
            self.affects = affects
            self.location = location
        }
    }

    /// How the two sides are named (`a1b2c3d`, `working tree`).
    public var base: String
    public var head: String
    public var changes: [Change]
    /// Components by slug, as named on either side, for headings.
    public var componentNames: [String: String]
    /// Errors the base revision's catalog has (the diff shows what could be loaded).
    public var baseErrors: [Diagnostic]
    public var headErrors: [Diagnostic]

    public func count(_ impact: Impact) -> Int { changes.filter { $0.impact == impact }.count }

    public var hasBreaking: Bool { changes.contains { $0.impact == .breaking } }

    /// "2 breaking, 1 notable, 0 minor", or that nothing changed.
    package var summary: String {
        let parts = Impact.allCases.map { "\(count($0)) \($0.rawValue)" }
        return changes.isEmpty ? "no changes to the design system" : parts.joined(separator: ", ")
    }

    /// The groups a report shows, in order: tokens, each component, then problems.
    package var groups: [(title: String, slug: String?, changes: [Change])] {
        var groups: [(String, String?, [Change])] = []
        let tokens = self.changes.filter { $0.area == .token }
        if !tokens.isEmpty { groups.append(("Tokens", nil, tokens)) }
        let slugs = Array(Set(self.changes.compactMap(\.component))).sorted { (componentNames[$0] ?? $0) < (componentNames[$1] ?? $1) }
        for slug in slugs {
            groups.append((componentNames[slug] ?? slug, slug, self.changes.filter { $0.component == slug }))
        }
        let problems = self.changes.filter { $0.area == .problem }
        if !problems.isEmpty { groups.append(("Problems", nil, problems)) }
        return groups
    }

    package func affected(_ change: Change) -> String {
        change.affects.map { componentNames[$0] ?? $0 }.joined(separator: ", ")
    }

    package init(base: String, head: String, changes: [Change], componentNames: [String: String], baseErrors: [Diagnostic], headErrors: [Diagnostic]) {
        self.base = base
        self.head = head
        self.changes = changes
        self.componentNames = componentNames
        self.baseErrors = baseErrors
        self.headErrors = headErrors
    }
}
