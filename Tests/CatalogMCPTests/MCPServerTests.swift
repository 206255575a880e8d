import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogImport
import CatalogSiteCheck
import CatalogScaffold
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogPublish
import Foundation
import MCP
import Testing
@testable import CatalogMCP

/// `catalog-build mcp` through the SDK's own client over an in-process transport: the tools
/// answer from the catalog, a bad argument is an error that says what to send, resources hold
/// the pages' Markdown and the data, and an edit to the catalog is seen by the next call.
@Suite("MCP server")
struct MCPServerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A copy of the `base` fixture, a connected client, and the copy's folder.
    private func connect() async throws -> (Client, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("base"), to: folder)
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        let server = CatalogMCPServer(source: folder.path, version: "test")
        try await server.start(transport: serverTransport)
        let client = Client(name: "tests", version: "1")
        _ = try await client.connect(transport: clientTransport)
        return (client, folder)
    }

    private func text(_ client: Client, _ tool: String, _ arguments: [String: Value] = [:]) async throws -> String {
        let (content, isError) = try await client.callTool(name: tool, arguments: arguments)
        #expect(isError != true)
        guard case .text(let text, _, _)? = content.first else { Issue.record("no text from \(tool)"); return "" }
        return text
    }

    private func json(_ client: Client, _ tool: String, _ arguments: [String: Value] = [:]) async throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try await text(client, tool, arguments).utf8))
    }

    @Test func everyToolAnswersFromTheCatalog() async throws {
        let (client, folder) = try await connect()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = try await client.listTools().tools.map(\.name)
        #expect(tools == ["list_components", "get_component", "get_history", "get_figma_parity", "get_conformance", "search", "get_token", "check_contrast", "list_problems", "what_changed"])

        let components = try #require(try await json(client, "list_components") as? [[String: Any]])
        #expect(components.compactMap { $0["slug"] as? String } == ["alpha", "beta"])

        let alpha = try #require(try await json(client, "get_component", ["component": "Alpha Switch"]) as? [String: Any])
        #expect(alpha["slug"] as? String == "alpha")
        let appearance = try #require((alpha["appearances"] as? [[String: Any]])?.first)
        let track = try #require((appearance["tokens"] as? [[String: Any]])?.first { $0["role"] as? String == "Track" })
        #expect(track["token"] as? String == "alpha/track-on" && track["value"] as? String == "#005CE5")
        #expect((alpha["source"] as? [String: Any])?["file"] as? String == "components/alpha/component.yaml")
        let markdown = try await text(client, "get_component", ["component": "alpha", "format": "markdown"])
        #expect(markdown.hasPrefix("# Alpha Switch\n\n> The fixture's switch.\n\nAlpha is the first fixture component."))

        let found = try #require(try await json(client, "search", ["query": "use it"]) as? [[String: Any]])
        #expect(found.first?["url"] as? String == "components/alpha/#usage", "a body phrase lands on its section: \(found)")

        let token = try #require(try await json(client, "get_token", ["name": "brand.blue"]) as? [String: Any])
        #expect(token["value"] as? String == "#005CE5")
        #expect((token["usedBy"] as? [String]) == ["Alpha Switch"], "through the alias alpha/track-on")
        #expect((token["aliasedBy"] as? [String])?.contains("alpha/track-on") == true)

        let contrast = try #require(try await json(client, "check_contrast", ["foreground": "brand/blue", "background": "#FFFFFF", "minimum": 3]) as? [[String: Any]])
        #expect(contrast.count == 1 && contrast[0]["passes"] as? Bool == true && contrast[0]["mode"] as? String == "default")

        let problems = try #require(try await json(client, "list_problems", ["severity": "note"]) as? [[String: Any]])
        #expect(!problems.isEmpty && problems.allSatisfy { $0["severity"] as? String == "info" })
    }

    /// `get_figma_parity`: the fixture with a saved Figma file whose Alpha Switch draws a size
    /// the catalog does not list; one component's parity, and the whole catalog's.
    @Test func figmaParityIsAnsweredPerComponentAndForTheCatalog() async throws {
        let (client, folder) = try await connect()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = folder.appendingPathComponent("catalog.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "figma:\n  files: figma/files/\n").write(to: settings, atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("components/alpha/component.yaml")
        try (try String(contentsOf: model, encoding: .utf8)).replacingOccurrences(of: "related: [beta]\n", with: "related: [beta]\nfigma: { component: Alpha Switch }\n")
            .write(to: model, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("figma/files"), withIntermediateDirectories: true)
        try #"""
            { "name": "Fixture", "document": { "id": "0:0", "type": "DOCUMENT", "children": [
              { "id": "1:0", "name": "Alpha Switch", "type": "COMPONENT_SET", "componentPropertyDefinitions": {
                "State": { "type": "VARIANT", "defaultValue": "Default", "variantOptions": ["Default", "Disabled"] },
                "Size": { "type": "VARIANT", "defaultValue": "Small", "variantOptions": ["Small", "Medium", "Large", "Huge"] },
                "label#1:2": { "type": "TEXT", "defaultValue": "Label" } }, "children": [] } ] } }
            """#.write(to: folder.appendingPathComponent("figma/files/fixture.json"), atomically: true, encoding: .utf8)
        let alpha = try #require(try await json(client, "get_figma_parity", ["component": "alpha"]) as? [String: Any])
        #expect((alpha["set"] as? [String: Any])?["name"] as? String == "Alpha Switch" && alpha["matches"] as? Bool == false)
        let differences = try #require(alpha["differences"] as? [[String: Any]])
        #expect(differences.count == 1 && differences[0]["rule"] as? String == "figma.variant" && (differences[0]["message"] as? String)?.contains("Size=Huge") == true
                && differences[0]["file"] as? String == "components/alpha/component.yaml" || (differences[0]["file"] as? String)?.hasSuffix("components/alpha/component.yaml") == true, "\(differences)")
        let catalog = try #require(try await json(client, "get_figma_parity") as? [String: Any])
        #expect((catalog["components"] as? [[String: Any]])?.map { "\($0["component"]!) \($0["matches"]!)" } == ["alpha 0"], "\(catalog)")
        // A component that names no Figma component is an error that says what to write.
        do {
            _ = try await client.callTool(name: "get_figma_parity", arguments: ["component": "beta"])
            Issue.record("beta names no Figma component")
        } catch {
            #expect("\(error)".contains("beta names no Figma component: add `figma: { component:"), "\(error)")
        }
    }

    /// `get_conformance`: the fixture with `conformance:` and Alpha's requirement naming 4.1.2 and a
    /// manual pass; one component's criteria with their evidence, and the catalog's report.
    @Test func conformanceIsAnsweredPerComponentAndForTheCatalog() async throws {
        let (client, folder) = try await connect()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await client.callTool(name: "get_conformance", arguments: [:])
            Issue.record("the catalog has no conformance: yet")
        } catch {
            #expect("\(error)".contains("catalog.yaml needs `conformance: { standard: wcag-2.2 }`"), "\(error)")
        }
        let settings = folder.appendingPathComponent("catalog.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "conformance:\n  standard: wcag-2.2\n").write(to: settings, atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("components/alpha/component.yaml")
        try (try String(contentsOf: model, encoding: .utf8) + "\nconformance:\n  tests:\n    - { date: 2026-11-01, with: \"VoiceOver, iOS 18\", criteria: [\"4.1.2\"], result: fail, by: A. Tester }\n")
            .write(to: model, atomically: true, encoding: .utf8)
        let alpha = try #require(try await json(client, "get_conformance", ["component": "alpha"]) as? [String: Any])
        #expect(alpha["component"] as? String == "alpha" && alpha["standard"] as? String == "wcag-2.2")
        let row = try #require((alpha["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "4.1.2" })
        #expect(row["result"] as? String == "does-not-support" && (row["summary"] as? String)?.contains("Failed with VoiceOver, iOS 18") == true, "\(row)")
        #expect(((row["evidence"] as? [[String: Any]])?.first?["file"] as? String)?.hasSuffix("components/alpha/component.yaml") == true, "the manual result's place")
        let catalog = try #require(try await json(client, "get_conformance") as? [String: Any])
        #expect(catalog["catalogue"] as? String == "2.5-edition-wcag-2.2-508-en" && catalog["component"] == nil)
        let reported = try #require((catalog["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "4.1.2" })
        #expect(reported["result"] as? String == "does-not-support" && (reported["components"] as? [String: Any])?["alpha"] as? String == "does-not-support")
    }

    /// A repository of the fixture with two releases: v1.0.0, and v1.1.0 where Alpha's `label`
    /// is renamed `title`; the working tree adds Gamma.
    private func connectToHistory() async throws -> (Client, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-history-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("base"), to: folder)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root.path, "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"] + arguments
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        func edit(_ path: String, _ old: String, _ new: String) throws {
            let url = folder.appendingPathComponent(path)
            try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        try edit("catalog.yaml", "title:", "versions: { tags: \"v*\" }\ntitle:")
        try git("init", "-q", "-b", "main")
        try git("add", "-A")
        try git("commit", "-q", "-m", "first")
        try git("tag", "v1.0.0")
        try edit("components/alpha/component.yaml", "  - name: label\n", "  - name: title\n")
        try git("commit", "-q", "-am", "title")
        try git("tag", "v1.1.0")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("components/gamma"), withIntermediateDirectories: true)
        try Data("name: Gamma\nsummary: A third one.\n".utf8).write(to: folder.appendingPathComponent("components/gamma/component.yaml"))
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        let server = CatalogMCPServer(source: folder.path, version: "test")
        try await server.start(transport: serverTransport)
        let client = Client(name: "tests", version: "1")
        _ = try await client.connect(transport: clientTransport)
        return (client, root)
    }

    @Test func everyToolTakesAVersionAndGetHistorySaysWhatEachReleaseChanged() async throws {
        let (client, root) = try await connectToHistory()
        defer { try? FileManager.default.removeItem(at: root) }
        // Every tool offers `version`.
        for tool in try await client.listTools().tools {
            #expect(tool.inputSchema.objectValue?["properties"]?.objectValue?["version"] != nil, "\(tool.name)")
        }
        let history = try #require(try await json(client, "get_history", ["component": "alpha"]) as? [String: Any])
        #expect(history["since"] as? String == "v1.0.0" && history["version"] as? String == "Next")
        let releases = try #require(history["releases"] as? [[String: Any]])
        #expect(releases.first?["version"] as? String == "v1.1.0")
        let changes = try #require(releases.first?["changes"] as? [[String: Any]])
        #expect(changes.contains { $0["kind"] as? String == "renamed" && ($0["message"] as? String)?.contains("label is renamed title") == true })
        // The working tree has Gamma; v1.0.0 has neither Gamma nor the rename.
        let now = try #require(try await json(client, "list_components") as? [[String: Any]])
        #expect(now.compactMap { $0["slug"] as? String }.contains("gamma"))
        let then = try #require(try await json(client, "list_components", ["version": "v1.0.0"]) as? [[String: Any]])
        #expect(then.compactMap { $0["slug"] as? String } == ["alpha", "beta"])
        let alphaThen = try #require(try await json(client, "get_component", ["component": "alpha", "version": "v1.0.0"]) as? [String: Any])
        #expect((alphaThen["properties"] as? [[String: Any]])?.first?["name"] as? String == "label")
        let historyThen = try #require(try await json(client, "get_history", ["component": "alpha", "version": "v1.0.0"]) as? [String: Any])
        #expect((historyThen["releases"] as? [Any])?.isEmpty == true && historyThen["version"] as? String == "v1.0.0")
        // A version that is not a release says which are.
        await #expect {
            _ = try await client.callTool(name: "list_components", arguments: ["version": "v1.2.0"])
        } throws: { error in
            guard let error = error as? MCPError, case .invalidParams(let message?) = error else { return false }
            return message.contains("no version 'v1.2.0'") && message.contains("v1.1.0, v1.0.0")
        }
    }

    @Test func aBadArgumentIsAnErrorThatSaysWhatToSend() async throws {
        let (client, folder) = try await connect()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (tool, arguments, words) in [
            ("get_component", ["component": Value.string("alpah")], "Did you mean 'alpha'?"),
            ("get_component", [:], "needs `component`"),
            ("get_token", ["name": .string("brand/bleu")], "Did you mean 'brand/blue'?"),
            ("check_contrast", ["foreground": .string("#FFF"), "background": .string("space/small")], "not a colour"),
            ("search", ["query": .string("x"), "limt": .int(3)], "did you mean `limit`?"),
            ("list_problems", ["severity": .string("fatal")], "error, warning or note"),
        ] as [(String, [String: Value], String)] {
            await #expect {
                _ = try await client.callTool(name: tool, arguments: arguments)
            } throws: { error in
                guard let error = error as? MCPError, case .invalidParams(let message?) = error else { return false }
                return message.contains(words)
            }
        }
    }

    @Test func resourcesHoldThePagesAndTheDataAndAnEditIsSeenByTheNextCall() async throws {
        let (client, folder) = try await connect()
        defer { try? FileManager.default.removeItem(at: folder) }
        let resources = try await client.listResources().resources
        let uris = resources.map(\.uri)
        #expect(uris.contains("catalog:///components/alpha/index.md") && uris.contains("catalog:///components.json") && uris.contains("catalog:///guides/handbook/index.md"))
        #expect(resources.first { $0.uri == "catalog:///components/alpha/index.md" }?.description?.contains("components/alpha/component.yaml:1") == true)
        let page = try await client.readResource(uri: "catalog:///components/alpha/index.md")
        #expect(page.first?.text?.contains("## Properties") == true)

        let yaml = folder.appendingPathComponent("components/alpha/component.yaml")
        let written = try String(contentsOf: yaml, encoding: .utf8)
        try written.replacingOccurrences(of: "summary: The fixture's switch.", with: "summary: A switch, edited.").write(to: yaml, atomically: true, encoding: .utf8)
        let alpha = try #require(try await json(client, "get_component", ["component": "alpha"]) as? [String: Any])
        #expect(alpha["summary"] as? String == "A switch, edited.")
        #expect(written == (try String(contentsOf: yaml, encoding: .utf8)).replacingOccurrences(of: "A switch, edited.", with: "The fixture's switch."), "nothing else was written")
    }
}
