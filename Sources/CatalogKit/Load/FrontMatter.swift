import Yams

/// Splits a Markdown file into its optional YAML front matter (between `---` lines at the very
/// top) and the body, remembering how many lines come before the body.
struct FrontMatter {
    /// The front matter's root node, nil when there is none or it is empty.
    var node: Node?
    var body: String
    /// Lines before the body (0 without front matter): added to Markdown positions.
    var bodyLineOffset: Int
    /// Lines before the YAML text (1: the opening `---`).
    var yamlLineOffset: Int

    static func split(_ text: String, file: String) -> Result<FrontMatter, Diagnostic> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.trimmingTrailingCR == "---" else {
            return .success(FrontMatter(node: nil, body: text, bodyLineOffset: 0, yamlLineOffset: 0))
        }
        guard let closing = lines.dropFirst().firstIndex(where: { $0.trimmingTrailingCR == "---" || $0.trimmingTrailingCR == "..." }) else {
            return .failure(.error("markdown.front-matter", "the front matter opened with `---` on line 1 is never closed; add a line `---` after it", at: SourceLocation(file: file)))
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let body = lines[(closing + 1)...].joined(separator: "\n")
        switch YAMLDocument.parse(yaml, file: file, lineOffset: 1) {
        case .failure(let problem):
            return .failure(problem)
        case .success(let node):
            return .success(FrontMatter(node: node, body: body, bodyLineOffset: closing + 1, yamlLineOffset: 1))
        }
    }
}

extension Substring {
    var trimmingTrailingCR: Substring {
        var line = self
        while line.last == "\r" || line.last == " " || line.last == "\t" { line = line.dropLast() }
        return line
    }
}
