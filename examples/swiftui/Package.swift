// swift-tools-version:5.9
// The SwiftUI side of the Selection Controls catalog: the views its components document.
// catalog.yaml's `code.swiftui` points here; catalog-build reads these files, it does not build
// them (SwiftUI needs an Apple platform).
import PackageDescription

let package = Package(
    name: "SelectionControls",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SelectionControls", targets: ["SelectionControls"]),
    ],
    dependencies: [
        .package(url: "https://github.com/figma/code-connect", from: "1.0.0"),
    ],
    targets: [
        .target(name: "SelectionControls"),
        // Figma Code Connect: each file links a Figma component to the view that implements it.
        .target(
            name: "SelectionControlsCodeConnect",
            dependencies: ["SelectionControls", .product(name: "Figma", package: "code-connect")]
        ),
    ]
)
