import Foundation
import CatalogCore

/// `check --format sarif`: the findings as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code-scanning dashboards (GitHub code scanning, Azure DevOps,
/// SonarQube) import. One run; the tool's rules are the rule catalogue, each result names its
/// rule by id and index, and its place by a path relative to the working folder.
public enum SARIFReport {
    package struct Log: Encodable {
        package var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        package var version = "2.1.0"
        package var runs: [Run]

        package enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    package struct Run: Encodable {
        package var tool: Tool
        package var results: [Result]
        package var columnKind = "unicodeCodePoints"
    }

    package struct Tool: Encodable { package var driver: Driver }

    package struct Driver: Encodable {
        package var name = "catalog-build"
        package var version: String
        package var rules: [ReportingDescriptor]
    }

    package struct ReportingDescriptor: Encodable {
        package var id: String
        package var shortDescription: Text
        package var defaultConfiguration: Configuration
    }

    package struct Configuration: Encodable { package var level: String }
    package struct Text: Encodable { package var text: String }

    package struct Result: Encodable {
        package var ruleId: String
        package var ruleIndex: Int
        package var level: String
        package var message: Text
        package var locations: [Location]
        /// A finding `ignore:` (or `rules: … off`) silenced: listed, marked, with its reason.
        package var suppressions: [Suppression]?
    }

    /// SARIF's record of a silenced finding: where it was silenced (in the catalog's own files)
    /// and why.
    package struct Suppression: Encodable {
        package var kind = "inSource"
        package var status = "accepted"
        package var justification: String
    }

    package struct Location: Encodable { package var physicalLocation: PhysicalLocation }

    package struct PhysicalLocation: Encodable {
        package var artifactLocation: ArtifactLocation
        package var region: Region
    }

    package struct ArtifactLocation: Encodable { package var uri: String }

    package struct Region: Encodable {
        package var startLine: Int
        package var startColumn: Int
    }

    /// SARIF's word for a severity.
    package static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// `suppressed` are the findings the catalog silenced (each with its reason): they are listed
    /// too, marked as suppressed, as code-scanning dashboards expect.
    public static func log(_ diagnostics: [Diagnostic], suppressed: [Diagnostic] = [], version: String) -> String {
        let rules = RuleCatalogue.all
        let index = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let descriptors = rules.map { rule in
            ReportingDescriptor(id: rule.id.rawValue, shortDescription: Text(text: rule.meaning),
                                defaultConfiguration: Configuration(level: rule.severity.hasPrefix("error") ? "error" : rule.severity == "info" ? "note" : "warning"))
        }
        let results = (diagnostics + suppressed).sortedForDisplay().map { diagnostic in
            Result(ruleId: diagnostic.rule.rawValue, ruleIndex: index[diagnostic.rule] ?? -1, level: level(diagnostic.severity), message: Text(text: diagnostic.message),
                   locations: [Location(physicalLocation: PhysicalLocation(
                       artifactLocation: ArtifactLocation(uri: uri(diagnostic.location.file)),
                       region: Region(startLine: max(1, diagnostic.location.line), startColumn: max(1, diagnostic.location.column))))],
                   suppressions: diagnostic.suppressed.map { [Suppression(justification: $0)] })
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: version, rules: descriptors)), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(log)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A file's path as a URI reference (RFC 3986): relative paths stay relative, an absolute
    /// one becomes a `file://` URI; characters outside the unreserved and path sets are
    /// percent-encoded, `:` too (in a relative path's first segment it would read as a scheme).
    package static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/!$&'()*+,;=@")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
