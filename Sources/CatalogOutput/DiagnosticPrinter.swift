import Foundation
import CatalogCore

/// Prints diagnostics as `path:line:col: severity: message [rule]` with the source line and a
/// caret under the column; colours only on a terminal and never when NO_COLOR is set.
public enum DiagnosticPrinter {
    public static func print(_ diagnostics: [Diagnostic], to handle: FileHandle = .standardError, summaryWhenClean: Bool = false) {
        guard !diagnostics.isEmpty || summaryWhenClean else { return }
        printProblems(diagnostics, to: handle)
        handle.write(Data(DiagnosticFormat.summary(diagnostics).utf8))
    }

    /// The diagnostics with their excerpts (at most 50 per rule, then a count), without the
    /// closing count of errors and warnings.
    public static func printProblems(_ diagnostics: [Diagnostic], to handle: FileHandle = .standardError) {
        guard !diagnostics.isEmpty else { return }
        let color = isatty(handle.fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var sources = SourceLines()
        var text = ""
        for diagnostic in DiagnosticFormat.bounded(diagnostics) {
            text += DiagnosticFormat.text(diagnostic, color: color)
            if let line = sources.line(diagnostic.location.line, of: diagnostic.location.file) {
                text += DiagnosticFormat.excerpt(line: line, column: diagnostic.location.column, color: color)
            }
            if text.utf8.count > 1 << 16 {
                handle.write(Data(text.utf8))
                text = ""
            }
        }
        text += DiagnosticFormat.omitted(diagnostics)
        handle.write(Data(text.utf8))
    }
}

/// Lines of source files, read from disk by the path a diagnostic shows (relative to the
/// working directory, or absolute), each file once.
public struct SourceLines {
    private var files: [String: [Substring]] = [:]

    public init() {}

    public mutating func line(_ number: Int, of file: String) -> String? {
        let lines = self.lines(of: file)
        guard number >= 1, number <= lines.count, !(lines.count == 1 && lines[0].isEmpty) else { return nil }
        return String(lines[number - 1])
    }

    /// Up to `context` lines either side of `number`, with their numbers, each cut to a window
    /// around `column` and with control characters escaped.
    public mutating func excerpt(around number: Int, column: Int = 1, of file: String, context: Int = 2) -> [(number: Int, text: String)] {
        let lines = self.lines(of: file)
        guard number >= 1, number <= lines.count else { return [] }
        let range = max(1, number - context)...min(lines.count, number + context)
        return range.map { ($0, DiagnosticFormat.window(String(lines[$0 - 1]), column: column).text) }
    }

    private mutating func lines(of file: String) -> [Substring] {
        if let known = files[file] { return known }
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        files[file] = lines
        return lines
    }
}
