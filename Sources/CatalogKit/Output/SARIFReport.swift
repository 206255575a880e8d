import Foundation

/// `check --format sarif`: the findings as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code-scanning dashboards (GitHub code scanning, Azure DevOps,
/// SonarQube) import. One run; the tool's rules are the rule catalogue, each result names its
/// rule by id and index, and its place by a path relative to the working folder.
public enum SARIFReport {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "catalog-build"
        var version: String
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable { var uri: String }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    /// SARIF's word for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    public static func log(_ diagnostics: [Diagnostic], version: String) -> String {
        let rules = RuleCatalogue.all
        let index = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let descriptors = rules.map { rule in
            ReportingDescriptor(id: rule.id, shortDescription: Text(text: rule.meaning),
                                defaultConfiguration: Configuration(level: rule.severity.hasPrefix("error") ? "error" : rule.severity == "info" ? "note" : "warning"))
        }
        let results = diagnostics.map { diagnostic in
            Result(ruleId: diagnostic.rule, ruleIndex: index[diagnostic.rule] ?? -1, level: level(diagnostic.severity), message: Text(text: diagnostic.message),
                   locations: [Location(physicalLocation: PhysicalLocation(
                       artifactLocation: ArtifactLocation(uri: uri(diagnostic.location.file)),
                       region: Region(startLine: max(1, diagnostic.location.line), startColumn: max(1, diagnostic.location.column))))])
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
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/!$&'()*+,;=@")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
