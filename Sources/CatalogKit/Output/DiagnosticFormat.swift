/// Diagnostics as text for terminals and editors.
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
        let shown = line.replacingTabs
        let prefix = line.unicodeScalars.prefix(max(0, column - 1))
        let padding = String(prefix.map { $0 == "\t" ? "    " : " " }.joined())
        let caret = color ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "    \(shown)\n    \(padding)\(caret)\n"
    }
}

extension String {
    fileprivate var replacingTabs: String {
        unicodeScalars.map { $0 == "\t" ? "    " : String($0) }.joined()
    }
}
