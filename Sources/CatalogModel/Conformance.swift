import CatalogCore

/// WCAG 2.2's success criteria as the OpenACR catalogue lists them (`WCAGCriteria.swift`,
/// generated): what `accessibility[].criteria`, `conformance.tests[].criteria` and the audit's
/// findings name, and what a report covers.
public enum WCAG {
    public enum Level: String, Sendable, Hashable, Comparable, CaseIterable {
        case a = "A", aa = "AA", aaa = "AAA"
        private var rank: Int { self == .a ? 0 : self == .aa ? 1 : 2 }
        public static func < (left: Level, right: Level) -> Bool { left.rank < right.rank }
    }

    public struct Criterion: Sendable, Hashable {
        /// `2.5.8`.
        public var id: String
        /// `Target Size (Minimum)`.
        public var handle: String
        public var level: Level
        /// The OpenACR chapter it is reported under (`success_criteria_level_aa`).
        public var chapter: String
        /// The criterion's name in the WCAG Understanding documents (`target-size-minimum`).
        public var slug: String
    }

    private static let byID: [String: Criterion] = Dictionary(criteria.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func criterion(_ id: String) -> Criterion? { byID[id] }

    /// The criteria a report at `level` covers, in the catalogue's order.
    public static func covered(at level: Level) -> [Criterion] { criteria.filter { $0.level <= level } }

    /// The standards `conformance.standard` may name.
    public static let standards = ["wcag-2.2"]
}

/// What a component, a criterion or a report is judged: the OpenACR terms, best first.
public enum Adherence: String, Sendable, Hashable, CaseIterable, Comparable {
    case supports
    case partiallySupports = "partially-supports"
    case doesNotSupport = "does-not-support"
    case notApplicable = "not-applicable"
    case notEvaluated = "not-evaluated"

    /// `Supports`, `Partially supports`, …
    public var label: String {
        switch self {
        case .supports: "Supports"
        case .partiallySupports: "Partially supports"
        case .doesNotSupport: "Does not support"
        case .notApplicable: "Not applicable"
        case .notEvaluated: "Not evaluated"
        }
    }

    /// How bad: a worse result is a regression (`diff`).
    public var severity: Int {
        switch self {
        case .supports, .notApplicable: 0
        case .notEvaluated: 1
        case .partiallySupports: 2
        case .doesNotSupport: 3
        }
    }

    public static func < (left: Adherence, right: Adherence) -> Bool { left.severity < right.severity }
}

/// `conformance:` in catalog.yaml: the standard and level a report covers, when a manual result
/// is stale, who the report is by, and the folder `audit` keeps its results in.
public struct ConformanceSettings: Sendable, Hashable {
    /// `standard:` (`wcag-2.2`).
    public var standard = "wcag-2.2"
    /// `level:`: the highest level the report covers (AA unless written).
    public var level = WCAG.Level.aa
    /// `stale-after:` in days: a manual result older than this is stale (nil: only a change of
    /// the component makes one stale).
    public var staleAfterDays: Int?
    /// `report:`: the OpenACR report's product, vendor and contact.
    public var product: String?
    public var productVersion: String?
    public var vendor: String?
    public var contact: String?
    public var notes: String?
    /// `evidence:`: the folder `audit` writes `results.json` to, relative to the catalog (`audit`).
    public var evidence = Located("audit", at: SourceLocation(file: ""))
    public var location: SourceLocation?

    public init() {}
}

/// One manual result of `conformance.tests:` in component.yaml: who checked which criteria with
/// what, and what they found.
public struct ConformanceTest: Sendable, Hashable {
    public enum Result: String, Sendable, Hashable, CaseIterable {
        case pass, fail, partial
        case notApplicable = "not-applicable"

        public var adherence: Adherence {
            switch self {
            case .pass: .supports
            case .fail: .doesNotSupport
            case .partial: .partiallySupports
            case .notApplicable: .notApplicable
            }
        }
    }

    /// `YYYY-MM-DD`.
    public var date: Located<String>
    /// The assistive technology and what it ran on (`VoiceOver, iOS 18`).
    public var with: String
    public var platform: String?
    public var criteria: [Located<String>]
    public var result: Result
    public var by: String?
    public var notes: String?
    public var location: SourceLocation

    public init(date: Located<String>, with: String, platform: String?, criteria: [Located<String>], result: Result, by: String?, notes: String?, location: SourceLocation) {
        self.date = date
        self.with = with
        self.platform = platform
        self.criteria = criteria
        self.result = result
        self.by = by
        self.notes = notes
        self.location = location
    }
}

/// What `catalog-build audit` recorded (`<evidence>/results.json`, committed beside the catalog),
/// as the build reads it: per component, the key of the inputs the browser saw and each
/// criterion's checks, so a build needs no browser and knows which results are stale.
public struct AuditEvidence: Sendable, Hashable {
    /// One check the browser made, failed (passes are counted, not kept one by one).
    public struct Failure: Sendable, Hashable, Codable {
        /// `ex1`, `st2` or `web:<id>`: the example, state or team example it was made on.
        public var subject: String
        /// `390 px, dark, brand=acme`.
        public var conditions: String
        /// `target-size`, `keyboard`, `focus-visible`, `reflow`, `axe:color-contrast`.
        public var check: String
        public var detail: String

        public init(subject: String, conditions: String, check: String, detail: String) {
            self.subject = subject
            self.conditions = conditions
            self.check = check
            self.detail = detail
        }
    }

    /// What was found for one criterion of one component.
    public struct Finding: Sendable, Hashable, Codable {
        /// How many checks passed, and what they were (`keyboard: Space`, `axe:aria-toggle-field-name`).
        public var passed: Int
        public var checks: [String]
        public var failures: [Failure]

        public init(passed: Int = 0, checks: [String] = [], failures: [Failure] = []) {
            self.passed = passed
            self.checks = checks
            self.failures = failures
        }
    }

    public struct ComponentResult: Sendable, Hashable, Codable {
        /// The key of the inputs the browser saw (`AuditKey`).
        public var key: String
        /// The day it was audited.
        public var date: String
        /// Criterion id → what was found.
        public var criteria: [String: Finding]

        public init(key: String, date: String, criteria: [String: Finding]) {
            self.key = key
            self.date = date
            self.criteria = criteria
        }
    }

    public var browser = ""
    public var components: [String: ComponentResult] = [:]
    /// Where the results file is, as diagnostics name it (nil: none was read).
    public var file: String?
    /// Why the file could not be used.
    public var problems: [Diagnostic] = []

    public init() {}
}

/// The results file `conformance.evidence` names (`<folder>/results.json`), as read at the edge
/// with the catalog (a release reads it from its tag).
public struct AuditFile: Sendable, Hashable {
    /// As diagnostics show it (`content/audit/results.json`).
    public var display = ""
    /// Its bytes (nil: there is none yet, or it could not be read).
    public var bytes: [UInt8]?
    /// Why it was not read (outside the repository, too large).
    public var skipped: [String] = []

    public init() {}

    /// The file's name inside the evidence folder.
    public static let name = "results.json"
}
