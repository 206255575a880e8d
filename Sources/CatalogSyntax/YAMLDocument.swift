import Yams
import CatalogCore

/// Parses YAML text into a Yams node tree that keeps line and column of every node.
package enum YAMLDocument {
    /// Documents nested deeper than this are refused before Yams (which recurses) sees them.
    package static let maximumDepth = 200
    /// A document whose aliases expand it to more values than this is refused (a real catalog
    /// file has a few hundred).
    package static let maximumValues = 250_000

    /// Whether `node`, with every alias expanded, has at most `limit` values and is nested at
    /// most `maximumDepth` deep; stops as soon as it is not, so the check costs at most `limit`
    /// steps (and no recursion: aliases of aliases can nest far deeper than the text).
    package static func fits(_ node: Node, within limit: Int) -> Bool {
        var remaining = limit
        var pending: [(Node, Int)] = [(node, 0)]
        while let (next, depth) = pending.popLast() {
            remaining -= 1
            if remaining < 0 || depth > maximumDepth { return false }
            switch next {
            case .scalar, .alias: continue
            case .sequence(let sequence): pending += sequence.map { ($0, depth + 1) }
            case .mapping(let mapping):
                for pair in mapping {
                    pending.append((pair.key, depth + 1))
                    pending.append((pair.value, depth + 1))
                }
            }
        }
        return true
    }

    /// The root node (nil for an empty document) or the syntax error as a diagnostic.
    /// `lineOffset` is added to every line (front matter starts below the `---`).
    package static func parse(_ text: String, file: String, lineOffset: Int = 0) -> Result<Node?, Diagnostic> {
        if let (line, column) = excessiveNesting(text) {
            return .failure(.error(
                .yamlSyntax,
                "the YAML is nested more than \(maximumDepth) levels deep; flatten it",
                at: SourceLocation(file: file, line: line + lineOffset, column: column)
            ))
        }
        do {
            let parser = try Parser(yaml: text, resolver: .basic, encoding: .utf8)
            let root = try parser.singleRoot()
            // Aliases repeat their anchor's whole value: nine aliases of an anchor that is nine
            // aliases of the one before, eight deep, is 43 million values from two kilobytes.
            // Whoever reads the tree would walk them all, so the tree is counted first (stopping
            // at the limit) wherever YAML is read.
            if let root, text.utf8.contains(UInt8(ascii: "&")), !fits(root, within: maximumValues) {
                return .failure(.error(
                    .yamlSyntax,
                    "the YAML's aliases (`*name`) repeat their anchors (`&name`) into more than \(maximumValues) values or more than \(maximumDepth) levels; write the values out instead of nesting aliases of aliases",
                    at: SourceLocation(file: file, line: root.mark.map { $0.line + lineOffset } ?? 1 + lineOffset, column: root.mark?.column ?? 1)
                ))
            }
            return .success(root)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, text: text, file: file, lineOffset: lineOffset))
        } catch {
            return .failure(.error(.yamlSyntax, "could not read the YAML: \(error)", at: SourceLocation(file: file)))
        }
    }

    private static func diagnostic(for error: YamlError, text: String, file: String, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return .error(.yamlSyntax, explain(problem: problem, context: context?.text, mark: mark, text: text), at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .error(.yamlDuplicateKey, "the key \(names) appears more than once in the same mapping; keep one", at: at(context.mark))
        case .reader(let problem, let offset, _, _):
            var line = 1, column = 1
            if let offset {
                for character in text.prefix(offset) {
                    if character == "\n" { line += 1; column = 1 } else { column += 1 }
                }
            }
            return .error(.yamlSyntax, "could not read the YAML: \(problem)", at: SourceLocation(file: file, line: line + lineOffset, column: column))
        default:
            return .error(.yamlSyntax, "could not read the YAML: \(error)", at: SourceLocation(file: file, line: 1 + lineOffset))
        }
    }

    /// libyaml's words, with the fix for the mistakes people actually make.
    private static func explain(problem: String, context: String?, mark: Mark, text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = mark.line - 1 < lines.count ? lines[max(0, mark.line - 1)] : ""
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        if indentation.contains("\t") || problem.contains("tab") {
            return "a tab is used for indentation; YAML allows only spaces, so indent with spaces"
        }
        var message = problem
        if let context, !context.isEmpty { message = "\(context): \(problem)" }
        if problem.contains("mapping values are not allowed") {
            message += " (a value containing `: ` must be quoted)"
        } else if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            message += " (check the indentation of this line against the one above)"
        } else if problem.contains("found character that cannot start any token") {
            message += " (quote the value)"
        }
        return "invalid YAML: \(message)"
    }

    /// The place where nesting first goes past `maximumDepth`, counting indentation, sequence
    /// dashes and open brackets; nil when the text is shallow enough.
    private static func excessiveNesting(_ text: String) -> (Int, Int)? {
        var line = 1
        var bracketDepth = 0
        var atLineStart = true
        var lineDepth = 0
        var column = 0
        var inQuote: UInt8 = 0
        var text = text
        // Read from the text's buffer: every YAML file of the catalog goes through here.
        return text.withUTF8 { bytes -> (Int, Int)? in
            for byte in bytes {
                column += 1
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 0
                    atLineStart = true
                    lineDepth = 0
                    inQuote = 0
                    continue
                }
                if inQuote != 0 {
                    if byte == inQuote { inQuote = 0 }
                    continue
                }
                if atLineStart {
                    if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
                        lineDepth += 1
                    } else {
                        atLineStart = false
                    }
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): inQuote = byte
                case UInt8(ascii: "["), UInt8(ascii: "{"): bracketDepth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): bracketDepth = max(0, bracketDepth - 1)
                default: break
                }
                if bracketDepth > maximumDepth || lineDepth > maximumDepth * 2 {
                    return (line, column)
                }
            }
            return nil
        }
    }
}
