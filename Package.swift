// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "catalog-build",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "catalog-build", targets: ["catalog-build"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The system cmark-gfm library (libcmark-gfm-dev), nothing else.
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // renameat2(RENAME_EXCHANGE), which Swift's Glibc overlay does not expose.
        .target(name: "CRenameExchange", path: "Sources/CRenameExchange"),
        // The Swift face of cmark-gfm: the only code that touches its C pointers.
        .target(name: "CatalogMarkdown", dependencies: ["CCmarkGFM"]),
        // The pipeline: Load → Check → Render → Output.
        .target(
            name: "CatalogKit",
            dependencies: [
                "CatalogMarkdown",
                "CRenameExchange",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The preview server: Hummingbird app, watcher, live reload, error overlay.
        .target(
            name: "CatalogServe",
            dependencies: [
                "CatalogKit",
                "CatalogMarkdown",
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
                "CatalogKit",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .executableTarget(
            name: "catalog-build",
            dependencies: [
                "CatalogKit",
                "CatalogServe",
                "CatalogMCP",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "CatalogMarkdownTests", dependencies: ["CatalogMarkdown"]),
        .testTarget(name: "CatalogKitTests", dependencies: ["CatalogKit"]),
        .testTarget(name: "CatalogServeTests", dependencies: ["CatalogServe", "CatalogKit"]),
        .testTarget(name: "CatalogMCPTests", dependencies: ["CatalogMCP", "CatalogKit", .product(name: "MCP", package: "swift-sdk")]),
        // Runs the built executable; `swift build` first (the Makefile does).
        .testTarget(name: "CatalogBuildCLITests", dependencies: [.product(name: "Yams", package: "Yams")]),
    ]
)
