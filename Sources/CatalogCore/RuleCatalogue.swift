/// Every rule a diagnostic may carry, by the id users write in `rules:` and `ignore:` (parsed
/// once, where it is read). Adding a case fails to compile until `catalogue` says how serious
/// its findings are and what it catches, so the rule table, `check --list-rules` and the code
/// cannot drift apart.
public enum RuleID: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case yamlSyntax = "yaml.syntax"
    case yamlDuplicateKey = "yaml.duplicate-key"
    case yamlUnquotedComma = "yaml.unquoted-comma"
    case jsonSyntax = "json.syntax"
    case jsonDuplicateKey = "json.duplicate-key"
    case schemaUnknownKey = "schema.unknown-key"
    case schemaMissingKey = "schema.missing-key"
    case schemaType = "schema.type"
    case schemaEnum = "schema.enum"
    case schemaDuplicate = "schema.duplicate"
    case fileMissing = "file.missing"
    case fileEncoding = "file.encoding"
    case fileSymlinkOutside = "file.symlink-outside"
    case fileUnreadable = "file.unreadable"
    case fileSpecial = "file.special"
    case fileSymlinkBroken = "file.symlink-broken"
    case fileSymlinkLoop = "file.symlink-loop"
    case fileNotAFile = "file.not-a-file"
    case fileNotAFolder = "file.not-a-folder"
    case fileName = "file.name"
    case fileTooLarge = "file.too-large"
    case fileTooDeep = "file.too-deep"
    case fileTooMany = "file.too-many"
    case outputClash = "output.clash"
    case slugInvalid = "slug.invalid"
    case slugDuplicate = "slug.duplicate"
    case guideTooDeep = "guide.too-deep"
    case guideNotAPage = "guide.not-a-page"
    case guideEmptySection = "guide.empty-section"
    case componentTabUnknown = "component.tab-unknown"
    case markdownFrontMatter = "markdown.front-matter"
    case markdownTooComplex = "markdown.too-complex"
    case markdownTooLarge = "markdown.too-large"
    case markdownTooDeep = "markdown.too-deep"
    case markdownRawHtml = "markdown.raw-html"
    case markdownHtmlFiltered = "markdown.html-filtered"
    case markdownTemplateSyntax = "markdown.template-syntax"
    case markdownUnknownCallout = "markdown.unknown-callout"
    case markdownTitleIgnored = "markdown.title-ignored"
    case tokenAliasCycle = "token.alias-cycle"
    case tokenAliasTooLong = "token.alias-too-long"
    case tokenAliasDangling = "token.alias-dangling"
    case tokenAliasType = "token.alias-type"
    case tokenInvalidValue = "token.invalid-value"
    case tokenName = "token.name"
    case tokenNested = "token.nested"
    case tokenDuplicate = "token.duplicate"
    case tokenUnsupportedFile = "token.unsupported-file"
    case tokenForeignFormat = "token.foreign-format"
    case tokenResolver = "token.resolver"
    case tokenUnreferencedFile = "token.unreferenced-file"
    case refMode = "ref.mode"
    case tokenUnknownType = "token.unknown-type"
    case tokenNoType = "token.no-type"
    case tokenRef = "token.ref"
    case tokenExtends = "token.extends"
    case tokenUnused = "token.unused"
    case refComponent = "ref.component"
    case refDraft = "ref.draft"
    case refToken = "ref.token"
    case refFile = "ref.file"
    case refCriterion = "ref.criterion"
    case refStatus = "ref.status"
    case refSymbol = "ref.symbol"
    case refOption = "ref.option"
    case refAppearance = "ref.appearance"
    case refRole = "ref.role"
    case refTokenType = "ref.token-type"
    case refGroup = "ref.group"
    case kindContract = "kind.contract"
    case demoUnknownExample = "demo.unknown-example"
    case demoDuplicateTitle = "demo.duplicate-title"
    case refTheme = "ref.theme"
    case linkBroken = "link.broken"
    case linkAnchor = "link.anchor"
    case linkDraft = "link.draft"
    case linkOutsideSite = "link.outside-site"
    case contrastNonText = "contrast.non-text"
    case contrastAccent = "contrast.accent"
    case contrastText = "contrast.text"
    case contrastModesCapped = "contrast.modes-capped"
    case lintSwitchLabelOnOff = "lint.switch-label-on-off"
    case lintRadioTooMany = "lint.radio-too-many"
    case lintRadioTooFew = "lint.radio-too-few"
    case lintDemoLabel = "lint.demo-label"
    case lintToggleButtonStateLabel = "lint.toggle-button-state-label"
    case lintControlSymbols = "lint.control-symbols"
    case lintNoStates = "lint.no-states"
    case lintNoAccessibility = "lint.no-accessibility"
    case textControlCharacter = "text.control-character"
    case templateSyntax = "template.syntax"
    case templateMissing = "template.missing"
    case templateRender = "template.render"
    case templateAssetMissing = "template.asset-missing"
    case templatePartialMissing = "template.partial-missing"
    case templateUnknownName = "template.unknown-name"
    case themeUnknownToken = "theme.unknown-token"
    case themeExtendsCycle = "theme.extends-cycle"
    case ruleUnknown = "rule.unknown"
    case ruleNotLowerable = "rule.not-lowerable"
    case ruleStaleIgnore = "rule.stale-ignore"
    case ruleIgnoreLapsed = "rule.ignore-lapsed"
    case siteNoSitemap = "site.no-sitemap"
    case optionBaseUrl = "option.base-url"
    case readinessMeasured = "readiness.measured"
    case codeFolderMissing = "code.folder-missing"
    case codeImplementationMissing = "code.implementation-missing"
    case codeMappingMissing = "code.mapping-missing"
    case codeTypeMismatch = "code.type-mismatch"
    case codeRequiredMismatch = "code.required-mismatch"
    case codeUndocumented = "code.undocumented"
    case codeUnchecked = "code.unchecked"
    case codeUnreadable = "code.unreadable"
    case snapshotChanged = "snapshot.changed"
    case snapshotNew = "snapshot.new"
    case snapshotMissing = "snapshot.missing"
    case snapshotNotDrawn = "snapshot.not-drawn"
    case snapshotUnreadable = "snapshot.unreadable"
    case snapshotBrowser = "snapshot.browser"
    case screenshotsFolder = "screenshots.folder"
    case screenshotsNotPng = "screenshots.not-png"
    case screenshotsUnmatched = "screenshots.unmatched"
    case figmaFolder = "figma.folder"
    case figmaFile = "figma.file"
    case figmaComponent = "figma.component"
    case figmaVariant = "figma.variant"
    case figmaProperty = "figma.property"
    case figmaTokenBound = "figma.token-bound"
    case figmaTokenMissing = "figma.token-missing"
    case figmaVariableMissing = "figma.variable-missing"
    case figmaVariableValue = "figma.variable-value"
    case figmaMode = "figma.mode"
    case conformanceCriterion = "conformance.criterion"
    case conformanceEvidence = "conformance.evidence"
    case conformanceStale = "conformance.stale"
    case conformanceFails = "conformance.fails"
    case auditBrowser = "audit.browser"
    case webMissing = "web.missing"
    case webMarkup = "web.markup"
    case webAsset = "web.asset"
    case versionsNoReleases = "versions.no-releases"
    case versionsShallow = "versions.shallow"
    case versionsReleaseFailed = "versions.release-failed"
    case changesUnknownVersion = "changes.unknown-version"
    case changesNoVersions = "changes.no-versions"

    public var description: String { rawValue }

    /// The part of the id before its dot: `contrast` for `contrast.text`.
    public var area: Substring { rawValue.prefix { $0 != "." } }

    public static func < (left: RuleID, right: RuleID) -> Bool { left.rawValue < right.rawValue }

    /// How serious its findings are by default (`error / warning` for a rule whose findings are
    /// errors for files a page needs and warnings for the rest) and what it catches.
    var catalogue: (severity: String, meaning: String) {
        switch self {
        case .yamlSyntax: ("error", "YAML that does not parse: tabs for indentation, bad indentation, an unquoted `: `, nesting deeper than 200")
        case .yamlDuplicateKey: ("error", "a key given twice in one mapping")
        case .yamlUnquotedComma: ("error", "a key with no value inside `{ … }`, where an unquoted comma cut a value in two (`{ figma: Price, in pounds }`): quote the value")
        case .jsonSyntax: ("error", "a token file that is not valid JSON (trailing commas named at the comma)")
        case .jsonDuplicateKey: ("error", "a key given twice in one JSON object")
        case .schemaUnknownKey: ("error", "a key the content format does not have, with a did-you-mean")
        case .schemaMissingKey: ("error", "a required key that is absent or empty (also an empty file)")
        case .schemaType: ("error", "a value of the wrong type (text, true/false, a number, a list, a mapping) or out of range")
        case .schemaEnum: ("error", "a value that is not one of the allowed ones (`support`, `kind`, `placement`, `tone`…)")
        case .schemaDuplicate: ("error", "a status, criterion or readiness entry defined twice")
        case .fileMissing: ("error", "no catalog.yaml, or a component folder without component.yaml")
        case .fileEncoding: ("error", "a file that is not UTF-8 (the first bad byte is located)")
        case .fileSymlinkOutside: ("error", "a symbolic link leading out of the catalog folder (it is not followed)")
        case .fileUnreadable: ("error", "a file or folder that cannot be read")
        case .fileSpecial: ("error / warning", "a FIFO, socket or device where a file is expected (error for catalog.yaml, token files, `index.md`, `component.yaml` and guides; warning for other files)")
        case .fileSymlinkBroken: ("error / warning", "a symbolic link that leads nowhere or loops on itself")
        case .fileSymlinkLoop: ("warning", "a link to a folder already read (a folder above it): not read twice")
        case .fileNotAFile: ("error", "a folder named like a page, a token file or `catalog.yaml`")
        case .fileNotAFolder: ("error", "a file named `components`, `guides` or `tokens`")
        case .fileName: ("error", "a file or folder name that is not valid UTF-8 (shown with `\\xFF` escapes)")
        case .fileTooLarge: ("error / warning", "a file over 256 MiB (host it elsewhere and link to it)")
        case .fileTooDeep: ("warning", "folders nested more than 12 deep below the catalog (their contents are not read)")
        case .fileTooMany: ("error", "more than 200,000 files and folders in the catalog")
        case .outputClash: ("error", "two files for one output path: a catalog file where the tool writes a page, a data file or a hashed asset (`component.json`, an example's page, `assets/site.<hash>.js`), or a web file or screenshot there; both are named")
        case .slugInvalid: ("error", "a folder or file name that is not a slug (lowercase letters, digits, `-`)")
        case .slugDuplicate: ("error", "a component and a guide with one slug, or a guide and a section of guides with one page")
        case .guideTooDeep: ("warning", "a file more than one section deep under guides/ (guides/<section>/<page>.md is read; deeper is not)")
        case .guideNotAPage: ("warning", "a file under guides/ that is neither a page nor an image, and that no page links to")
        case .componentTabUnknown: ("error", "a Markdown file beside a component's index.md that `pages.component-tabs` names no tab for (with a did-you-mean); it is not published")
        case .guideEmptySection: ("warning", "a section's index.md with no guide beside it, so the section is not shown")
        case .markdownFrontMatter: ("error", "front matter opened with `---` and never closed")
        case .markdownTooComplex: ("error", "a paragraph with more than 10,000 link brackets or a table row with more than 1,000 cells: input the Markdown parser takes quadratic time on, at its line")
        case .markdownTooLarge: ("error", "a Markdown file over 2 MiB")
        case .markdownTooDeep: ("error", "lists or block quotes nested more than 64 levels")
        case .markdownRawHtml: ("warning", "raw HTML that safe mode leaves out of the page, once per paragraph or block (set `markdown.unsafe` to let it through); comments and `<br>` (a line break) are not reported")
        case .markdownHtmlFiltered: ("warning", "with `markdown.unsafe`, a `<script>`, `<iframe>`, `<style>` or other tag the GFM tag filter turns into text, at its line")
        case .markdownTemplateSyntax: ("warning", "`{{ … }}` or `{% … %}` from another tool's templates, which would show as literal text")
        case .markdownTitleIgnored: ("warning", "a component page's front-matter `title:` that differs from component.yaml's `name:`, which is the page's title everywhere")
        case .markdownUnknownCallout: ("warning", "a block quote opening with `[!WORD]` whose word is not NOTE, TIP, IMPORTANT, WARNING or CAUTION; it stays a quotation, with a did-you-mean")
        case .tokenAliasCycle: ("error", "aliases that loop; the whole chain is named")
        case .tokenAliasTooLong: ("error", "an alias chain of more than 1,000 links, at the token that starts it")
        case .tokenAliasDangling: ("error", "an alias to a token no file defines; the chain and a did-you-mean are named")
        case .tokenAliasType: ("error", "an alias whose target has another type (a colour aliasing a dimension), at the alias")
        case .tokenInvalidValue: ("error", "a `$value` that does not fit its `$type`, field by field for composites (units px/rem and ms/s, colour components in range, cubicBezier x in 0–1, fontWeight 1–1000 or a keyword…)")
        case .tokenName: ("error", "a name with `.`, `{`, `}`, `/` or a control character")
        case .tokenNested: ("error", "a token that also has children")
        case .tokenDuplicate: ("error", "a token defined twice")
        case .tokenUnsupportedFile: ("error / warning", "a file under `tokens/` that is not a DTCG `*.tokens.json` file (a JSON5 or plain JSON file: one warning naming `catalog-build tokens import`; a resolver document in a subfolder: an error)")
        case .tokenForeignFormat: ("error", "a token file in another tool's format (Tokens Studio, Style Dictionary 3: `value` instead of `$value`), said once for the file with the `tokens import` command that converts it")
        case .tokenResolver: ("error / warning", "a resolver document (token modes) that breaks a rule of the DTCG resolver module: its version, a modifier without contexts or with only one, an unknown key in a set or modifier (`$defs` at the top is allowed), an empty `resolutionOrder`, a `default` that names no context, a set or modifier that refers to a modifier, a reference into `resolutionOrder`, a dangling or circular `$ref`, an inline entry without `name` and `type`, a name used twice, a second resolver document")
        case .tokenUnreferencedFile: ("warning", "a token file the resolver document never loads")
        case .refMode: ("error", "`modes:` in catalog.yaml names a modifier or context the resolver does not have")
        case .tokenUnknownType: ("error", "a `$type` that DTCG 2025.10 does not define")
        case .tokenNoType: ("error", "a token whose type cannot be determined: no `$type` on it or a group around it, and not an alias")
        case .tokenRef: ("error", "a `$ref` JSON Pointer that is malformed, names nothing, names a group or metadata, or loops")
        case .tokenExtends: ("error", "a group `$extends` that names a token or no group, or that goes round in a circle")
        case .tokenUnused: ("info", "a token no component, alias, `surface:` or theme stylesheet uses")
        case .refComponent: ("error", "`related:` names a component that does not exist (warning for itself or a repeat)")
        case .refDraft: ("warning", "`related:` names a draft left out of this build")
        case .refToken: ("error", "an appearance (or `brand.accent`) names a token no token file defines, or a token of another type")
        case .refFile: ("error", "`brand:` names a logo or favicon that is not under the catalog's assets/ folder")
        case .refCriterion: ("error", "a readiness entry outside the rubric")
        case .refStatus: ("error", "a `status:` outside the rubric")
        case .refSymbol: ("error", "a demo names a symbol the theme does not ship")
        case .refOption: ("error", "an example's item field (a radio group's `selected:`) names no item of its list (warning when the radio option is disabled)")
        case .refAppearance: ("error", "a demo example's `appearance:` names no appearance of the component, with a did-you-mean")
        case .refTokenType: ("error", "an appearance's token whose type is not its role's (a colour on a `Radius` dimension role, a dimension on `Fill`), at the token")
        case .refRole: ("error", "an appearance's token `role` (or its own `contrast:` pair) names a role its demo kind does not declare, with a did-you-mean")
        case .refGroup: ("warning", "a component's `group:` that catalog.yaml's `groups:` does not list, with a did-you-mean")
        case .kindContract: ("error", "a theme's demo kind contract (`demos/<kind>.yaml`) that does not add up: a role without a CSS custom property, a contrast pair or state naming an unknown role or field, an enum without values, a default of the wrong type, a reserved field name")
        case .demoUnknownExample: ("error", "a ```demo block in prose naming no example of the component by title (did-you-mean) or naming none; in a guide, a line that is not `component-slug/Example title` of an existing component and example")
        case .demoDuplicateTitle: ("error", "two demo examples of a component with the same title (prose places examples by title), or two web examples whose titles make one address (`Primary`, `primary!`)")
        case .refTheme: ("error", "`theme:` names no folder under themes/")
        case .linkBroken: ("error", "a link or image that leads nowhere (relative, or root-relative under the base path): in Markdown, at its line; from a template, at the page's source")
        case .linkAnchor: ("error", "a `#fragment` that names no element on the target page (one in the team's own example markup is a warning at its line)")
        case .linkDraft: ("warning", "a link to a draft left out of this build")
        case .linkOutsideSite: ("warning", "a root-relative link (`/patterns/x/`) outside the site's base path")
        case .contrastNonText: ("warning", "WCAG 1.4.11: a contrast pair the appearance's kind (or the appearance) declares with a minimum under 4.5, such as an indicator against its track, below it")
        case .contrastAccent: ("warning", "`brand.accent` below 4.5:1 against the site's surface in a scheme or token mode it is shown in")
        case .contrastText: ("warning", "WCAG 1.4.3: a declared pair with a minimum of 4.5 or more (text against the page) below it")
        case .contrastModesCapped: ("info", "the token modes combine into more than 64 resolutions, so contrast is measured per context with the other modifiers at their defaults")
        case .lintSwitchLabelOnOff: ("warning", "a switch or labelled toggle whose label says “on” or “off”")
        case .lintRadioTooMany: ("warning", "a radio group with more than five options (use a pop-up button or a select)")
        case .lintRadioTooFew: ("error", "a radio group with fewer than two options")
        case .lintDemoLabel: ("error", "a required text field of a demo example (a label, a title, an option's label) that is blank")
        case .lintToggleButtonStateLabel: ("warning", "a toggle button whose label names a state (on, off, pressed, selected…)")
        case .lintControlSymbols: ("warning", "a control toggle with the same symbol for both states")
        case .lintNoStates: ("warning", "a component model that lists no states")
        case .lintNoAccessibility: ("warning", "a component model that lists no accessibility requirements")
        case .textControlCharacter: ("error", "a line break, tab, escape or other control character in a component, group, property or state name, an example title or a heading")
        case .templateSyntax: ("error", "a template that does not parse, at its line and column")
        case .templateMissing: ("error", "a required template the theme does not have, or a demo kind without its template")
        case .templateRender: ("error", "a page could not be rendered because a template it needs is missing (the build writes nothing)")
        case .templateAssetMissing: ("error", "a template's `{{asset.<key>}}` names no asset of the theme, with a did-you-mean, at the tag")
        case .templatePartialMissing: ("error", "a partial a template names that the theme does not have, at the tag")
        case .templateUnknownName: ("error", "a `{{name}}` or section no context of the template provides (it would render nothing), with a did-you-mean, at the tag; in a page, a partial, a kind's template")
        case .themeUnknownToken: ("warning", "a theme stylesheet or script reads a custom property that looks like a token's (`var(--color-action-bg)` where tokens under `color` exist) but no token defines, at its line, with a did-you-mean")
        case .themeExtendsCycle: ("error", "themes that extend each other in a loop")
        case .ruleUnknown: ("error", "`rules:` in catalog.yaml or a component's `ignore:` names no rule, with a did-you-mean")
        case .ruleNotLowerable: ("error", "`rules:` lowers, or `ignore:` silences, a rule whose findings make a catalog unbuildable (syntax, unknown keys, files, dangling references, templates)")
        case .ruleIgnoreLapsed: ("warning", "a component's `ignore:` entry whose `until:` day has passed: what it silenced is reported again")
        case .ruleStaleIgnore: ("warning", "a component's `ignore:` entry that silenced nothing: the problem was fixed, or the rule never applied there")
        case .siteNoSitemap: ("warning", "`baseURL` in catalog.yaml (or `--base-url`, at the option) is a path, so the site gets no sitemap.xml (sitemaps list absolute URLs only); a full https:// address fixes it")
        case .optionBaseUrl: ("error", "a `--base-url` that is neither a path nor an http(s) URL (the CLI rejects one as a usage error first)")
        case .readinessMeasured: ("warning", "a declared C4 (Native Mappability) or C7 (Code Connect Linkability) that the code measures otherwise, or a C5 (Interaction State Coverage) that the platform screenshots measure otherwise, at the status")
        case .codeFolderMissing: ("error", "a folder under catalog.yaml's `code:` that does not exist")
        case .codeImplementationMissing: ("error", "`implementation:` naming a SwiftUI type or @Composable function the sources do not declare, with a did-you-mean")
        case .codeMappingMissing: ("error", "a platform mapping (`name: Type`, `.modifier(_:)`, `Type(label:)`) naming a parameter, property or modifier the implementation does not have, at the mapping's line")
        case .codeTypeMismatch: ("error", "a mapping whose type (or modifier labels) differs from the code's, at the mapping's line")
        case .codeRequiredMismatch: ("error", "a property required in component.yaml whose parameter has a default in the code, or the reverse")
        case .codeUndocumented: ("info", "a parameter, public property or modifier of the implementation that no property maps")
        case .codeUnchecked: ("info", "an `implementation:` for a platform whose sources catalog.yaml's `code:` does not name (or that has no `code:`), so it is not compared")
        case .snapshotChanged: ("error", "`snapshot`: an example or state drawn differently from its approved image (the share and count of changed pixels, and a difference image on the review page), at the example's line")
        case .snapshotNew: ("warning", "`snapshot`: an example or state with no approved image yet (`snapshot --update` approves it), at its line")
        case .snapshotMissing: ("warning", "`snapshot`: an approved image whose example, state, width, scheme or mode is no longer drawn, at the image")
        case .snapshotNotDrawn: ("error", "`snapshot`: an example whose page did not load or settle within the time allowed, or whose element is not on it, at its line")
        case .snapshotUnreadable: ("error", "`snapshot`: an approved image that is not a readable PNG, named; it is left as it is")
        case .snapshotBrowser: ("error", "`snapshot`: no Chromium to draw with (install Debian's `chromium` package or set CATALOG_BUILD_CHROMIUM), or a browser that does not start or answer")
        case .screenshotsFolder: ("error", "a platform folder catalog.yaml's `screenshots:` names that is not a folder, at its line")
        case .screenshotsNotPng: ("error", "a file in a screenshots folder named .png that is not a PNG image, named")
        case .screenshotsUnmatched: ("warning", "a screenshot whose name names no component, example, state or token mode by `screenshots.name` (or does not match it), named, with a did-you-mean")
        case .figmaFolder: ("error", "a folder catalog.yaml's `figma:` names (files, variables, renders) that is not a folder, at its line")
        case .figmaFile: ("error / warning", "a saved Figma response that is not valid JSON (a truncated file says so) or not a file or variables response, at the place it breaks; a file that holds no component (warning)")
        case .figmaComponent: ("error", "a component whose `figma:` names a component set or node id the saved Figma files do not have, with a did-you-mean, at its line")
        case .figmaVariant: ("error", "a variant property or value Figma's component set has that `variants:` or `states:` does not document, or one documented that Figma does not have (a renamed property), with a did-you-mean, at the axis or state")
        case .figmaProperty: ("error", "a BOOLEAN, TEXT or INSTANCE_SWAP property of Figma's component set that no property's `platforms.figma` names, a `platforms.figma` naming a property Figma does not have, or one of the wrong type, at the property")
        case .figmaTokenBound: ("warning", "a variable bound to a node of Figma's component set whose token no appearance names (or that has no token), or a token an appearance names whose variable no node is bound to")
        case .figmaTokenMissing: ("warning", "a saved Figma variable with no token at the path `figma.token-names` gives it, at the variable")
        case .figmaVariableMissing: ("warning", "a colour, dimension or number token in a group Figma defines that no Figma variable maps to, at the token")
        case .figmaVariableValue: ("error", "a token whose value differs from its Figma variable's in a mode (colours beyond `figma.color-distance`, numbers exactly, aliases by what they name), at the token's line in that mode")
        case .figmaMode: ("warning", "a Figma collection's mode that no resolver context is named like, so its values are not compared, at the collection")
        case .conformanceCriterion: ("error", "a WCAG success criterion an accessibility requirement or a manual result names that the standard's catalogue does not have, with a did-you-mean, at its line")
        case .conformanceEvidence: ("error / warning", "`audit`'s results file that is not valid JSON or not its shape, at the place it breaks (error); a component whose audit results were made from other inputs than it has now, so they no longer count until `catalog-build audit` runs again (warning)")
        case .conformanceStale: ("warning", "a manual result (`conformance.tests`) older than `conformance.stale-after`, or made before the component last changed in a release, at the result")
        case .conformanceFails: ("warning", "a check `audit` made that failed (axe, target size, the kind's keyboard contract, focus visibility, reflow) or a contrast pair under its minimum, naming the criterion, the example or state and the mode, at the example's line")
        case .auditBrowser: ("error", "`audit`: no Chromium to drive (install Debian's `chromium` package or set CATALOG_BUILD_CHROMIUM), a browser that does not answer, or no axe-core to inject")
        case .webMissing: ("error", "a stylesheet or script catalog.yaml's `web:` names that is not a file, or an `assets:` that is not a folder, at its line")
        case .webMarkup: ("error", "an example's markup (`examples:` in component.yaml) that does not parse as an HTML fragment (an end tag out of order, an element never closed, a whole document) or holds inline script or style, at its line")
        case .webAsset: ("error / warning", "a file an example's frame loads that is not in the built site, naming the example; an import, `@import` or `url()` in the team's scripts and stylesheets that resolves to nothing, at its line (errors); a web file over the limits, not published (warning)")
        case .versionsNoReleases: ("warning", "`versions:` whose tag pattern matches no git tag (or a catalog outside a git repository): the site has the working tree only, at `versions.tags`")
        case .versionsShallow: ("error", "`versions:` in a shallow clone, whose history and tags are incomplete: `git fetch --tags --unshallow` first")
        case .versionsReleaseFailed: ("warning", "a release tag whose catalog does not build (its errors named with the tag): the other versions still publish, and that one keeps its previous output or is left out")
        case .changesUnknownVersion: ("error", "a component's `changes:` note naming a version that is neither a release tag nor `versions.current`, with a did-you-mean, at the note")
        case .changesNoVersions: ("warning", "a component's `changes:` notes in a catalog without `versions:`: no release shows them until catalog.yaml says which tags are releases")
        case .codeUnreadable: ("info", "a source file that could not be read or parsed (named, with the line), or one over the limits; nothing is guessed from it")
        }
    }
}

/// One rule `check` applies: its stable id, how serious its findings are by default, and what it
/// catches, in a sentence.
public struct Rule: Sendable, Hashable {
    public var id: RuleID
    /// `error`, `warning`, `info`, or `error / warning` for a rule whose findings are errors for
    /// files a page needs and warnings for the rest.
    public var severity: String
    public var meaning: String

    package init(_ id: RuleID) {
        self.id = id
        (severity, meaning) = id.catalogue
    }
}

/// Every rule, in the order of the README's rule table: `markdownTable` generates it,
/// `check --list-rules` prints it.
public enum RuleCatalogue {
    public static let all: [Rule] = RuleID.allCases.map(Rule.init)

    public static func rule(_ id: RuleID) -> Rule { Rule(id) }

    /// The rule a user wrote (`rules:`, `ignore:`), or nil for a name that is no rule.
    public static func rule(named name: String) -> Rule? { RuleID(rawValue: name).map(Rule.init) }

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
    public var ruleInfo: Rule { RuleCatalogue.rule(rule) }
}
