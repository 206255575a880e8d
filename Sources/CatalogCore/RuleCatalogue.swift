/// One rule `check` applies: its stable id, how serious its findings are by default, and what it
/// catches, in a sentence.
public struct Rule: Sendable, Hashable {
    public var id: String
    /// `error`, `warning`, `info`, or `error / warning` for a rule whose findings are errors for
    /// files a page needs and warnings for the rest.
    public var severity: String
    public var meaning: String

    package init(_ id: String, _ severity: String, _ meaning: String) {
        self.id = id
        self.severity = severity
        self.meaning = meaning
    }
}

/// Every rule id a diagnostic may carry, in one list: the README's rule table is generated from
/// it (`markdownTable`), `check --list-rules` prints it, and a test holds the code to it, so
/// the ids in the code and the documentation cannot drift apart.
public enum RuleCatalogue {
    public static let all: [Rule] = [
        Rule("yaml.syntax", "error", "YAML that does not parse: tabs for indentation, bad indentation, an unquoted `: `, nesting deeper than 200"),
        Rule("yaml.duplicate-key", "error", "a key given twice in one mapping"),
        Rule("yaml.unquoted-comma", "error", "a key with no value inside `{ … }`, where an unquoted comma cut a value in two (`{ figma: Price, in pounds }`): quote the value"),
        Rule("json.syntax", "error", "a token file that is not valid JSON (trailing commas named at the comma)"),
        Rule("json.duplicate-key", "error", "a key given twice in one JSON object"),
        Rule("schema.unknown-key", "error", "a key the content format does not have, with a did-you-mean"),
        Rule("schema.missing-key", "error", "a required key that is absent or empty (also an empty file)"),
        Rule("schema.type", "error", "a value of the wrong type (text, true/false, a number, a list, a mapping) or out of range"),
        Rule("schema.enum", "error", "a value that is not one of the allowed ones (`support`, `kind`, `placement`, `tone`…)"),
        Rule("schema.duplicate", "error", "a status, criterion or readiness entry defined twice"),
        Rule("file.missing", "error", "no catalog.yaml, or a component folder without component.yaml"),
        Rule("file.encoding", "error", "a file that is not UTF-8 (the first bad byte is located)"),
        Rule("file.symlink-outside", "error", "a symbolic link leading out of the catalog folder (it is not followed)"),
        Rule("file.unreadable", "error", "a file or folder that cannot be read"),
        Rule("file.special", "error / warning", "a FIFO, socket or device where a file is expected (error for catalog.yaml, token files, `index.md`, `component.yaml` and guides; warning for other files)"),
        Rule("file.symlink-broken", "error / warning", "a symbolic link that leads nowhere or loops on itself"),
        Rule("file.symlink-loop", "warning", "a link to a folder already read (a folder above it): not read twice"),
        Rule("file.not-a-file", "error", "a folder named like a page, a token file or `catalog.yaml`"),
        Rule("file.not-a-folder", "error", "a file named `components`, `guides` or `tokens`"),
        Rule("file.name", "error", "a file or folder name that is not valid UTF-8 (shown with `\\xFF` escapes)"),
        Rule("file.too-large", "error / warning", "a file over 256 MiB (host it elsewhere and link to it)"),
        Rule("file.too-deep", "warning", "folders nested more than 12 deep below the catalog (their contents are not read)"),
        Rule("file.too-many", "error", "more than 200,000 files and folders in the catalog"),
        Rule("slug.invalid", "error", "a folder or file name that is not a slug (lowercase letters, digits, `-`)"),
        Rule("slug.duplicate", "error", "a component and a guide with one slug, or a guide and a section of guides with one page"),
        Rule("guide.too-deep", "warning", "a file more than one section deep under guides/ (guides/<section>/<page>.md is read; deeper is not)"),
        Rule("guide.not-a-page", "warning", "a file under guides/ that is neither a page nor an image, and that no page links to"),
        Rule("guide.empty-section", "warning", "a section's index.md with no guide beside it, so the section is not shown"),
        Rule("markdown.front-matter", "error", "front matter opened with `---` and never closed"),
        Rule("markdown.too-complex", "error", "a paragraph with more than 10,000 link brackets or a table row with more than 1,000 cells: input the Markdown parser takes quadratic time on, at its line"),
        Rule("markdown.too-large", "error", "a Markdown file over 2 MiB"),
        Rule("markdown.too-deep", "error", "lists or block quotes nested more than 64 levels"),
        Rule("markdown.raw-html", "warning", "raw HTML that safe mode leaves out of the page, once per paragraph or block (set `markdown.unsafe` to let it through); comments and `<br>` (a line break) are not reported"),
        Rule("markdown.html-filtered", "warning", "with `markdown.unsafe`, a `<script>`, `<iframe>`, `<style>` or other tag the GFM tag filter turns into text, at its line"),
        Rule("markdown.template-syntax", "warning", "`{{ … }}` or `{% … %}` from another tool's templates, which would show as literal text"),
        Rule("markdown.unknown-callout", "warning", "a block quote opening with `[!WORD]` whose word is not NOTE, TIP, IMPORTANT, WARNING or CAUTION; it stays a quotation, with a did-you-mean"),
        Rule("token.alias-cycle", "error", "aliases that loop; the whole chain is named"),
        Rule("token.alias-too-long", "error", "an alias chain of more than 1,000 links, at the token that starts it"),
        Rule("token.alias-dangling", "error", "an alias to a token no file defines; the chain and a did-you-mean are named"),
        Rule("token.alias-type", "error", "an alias whose target has another type (a colour aliasing a dimension), at the alias"),
        Rule("token.invalid-value", "error", "a `$value` that does not fit its `$type`, field by field for composites (units px/rem and ms/s, colour components in range, cubicBezier x in 0–1, fontWeight 1–1000 or a keyword…)"),
        Rule("token.name", "error", "a name with `.`, `{`, `}`, `/` or a control character"),
        Rule("token.nested", "error", "a token that also has children"),
        Rule("token.duplicate", "error", "a token defined twice"),
        Rule("token.unsupported-file", "error / warning", "a file under `tokens/` that is not a DTCG `*.tokens.json` file (a JSON5 or plain JSON file: one warning naming `catalog-build tokens import`; a resolver document in a subfolder: an error)"),
        Rule("token.foreign-format", "error", "a token file in another tool's format (Tokens Studio, Style Dictionary 3: `value` instead of `$value`), said once for the file with the `tokens import` command that converts it"),
        Rule("token.resolver", "error / warning", "a resolver document (token modes) that breaks a rule of the DTCG resolver module: its version, a modifier without contexts or with only one, an unknown key in a set or modifier (`$defs` at the top is allowed), an empty `resolutionOrder`, a `default` that names no context, a set or modifier that refers to a modifier, a reference into `resolutionOrder`, a dangling or circular `$ref`, an inline entry without `name` and `type`, a name used twice, a second resolver document"),
        Rule("token.unreferenced-file", "warning", "a token file the resolver document never loads"),
        Rule("ref.mode", "error", "`modes:` in catalog.yaml names a modifier or context the resolver does not have"),
        Rule("token.unknown-type", "error", "a `$type` that DTCG 2025.10 does not define"),
        Rule("token.no-type", "error", "a token whose type cannot be determined: no `$type` on it or a group around it, and not an alias"),
        Rule("token.ref", "error", "a `$ref` JSON Pointer that is malformed, names nothing, names a group or metadata, or loops"),
        Rule("token.extends", "error", "a group `$extends` that names a token or no group, or that goes round in a circle"),
        Rule("token.unused", "info", "a token no component, alias, `surface:` or theme stylesheet uses"),
        Rule("ref.component", "error", "`related:` names a component that does not exist (warning for itself or a repeat)"),
        Rule("ref.draft", "warning", "`related:` names a draft left out of this build"),
        Rule("ref.token", "error", "an appearance (or `brand.accent`) names a token no token file defines, or a token of another type"),
        Rule("ref.file", "error", "`brand:` names a logo or favicon that is not under the catalog's assets/ folder"),
        Rule("ref.criterion", "error", "a readiness entry outside the rubric"),
        Rule("ref.status", "error", "a `status:` outside the rubric"),
        Rule("ref.symbol", "error", "a demo names a symbol the theme does not ship"),
        Rule("ref.option", "error", "an example's item field (a radio group's `selected:`) names no item of its list (warning when the radio option is disabled)"),
        Rule("ref.appearance", "error", "a demo example's `appearance:` names no appearance of the component, with a did-you-mean"),
        Rule("ref.role", "error", "an appearance's token `role` (or its own `contrast:` pair) names a role its demo kind does not declare, with a did-you-mean"),
        Rule("ref.group", "warning", "a component's `group:` that catalog.yaml's `groups:` does not list, with a did-you-mean"),
        Rule("kind.contract", "error", "a theme's demo kind contract (`demos/<kind>.yaml`) that does not add up: a role without a CSS custom property, a contrast pair or state naming an unknown role or field, an enum without values, a default of the wrong type, a reserved field name"),
        Rule("demo.unknown-example", "error", "a ```demo block in prose naming no example of the component by title (did-you-mean), naming none, or in a guide"),
        Rule("demo.duplicate-title", "error", "two demo examples of a component with the same title (prose places examples by title)"),
        Rule("ref.theme", "error", "`theme:` names no folder under themes/"),
        Rule("link.broken", "error", "a link or image that leads nowhere (relative, or root-relative under the base path): in Markdown, at its line; from a template, at the page's source"),
        Rule("link.anchor", "error", "a `#fragment` that names no element on the target page"),
        Rule("link.draft", "warning", "a link to a draft left out of this build"),
        Rule("link.outside-site", "warning", "a root-relative link (`/patterns/x/`) outside the site's base path"),
        Rule("contrast.non-text", "warning", "WCAG 1.4.11: a contrast pair the appearance's kind (or the appearance) declares with a minimum under 4.5, such as an indicator against its track, below it"),
        Rule("contrast.accent", "warning", "`brand.accent` below 4.5:1 against the site's surface in a scheme or token mode it is shown in"),
        Rule("contrast.text", "warning", "WCAG 1.4.3: a declared pair with a minimum of 4.5 or more (text against the page) below it"),
        Rule("contrast.modes-capped", "info", "the token modes combine into more than 64 resolutions, so contrast is measured per context with the other modifiers at their defaults"),
        Rule("lint.switch-label-on-off", "warning", "a switch or labelled toggle whose label says “on” or “off”"),
        Rule("lint.radio-too-many", "warning", "a radio group with more than five options (use a pop-up button or a select)"),
        Rule("lint.radio-too-few", "error", "a radio group with fewer than two options"),
        Rule("lint.demo-label", "error", "a required text field of a demo example (a label, a title, an option's label) that is blank"),
        Rule("lint.toggle-button-state-label", "warning", "a toggle button whose label names a state (on, off, pressed, selected…)"),
        Rule("lint.control-symbols", "warning", "a control toggle with the same symbol for both states"),
        Rule("lint.no-states", "warning", "a component model that lists no states"),
        Rule("lint.no-accessibility", "warning", "a component model that lists no accessibility requirements"),
        Rule("text.control-character", "error", "a line break, tab, escape or other control character in a component, property or state name, an example title or a heading"),
        Rule("template.syntax", "error", "a template that does not parse, at its line and column"),
        Rule("template.missing", "error", "a required template the theme does not have, or a demo kind without its template"),
        Rule("template.render", "error", "a page could not be rendered because a template it needs is missing (the build writes nothing)"),
        Rule("template.asset-missing", "error", "a template's `{{asset.<key>}}` names no asset of the theme, with a did-you-mean, at the tag"),
        Rule("template.partial-missing", "error", "a partial a template names that the theme does not have, at the tag"),
        Rule("template.unknown-name", "error", "a `{{name}}` or section no context of the template provides (it would render nothing), with a did-you-mean, at the tag; in a page, a partial, a kind's template"),
        Rule("theme.unknown-token", "warning", "a theme stylesheet or script reads a custom property that looks like a token's (`var(--color-action-bg)` where tokens under `color` exist) but no token defines, at its line, with a did-you-mean"),
        Rule("theme.extends-cycle", "error", "themes that extend each other in a loop"),
        Rule("rule.unknown", "error", "`rules:` in catalog.yaml or a component's `ignore:` names no rule, with a did-you-mean"),
        Rule("rule.not-lowerable", "error", "`rules:` lowers, or `ignore:` silences, a rule whose findings make a catalog unbuildable (syntax, unknown keys, files, dangling references, templates)"),
        Rule("rule.stale-ignore", "warning", "a component's `ignore:` entry that silenced nothing: the problem was fixed, or the rule never applied there"),
        Rule("site.no-sitemap", "warning", "`baseURL` in catalog.yaml is a path, so the site gets no sitemap.xml (sitemaps list absolute URLs only); a full https:// address fixes it"),
        Rule("option.base-url", "error", "a `--base-url` that is neither a path nor an http(s) URL (the CLI rejects one as a usage error first)"),
        Rule("readiness.measured", "warning", "a declared C4 (Native Mappability) or C7 (Code Connect Linkability) that the code measures otherwise, at the status"),
        Rule("code.folder-missing", "error", "a folder under catalog.yaml's `code:` that does not exist"),
        Rule("code.implementation-missing", "error", "`implementation:` naming a SwiftUI type or @Composable function the sources do not declare, with a did-you-mean"),
        Rule("code.mapping-missing", "error", "a platform mapping (`name: Type`, `.modifier(_:)`, `Type(label:)`) naming a parameter, property or modifier the implementation does not have, at the mapping's line"),
        Rule("code.type-mismatch", "error", "a mapping whose type (or modifier labels) differs from the code's, at the mapping's line"),
        Rule("code.required-mismatch", "error", "a property required in component.yaml whose parameter has a default in the code, or the reverse"),
        Rule("code.undocumented", "info", "a parameter, public property or modifier of the implementation that no property maps"),
        Rule("code.unchecked", "info", "an `implementation:` for a platform whose sources catalog.yaml's `code:` does not name (or that has no `code:`), so it is not compared"),
        Rule("code.unreadable", "info", "a source file that could not be read or parsed (named, with the line), or one over the limits; nothing is guessed from it"),
    ]

    private static let byID: [String: Rule] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func rule(_ id: String) -> Rule? { byID[id] }

    /// The rule table with a column of the severity catalog.yaml's `rules:` gives each rule
    /// (`check --list-rules` for a catalog that sets any).
    public static func configuredTable(_ settings: [RuleSetting]) -> String {
        let levels = Dictionary(settings.map { ($0.rule, $0.level.rawValue) }, uniquingKeysWith: { _, last in last })
        var lines = ["| rule | severity | configured | what it catches |", "|---|---|---|---|"]
        for rule in all { lines.append("| `\(rule.id)` | \(rule.severity) | \(levels[rule.id].map { "**\($0)**" } ?? "—") | \(rule.meaning) |") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table the README shows between its `rules:begin` and `rules:end` markers.
    public static func markdownTable() -> String {
        var lines = ["| rule | severity | what it catches |", "|---|---|---|"]
        for rule in all { lines.append("| `\(rule.id)` | \(rule.severity) | \(rule.meaning) |") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Diagnostic {
    /// The catalogue's entry for this diagnostic's rule.
    public var ruleInfo: Rule? { RuleCatalogue.rule(rule) }
}
