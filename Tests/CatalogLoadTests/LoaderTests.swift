import Testing
import Foundation
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogSiteCheck
import CatalogTestSupport

@Suite("Loading the content format")
struct LoaderTests {
    private let base: [String: String] = [
        "catalog.yaml": "title: T\n",
        "components/a/component.yaml": "name: A\nsummary: The A.\n",
    ]

    private func load(_ overrides: [String: String], options: LoadOptions = LoadOptions()) -> LoadResult {
        CatalogLoader.load(SourceTree(displayRoot: "cat", texts: base.merging(overrides) { $1 }), options: options)
    }

    @Test func everyValueKeepsItsPosition() throws {
        let result = load(["components/a/component.yaml": """
        name: A
        summary: The A.
        related: [b, c]
        readiness:
          C3: { status: ready, notes: Fine. }
        """])
        let component = try #require(result.catalog?.components.first)
        #expect(component.name.location == SourceLocation(file: "cat/components/a/component.yaml", line: 1, column: 7))
        #expect(component.related[1].location == SourceLocation(file: "cat/components/a/component.yaml", line: 3, column: 14))
        #expect(component.readiness.first?.status.location.line == 5)
        #expect(component.readiness.first?.criterion.location == SourceLocation(file: "cat/components/a/component.yaml", line: 5, column: 3))
    }

    @Test func markdownPositionsCountTheFrontMatter() throws {
        let result = load(["components/a/index.md": "---\norder: 3\n---\n\nIntro.\n\n## Usage\n\n[x](../b/index.md)\n"])
        let component = try #require(result.catalog?.components.first)
        #expect(component.order == 3)
        #expect(component.prose?.headings.first?.location.line == 7)
        #expect(component.prose?.links.first?.location == SourceLocation(file: "cat/components/a/index.md", line: 9, column: 1))
        #expect(component.prose?.summary == "Intro.")
        #expect(component.prose?.html.contains("href=\"../b/\"") == true)
    }

    @Test func draftsAreLeftOutUnlessAskedFor() {
        let files = ["components/d/component.yaml": "name: D\nsummary: Draft.\n", "components/d/index.md": "---\ndraft: true\n---\nText.\n"]
        #expect(load(files).catalog?.components.map(\.slug) == ["a"])
        #expect(load(files).catalog?.excludedDrafts == ["components/d/"])
        #expect(load(files, options: LoadOptions(includeDrafts: true)).catalog?.components.map(\.slug).sorted() == ["a", "d"])
    }

    @Test func componentsSortByOrderThenName() {
        let result = load([
            "components/z/component.yaml": "name: Zed\nsummary: Z.\n", "components/z/index.md": "---\norder: 1\n---\n",
            "components/b/component.yaml": "name: Bee\nsummary: B.\n",
        ])
        #expect(result.catalog?.components.map(\.slug) == ["z", "a", "b"])
    }

    @Test func baseURLIsNormalisedAndTheOptionWins() {
        #expect(load(["catalog.yaml": "title: T\nbaseURL: /docs\n"]).catalog?.settings.baseURL == "/docs/")
        #expect(load([:], options: LoadOptions(baseURL: "https://example.org/x")).catalog?.settings.baseURL == "https://example.org/x/")
        let bad = load(["catalog.yaml": "title: T\nbaseURL: docs\n"])
        #expect(bad.diagnostics.contains { $0.rule == "schema.type" && $0.location.line == 2 })
    }

    @Test func guidesTakeTheirTitleFromFrontMatterOrTheirFirstHeading() {
        let result = load([
            "guides/one.md": "---\ntitle: One\norder: 2\n---\nBody.\n",
            "guides/two.md": "# Two from heading\n\nBody two.\n",
        ])
        #expect(result.catalog?.guides.map(\.title) == ["One", "Two from heading"])
        #expect(result.catalog?.guides.first { $0.slug == "two" }?.prose.html.contains("Two from heading") == false)
        let untitled = load(["guides/three.md": "Just text.\n"])
        #expect(untitled.diagnostics.contains { $0.rule == "schema.missing-key" && $0.location.file == "cat/guides/three.md" })
    }

