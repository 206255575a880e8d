import Foundation

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

    /// The source line, indented, with a caret under the column.
    public static func excerpt(line: String, column: Int, color: Bool = false) -> String {
        let shown = line.unicodeScalars.map { $0 == "\t" ? "    " : String($0) }.joined()
        let prefix = line.unicodeScalars.prefix(max(0, column - 1))
        let padding = prefix.map { $0 == "\t" ? "    " : " " }.joined()
        let caret = color ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "    \(shown)\n    \(padding)\(caret)\n"
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
        var severity: String
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var message: String
    }

    /// A JSON array of `{severity, rule, file, line, column, message}` objects.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        let records = diagnostics.map {
            Record(severity: $0.severity.rawValue, rule: $0.rule, file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
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
        let properties = "file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),title=\(escapeProperty(diagnostic.rule))"
        return "::\(command) \(properties)::\(escapeData(diagnostic.message))\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
