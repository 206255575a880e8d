import CatalogKit
import Foundation

/// Prints diagnostics as `path:line:col: severity: message [rule]` with the source line and a
/// caret under the column; colours only on a terminal and never when NO_COLOR is set.
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic], to handle: FileHandle = .standardError, summaryWhenClean: Bool = false) {
        guard !diagnostics.isEmpty || summaryWhenClean else { return }
        let color = isatty(handle.fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var cache: [String: [Substring]] = [:]
        var text = ""
        for diagnostic in diagnostics {
            text += DiagnosticFormat.text(diagnostic, color: color)
            let file = diagnostic.location.file
            if cache[file] == nil {
                let contents = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
                cache[file] = contents.split(separator: "\n", omittingEmptySubsequences: false)
            }
            if let lines = cache[file], diagnostic.location.line - 1 < lines.count, !lines.isEmpty {
                text += DiagnosticFormat.excerpt(line: String(lines[diagnostic.location.line - 1]), column: diagnostic.location.column, color: color)
            }
        }
        text += DiagnosticFormat.summary(diagnostics)
        handle.write(Data(text.utf8))
    }
}
