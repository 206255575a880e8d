import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// The DTCG 2025.10 conformance suite in full (Tests/Fixtures/dtcg-suite: every case of the
/// format and resolver modules, as their manifests list them). Each positive case, put in a
/// catalog as a token file or a resolver document, builds with no error and exports; each
/// negative one fails with the rule and at the line `expected.tsv` records for it (written with
/// `CATALOG_UPDATE_EXPECTED=1`, then read by a person: a changed line is a changed behaviour).
/// One negative case is marked `accepted-by-the-catalog-format`: a border whose colour is a hex
/// string, which the catalog format allows for every colour.
@Suite("DTCG 2025.10 suite")
struct DTCGSuiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var module: String
        var id: String
        var input: String
        var positive: Bool
        var testDescription: String { "\(module)/\(id)" }
    }

    static let folder = Fixtures.path("dtcg-suite")

    static let cases: [Case] = ["format", "resolver"].flatMap { module -> [Case] in
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(module)/manifest.json"),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tests = manifest["tests"] as? [[String: Any]] else { return [] }
        return tests.compactMap { test in
            guard let id = test["id"] as? String, let input = test["input"] as? String, let type = test["type"] as? String else { return nil }
            return Case(module: module, id: id, input: "\(module)/\(input)", positive: type == "PositiveEvaluationTest")
        }
    }

    /// `module/id<TAB>rule<TAB>line` for each negative case.
    static let expectedPath = "\(folder)/expected.tsv"
    static let expected: [String: (rule: String, line: Int)] = {
        guard let text = try? String(contentsOfFile: expectedPath, encoding: .utf8) else { return [:] }
        var result: [String: (String, Int)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count == 3, let number = Int(fields[2]) { result[fields[0]] = (fields[1], number) }
        }
        return result
    }()

    /// The case in a catalog of its own: `tokens/<id>.tokens.json` or `tokens/<id>.resolver.json`.
    static func run(_ testCase: Case) throws -> (file: String, result: PipelineResult) {
        let text = try String(contentsOfFile: "\(folder)/\(testCase.input)", encoding: .utf8)
        let name = "tokens/\(testCase.id).\(testCase.module == "format" ? "tokens" : "resolver").json"
        let tree = SourceTree(displayRoot: "cat", texts: ["catalog.yaml": "title: Suite\n", name: text])
        return ("cat/" + name, Fixtures.run(tree))
    }

    @Test("the suite is here in full")
    func complete() {
        #expect(Self.cases.filter { $0.module == "format" }.count == 213)
        #expect(Self.cases.filter { $0.module == "resolver" }.count == 30)
        for testCase in Self.cases where !testCase.positive {
            #expect(Self.expected[testCase.testDescription] != nil || ProcessInfo.processInfo.environment["CATALOG_UPDATE_EXPECTED"] != nil, "no expectation for \(testCase.testDescription)")
        }
    }

    @Test("each positive case builds and exports", arguments: cases.filter(\.positive))
    func positive(_ testCase: Case) throws {
        let (file, result) = try Self.run(testCase)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.location.file):\($0.location.line): \($0.rule): \($0.message)" })")
        #expect(result.diagnostics.allSatisfy { $0.location.file == file || $0.severity != .error })
        #expect(result.succeeded)
    }

    @Test("each negative case fails with its rule at its line", arguments: cases.filter { !$0.positive })
    func negative(_ testCase: Case) throws {
        let (file, result) = try Self.run(testCase)
        // The one case the catalog format decides otherwise: a colour may be a hex string
        // (docs/content-format.md, "Tokens"), in a composite as anywhere else.
        if Self.expected[testCase.testDescription]?.rule == "accepted-by-the-catalog-format" {
            #expect(result.succeeded)
            return
        }
        let errors = result.diagnostics.filter { $0.severity == .error && $0.location.file == file }
        #expect(!errors.isEmpty, "accepted")
        #expect(!result.succeeded)
        if ProcessInfo.processInfo.environment["CATALOG_UPDATE_EXPECTED"] != nil, let first = errors.first {
            Self.record(testCase.testDescription, first.rule.rawValue, first.location.line)
            return
        }
        guard let (rule, line) = Self.expected[testCase.testDescription] else { return }
        #expect(errors.contains { $0.rule == rule && $0.location.line == line }, "\(errors.map { "\($0.location.line): \($0.rule): \($0.message)" })")
    }

    private static let lock = NSLock()
    /// Adds or replaces one case's line in expected.tsv, keeping the file sorted.
    static func record(_ id: String, _ rule: String, _ line: Int) {
        lock.lock()
        defer { lock.unlock() }
        var lines = ((try? String(contentsOfFile: expectedPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix(id + "\t") }
        lines.append("\(id)\t\(rule)\t\(line)")
        let header = "# module/id, rule, line of the error each negative case of the DTCG suite must give (see DTCGSuiteTests)"
        try? ([header] + lines.sorted()).joined(separator: "\n").appending("\n").write(toFile: expectedPath, atomically: true, encoding: .utf8)
    }
}
