/// The YAML files a catalog is written in, declared once (docs/content-format.md says what each
/// key means): the loader takes each file's keys from here, and `schemas/*.schema.json` (in the
/// repository and in every built site) are generated from here, so an editor with a YAML
/// language server completes and checks the same keys `check` does.
package enum FileFormats {
    typealias F = YAMLFields.Field

    /// `$schema:`, which every file may have.
    static let editorSchema = F(SchemaReader.editorSchemaKey, .text, "The JSON Schema an editor checks this file with (read by the tool for its type only).")

    // MARK: catalog.yaml

    package static let markdown = YAMLFields([F("unsafe", .flag, "Let raw HTML in the prose through unchanged (default false: it is escaped and warned about).")])
    package static let readinessStatus = YAMLFields([
        F("id", .text, "The word component.yaml's readiness entries use."), F("label", .text, "What the pages show."),
        F("tone", .text, "The badge's tone: positive, neutral, notice or negative."),
    ], required: ["id", "label", "tone"])
    package static let readinessCriterion = YAMLFields([
        F("id", .text, "C1 … or the team's own id."), F("name", .text, "The criterion's name."), F("description", .text, "A longer explanation."),
    ], required: ["id", "name"])
    package static let readiness = YAMLFields([
        F("statuses", .list(.object(readinessStatus)), "The statuses a criterion may have, best first."),
        F("criteria", .list(.object(readinessCriterion)), "The criteria every component is scored against."),
    ])
    package static let logo = YAMLFields([F("light", .text, "The logo on light pages."), F("dark", .text, "The logo on dark pages.")], required: ["light"])
    package static let fonts = YAMLFields([F("body", .any, "The body text's font."), F("code", .any, "The code's font.")])
    package static let footerLink = YAMLFields([F("label", .text, "The link's text."), F("href", .text, "Where it leads.")], required: ["label", "href"])
    package static let brand = YAMLFields([
        F("logo", .either([.text, .object(logo)]), "An image in the catalog folder, or one per scheme."),
        F("favicon", .any, "The site's icon."),
        F("accent", .text, "The accent colour: a hex colour or a colour token."),
        F("fonts", .object(fonts), "The site's fonts."),
        F("footer", .list(.object(footerLink)), "Links in the footer."),
    ])
    package static let swiftExport = YAMLFields([F("type", .text, "The Swift type the tokens are members of.")])
    package static let kotlinExport = YAMLFields([F("package", .text, "The Kotlin package of Tokens.kt.")])
    package static let exports = YAMLFields([
        F("swift", .object(swiftExport), "Tokens.swift."), F("kotlin", .object(kotlinExport), "Tokens.kt."),
    ])
    package static let componentTab = YAMLFields([
        F("file", .text, "The tab's Markdown file beside index.md (index.md for the first)."), F("title", .text, "The tab's title."),
        F("sections", .any, "The generated sections the tab shows."),
    ], required: ["file", "title"])
    package static let pages = YAMLFields([F("component-tabs", .list(.object(componentTab)), "Component pages in tabs.")])
    package static let snapshots = YAMLFields([
        F("folder", .text, "Where the approved images are kept (default snapshots)."), F("widths", .any, "Viewport widths in CSS pixels."),
        F("schemes", .any, "light, dark or both."), F("modes", .any, "The token modes drawn: all, or a list."),
        F("threshold", .number, "How far a pixel may move before it counts as changed (0–1)."),
    ])
    package static let figmaTokenNames = YAMLFields([
        F("separator", .text, "What separates the groups of a variable's name (default /)."),
        F("strip-collection", .flag, "Whether the collection is left out of the token path (default true)."),
    ])
    package static let figma = YAMLFields([
        F("files", .text, "Saved GET /v1/files/:key (or /nodes) responses."), F("variables", .text, "Saved variables: the REST response or a plugin's export."),
        F("renders", .text, "PNG or SVG renders of component nodes."), F("token-names", .object(figmaTokenNames), "How a variable's name becomes a token path."),
        F("color-distance", .number, "How far (ΔE) a variable's colour may be from its token's."),
    ])
    package static let conformanceReport = YAMLFields([
        F("product", .text, "The product the report is for (the catalog's title unless written)."), F("version", .text, "The product's version."),
        F("vendor", .text, "Who makes it."), F("contact", .text, "Where to ask about it (an e-mail address)."), F("notes", .text, "Notes on the report."),
    ])
    package static let conformance = YAMLFields([
        F("standard", .text, "The criteria catalogue reported against (wcag-2.2)."), F("level", .oneOf(["A", "AA", "AAA"]), "The highest level covered (AA)."),
        F("stale-after", .text, "How long a manual result holds (180d, 26w, 6m, 1y)."), F("report", .object(conformanceReport), "The OpenACR report's product, vendor and contact."),
        F("evidence", .text, "The folder `audit` keeps results.json in (audit)."),
    ])
    package static let web = YAMLFields([
        F("styles", .any, "The team's stylesheets."), F("scripts", .any, "The team's scripts."),
        F("assets", .any, "A folder of files the styles and scripts use."), F("viewports", .any, "The widths an example's frame offers."),
    ])
    package static let versions = YAMLFields([
        F("tags", .text, "The release tags' pattern (v*)."), F("keep", .whole, "How many releases are published."),
        F("current", .text, "What the working tree is called."), F("next", .text, "The release being prepared."),
    ])
    package static let catalog = YAMLFields([
        F("title", .text, "The catalog's name."), F("description", .text, "One sentence on the catalog."),
        F("baseURL", .text, "Where the site is published (/docs/ or https://example.org/docs/)."), F("theme", .text, "The theme's name."),
        F("language", .text, "The pages' language (default en)."), F("surface", .text, "The page colour contrast is measured against."),
        F("markdown", .object(markdown), "How prose is read."), F("readiness", .object(readiness), "The readiness rubric."),
        F("modes", .any, "How token modes are presented."), F("groups", .any, "The navigation's groups."),
        F("rules", .any, "Each rule's level, and the findings to ignore."), F("brand", .object(brand), "The site's identity."),
        F("code", .any, "Where the team's SwiftUI and Compose code is."), F("exports", .object(exports), "Names in the token exports."),
        F("pages", .object(pages), "How component pages are laid out."), F("snapshots", .object(snapshots), "Visual snapshots."),
        F("versions", .object(versions), "Releases from git tags."), F("web", .object(web), "The team's web files, for examples in frames."),
        F("screenshots", .any, "The platform snapshot tests' images."), F("figma", .object(figma), "The saved Figma file and variables the catalog is checked against."),
        F("conformance", .object(conformance), "The accessibility standard reported against, and the evidence."), editorSchema,
    ], required: ["title"])

    // MARK: component.yaml

    package static let property = YAMLFields([
        F("name", .text, "The property's name."), F("type", .text, "Its type."), F("required", .flag, "Whether it must be given."),
        F("description", .text, "What it does."), F("platforms", .any, "Its name on each platform."),
    ], required: ["name"])
    package static let state = YAMLFields([
        F("name", .text, "The state's name."), F("support", .any, "Where it exists: a word, or one per platform."),
        F("figma", .any, "Its name in Figma."), F("notes", .text, "Notes."),
    ], required: ["name"])
    package static let tokenUse = YAMLFields([F("role", .text, "The kind's role it paints."), F("token", .text, "The token.")], required: ["role", "token"])
    package static let appearance = YAMLFields([
        F("name", .text, "The appearance's name."), F("description", .text, "What it is for."), F("example", .any, "The demo's example in it."),
        F("tokens", .list(.object(tokenUse)), "The tokens its roles use."), F("contrast", .any, "Pairs measured beyond the kind's."),
    ], required: ["name"])
    package static let requirement = YAMLFields([
        F("requirement", .text, "The requirement."), F("platforms", .any, "How each platform meets it."),
        F("criteria", .list(.text), "The WCAG success criteria it serves (2.5.8)."), F("responsibility", .oneOf(["component", "shared", "consumer"]), "Who meets it (component)."),
    ], required: ["requirement"])
    package static let conformanceTest = YAMLFields([
        F("date", .text, "When (YYYY-MM-DD)."), F("with", .text, "The assistive technology and what it ran on."), F("platform", .text, "The platform (web, ios, android)."),
        F("criteria", .list(.text), "The WCAG success criteria checked."), F("result", .oneOf(["pass", "fail", "partial", "not-applicable"]), "What was found."),
        F("by", .text, "Who checked."), F("notes", .text, "What they noticed."),
    ], required: ["date", "with", "criteria", "result"])
    package static let componentConformance = YAMLFields([F("tests", .list(.object(conformanceTest)), "Manual results: date, assistive technology, criteria, result, by.")])
    package static let demo = YAMLFields([F("kind", .text, "The demo kind."), F("examples", .any, "The examples the demo draws.")], required: ["kind"])
    package static let implementation = YAMLFields([F("swiftui", .any, "The SwiftUI declaration."), F("compose", .any, "The Compose declaration.")])
    package static let changeNote = YAMLFields([F("version", .text, "The release (a tag, current or next)."), F("note", .text, "What it changed.")], required: ["version", "note"])
    package static let webExample = YAMLFields([
        F("title", .text, "The example's title."), F("html", .text, "Its markup, or a file beside component.yaml."),
        F("height", .whole, "The frame's first height in CSS pixels."), F("appearance", .text, "The appearance it shows."),
    ], required: ["title", "html"])
    package static let lifecycles = ["experimental", "alpha", "beta", "stable", "deprecated"]
    package static let component = YAMLFields([
        F("name", .text, "The component's display name."), F("summary", .text, "One sentence on what it is for."), F("status", .text, "Its overall status."),
        F("related", .list(.text), "Related components' slugs."), F("properties", .list(.object(property)), "Its properties."),
        F("states", .list(.object(state)), "Its states."), F("variants", .any, "Its variants."),
        F("appearances", .list(.object(appearance)), "Its appearances and their tokens."), F("accessibility", .list(.object(requirement)), "Its accessibility requirements."),
        F("readiness", .map(.any), "Each criterion's status (a word, or { status, notes })."), F("demo", .object(demo), "The live demo."),
        F("code", .any, "Code snippets."), F("group", .text, "The navigation group it is listed under."), F("ignore", .any, "Findings silenced for its files."),
        F("lifecycle", .oneOf(lifecycles), "Where it is in its life."), F("replacement", .text, "What to use instead of a deprecated one (a slug)."),
        F("aliases", .list(.text), "Other names search finds it by."), F("implementation", .object(implementation), "Its SwiftUI and Compose declarations."),
        F("changes", .list(.object(changeNote)), "Notes on what a release did to it."), F("examples", .list(.object(webExample)), "The team's own markup, in frames."),
        F("conformance", .object(componentConformance), "Manual accessibility results."),
        F("extra", .any, "The team's own data, never checked: the page's templates, component.json and the Markdown twin have it."), editorSchema,
    ] + ComponentFields.declared.map { F($0.key, $0.shape, $0.doc) }, required: ["name", "summary"])

    // MARK: theme.yaml and a kind's contract

    package static let theme = YAMLFields([
        F("name", .text, "The theme's name."), F("description", .text, "What it is."), F("extends", .text, "The theme it builds on."),
        F("content-security-policy", .text, "The pages' Content-Security-Policy, one line."), editorSchema,
    ])
    package static let kind = YAMLFields([
        F("name", .text, "What the kind is called on a page."), F("description", .text, "What it draws."), F("fields", .any, "An example's fields."),
        F("roles", .any, "The parts tokens paint."), F("contrast", .any, "The pairs measured."), F("on", .text, "The field that says whether an example is on."),
        F("states", .any, "The states it draws."), F("keyboard", .list(.object(keyContract)), "The keys it answers and what each changes (audit presses them)."), editorSchema,
    ], required: ["name"])
    package static let keyContract = YAMLFields([
        F("key", .text, "The key: Space, Enter, Escape, Home, End, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, PageUp, PageDown."),
        F("changes", .text, "What it must change: checked, value, aria-checked, aria-pressed, aria-selected, aria-expanded, aria-valuenow, open, selectedIndex or focus."),
        F("of", .text, "A selector inside the example whose value is observed (the focused control unless written)."),
    ], required: ["key", "changes"])

    /// Each file's JSON Schema: its name under `schemas/` and its text, made once.
    package static let schemas: [(name: String, text: String)] = [
        ("catalog.schema.json", catalog.fileSchema(title: "catalog.yaml", description: "The settings of a catalog-build catalog.")),
        ("component.schema.json", component.fileSchema(title: "component.yaml", description: "A component of a catalog-build catalog: components/<slug>/component.yaml.")),
        ("theme.schema.json", theme.fileSchema(title: "theme.yaml", description: "A catalog-build theme's manifest: themes/<name>/theme.yaml.")),
        ("kind.schema.json", kind.fileSchema(title: "A demo kind's contract", description: "A demo kind's contract: themes/<name>/demos/<kind>.yaml.")),
    ]
}
