import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// How the catalog navigation of a large catalog is drawn: once with every group closed, and each
/// open group alone, put in its place on the pages that open it.
@Suite("Catalog navigation")
struct CatalogNavigationTests {
    /// A catalog of `count` components, component `i` in the group `group(i)`.
    private static func catalog(_ count: Int, theme: String? = nil, group: (Int) -> String) -> SourceTree {
        var files: [String: String] = ["catalog.yaml": "title: Many\n" + (theme.map { "theme: \($0)\n" } ?? "")]
        for index in 0..<count {
            files["components/c\(1000 + index)/component.yaml"] = "name: C\(1000 + index)\nsummary: One of many.\ngroup: \(group(index))\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n"
        }
        return SourceTree(displayRoot: "many", texts: files)
    }

    private static func navigation(_ page: String) throws -> String {
        try #require(page.components(separatedBy: CatalogNavigation.startMarker).dropFirst().first?.components(separatedBy: CatalogNavigation.endMarker).first)
    }

    /// A theme may draw the groups more than once (here a summary line of their names, then the
    /// open group's list): each place shows the group as the page opens it.
    @Test func aGroupDrawnInTwoPlacesIsOpenInBoth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-nav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let partial = folder.appendingPathComponent("twice/templates/partials/catalog-nav.mustache")
        try FileManager.default.createDirectory(at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "extends: default\n".write(to: folder.appendingPathComponent("twice/theme.yaml"), atomically: true, encoding: .utf8)
        try """
        <nav class="catalog-nav" aria-label="Catalog"><p>{{#groups}}{{#open}}<b>{{name}}</b>{{/open}}{{^open}}<a href="{{href}}">{{name}}</a>{{/open}} {{/groups}}</p>\
        {{#groups}}{{#open}}<ul>{{#components}}<li><a href="{{href}}"{{{current}}}>{{name}}</a></li>{{/components}}</ul>{{/open}}{{/groups}}</nav>

        """.write(to: partial, atomically: true, encoding: .utf8)
        let count = CatalogNavigation.wholeLimit + 20
        let result = Fixtures.run(Self.catalog(count, theme: "twice") { "G\($0 % 3)" }, themeFolders: [folder.path])
        let site = try #require(result.site, "\(result.diagnostics)")
        for index in [0, 1, 2, 5, count - 1] {
            let nav = try Self.navigation(try #require(site.text("components/c\(1000 + index)/index.html")))
            let own = index % 3
            let run = (index / 3) / CatalogNavigation.groupLimit
            let members = Array(stride(from: own, to: count, by: 3)).dropFirst(run * CatalogNavigation.groupLimit).prefix(CatalogNavigation.groupLimit)
            let summary = (0..<3).map { $0 == own ? "<b>G\($0)</b> " : "<a href=\"../../components/#group-\($0 + 1)\">G\($0)</a> " }.joined()
            let list = members.map { "<li><a href=\"../../components/c\(1000 + $0)/\"\($0 == index ? " aria-current=\"page\"" : "")>C\(1000 + $0)</a></li>" }.joined()
            #expect(nav == "<nav class=\"catalog-nav\" aria-label=\"Catalog\"><p>\(summary)</p><ul>\(list)</ul></nav>\n", "component \(index)")
        }
        let tokens = try Self.navigation(try #require(site.text("tokens/index.html")))
        #expect(tokens == "<nav class=\"catalog-nav\" aria-label=\"Catalog\"><p>" + (0..<3).map { "<a href=\"../components/#group-\($0 + 1)\">G\($0)</a> " }.joined() + "</p></nav>\n")
    }

    /// A catalog of many groups draws the whole navigation once per root and run of groups, and
    /// each group a page opens on its own, not every listed group for every view: 600
    /// one-component groups took 19 s and 724 MiB when each view drew them all.
    @Test func manyGroupsAreDrawnOnceEach() throws {
        let large = try #require(Fixtures.run(Self.catalog(4 * CatalogNavigation.wholeLimit) { "G\($0)" }).site)
        let roots = Set(large.navigation.map(\.root)).count
        let runs = 4 * CatalogNavigation.wholeLimit / CatalogNavigation.groupLimit
        #expect(large.navigation.filter { $0.html.contains("<nav") }.count == roots * runs)
        // The rest are the open groups, one per root and group (each of one component).
        #expect(large.navigation.count == roots * (runs + 4 * CatalogNavigation.wholeLimit))
        // And every page still opens its own group, with itself current, among the run of 50
        // groups that holds it (49 closed, and the link to all of them).
        for index in [0, 399] {
            let nav = try Self.navigation(try #require(large.text("components/c\(1000 + index)/index.html")))
            #expect(nav.contains("<a href=\"../../components/c\(1000 + index)/\" aria-current=\"page\">C\(1000 + index)</a>"))
            #expect(nav.components(separatedBy: "catalog-nav__group--closed").count == CatalogNavigation.groupLimit + 1)
        }
    }

    /// A large catalog of more groups than `groupLimit` lists the run of groups that holds the
    /// page's own (the first run on a page of no group) and links to all of them: a page's
    /// navigation never grows with the number of groups (3,000 one-component groups published
    /// 635 KB a page, 1.9 GB in all, when every page listed every group).
    @Test func manyGroupsAreListedInRunsOfGroups() throws {
        let count = CatalogNavigation.wholeLimit + 30
        let site = try #require(Fixtures.run(Self.catalog(count) { String(format: "G%03d", $0) }).site)
        let groupLinks = { (nav: String) in
            nav.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { $0.contains("components/#group-") }
        }
        let last = try Self.navigation(try #require(site.text("components/c\(1000 + count - 1)/index.html")))
        let run = (count - 1) / CatalogNavigation.groupLimit
        let listed = (run * CatalogNavigation.groupLimit + 1...count).filter { $0 != count }
        #expect(groupLinks(last) == listed.map { "../../components/#group-\($0)" })
        #expect(last.contains("<a href=\"../../components/c\(1000 + count - 1)/\" aria-current=\"page\">C\(1000 + count - 1)</a>"))
        #expect(last.contains("href=\"../../components/\">All \(count) groups</a>"))
        let tokens = try Self.navigation(try #require(site.text("tokens/index.html")))
        #expect(groupLinks(tokens) == (1...CatalogNavigation.groupLimit).map { "../components/#group-\($0)" })
        #expect(tokens.contains("href=\"../components/\">All \(count) groups</a>"))
        // A catalog of no more groups than that lists them all, with no such link.
        let fewer = try #require(Fixtures.run(Self.catalog(count) { String(format: "G%03d", $0 % CatalogNavigation.groupLimit) }).site)
        let page = try Self.navigation(try #require(fewer.text("tokens/index.html")))
        #expect(groupLinks(page).count == CatalogNavigation.groupLimit && !page.contains("groups</a>"))
    }

    /// A group's name is drawn in the navigation of every page: a control character in it (which
    /// could pass for the marks the navigation is put together with) is an error at its place.
    @Test func aGroupNameWithAControlCharacterIsAnError() throws {
        let result = Fixtures.run(SourceTree(displayRoot: "odd", texts: [
            "catalog.yaml": "title: Odd\n",
            "components/c1/component.yaml": "name: C1\nsummary: One.\ngroup: \"In\\x02puts\"\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n",
        ]))
        #expect(result.diagnostics.contains { $0.rule == "text.control-character" && $0.location.file.hasSuffix("c1/component.yaml") && $0.location.line == 3 && $0.message.contains("group name") },
                "\(result.diagnostics)")
        #expect(result.site == nil)
    }

    /// A catalog of more than `wholeLimit` guides lists, of the guides outside sections and of
    /// the page's own section, the run of `groupLimit` that holds the page; other sections show
    /// their link alone, and a link leads to all the guides (2,240 guides published 112 KB a
    /// page, 230 MB in all, when every page listed every guide; now 8 KB and 30 MB).
    @Test func manyGuidesAreListedInRuns() throws {
        let loose = CatalogNavigation.wholeLimit + 30, inSection = CatalogNavigation.groupLimit + 10
        var files: [String: String] = ["catalog.yaml": "title: Guides\n"]
        for index in 1...loose { files[String(format: "guides/g%03d.md", index)] = String(format: "---\ntitle: Guide %03d\n---\n\nText.\n", index) }
        for index in 1...inSection { files[String(format: "guides/foundations/f%03d.md", index)] = String(format: "---\ntitle: Found %03d\n---\n\nText.\n", index) }
        let site = try #require(Fixtures.run(SourceTree(displayRoot: "guides", texts: files)).site)
        let guideLinks = { (nav: String, prefix: String) in
            nav.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { $0.contains(prefix) }
        }
        let total = loose + inSection
        // A guide outside sections: its run, current; the section closed; the link to all.
        let last = try Self.navigation(try #require(site.text(String(format: "guides/g%03d/index.html", loose))))
        let run = (loose - 1) / CatalogNavigation.groupLimit
        #expect(guideLinks(last, "guides/g") == (run * CatalogNavigation.groupLimit + 1...loose).map { String(format: "../../guides/g%03d/", $0) })
        #expect(last.contains(String(format: "href=\"../../guides/g%03d/\" aria-current=\"page\"", loose)))
        #expect(guideLinks(last, "guides/foundations/f").isEmpty && last.contains("catalog-nav__section catalog-nav__group--closed"))
        #expect(last.contains("href=\"../../guides/\">All \(total) guides</a>"))
        // A guide of the section: the section open at its run, the loose guides at their first.
        let found = try Self.navigation(try #require(site.text(String(format: "guides/foundations/f%03d/index.html", inSection))))
        #expect(guideLinks(found, "guides/foundations/f") == (CatalogNavigation.groupLimit + 1...inSection).map { String(format: "../../../guides/foundations/f%03d/", $0) })
        #expect(guideLinks(found, "guides/g") == (1...CatalogNavigation.groupLimit).map { String(format: "../../../guides/g%03d/", $0) })
        #expect(!found.contains("catalog-nav__group--closed\" id"))
        // A catalog of no more guides than the limit lists them all, with no such link.
        var few = files.filter { !$0.key.hasPrefix("guides/foundations/") }
        for index in (CatalogNavigation.wholeLimit + 1)...loose { few.removeValue(forKey: String(format: "guides/g%03d.md", index)) }
        let small = try #require(Fixtures.run(SourceTree(displayRoot: "guides", texts: few)).site)
        let tokens = try Self.navigation(try #require(small.text("tokens/index.html")))
        #expect(guideLinks(tokens, "guides/g").count == CatalogNavigation.wholeLimit && !tokens.contains("guides</a>"))
    }
}