    @Test func readinessAcceptsTheShortAndTheLongForm() throws {
        let result = load(["components/a/component.yaml": "name: A\nsummary: S\nreadiness:\n  C1: ready\n  C2: { status: not-mapped, notes: Later. }\n"])
        let component = try #require(result.catalog?.components.first)
        #expect(component.readiness.map(\.status.value) == ["ready", "not-mapped"])
        #expect(component.readiness.last?.notes == "Later.")
        #expect(component.overallStatus(in: .builtIn)?.id == "not-mapped")
    }

    @Test func variantCountIsTheProductOfTheAxes() throws {
        let result = load(["components/a/component.yaml": "name: A\nsummary: S\nvariants:\n  a: [x, y]\n  b: [x, y]\n  c: [x, y]\n  d: [1, 2, 3, 4, 5]\n"])
        #expect(try #require(result.catalog?.components.first).variantCount == 40)
    }

    @Test func customRubricReplacesTheBuiltInOne() {
        let result = load([
            "catalog.yaml": "title: T\nreadiness:\n  statuses:\n    - { id: go, label: Go, tone: positive }\n  criteria:\n    - { id: R1, name: Reviewed }\n",
            "components/a/component.yaml": "name: A\nsummary: S\nreadiness:\n  R1: go\n",
        ])
        #expect(result.catalog?.settings.rubric.criteria.map(\.id) == ["R1"])
        #expect(result.catalog?.components.first?.overallStatus(in: result.catalog!.settings.rubric)?.label == "Go")
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreAccepted() {
        let result = load(["components/a/component.yaml": "\u{FEFF}name: A\r\nsummary: S\r\nrelated: [x]\r\n"])
        #expect(result.catalog?.components.first?.related.first?.location.line == 3)
    }

    @Test func deeplyNestedYAMLIsRefusedNotCrashed() {
        let deep = "name: A\nsummary: S\nstates: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n"
        let result = load(["components/a/component.yaml": deep])
        #expect(result.diagnostics.contains { $0.rule == "yaml.syntax" && $0.location.line == 3 })
    }
}

@Suite("Link resolution")
struct LinkResolverTests {
    @Test func markdownFilesBecomePages() {
        #expect(LinkResolver.resolve("../switch/index.md#usage", from: "components/toggle/index.md") == .page(path: "components/switch/", fragment: "usage"))
        #expect(LinkResolver.resolve("../../guides/choosing.md", from: "components/toggle/index.md") == .page(path: "guides/choosing/", fragment: nil))
        #expect(LinkResolver.resolve("../components/switch/index.md", from: "guides/g.md") == .page(path: "components/switch/", fragment: nil))
        #expect(LinkResolver.resolve("other.md", from: "guides/g.md") == .page(path: "guides/other/", fragment: nil))
    }

