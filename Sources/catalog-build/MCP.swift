import ArgumentParser
import CatalogMCP
import Foundation
import MCP
import CatalogRender

/// `catalog-build mcp`: the catalog as a Model Context Protocol server over stdio.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Answer tools and agents over the Model Context Protocol (stdio); nothing is written.",
        discussion: """
            Tools: list_components, get_component, search, get_token, check_contrast, \
            list_problems, what_changed. Resources: every page as Markdown and the data as JSON \
            (catalog:///components/<slug>/index.md, catalog:///components.json…). The catalog is \
            read again before an answer when its files changed. Standard output carries the \
            protocol; nothing else is printed there.
            """
    )

    @OptionGroup var catalog: CatalogOptions

    func run() async throws {
        try catalog.checkFolder()
        let server = CatalogMCPServer(source: catalog.source, options: catalog.loadOptions, version: SiteRenderer.version)
        try await server.run(transport: LineTransport())
    }
}
