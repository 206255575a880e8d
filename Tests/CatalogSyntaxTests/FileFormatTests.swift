import Foundation
import Testing
import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogSource
import CatalogTestSupport

/// #53 4: the JSON Schema of each YAML file a catalog is written in comes from the declarations the
/// loader checks keys with (`FileFormats`); the repository's `schemas/` holds them as generated,
/// and every built site publishes them. (Tests/formats/test_yaml_schemas.py validates real files
/// with a JSON Schema validator.)
@Suite("File formats")
struct FileFormatTests {
    @Test func theRepositorysSchemasAreTheGeneratedOnes() throws {
        let folder = Fixtures.repository.appendingPathComponent("schemas")
        for (name, generated) in FileFormats.schemas {
            let url = folder.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(generated.utf8).write(to: url)
            }
            let stored = try String(contentsOf: url, encoding: .utf8)
            #expect(stored == generated, "schemas/\(name) is not what the declarations give; UPDATE_GOLDEN=1 swift test --filter FileFormatTests writes it")
        }
        let stored = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(stored == FileFormats.schemas.map(\.name).sorted(), "no stale schema is left in schemas/")
    }

    @Test func theLoaderTakesTheDeclaredKeysAndTheSiteShipsTheSchemas() throws {
        // Every key a schema declares is one the loader takes: an unknown one is refused at its line.
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\nversions:\n  tags: \"v*\"\n  kept: 3\n",
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nlifecycle: stable\nproperties:\n  - name: size\n    kind: text\n",
        ])
        let result = Fixtures.run(tree)
        let unknown = result.diagnostics.filter { $0.rule == "schema.unknown-key" }.map { "\($0.location.file):\($0.location.line)" }
        #expect(unknown.sorted() == ["cat/catalog.yaml:4", "cat/components/alpha/component.yaml:6"], "\(result.diagnostics)")
        #expect(FileFormats.lifecycles == Lifecycle.allCases.map(\.rawValue), "the schema's lifecycles are the model's")
        var valid = tree
        valid.set("catalog.yaml", Array("title: T\n".utf8))
        valid.set("components/alpha/component.yaml", Array("name: Alpha\nsummary: First.\n".utf8))
        let site = try #require(Fixtures.run(valid).site)
        for schema in FileFormats.schemas {
            #expect(site.text("schemas/" + schema.name) == schema.text)
        }
    }
}
