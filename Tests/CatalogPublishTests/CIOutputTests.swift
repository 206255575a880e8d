import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogRender
import CatalogOutput
import CatalogTestSupport

/// The outputs meant for CI: SARIF paths as URI references, and the Markdown step summary's
/// bounds and escaping. (The formats themselves are compared with golden files by the CLI tests
/// and validated as SARIF by Tests/formats.)
@Suite("CI output")
struct CIOutputTests {
    @Test func sarifPathsAreURIReferences() {
        #expect(SARIFReport.uri("content/components/switch/index.md") == "content/components/switch/index.md")
        #expect(SARIFReport.uri("my docs/a b.md") == "my%20docs/a%20b.md")
        #expect(SARIFReport.uri("c:/x.md") == "c%3A/x.md", "a colon in the first segment would read as a scheme")
        #expect(SARIFReport.uri("/srv/catalog/café.md") == "file:///srv/catalog/caf%C3%A9.md")
        #expect(SARIFReport.uri("a#b?.md") == "a%23b%3F.md")
    }

    @Test func theSummaryCountsEverythingListsABoundedNumberAndEscapesText() {
        let many = (1...250).map { Diagnostic.warning(.lintNoStates, "no states in <b>|x|</b> \($0)", at: SourceLocation(file: "c/components/x\($0 % 3)/component.yaml", line: $0)) }
        let errors = [Diagnostic.error(.linkBroken, "broken", at: SourceLocation(file: "c/guides/g.md", line: 2, column: 3))]
        let text = CheckSummary.markdown(many + errors, title: "catalog-build check")
        #expect(text.contains("**1 error, 250 warnings** in 4 files."))
        #expect(text.contains("| `lint.no-states` | warning | 250 |"))
        #expect(text.contains("… and 51 more;"))
        // Errors first in the list of problems, though they come last in the input.
        let list = text.components(separatedBy: "Every problem")[1]
        #expect(list.firstRange(of: "link.broken")!.lowerBound < list.firstRange(of: "lint.no-states")!.lowerBound)
        #expect(!text.contains("<b>") && text.contains("&lt;b&gt;\\|x\\|"))
        #expect(text.utf8.count < 1 << 20, "GitHub takes at most 1 MiB per step summary")
        #expect(CheckSummary.markdown([], title: "T").contains("No problems found."))
    }
}

/// The Markdown `diff` shows a colour as a square of its hue family, never a misleading one.
@Suite("Colour swatches in Markdown")
struct SwatchTests {
    @Test(arguments: [
        ("#505A5F", "grey"), ("#B1B4B6", "grey"), ("#0B0C0C", "⬛"), ("#FFFFFF", "⬜"), ("#F3F2F1", "⬜"),
        ("#D4351C", "🟥"), ("#F47738", "🟧"), ("#FFDD00", "🟨"), ("#00703C", "🟩"), ("#1D70B8", "🟦"),
        ("#4C2C92", "🟪"), ("#912B88", "🟪"), ("#7A4F00", "🟫"), ("#1A2B4C", "🟦"), ("#D53880", "🟥"),
    ])
    func eachColourGetsItsFamily(hex: String, mark: String) {
        #expect(ChangeReport.swatchMark(RGBA(hex: hex)!) == mark, "\(hex)")
        #expect(ChangeReport.swatch(hex) == "\(mark) `\(hex)`")
    }
}
