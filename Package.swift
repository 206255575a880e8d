// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "catalog-build",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "catalog-build", targets: ["catalog-build"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The system cmark-gfm library (libcmark-gfm-dev), nothing else.
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // PNG decoding and encoding for `snapshot`: Debian's libpng, through its simplified API.
        .systemLibrary(
            name: "CPNG",
            path: "Sources/CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // renameat2(RENAME_EXCHANGE), which Swift's Glibc overlay does not expose.
        .target(name: "CRenameExchange", path: "Sources/CRenameExchange"),
        // The Swift face of cmark-gfm: the only code that touches its C pointers.
        .target(name: "CatalogMarkdown", dependencies: ["CCmarkGFM", "CatalogCore"]),

        // One target per phase, so the compiler holds the one-way flow (docs/architecture.md):
        // each phase imports only the phases upstream of it.
        // Diagnostics, locations, hashing, rule ids and the step protocol every phase runs its work through.
        .target(name: "CatalogCore"),
        // Text → located trees: YAML, JSON, front matter, reading bytes as UTF-8; no disk.
        .target(name: "CatalogSyntax", dependencies: ["CatalogCore", .product(name: "Yams", package: "Yams")]),
        // The catalog as values: components, tokens, modes, guides, what the code declares, changes,
        // and the files read beside the catalog (theme, code, web files, screenshots) as read.
        .target(name: "CatalogModel", dependencies: ["CatalogCore", "CatalogSyntax"]),
        // Every disk and git read: the catalog folder, themes, code folders; what each read touched.
        .target(name: "CatalogSource", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", .product(name: "Yams", package: "Yams")]),
        // The team's SwiftUI and Compose code → what it declares and calls (`CodeIndex`): the Swift
        // reader (swift-syntax, in a child process of its own), the Kotlin lexer and reader.
        .target(name: "CatalogCode", dependencies: [
            "CatalogCore", "CatalogModel",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // Files → Model: every value checked against the content format, kept with file:line:col.
        .target(name: "CatalogLoad", dependencies: [
            "CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogMarkdown", "CatalogCode",
            .product(name: "Yams", package: "Yams"),
        ]),
        // What the rules and the pages both show: the code report and its drift, readiness measured
        // from code and screenshots, screenshot coverage.
        .target(name: "CatalogAnalysis", dependencies: ["CatalogCore", "CatalogModel", "CatalogCode"]),
        // The rules over the loaded model, one small type per rule.
        .target(name: "CatalogCheck", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogLoad", "CatalogAnalysis"]),
        // Theme compiling, typed template contexts, pages, exports, Markdown twins, search: Model → Site.
        .target(name: "CatalogRender", dependencies: [
            "CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogLoad", "CatalogAnalysis", "CatalogMarkdown",
            .product(name: "Mustache", package: "swift-mustache"),
        ]),
        // The rules over the rendered site: links, anchors, the page scan.
        .target(name: "CatalogSiteCheck", dependencies: ["CatalogCore", "CatalogModel", "CatalogLoad", "CatalogCheck", "CatalogRender"]),
        // One run: Load → Check → Render → site checks, with the rebuild loop's memo.
        .target(name: "CatalogPipeline", dependencies: [
            "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogCheck", "CatalogRender", "CatalogSiteCheck",
        ]),
        // Writing: the staging folder and its swap, the output guard, and every report format.
        .target(name: "CatalogOutput", dependencies: [
            "CatalogCore", "CatalogSource", "CatalogModel", "CatalogRender", "CatalogSiteCheck", "CRenameExchange",
        ]),
        // What a change does to a design system: two revisions read and compared.
        .target(name: "CatalogDiff", dependencies: [
            "CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogAnalysis", "CatalogCheck", "CatalogPipeline",
        ]),
        // `versions:`: the release tags read with git, and what each release changed (the diff's
        // analysis between consecutive releases), kept in a cache beside the output.
        .target(name: "CatalogHistory", dependencies: [
            "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogPipeline", "CatalogOutput", "CatalogDiff",
        ]),
        // `tokens import`: other tools' token formats → DTCG 2025.10.
        .target(name: "CatalogImport", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogLoad"]),
        // `build` from start to finish: read, run the pipeline, write the output.
        .target(name: "CatalogPublish", dependencies: [
            "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogRender", "CatalogSiteCheck",
            "CatalogPipeline", "CatalogOutput", "CatalogHistory",
        ]),
        // `new`: catalogs, components and kinds that build clean from the first run.
        .target(name: "CatalogScaffold", dependencies: [
            "CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogRender",
        ]),
        // `snapshot`: every example drawn in headless Chromium over the DevTools pipe, compared with
        // the approved images (libpng, a perceptual pixel difference), reported as diagnostics.
        .target(name: "CatalogSnapshot", dependencies: [
            "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogAnalysis", "CatalogRender", "CatalogOutput", "CatalogMarkdown", "CPNG",
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        // The preview server: Hummingbird app, watcher, live reload, error overlay.
        .target(
            name: "CatalogServe",
            dependencies: [
                "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogRender", "CatalogPipeline", "CatalogOutput",
                "CatalogMarkdown", "CatalogSnapshot",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `catalog-build mcp`: the catalog's tools and resources over the Model Context Protocol.
        .target(
            name: "CatalogMCP",
            dependencies: [
                "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogAnalysis", "CatalogRender", "CatalogPipeline",
                "CatalogOutput", "CatalogDiff", "CatalogHistory",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "catalog-build",
            dependencies: [
                "CatalogCore", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogRender", "CatalogPipeline",
                "CatalogOutput", "CatalogDiff", "CatalogImport", "CatalogPublish", "CatalogScaffold", "CatalogServe", "CatalogMCP",
                "CatalogSnapshot", "CatalogCode",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "CatalogMarkdownTests", dependencies: ["CatalogMarkdown"]),
        // What the tests share: the fixture catalogs and running them through the pipeline.
        .target(name: "CatalogTestSupport", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogRender", "CatalogPipeline", "CatalogDiff", "CatalogPublish"], path: "Tests/CatalogTestSupport"),
        .testTarget(name: "CatalogSyntaxTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogSource", "CatalogRender", "CatalogTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CatalogSourceTests", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogRender", "CatalogPipeline", "CatalogDiff", "CatalogSnapshot", "CatalogPublish", "CatalogMCP", "CatalogTestSupport"]),
        .testTarget(name: "CatalogLoadTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogRender", "CatalogSiteCheck", "CatalogPipeline", "CatalogOutput", "CatalogDiff", "CatalogPublish", "CatalogTestSupport"]),
        .testTarget(name: "CatalogCodeTests", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogCode", "CatalogLoad", "CatalogAnalysis", "CatalogRender", "CatalogPipeline", "CatalogDiff", "CatalogTestSupport"]),
        .testTarget(name: "CatalogCheckTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogRender", "CatalogPipeline", "CatalogOutput", "CatalogDiff", "CatalogPublish", "CatalogMCP", "CatalogAnalysis", "CatalogTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CatalogRenderTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogMarkdown", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogAnalysis", "CatalogRender", "CatalogSiteCheck", "CatalogPipeline", "CatalogOutput", "CatalogPublish", "CatalogMCP", "CatalogTestSupport", .product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(name: "CatalogDiffTests", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogRender", "CatalogOutput", "CatalogDiff", "CatalogHistory", "CatalogPublish", "CatalogTestSupport"]),
        .testTarget(name: "CatalogImportTests", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogRender", "CatalogImport", "CatalogPipeline", "CatalogTestSupport"]),
        .testTarget(name: "CatalogPublishTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogMarkdown", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogRender", "CatalogImport", "CatalogScaffold", "CatalogPipeline", "CatalogOutput", "CatalogDiff", "CatalogPublish", "CatalogTestSupport"]),
        .testTarget(name: "CatalogSnapshotTests", dependencies: ["CatalogCore", "CatalogModel", "CatalogSource", "CatalogPipeline", "CatalogSnapshot", "CatalogTestSupport"]),
        .testTarget(name: "CatalogServeTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogCheck", "CatalogRender", "CatalogImport", "CatalogSiteCheck", "CatalogScaffold", "CatalogPipeline", "CatalogOutput", "CatalogDiff", "CatalogServe", "CatalogPublish"]),
        .testTarget(name: "CatalogMCPTests", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogModel", "CatalogSource", "CatalogLoad", "CatalogCheck", "CatalogRender", "CatalogImport", "CatalogSiteCheck", "CatalogScaffold", "CatalogPipeline", "CatalogOutput", "CatalogDiff", "CatalogPublish", "CatalogMCP", .product(name: "MCP", package: "swift-sdk")]),
        // Runs the built executable; `swift build` first (the Makefile does).
        .testTarget(name: "CatalogBuildCLITests", dependencies: [.product(name: "Yams", package: "Yams")]),
    ]
)
