import Foundation
import MCP
import CatalogModel
import CatalogOutput
import CatalogDiff

/// The tools `catalog-build mcp` offers: each its MCP description (name, what it returns, its
/// arguments as JSON Schema) and the answer, made by `CatalogQuery` from the current catalog.
package struct CatalogTool: Sendable {
    package var tool: Tool
    package var answer: @Sendable (Arguments, CatalogState) async throws -> String

    /// The arguments its input schema names: any other is refused before `answer` runs.
    package var argumentNames: [String] {
        (tool.inputSchema.objectValue?["properties"]?.objectValue?.keys).map { $0.sorted() } ?? []
    }
}

package enum CatalogTools {
    /// Every tool's `version`: the release to answer for.
    package static let versionArgument = (type: "string", description: "A release tag (`v1.2.0`) to answer for that release of the catalog (catalog.yaml's `versions:`); without it, the working tree.")

    package static func schema(_ given: [String: (type: String, description: String)], required: [String] = []) -> Value {
        var properties = given
        properties["version"] = versionArgument
        var members: [String: Value] = [:]
        for (name, property) in properties {
            members[name] = .object(["type": .string(property.type), "description": .string(property.description)])
        }
        return .object([
            "type": "object",
            "properties": .object(members),
            "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    package static let readOnly = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)

    package static let all: [CatalogTool] = [
        CatalogTool(tool: Tool(
            name: "list_components",
            description: "Every component of the catalog (slug, name, summary, group, lifecycle, overall readiness, demo kind, page), optionally only those of a group, lifecycle or readiness status. Returns a JSON array.",
            inputSchema: schema([
                "group": ("string", "Only components of this navigation group (as component.yaml's `group:` names it)."),
                "lifecycle": ("string", "Only components at this lifecycle: \(Lifecycle.allCases.map(\.rawValue).dropLast().joined(separator: ", ")) or \(Lifecycle.allCases.last!.rawValue)."),
                "readiness": ("string", "Only components whose overall readiness is this status id or label, such as `ready`."),
            ]),
            annotations: readOnly
        )) { arguments, state in
            return try await state.query().components(group: arguments.string("group", example: "\"Toggles\""), lifecycle: arguments.string("lifecycle", example: "\"stable\""),
                                                       readiness: arguments.string("readiness", example: "\"ready\""))
        },
        CatalogTool(tool: Tool(
            name: "get_component",
            description: "Everything about one component: summary, properties with their Figma/SwiftUI/Compose mappings, states with platform support, variants, appearances with their tokens resolved in every mode, contrast per mode, accessibility per platform, demo examples, code, readiness and related components, each with the file and line it comes from. As JSON (components.schema.json) or as the page's Markdown.",
            inputSchema: schema([
                "component": ("string", "The component's slug (`switch`) or name (`Switch`)."),
                "format": ("string", "`json` (the default) or `markdown`."),
            ], required: ["component"]),
            annotations: readOnly
        )) { arguments, state in
            let reference = try arguments.string("component", required: true, example: "\"switch\"")!
            let format = try arguments.string("format", example: "\"markdown\"") ?? "json"
            guard format == "json" || format == "markdown" else { throw CatalogQuery.Failure("`format` must be `json` or `markdown`") }
            return try await state.query().component(reference, markdown: format == "markdown")
        },
        CatalogTool(tool: Tool(
            name: "get_history",
            description: "What each release did to one component (catalog.yaml's `versions:`: the git tags that are releases): the release it first appeared in (`since`), the one that deprecated it, and for each release in which it changed, what changed — properties, states, variants, appearances and token values per mode, accessibility, readiness, lifecycle, implementation API, guideline sections — breaking first, with the notes written in its `changes:`. Newest first. Returns JSON.",
            inputSchema: schema(["component": ("string", "The component's slug (`switch`) or name (`Switch`).")], required: ["component"]),
            annotations: readOnly
        )) { arguments, state in
            try await state.query().history(arguments.string("component", required: true, example: "\"switch\"")!)
        },
        CatalogTool(tool: Tool(
            name: "get_figma_parity",
            description: "Where the saved Figma file and the catalog disagree (catalog.yaml's `figma:`). With a component: the Figma component set it is checked against (variant properties and values, other properties), each difference with its rule and file:line:col, the tokens bound in Figma, the render's address and the readiness it measures. Without one: each component that names a Figma component set and whether it matches, and every difference between the Figma variables and the tokens per mode. Returns JSON.",
            inputSchema: schema(["component": ("string", "The component's slug (`switch`) or name (`Switch`); leave out for the whole catalog.")], required: []),
            annotations: readOnly
        )) { arguments, state in
            try await state.query().figmaParity(arguments.string("component", required: false, example: "\"switch\""))
        },
        CatalogTool(tool: Tool(
            name: "get_conformance",
            description: "Accessibility conformance from evidence (catalog.yaml's `conformance:`). With a component: each WCAG 2.2 success criterion its requirements name or its evidence covers, with its level, its result (supports, partially-supports, does-not-support, not-applicable, not-evaluated) and the evidence — the browser audit's checks (a failure with the example, the mode and the file:line of the example), contrast per mode, manual tests with assistive technology, each marked stale when its inputs changed since. Without one: the catalog's result per criterion up to the level reported, with each component's result and the remarks the OpenACR report has. Returns JSON.",
            inputSchema: schema(["component": ("string", "The component's slug (`switch`) or name (`Switch`); leave out for the whole catalog.")], required: []),
            annotations: readOnly
        )) { arguments, state in
            try await state.query().conformance(arguments.string("component", required: false, example: "\"switch\""))
        },
        CatalogTool(tool: Tool(
            name: "search",
            description: "Full-text search over the catalog's pages: component names, summaries, guideline prose and headings, property and state names, guides and tokens. Returns a JSON array, best first, each with its kind, title, page URL (with the section's anchor when the match is under a heading) and a snippet.",
            inputSchema: schema([
                "query": ("string", "Words to find, all of them (case does not matter)."),
                "limit": ("integer", "At most this many results (default 10)."),
            ], required: ["query"]),
            annotations: readOnly
        )) { arguments, state in
            let query = try arguments.string("query", required: true, example: "\"sentence case\"")!
            let limit = try arguments.integer("limit", in: 1...200, example: "5") ?? 10
            return try await state.query().search(query, limit: limit)
        },
        CatalogTool(tool: Tool(
            name: "get_token",
            description: "One design token: type, description, value in the default mode and in every token mode, the alias it points to and the value it resolves to, the tokens that alias it, and the components that use it (directly, through aliases or in any mode). Returns JSON.",
            inputSchema: schema(["name": ("string", "The token's name with `/` or `.` between its parts, such as `color/text/primary`.")], required: ["name"]),
            annotations: readOnly
        )) { arguments, state in
            return try await state.query().token(arguments.string("name", required: true, example: "\"color/text/primary\"")!)
        },
        CatalogTool(tool: Tool(
            name: "check_contrast",
            description: "The WCAG contrast ratio of two colours, each a colour token or a hex colour, in the default mode and every token mode, and whether it reaches a minimum (4.5 for text, 3 for parts of a control). Returns a JSON array, one entry per mode.",
            inputSchema: schema([
                "foreground": ("string", "A colour token's name or a hex colour, such as `toggle/color/default/active/bg-indicator` or `#FFFFFF`."),
                "background": ("string", "A colour token's name or a hex colour; a translucent colour is painted over the catalog's surface."),
                "minimum": ("number", "The ratio to reach (default 4.5)."),
            ], required: ["foreground", "background"]),
            annotations: readOnly
        )) { arguments, state in
            let foreground = try arguments.string("foreground", required: true, example: "\"#FFFFFF\"")!
            let background = try arguments.string("background", required: true, example: "\"color/surface\"")!
            let minimum = try arguments.number("minimum", example: "3") ?? 4.5
            return try await state.query().contrast(foreground: foreground, background: background, minimum: minimum)
        },
        CatalogTool(tool: Tool(
            name: "list_problems",
            description: "What `catalog-build check` reports: every problem with its severity, rule id, file, line, column and message (what to do), optionally only of one severity, rule or file. Returns a JSON array.",
            inputSchema: schema([
                "severity": ("string", "`error`, `warning` or `note`."),
                "rule": ("string", "A rule id such as `contrast.non-text`."),
                "file": ("string", "Only problems in files whose path ends with this."),
            ]),
            annotations: readOnly
        )) { arguments, state in
            return try await state.query().problems(severity: arguments.string("severity", example: "\"error\""),
                                                     rule: arguments.string("rule", example: "\"link.broken\""),
                                                     file: arguments.string("file", example: "\"components/switch/component.yaml\""))
        },
        CatalogTool(tool: Tool(
            name: "what_changed",
            description: "What a change does to the design system, as `catalog-build diff` reports it: tokens added, removed, renamed or changed per mode (with the components using them), components' properties, states, variants and readiness, contrast regressions, and problems introduced or fixed, each breaking, notable or minor. Compares two git revisions, or a revision with the working tree.",
            inputSchema: schema([
                "base": ("string", "The revision to compare from (default: HEAD, or the fork point of a branch), such as `v1.2.0` or `main`."),
                "head": ("string", "The revision to compare to (default: the working tree)."),
                "format": ("string", "`json` (the default) or `markdown`."),
            ]),
            annotations: readOnly
        )) { arguments, state in
            let written = try arguments.string("format", example: "\"markdown\"") ?? "json"
            guard let format = DiffFormat(rawValue: written), format == .json || format == .markdown else {
                throw CatalogQuery.Failure("`format` must be `json` or `markdown`")
            }
            let base = try arguments.string("base", example: "\"main\"")
            // `version`, without `head`, is the revision compared to.
            let head = try arguments.string("head", example: "\"HEAD\"") ?? arguments.string("version", example: "\"v1.2.0\"")
            let changes: CatalogChanges
            do {
                changes = try ChangeAnalysis.run(source: state.source, base: base, head: head, options: state.options)
            } catch {
                throw CatalogQuery.Failure("\(error)")
            }
            return Reports.text(of: changes, as: format)
        },
    ]
}
