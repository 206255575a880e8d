import Foundation
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

/// One entry of a component's `ignore:`: a rule silenced for the component's files, and why,
/// until an optional day (`until: 2026-12-31`, the last day it silences).
public struct RuleIgnore: Sendable, Hashable {
    public var rule: RuleID
    public var reason: String
    public var location: SourceLocation
    /// `YYYY-MM-DD`, with where it is written.
    public var until: Located<String>?

    package init(rule: RuleID, reason: String, location: SourceLocation, until: Located<String>? = nil) {
        self.rule = rule
        self.reason = reason
        self.location = location
        self.until = until
    }

    /// Whether the entry no longer silences anything on `today` (`YYYY-MM-DD`): its last day
    /// has passed.
    package func lapsed(on today: String) -> Bool { until.map { $0.value < today } ?? false }
}

/// The day a run judges `until:` dates by, `YYYY-MM-DD` in UTC: the day given by
/// `SOURCE_DATE_EPOCH` when it is set (so a build can be reproduced later, byte for byte), else
/// today.
public enum BuildDay {
    package static var today: String {
        let environment = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let seconds = environment.flatMap { $0.isFinite && abs($0) < 1e12 ? $0 : nil } ?? Date().timeIntervalSince1970
        return day(secondsSince1970: seconds)
    }

    /// The civil date of a moment, by Howard Hinnant's days-from-civil inverse (no calendar or
    /// locale involved).
    package static func day(secondsSince1970 seconds: Double) -> String {
        let days = Int((seconds / 86_400).rounded(.down))
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The number of days from 1970-01-01 to a day written `YYYY-MM-DD` (nil: not a real day),
    /// by Howard Hinnant's days-from-civil: two days' difference is the days between them.
    public static func number(_ text: String) -> Int? {
        guard isDay(text) else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] > 2 ? parts[1] - 3 : parts[1] + 9) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `text` is a real calendar day written `YYYY-MM-DD`.
    package static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }
}

extension Rule {
    /// Whether `rules:` may lower this rule's findings (or `ignore:` silence them). Findings
    /// that make a catalog unbuildable — syntax, unknown keys, missing files, dangling
    /// references, broken templates — stay errors; lint, link and contrast findings, what the
    /// code says (`code.*`: findings about another repository, which a migration may have to
    /// live with for a while), what the saved Figma file says (`figma.*`, the same of the design
    /// file), what the accessibility evidence says (`conformance.*`), and every rule whose
    /// findings are never errors, may be lowered.
    public var lowerable: Bool {
        !severity.contains("error") || ["lint", "link", "contrast", "code", "figma", "conformance"].contains(id.area)
    }
}
