import Foundation
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads the results file `catalog-build audit` writes (`<conformance.evidence>/results.json`):
/// a malformed one is an error at the place it breaks, and counts as no evidence.
package enum AuditEvidenceLoader {
    /// The file's shape, as `audit` writes it.
    package struct Stored: Codable {
        package var version: Int
        package var browser: String
        package var components: [String: AuditEvidence.ComponentResult]

        package init(browser: String, components: [String: AuditEvidence.ComponentResult]) {
            version = 1
            self.browser = browser
            self.components = components
        }
    }

    package static func load(_ file: AuditFile, folder: Located<String>) -> AuditEvidence {
        var evidence = AuditEvidence()
        for note in file.skipped {
            evidence.problems.append(.warning(.conformanceEvidence, "\(note); `catalog-build audit` writes the results there", at: folder.location))
        }
        guard let bytes = file.bytes else { return evidence }
        evidence.file = file.display
        let start = SourceLocation(file: file.display)
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            evidence.problems.append(.error(.conformanceEvidence, "\(file.display) is not valid JSON: \(error.message); run `catalog-build audit` to write it again", at: SourceLocation(file: file.display, line: error.line, column: error.column)))
            return evidence
        }
        do {
            let stored = try JSONDecoder().decode(Stored.self, from: Data(bytes))
            guard stored.version == 1 else {
                evidence.problems.append(.error(.conformanceEvidence, "\(file.display) is version \(stored.version) of the results format, which this catalog-build does not read; run `catalog-build audit` to write it again", at: start))
                return evidence
            }
            evidence.browser = stored.browser
            evidence.components = stored.components
        } catch {
            evidence.problems.append(.error(.conformanceEvidence, "\(file.display) is not the results file `catalog-build audit` writes (\(Self.reason(error))); run `catalog-build audit` to write it again", at: start))
        }
        return evidence
    }

    /// A decoding error as a phrase naming where.
    static func reason(_ error: Error) -> String {
        func path(_ keys: [CodingKey]) -> String { keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined() }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
