import Foundation
import Testing
import CatalogTestSupport

@Suite("Platform support of states")
struct PlatformSupportTests {
    /// Platform support takes `partial`, and any value may carry a note in its mapping form;
    /// the states table shows both, as text.
    @Test func supportIsPartialWithANote() throws {
        let result = Fixtures.run(Fixtures.proseTree("Text.\n", extra: [
            "components/alpha/component.yaml": """
            name: Alpha
            summary: First.
            accessibility: [{ requirement: Labelled }]
            states:
              - name: Focused
                support:
                  ios: { support: partial, note: Keyboard focus only on iPadOS }
                  android: "yes"
                  web: partial
              - name: Pressed
                support: { ios: { support: sometimes } }

            """,
        ]))
        let page = try #require(Fixtures.run(Fixtures.proseTree("Text.\n", extra: [
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\naccessibility: [{ requirement: Labelled }]\nstates:\n  - name: Focused\n    support:\n      ios: { support: partial, note: Keyboard focus only on iPadOS }\n      web: partial\n",
        ])).site?.text("components/alpha/index.html"))
        #expect(page.contains("Partial: Keyboard focus only on iPadOS"))
        #expect(page.contains("support-partial"))
        let enumProblem = try #require(result.diagnostics.first { $0.rule == "schema.enum" })
        #expect(enumProblem.message.contains("partial") && enumProblem.location.line == 11)
    }
}
