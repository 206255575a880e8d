import Foundation
import Mustache
import Testing
import CatalogRender
import CatalogTestSupport

/// The official Mustache specification (github.com/mustache/spec, its JSON files kept under
/// Tests/Fixtures/mustache-spec with their licence): every test of every required part passes with
/// the compiled templates, and every test of the optional parts the themes use (inheritance,
/// dynamic names) gives what swift-mustache gives, so a theme renders as it did.
@Suite("Mustache specification")
struct MustacheSpecTests {
    struct SpecTest: CustomStringConvertible, @unchecked Sendable {
        let file: String
        let name: String
        let template: String
        let partials: [String: String]
        let data: Any
        let expected: String
        var description: String { "\(file): \(name)" }
    }

    static let required = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]
    static let optional = ["~inheritance", "~dynamic-names"]

    static func tests(_ files: [String]) -> [SpecTest] {
        files.flatMap { file -> [SpecTest] in
            let url = Fixtures.repository.appendingPathComponent("Tests/Fixtures/mustache-spec/\(file).json")
            guard let data = try? Data(contentsOf: url), let spec = try? JSONDecoder().decode(Spec.self, from: data) else { return [] }
            return spec.tests.map { test in
                SpecTest(file: file, name: test.name, template: test.template, partials: test.partials ?? [:], data: test.data.value, expected: test.expected)
            }
        }
    }

    struct Spec: Decodable {
        struct Test: Decodable {
            let name: String
            let template: String
            let partials: [String: String]?
            let data: JSONValue
            let expected: String
        }
        let tests: [Test]
    }

    /// JSON as swift-mustache's own spec tests give it: Swift's Bool, Int, Double, String, arrays
    /// and dictionaries, and NSNull for null.
    struct JSONValue: Decodable {
        let value: Any

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = NSNull()
            } else if let bool = try? container.decode(Bool.self) {
                value = bool
            } else if let int = try? container.decode(Int.self) {
                value = int
            } else if let double = try? container.decode(Double.self) {
                value = double
            } else if let string = try? container.decode(String.self) {
                value = string
            } else if let array = try? container.decode([JSONValue].self) {
                value = array.map(\.value)
            } else {
                value = try container.decode([String: JSONValue].self).mapValues(\.value)
            }
        }
    }

    static func compiled(_ test: SpecTest) throws -> String {
        var library: CompiledTemplate.Library = [:]
        for (name, text) in test.partials { library[name] = try CompiledTemplate(text) }
        return try CompiledTemplate(test.template).render(test.data, library: library)
    }

    static func reference(_ test: SpecTest) throws -> String? {
        var templates: [String: MustacheTemplate] = ["__test__": try MustacheTemplate(string: test.template)]
        for (name, text) in test.partials { templates[name] = try MustacheTemplate(string: text) }
        return MustacheLibrary(templates: templates).render(test.data, withTemplate: "__test__")
    }

    /// swift-mustache's transforms are the one thing of its parser the compiled templates refuse:
    /// the error says where and what to do.
    @Test func aTransformIsAnErrorAtItsLine() {
        #expect(throws: CompiledTemplate.ParseError.self) { try CompiledTemplate("<p>\n  {{uppercased(name)}}</p>") }
        do {
            _ = try CompiledTemplate("<p>\n  {{uppercased(name)}}</p>")
        } catch {
            #expect(error.line == 2 && error.message.contains("transform"), "\(error)")
        }
        #expect(throws: CompiledTemplate.ParseError.self) { try CompiledTemplate("{{#open}}\nno close") }
    }

    /// What a section's or a partial's body changes (its content type, its indentation, the
    /// element on the stack) ends with the body, as in swift-mustache: the compiled renderer
    /// changes one context in place and puts it back, so each of these would leak if it did not.
    @Test(arguments: [
        ("{{#s}}{{% CONTENT_TYPE: TEXT }}{{a}}{{/s}}|{{a}}", [:], "<b>|&lt;b&gt;"),
        ("{{>p}}|{{a}}", ["p": "{{% CONTENT_TYPE: TEXT }}{{a}}"], "<b>|&lt;b&gt;"),
        ("  {{>p}}\n{{#s}}\n{{a}}\n{{a}}\n{{/s}}", ["p": "x\n"], "  x\n&lt;b&gt;\n&lt;b&gt;\n"),
        ("{{#list}}{{a}}{{/list}}|{{#s}}{{a}}{{/s}}", [:], "12|&lt;b&gt;"),
    ])
    func whatABodyChangesEndsWithIt(template: String, partials: [String: String], expected: String) throws {
        let test = SpecTest(file: "scoping", name: template, template: template, partials: partials,
                            data: ["s": true, "a": "<b>", "list": [["a": "1"], ["a": "2"]]] as [String: Any], expected: expected)
        #expect(try Self.compiled(test) == expected)
        #expect(try Self.reference(test) == expected)
    }

    /// A list whose elements answer names themselves (typed rows, dictionaries) is drawn by its own
    /// path, which pushes each element as it is: every element drawn, in order, its names found
    /// before the outer ones and the outer ones still found, as swift-mustache draws it.
    @Test(arguments: [
        "{{#rows}}[{{a}}{{b}}]{{/rows}}",
        "{{#rows}}{{#inner}}({{c}}{{a}}{{b}}){{/inner}}{{/rows}}|{{b}}",
        "{{^rows}}none{{/rows}}{{#empty}}x{{/empty}}{{^empty}}none{{/empty}}",
        "{{#rows}}{{#a}}<{{.}}>{{/a}}{{/rows}}",
    ])
    func aListOfParentsRendersAsSwiftMustacheDoes(template: String) throws {
        let rows: [[String: Any]] = [["a": "1", "inner": [["c": "x"], ["c": "y"]] as [[String: String]]], ["a": "2", "b": "<i>"], ["b": "3"]]
        let data: [String: Any] = ["rows": rows, "b": "outer", "empty": [] as [[String: String]]]
        let test = SpecTest(file: "lists", name: template, template: template, partials: [:], data: data, expected: "")
        let reference = try #require(try Self.reference(test))
        #expect(try Self.compiled(test) == reference)
        #expect(reference.contains("1") || reference.contains("none"))
    }

    @Test func theSuiteIsHere() {
        #expect(Self.tests(Self.required).count > 100)
        #expect(Self.tests(Self.optional).count > 30)
    }

    @Test(arguments: tests(required))
    func everyRequiredTestPasses(test: SpecTest) throws {
        #expect(try Self.compiled(test) == test.expected, "\(test.template)")
    }

    @Test(arguments: tests(optional))
    func theOptionalPartsRenderAsSwiftMustacheDoes(test: SpecTest) throws {
        #expect(try Self.compiled(test) == (try Self.reference(test)), "\(test.template)")
    }
}
