import Foundation
import CatalogCore

/// Diagnostics as text for terminals and editors, JSON for tools, and GitHub Actions
/// workflow commands that annotate a pull request.
public enum DiagnosticFormat {
    /// `path:line:col: error: message [rule]` and a newline.
    public static func text(_ diagnostic: Diagnostic, color: Bool = false) -> String {
        let severity = diagnostic.severity.rawValue
        guard color else { return "\(diagnostic)\n" }
        let code: String
        switch diagnostic.severity {
        case .error: code = "31"
        case .warning: code = "33"
        case .info: code = "36"
        }
        return "\u{1B}[1m\(diagnostic.location):\u{1B}[0m \u{1B}[1;\(code)m\(severity):\u{1B}[0m \(diagnostic.message) \u{1B}[2m[\(diagnostic.rule)]\u{1B}[0m\n"
    }

    /// The source line, indented, with a caret under the column. A long line (a minified JSON
    /// file is one line) is cut to a window around the column; control characters are escaped.
    public static func excerpt(line: String, column: Int, color: Bool = false) -> String {
        let (shown, caretOffset) = window(line, column: column)
        let padding = String(repeating: " ", count: caretOffset)
        let caret = color ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "    \(shown)\n    \(padding)\(caret)\n"
    }

    /// How many characters of a source line an excerpt shows at most.
    public static let excerptWidth = 100

    /// `line` cut to at most `width` characters around `column` (with `…` where it was cut),
    /// tabs as four spaces and control characters escaped, and where the caret goes in it.
    public static func window(_ line: String, column: Int, width: Int = excerptWidth) -> (text: String, caret: Int) {
        // A long line (a minified file is one line) is counted by its UTF-8 lead bytes and only
        // the window is decoded.
        var line = line
        return line.withUTF8 { bytes in
            var total = 0
            for byte in bytes where byte & 0xC0 != 0x80 { total += 1 }
            let target = min(max(0, column - 1), total)
            var start = 0
            var end = total
            if total > width {
                start = max(0, min(target - width / 2, total - width))
                end = min(total, start + width)
            }
            // The byte offsets of scalar `start` and scalar `end`.
            var scalar = 0
            var from = bytes.count, to = bytes.count
            for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
                if scalar == start { from = offset }
                if scalar == end { to = offset; break }
                scalar += 1
            }
            var text = start > 0 ? "…" : ""
            var caret = start > 0 ? 1 : 0
            for (index, scalar) in String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self).unicodeScalars.enumerated() {
                let piece = scalar == "\t" ? "    " : TextSafety.escaped(String(scalar))
                if start + index < target { caret += piece.count }
                text += piece
            }
            if end < total { text += "…" }
            return (text, caret)
        }
    }

    /// How many diagnostics of one rule the text and github formats show; the rest are counted
    /// in one line, so a catalog with 100,000 unused tokens cannot flood a terminal or CI log.
    public static let perRuleLimit = 50

    /// The diagnostics to show in full: the first `perRuleLimit` of each rule, in order.
    public static func bounded(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var shown: [RuleID: Int] = [:]
        return diagnostics.filter { diagnostic in
            shown[diagnostic.rule, default: 0] += 1
            return shown[diagnostic.rule]! <= perRuleLimit
        }
    }

    /// One line per rule that `bounded` cut: how many more there are.
    public static func omitted(_ diagnostics: [Diagnostic]) -> String {
        var counts: [RuleID: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.rule, default: 0] += 1 }
        return counts.filter { $0.value > perRuleLimit }.sorted { $0.key < $1.key }.map { rule, count in
            "… and \(count - perRuleLimit) more [\(rule)] not shown; `check --format json` lists every one\n"
        }.joined()
    }

    /// `N errors, M warnings` (and infos when there are some).
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        func count(_ severity: Severity, _ word: String) -> String {
            let n = diagnostics.filter { $0.severity == severity }.count
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        var parts = [count(.error, "error"), count(.warning, "warning")]
        if diagnostics.contains(where: { $0.severity == .info }) { parts.append(count(.info, "note")) }
        return parts.joined(separator: ", ") + "\n"
    }

    private struct Record: Codable {
        package var severity: String
        package var rule: String
        package var file: String
        package var line: Int
        package var column: Int
        package var message: String
        package var suppressed: String?
    }

    /// A JSON array of `{severity, rule, file, line, column, message}` objects; a silenced
    /// finding also has `suppressed` (its reason).
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        let records = diagnostics.map {
            Record(severity: $0.severity.rawValue, rule: $0.rule.rawValue, file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message,
                   suppressed: $0.suppressed.map(TextSafety.escaped))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(records)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `::error file=…,line=…,col=…,title=rule::message`, escaped as GitHub's workflow commands require.
    public static func github(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        let location = diagnostic.location
        let properties = "file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),title=\(escapeProperty(diagnostic.rule.rawValue))"
        return "::\(command) \(properties)::\(escapeData(diagnostic.message))\n"
    }

    /// GitHub shows at most this many annotations of each kind (error, warning, notice) per
    /// step, and drops the rest without a word.
    public static let githubAnnotationsPerKind = 10

    /// The `github` format: errors first, then warnings, then notes, each kind annotated up to
    /// GitHub's limit; the rest as plain lines in the log (bounded per rule as in text); and a
    /// last line that counts them all and says how many were annotated.
    public static func githubAll(_ diagnostics: [Diagnostic]) -> String {
        let ordered = diagnostics.errorsFirst()
        var annotated: [Severity: Int] = [:]
        var text = ""
        var rest: [Diagnostic] = []
        for diagnostic in ordered {
            if annotated[diagnostic.severity, default: 0] < githubAnnotationsPerKind {
                annotated[diagnostic.severity, default: 0] += 1
                text += github(diagnostic)
            } else {
                rest.append(diagnostic)
            }
        }
        if !rest.isEmpty {
            text += "Not annotated (GitHub shows \(githubAnnotationsPerKind) annotations of each kind per step):\n"
            // Indented, so no line of the log can be read as a workflow command.
            for diagnostic in bounded(rest) { text += "  " + self.text(diagnostic) }
            for line in omitted(rest).split(separator: "\n") { text += "  \(line)\n" }
        }
        if !diagnostics.isEmpty {
            let shown = Severity.allCases.compactMap { severity in annotated[severity].map { counted($0, severity) } }.joined(separator: ", ")
            text += "catalog-build: \(summary(diagnostics).trimmingCharacters(in: .newlines)); annotated \(shown)\(rest.isEmpty ? "" : "; the rest are listed above")\n"
        }
        return text
    }

    /// `3 errors`, `1 warning`, `2 notes`.
    package static func counted(_ count: Int, _ severity: Severity) -> String {
        let word = severity == .info ? "note" : severity.rawValue
        return "\(count) \(word)\(count == 1 ? "" : "s")"
    }

    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
