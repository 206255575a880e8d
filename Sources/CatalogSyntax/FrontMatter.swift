import Yams
import CatalogCore

/// Splits a Markdown file into its optional YAML front matter (between `---` lines at the very
/// top) and the body, remembering how many lines come before the body.
package struct FrontMatter {
    /// Said with every unknown front-matter key: where a team's own keys go.
    package static let extraAdvice = "; a key of your own goes under `extra:`, which the templates receive as `extra`"

    /// The front matter's root node, nil when there is none or it is empty.
    package var node: Node?
    package var body: String
    /// Lines before the body (0 without front matter): added to Markdown positions.
    package var bodyLineOffset: Int
    /// Lines before the YAML text (1: the opening `---`).
    package var yamlLineOffset: Int

    package static func split(_ text: String, file: String) -> Result<FrontMatter, Diagnostic> {
        // Without `---` at the very top there is no front matter.
        let bytes = text.utf8
        guard bytes.starts(with: "---".utf8) else {
            return .success(FrontMatter(node: nil, body: text, bodyLineOffset: 0, yamlLineOffset: 0))
        }
        // The file's lines as ranges of bytes, read up to the closing line only.
        var lineStart = bytes.startIndex
        var lineNumber = 0
        var yamlStart: String.Index?
        while lineStart < bytes.endIndex || lineNumber == 0 {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = text[lineStart..<lineEnd].trimmingTrailingCR
            let next = lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd)
            if lineNumber == 0 {
                guard line == "---" else { return .success(FrontMatter(node: nil, body: text, bodyLineOffset: 0, yamlLineOffset: 0)) }
                yamlStart = next
            } else if line == "---" || line == "..." {
                let yaml = String(text[yamlStart!..<lineStart].dropLast(lineStart > yamlStart! ? 1 : 0))
                let body = String(text[next...])
                switch YAMLDocument.parse(yaml, file: file, lineOffset: 1) {
                case .failure(let problem):
                    return .failure(problem)
                case .success(let node):
                    return .success(FrontMatter(node: node, body: body, bodyLineOffset: lineNumber + 1, yamlLineOffset: 1))
                }
            }
            lineNumber += 1
            if lineEnd == bytes.endIndex { break }
            lineStart = next
        }
        return .failure(.error(.markdownFrontMatter, "the front matter opened with `---` on line 1 is never closed; add a line `---` after it", at: SourceLocation(file: file)))
    }
}

extension Substring {
    package var trimmingTrailingCR: Substring {
        var line = self
        while line.last == "\r" || line.last == " " || line.last == "\t" { line = line.dropLast() }
        return line
    }
}