    @Test func theSiteScanReadsLinksAndIDsOnly() {
        let html = ##"<a href="../x/?a=1&amp;b=2" data-href="no" id="top"><img src="i.svg?v=1&amp;w=2" alt="a=b"> <p xid="no" class="c" id="second">=</p><a href="#top">"##
        let page = Array(html.utf8).withUnsafeBufferPointer { SiteScan.scan($0) }
        #expect(page.references == ["../x/?a=1&b=2", "#top", "i.svg?v=1&w=2"])
        #expect(page.ids == ["top", "second"])
        // An attribute cut off at the end of the page does not crash the scan.
        let cut = Array(#"<a href="unfinished"#.utf8).withUnsafeBufferPointer { SiteScan.scan($0) }
        #expect(cut.references == ["unfinished"])
    }

    @Test func otherLinksAreClassified() {
        #expect(LinkResolver.resolve("https://example.com", from: "guides/g.md") == .external)
        #expect(LinkResolver.resolve("mailto:a@b.c", from: "guides/g.md") == .external)
        #expect(LinkResolver.resolve("#top", from: "guides/g.md") == .samePage(fragment: "top"))
        #expect(LinkResolver.resolve("/abs", from: "guides/g.md") == .siteAbsolute)
        #expect(LinkResolver.resolve("img%20one.png", from: "components/a/index.md") == .file(path: "components/a/img one.png"))
        if case .unresolved = LinkResolver.resolve("../../../etc/passwd", from: "components/a/index.md") {} else {
            Issue.record("a link out of the catalog must not resolve")
        }
    }

    @Test func hrefsAreRelativeToThePage() {
        #expect(LinkResolver.href(for: .page(path: "components/switch/", fragment: "usage"), fromPage: "components/toggle/") == "../switch/#usage")
        #expect(LinkResolver.href(for: .page(path: "components/switch/", fragment: nil), fromPage: "guides/g/") == "../../components/switch/")
        #expect(LinkResolver.href(for: .file(path: "guides/img.png"), fromPage: "guides/g/") == "../img.png")
        #expect(LinkResolver.relative(from: "", to: "components/a/") == "components/a/")
        #expect(LinkResolver.relative(from: "components/a/", to: "") == "../../")
        #expect(LinkResolver.relative(from: "components/a/", to: "components/a/") == "./")
        #expect(LinkResolver.relative(from: "components/a/", to: "components/a/img.png") == "img.png")
        #expect(LinkResolver.relative(from: "components/a/", to: "components/ab/") == "../ab/")
        #expect(LinkResolver.relative(from: "components/ab/", to: "components/a/") == "../a/")
        #expect(LinkResolver.relative(from: "", to: "a//b/") == "a/b/")
        #expect(LinkResolver.relative(from: "", to: "") == "./")
        #expect(LinkResolver.relative(from: "x/", to: "x") == "../x")
        #expect(LinkResolver.relative(from: "guides/g/", to: "guides/img.png") == "../img.png")
        #expect(LinkResolver.relative(from: "components/é/", to: "components/é/") == "./")
    }
}

@Suite("Reading the catalog folder")
struct CatalogReaderTests {
    @Test func filesAreReadWholeWhateverTheirSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Empty, one byte, around 64 KiB (the part a file that grew is read on in), and larger.
        for size in [0, 1, 65_535, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = folder.appendingPathComponent("f\(size)").path
            #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
            guard case .success(let read) = CatalogReader.readFile(file) else {
                Issue.record("\(size) bytes could not be read")
                continue
            }
            #expect(read.bytes == bytes, "\(size) bytes")
        }
    }

    @Test func problemsReadingFilesKeepTheirPlaceAmongTheWalks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-order-\(UUID().uuidString)")
        let guides = folder.appendingPathComponent("guides")
        try FileManager.default.createDirectory(at: guides, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("catalog.yaml").path, contents: Data("title: T\n".utf8)))
        // Two files too large to read (sparse, so they take no room) around a broken link, which
        // the walk itself reports: the read problems are found after the walk, on all cores.
        for name in ["a-big.md", "c-big.md"] {
            let path = guides.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(CatalogReader.maximumFileBytes) + 1)
            try handle.close()
        }
        try FileManager.default.createSymbolicLink(atPath: guides.appendingPathComponent("b-broken.md").path, withDestinationPath: "nowhere")
        #expect(FileManager.default.createFile(atPath: guides.appendingPathComponent("d-fine.md").path, contents: Data("# Fine\n".utf8)))
        let tree = try CatalogReader.read(folder.path, displayRoot: "catalog")
        #expect(tree.problems.map(\.rule.rawValue) == ["file.too-large", "file.symlink-broken", "file.too-large"])
        #expect(tree.problems.map(\.location.file) == ["catalog/guides/a-big.md", "catalog/guides/b-broken.md", "catalog/guides/c-big.md"])
        #expect(tree.files["guides/d-fine.md"] == Array("# Fine\n".utf8))
        #expect(tree.files["guides/a-big.md"] == nil)
    }
}
