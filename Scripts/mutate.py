#!/usr/bin/env python3
"""Deliberate bugs, one at a time: each mutation changes one line of the sources, the tests that
should notice run, and the mutation is "killed" when they fail or "SURVIVED" when they pass.
A survivor is a test that would still pass with the bug in: a defect to fix. `make mutate` runs
this; it is not part of `make test` (a build per mutation takes minutes in all).

    python3 Scripts/mutate.py            every mutation
    python3 Scripts/mutate.py M3 M8      some of them
    python3 Scripts/mutate.py --check    only that each mutation's text is still in its file, once

Each mutation names the file, the exact text it replaces (which must occur once), the text it
puts there, and a filter for `swift test --filter` (the suites that should fail)."""
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

MUTATIONS = [
    # The seven found by the review of issue #24.
    ("M1", "a staging-write failure is ignored (a partial site swapped in)", "Sources/CatalogOutput/SiteStaging.swift",
     "if state.failure == nil { state.failure = result.failure }", "_ = result.failure", "StagingWriteFailureTests"),
    ("M2", "a rule reports its finding twice (an extra diagnostic)", "Sources/CatalogCheck/ReferenceRules.swift",
     """diagnostics.append(.error(.refComponent, "related component""",
     """diagnostics.append(.warning(.refComponent, "again", at: reference.location)); diagnostics.append(.error(.refComponent, "related component""",
     "InvalidCatalogTests"),
    ("M3", "the green and blue luminance weights swapped", "Sources/CatalogModel/Color.swift",
     "0.7152 * linear(green) + 0.0722 * linear(blue)", "0.0722 * linear(green) + 0.7152 * linear(blue)", "ContrastMeasureTests"),
    ("M4", "the contrast threshold moved by 0.05", "Sources/CatalogModel/Contrast.swift",
     "public var passes: Bool { ratio + 0.000_1 >= required }", "public var passes: Bool { ratio + 0.05 >= required }", "ContrastMeasureTests"),
    ("M5", "a mode that differs only in a composite's sub-value is dropped", "Sources/CatalogLoad/TokenModesLoader.swift",
     "return base?.css != css || base?.subValues != token.subValues", "return base?.css != css", "CompositeModeTests"),
    ("M6", "a property type change is no longer breaking in diff", "Sources/CatalogDiff/ComponentDiff.swift",
     "let breaking = previous.type != property.type || (!previous.required && property.required)",
     "let breaking = !previous.required && property.required", "ChangeClassificationTests"),
    ("M7", "a token removal is no longer breaking in diff", "Sources/CatalogDiff/CatalogDiff.swift",
     'impact: .breaking, area: .token, kind: .removed', 'impact: .notable, area: .token, kind: .removed', "ChangeClassificationTests"),
    # Ours, in other areas.
    ("M8", "the watcher stops 8 folders deep while the readers go deeper", "Sources/CatalogServe/FileWatcher.swift",
     "return deep.map { Root($0.path, depth: $0.depth) }", "return deep.map { Root($0.path, depth: min($0.depth, 8)) }", "WatchedRebuildTests|WatchedReadsTests"),
    ("M9", "serve reuses a file's bytes whatever its stamp says", "Sources/CatalogSource/CatalogReader.swift",
     "let stamp = previous.stamps[relative], stamp == FileStamp(info),", "let stamp = previous.stamps[relative],", "WatchedRebuildTests"),
    ("M10", "the readiness dashboard compared by its rubric, not its rows", "Sources/CatalogRender/ReadinessDashboard.swift",
     "package struct ReadinessDashboard: Hashable, Sendable {",
     "package struct ReadinessDashboard: Hashable, Sendable {\n    package static func == (l: Self, r: Self) -> Bool { l.rubric == r.rubric }",
     "WatchedRebuildTests"),
    ("M11", "the template name check skips sections", "Sources/CatalogRender/TemplateNameCheck.swift",
     "let shape = resolve(tag, stack: stack, in: file, root: root)", "let shape: TemplateShape? = .open", "ThemeTests"),
    ("M12", "the catalog-wide findings kept when a guide changes", "Sources/CatalogCheck/Checker.swift",
     "    public let slugs: Set<String>\n",
     "    public let slugs: Set<String>\n    public static func == (l: Self, r: Self) -> Bool { var a = l.catalog, b = r.catalog; a.guides = []; b.guides = []; return a == b && l.theme == r.theme && l.tokenReferences == r.tokenReferences }",
     "BuildCacheTests"),
    ("M13", "a quoted \"true\" counts as true for an enum", "Sources/CatalogModel/ExampleValidator.swift",
     "if scalar.plain, let flag = scalar.flag, values.contains(String(flag))", "if let flag = scalar.flag, values.contains(String(flag))",
     "DemoKindTests|InvalidCatalogTests"),
    ("M14", "double quotes are not escaped in attributes", "Sources/CatalogMarkdown/HTMLEscape.swift",
     'case UInt8(ascii: "\\""): result.append(contentsOf: "&quot;".utf8)', 'case UInt8(ascii: "\\""): result.append(byte)', "HTMLEscapeTests|SiteOutputTests"),
    ("M15", "a link to a missing anchor on another page is accepted", "Sources/CatalogSiteCheck/LinkRule.swift",
     "if let fragment, !fragment.isEmpty, !ids.contains(fragment) {", "if let fragment, fragment.isEmpty, !ids.contains(fragment) {",
     "InvalidCatalogTests"),
    ("M16", "did-you-mean never suggests", "Sources/CatalogCore/DidYouMean.swift",
     """suggestion(for: word, in: candidates).map { "; did you mean '\\($0)'?" } ?? \"\"""", '""', "ThemeTests|InvalidCatalogTests"),
    ("M17", "a YAML key given twice is accepted", "Sources/CatalogSyntax/YAMLDocument.swift",
     'return .error(.yamlDuplicateKey', 'return .info(.yamlDuplicateKey', "InvalidCatalogTests"),
    ("M18", "an example's number with underscores is not a number", "Sources/CatalogModel/DemoKind.swift",
     'let digits = text.contains("_") ? text.replacingOccurrences(of: "_", with: "") : text', "let digits = text",
     "DemoKindTests|InvalidCatalogTests"),
    ("M19", "a heading id is not made unique on its page", "Sources/CatalogMarkdown/Markdown.swift",
     "            let id = ids.make(HeadingID.slug(text))", "            let id = HeadingID.slug(text)", "MarkdownTests"),
    ("M20", "a step reuses what it made last time although its input changed (a theme change keeps the compiled templates)", "Sources/CatalogCore/Steps.swift",
     "guard let input = entry.input as? Input, input == piece.input, let output", "guard entry.input is Input, let output", "WatchedRebuildTests"),
    # The adversarial run's findings (issue #25).
    ("M21", "diff prints a catalog's text as written", "Sources/CatalogDiff/CatalogDiff.swift",
     "changes: changes.map(\\.printable)", "changes: changes", "AdversarialFindingsTests"),
    ("M22", "YAML aliases expand without a bound", "Sources/CatalogSyntax/YAMLDocument.swift",
     "if remaining < 0 || depth > maximumDepth { return false }", "if depth > maximumDepth * 1_000_000 { return false }", "AdversarialFindingsTests"),
    ("M23", "did-you-mean lets a later, equally close candidate win", "Sources/CatalogCore/DidYouMean.swift",
     "distance > current.distance || (distance == current.distance && index > current.index)", "distance > current.distance", "AdversarialFindingsTests"),
    ("M24", "control characters in names are not a finding", "Sources/CatalogCheck/ControlCharacterRule.swift",
     "named.filter { TextSafety.needsEscaping($0.text) }.map", "named.filter { _ in false }.map", "AdversarialFindingsTests"),
    ("M25", "a broken prose link written with a space is reported again as the theme's", "Sources/CatalogSiteCheck/SiteLinkRule.swift",
     "&& !(reference.utf8.contains(UInt8(ascii: \"%\")) && proseHrefs.contains(LinkResolver.decode(reference)))", "", "AdversarialFindingsTests"),
    ("M26", "Markdown that takes quadratic time is parsed anyway", "Sources/CatalogLoad/ProseLoader.swift",
     "if let problem = complexityProblem(body, displayPath: displayPath, lineOffset: lineOffset) {", "if false, let problem = complexityProblem(body, displayPath: displayPath, lineOffset: lineOffset) {",
     "AdversarialFindingsTests"),
    # Issue #29 and the rest of #25.
    ("M27", "an ignore: silences the rule in every component's files", "Sources/CatalogPipeline/RuleConfiguration.swift",
     "if let found = byFolder[String(escaped[...slash])]?[rule] { return found }",
     "if let found = byFolder.values.first?[rule] { return found }", "RuleConfigurationTests"),
    ("M28", "a silenced problem counts as fixed in diff", "Sources/CatalogDiff/ProblemDiff.swift",
     "&& !quiet.contains(key($0))", "", "RuleConfigurationTests"),
    ("M29", "the github format annotates past GitHub's limit", "Sources/CatalogOutput/DiagnosticFormat.swift",
     "if annotated[diagnostic.severity, default: 0] < githubAnnotationsPerKind {", "if true {", "CheckCommandTests"),
    ("M30", "raw HTML is warned once per tag again", "Sources/CatalogMarkdown/Markdown.swift",
     "if let index = noticedBlocks[block] {", "if false, let index = noticedBlocks[block] {", "MarkdownTests"),
    ("M31", "an unquoted comma in { … } loses the value's end silently", "Sources/CatalogSyntax/SchemaReader.swift",
     "valueMark.column == end || valueMark.column == end + 1 else { return nil }", "false else { return nil }", "YAMLQuotingTests"),
    ("M32", "a mounted output is swapped by renaming it", "Sources/CatalogOutput/SiteStaging.swift",
     "insideOutput = OutputGuard.isMountPoint(output.path)", "insideOutput = false", "MountPointOutputTests"),
    ("M33", "the shared-pair bound of the did-you-mean search is too tight", "Sources/CatalogCore/DidYouMean.swift",
     "guard count >= pairs.count - 3 * needed else { break }", "guard count >= pairs.count - 1 * needed else { break }", "AdversarialFindingsTests"),
    ("M34", "a grey is drawn as the nearest coloured square", "Sources/CatalogOutput/ChangeReport.swift",
     "if chroma < 0.035 {", "if chroma < 0 {", "SwatchTests"),
    ("M35", "token usage ignores the token modes", "Sources/CatalogModel/TokenUsage.swift",
     "for set in [tokens] + (modes?.resolutions.map(\\.tokens) ?? []) {", "for set in [tokens] {", "TokenUsageTests"),
    ("M36", "an alias to another type passes", "Sources/CatalogLoad/TokenLoader.swift",
     "if let own = token.type, let theirs = resolvedTarget.type, own != theirs {", "if false, let own = token.type, let theirs = resolvedTarget.type, own != theirs {", "DTCGConformanceTests"),
    ("M37", "a single-context modifier passes again", "Sources/CatalogLoad/TokenResolverLoader.swift",
     "        if contexts.count == 1 {", "        if contexts.count == -1 {", "ResolverConformanceTests"),
    ("M38", "theme CSS reading a renamed token passes", "Sources/CatalogCheck/ThemeTokenRule.swift",
     "guard prefixes.contains(where: { use.name.hasPrefix($0) }) else { continue }", "continue", "ThemeTokenRuleTests"),
    ("M39", "a Tokens Studio theme loads its enabled sets before its source sets", "Sources/CatalogImport/TokensStudioImport.swift",
     "let sets = (sources + enabled).filter", "let sets = (enabled + sources).filter", "pytest:Tests/formats/test_token_import.py"),
    ("M40", "an LCH darken keeps the chroma", "Sources/CatalogImport/StudioColor.swift",
     "lch.components[1] = max(0, lch.components[1] - amount * lch.components[1])", "lch.components[1] = max(0, lch.components[1])", "pytest:Tests/formats/test_token_import.py"),
    ("M41", "a Style Dictionary 3 bare size becomes px", "Sources/CatalogImport/TokenImport.swift",
     'return ("style-dictionary", "rem"', 'return ("style-dictionary", "px"', "pytest:Tests/formats/test_token_import.py"),
    ("M42", "roundTo ignores its decimals", "Sources/CatalogImport/StudioMath.swift",
     "let scale = pow(10, arguments[1].rounded())", "let scale = pow(10, 0.0)", "StudioImportTests"),
    ("M43", "check forgets what import skipped", "Sources/CatalogLoad/TokenLoader.swift",
     'resolver.skippedByImport[TokenSet.normalize(member.key)] = member.value.string ?? "it could not be converted"', "_ = member", "pytest:Tests/formats/test_token_import.py"),
    ("M44", "a Markdown table is not put in its own scrolling region", "Sources/CatalogMarkdown/HTMLPostprocess.swift",
     "        var html = wrapsTables ? scrollableTables(html) : html", "        var html = html", "GoldenTests"),
    ("M45", "a do and a don't never pair", "Sources/CatalogMarkdown/Markdown.swift",
     "index + 1 < guidance.count && cmark_node_next(guidance[index].node) == guidance[index + 1].node && guidance[index + 1].kind != guidance[index].kind",
     "index + 1 < guidance.count && cmark_node_next(guidance[index].node) == guidance[index + 1].node && guidance[index + 1].kind == guidance[index].kind", "SiteAuthoringTests"),
    ("M46", "a callout keeps its [!KIND] marker", "Sources/CatalogMarkdown/Markdown.swift",
     "        for node in marker {\n            cmark_node_unlink(node)", "        for node in marker.prefix(0) {\n            cmark_node_unlink(node)", "SiteAuthoringTests"),
    ("M47", "guides are not grouped by section", "Sources/CatalogLoad/CatalogLoader.swift",
     "(sectionRank[$0.element.section ?? \"\"] ?? 0, $0.offset) < (sectionRank[$1.element.section ?? \"\"] ?? 0, $1.offset)", "$0.offset < $1.offset", "SiteAuthoringTests"),
    ("M48", "the brand accent needs only 3:1", "Sources/CatalogCheck/BrandRule.swift",
     "guard ratio + 0.000_1 < 4.5 else { continue }", "guard ratio + 0.000_1 < 3 else { continue }", "SiteAuthoringTests"),
    ("M49", "the search index leaves out the sections of the prose", "Sources/CatalogRender/SearchIndex.swift",
     "        var pieces = sections(guide.prose, kind: page.kind, title: guide.title, page: guide.pagePath)", "        var pieces = [Entry]()", "SiteAuthoringTests"),
    ("M50", "diff says nothing of a lifecycle change", "Sources/CatalogDiff/ComponentDiff.swift",
     "        if oldLifecycle != newLifecycle {", "        if oldLifecycle != newLifecycle, false {", "LifecycleTests"),
    ("M51", "a kind may declare a field named title", "Sources/CatalogLoad/DemoKindLoader.swift",
     'static let reservedFields = ["title", "id",', 'static let reservedFields = ["id",', "DemoKindTests"),
    ("M52", "demos are drawn on the site's background, not the catalog's surface", "Sources/CatalogRender/DemoStageStylesheet.swift",
     'css += "\\(selector) { --cb-demo-surface: \\(background); background: var(--cb-demo-surface); color: var(--cb-text); color-scheme: \\(base); }\\n"', "_ = background", "pytest:Tests/browser/test_kind_library.py::test_demos_in_prose_are_drawn_on_the_catalogs_surface_in_every_site_scheme"),
    ("M53", "a fill's readable text is chosen for the default token mode only", "Sources/CatalogRender/DemoRoles.swift",
     "        guard !css.isEmpty, let modes else { return css }", "        guard !css.isEmpty, let modes, false else { return css }", "PlaygroundDataTests"),
    ("M54", "manual tabs show a tab as soon as it is focused", "themes/default/assets/demos/tabs.js",
     'var manual = demo.getAttribute("data-activation") === "manual";', "var manual = false;", "pytest:Tests/browser/test_kind_library.py::test_tabs_follow_the_apg_with_automatic_and_manual_activation"),
    ("M55", "Tab leaves the open dialog", "themes/default/assets/demos/dialog.js",
     'else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }', "", "pytest:Tests/browser/test_kind_library.py::test_a_dialog_traps_focus_and_returns_it"),
    ("M56", "the playground's context forgets whether a text is present", "themes/default/assets/playground.js",
     'context["has_" + k] = text !== null && text !== "";', 'context["has_" + k] = false;', "pytest:Tests/browser/test_playground.py::test_the_playground_renders_each_library_example_as_the_build_does"),
    ("M57", "the playground's address forgets the direction", "themes/default/assets/playground.js",
     'if (state.rtl) params.set(prefix + "dir", "rtl");', "", "pytest:Tests/browser/test_playground.py::test_the_address_keeps_the_settings"),
    ("M58", "a mapping's type is never compared with the code", "Sources/CatalogAnalysis/CodeDrift.swift",
     "if !types.isEmpty, !types.contains(where: { CodeType.key($0) == CodeType.key(type) }) {", "if false {", "CodeTruthTests"),
    ("M59", "a default in one initializer makes a parameter optional in all", "Sources/CatalogModel/CodeAPI.swift",
     "        let whereTaken = !taking.isEmpty && taking.allSatisfy { !$0.hasDefault }", "        let whereTaken = !taking.isEmpty", "CodeTruthTests"),
    ("M60", "the Compose reader takes a `,` inside a default value's call for the end of a parameter", "Sources/CatalogCode/ComposeSourceReader.swift",
     'case "(", "[", "{": depth += 1\n            case ")", "]", "}": depth -= 1\n            // Angles', 'case "[", "{": depth += 1\n            case "]", "}": depth -= 1\n            // Angles', "ComposeReaderTests"),
    ("M61", "a `fun` inside a Kotlin string is read as a declaration", "Sources/CatalogCode/KotlinLexer.swift",
     "            case 34:  // \" or \"\"\"", "            case 34 where false:", "ComposeReaderTests"),
    ("M62", "a private @Composable counts as public API", "Sources/CatalogCode/ComposeSourceReader.swift",
     "                        if !hidden {", "                        if true {", "ComposeReaderTests"),
    ("M63", "usage counts a Composable's own declaration as a call", "Sources/CatalogCode/ComposeSourceReader.swift",
     'if index > 0, tokens[index - 1].kind == .identifier, String(decoding: bytes[tokens[index - 1].start..<tokens[index - 1].end], as: UTF8.self) == "fun" { continue }', "", "ComposeReaderTests"),
    ("M64", "C7 is measured linked when one platform of two is", "Sources/CatalogAnalysis/MeasuredReadiness.swift",
     "let linked = results.filter(\\.isLinked)", "let linked = results.filter(\\.isLinked).isEmpty ? [] : results", "CodeTruthTests"),
    ("M65", "a drift whose code line moved is reported by diff as fixed and introduced", "Sources/CatalogDiff/ProblemDiff.swift",
     'return diagnostic.identity.replacingOccurrences(of: #"\\.(swift|kt):[0-9]+\\)"#, with: ".$1)", options: .regularExpression)', "return diagnostic.identity", "CodeTruthTests"),
    # Issue #38: each input a step reads is in its input; a key that leaves one out (a custom ==)
    # serves stale pages, and the tests through the real watcher must see it.
    ("M66", "the dashboard's rows compared without the code report", "Sources/CatalogRender/SiteRenderer.swift",
     "            var screenshots: MeasuredReadiness?\n        }\n\n        package static func run(_ input: Input) -> ReadinessDashboard.Row {",
     "            var screenshots: MeasuredReadiness?\n            package static func == (l: Input, r: Input) -> Bool { l.component == r.component && l.rubric == r.rubric && l.screenshots == r.screenshots }\n        }\n\n        package static func run(_ input: Input) -> ReadinessDashboard.Row {",
     "WatchedRebuildTests"),
    ("M67", "a component's component.json compared without the code", "Sources/CatalogRender/MachineReadable.swift",
     "            var theme: Theme\n        }\n\n        package static func run(_ input: Input) -> ComponentFiles {",
     "            var theme: Theme\n            package static func == (l: Input, r: Input) -> Bool { var a = l.context.value, b = r.context.value; a.code = nil; b.code = nil; return l.component == r.component && l.theme == r.theme && a == b }\n        }\n\n        package static func run(_ input: Input) -> ComponentFiles {",
     "WatchedRebuildTests"),
    ("M68", "a guide's section compared without its title (its index.md)", "Sources/CatalogModel/ValueIdentity.swift",
     "left.inputKey == right.inputKey && left.slug == right.slug", "left.slug == right.slug", "BuildCacheTests"),
    ("M69", "a role stylesheet compared without the modes' media queries", "Sources/CatalogRender/SiteRenderer.swift",
     "            var settings: CatalogSettings\n        }\n\n        /// Its path under assets/",
     "            var settings: CatalogSettings\n            package static func == (l: Input, r: Input) -> Bool { var a = l.settings, b = r.settings; a.modes = []; b.modes = []; return l.component == r.component && l.theme == r.theme && l.tokens == r.tokens && l.modes == r.modes && a == b }\n        }\n\n        /// Its path under assets/",
     "WatchedRebuildTests"),
    ("M70", "check --format json leaves out the silenced findings", "Sources/CatalogOutput/Reports.swift",
     "DiagnosticFormat.json((diagnostics + suppressed).sortedForDisplay())", "DiagnosticFormat.json(diagnostics.sortedForDisplay())",
     "CLITests"),
    ("M71", "serve's If-None-Match takes neither * nor a weak tag", "Sources/CatalogServe/PreviewResponder.swift",
     'return value == etag || value == "*" || value == "W/" + etag', "return value == etag", "PreviewRequestTests"),
    ("M72", "a guide in a section is listed by search as a plain guide", "Sources/CatalogRender/SearchIndex.swift",
     'Entry(kind: section.map { "Guide · \\($0.title)" } ?? "Guide",', 'Entry(kind: "Guide",', "SiteAuthoringTests"),
    ("M73", "a section's page is not essential (a FIFO there is a warning)", "Sources/CatalogSource/CatalogReader.swift",
     '        if parts.first == "guides", parts.count == 3 { return parts[2].hasSuffix(".md") }\n', "", "WatchedRebuildTests"),
    # What a new team found wrong in what a reader is shown (issue #39).
    ("M74", "a component's Markdown twin gives the default value in every mode column", "Sources/CatalogRender/PageMarkdown.swift",
     "let values = token.map { catalog.modes?.inEveryResolution($0.name) ?? [] } ?? []",
     "let values = token.map { t in (catalog.modes?.inEveryResolution(t.name) ?? []).map { (mode: $0.mode, token: Optional(t)) } } ?? []", "ModeValuesTests"),
    ("M75", "an alias inside a composite token does not count as a use", "Sources/CatalogModel/TokenUsage.swift",
     "let next = (token.aliasTarget.map { [$0] } ?? []) + token.fieldAliases", "let next = (token.aliasTarget.map { [$0] } ?? [])", "CompositeAliasTests"),
    ("M76", "a broken brand footer link is not reported at its line", "Sources/CatalogSiteCheck/SiteLinkRule.swift",
     "guard !input.files.value.contains(target) else { return nil }", "guard input.files.value.contains(target) else { return nil }", "SiteAuthoringTests"),
    ("M77", "SARIF leaves silenced findings unmarked", "Sources/CatalogOutput/SARIFReport.swift",
     "suppressions: diagnostic.suppressed.map { [Suppression(justification: $0)] })", "suppressions: nil)", "CheckCommandTests|RuleConfigurationTests"),
    ("M78", "diff counts a contrast change once per mode", "Sources/CatalogDiff/ProblemDiff.swift",
     'let group = "\\(now.slug)\\u{0}\\(now.appearance)\\u{0}\\(now.pair)"', 'let group = "\\(now.slug)\\u{0}\\(now.appearance)\\u{0}\\(now.pair)\\u{0}\\(now.mode ?? "")"', "DiffTests"),
    ("M79", "the dialog's heading is measured against the page it is not drawn on", "themes/default/demos/dialog.yaml",
     "  - { fg: Label,       bg: [Fill, page], min: 4.5 }    # the heading and the other action, on the surface\n", "", "ContrastMeasureTests"),
    ("M80", "a search result shows the summary, not the page's description", "Sources/CatalogRender/SearchIndex.swift",
     "summary: component.listingSummary, keywords", "summary: component.summary.value, keywords", "RuleConfigurationTests"),
    ("M81", "code findings cannot be lowered", "Sources/CatalogCore/RuleSettings.swift",
     '["lint", "link", "contrast", "code"].contains(id.area)', '["lint", "link", "contrast"].contains(id.area)', "CodeTruthTests|RuleConfigurationTests"),
    ("M82", "an ignore: never lapses", "Sources/CatalogCore/RuleSettings.swift",
     "until.map { $0.value < today } ?? false", "until.map { _ in false } ?? false", "RuleConfigurationTests|CLITests"),
    ("M83", "a path given to --base-url says nothing of the missing sitemap", "Sources/CatalogLoad/CatalogLoader.swift",
     'if normalized.hasPrefix("/") {', 'if normalized.isEmpty {', "CLITests"),
    ("M84", "the playground writes the first example's number into the address (so loading a page rewrites it)", "themes/default/assets/playground.js",
     'if (state.example !== 0) params.set(prefix + "example", String(state.example + 1));', 'params.set(prefix + "example", String(state.example + 1));', "pytest:Tests/browser/test_playground.py"),
    ("M85", "the error overlay opens without taking focus", "Sources/CatalogServe/LiveReloadAssets.swift",
     "        overlay.showModal();\n        dismiss.focus();\n", "        overlay.show();\n", "pytest:Tests/serve/test_serve_browser.py"),
    ("M86", "the site's checkboxes are 24 px targets again", "themes/default/assets/demos.css",
     ".site-check > input { position: absolute; inset-inline-start: 0; top: 0; width: 44px; height: 44px;",
     ".site-check > input { position: absolute; inset-inline-start: 10px; top: 10px; width: 24px; height: 24px;", "pytest:Tests/browser/test_layout.py"),
    # The adversary's findings on the new surfaces (issue #40).
    ("M87", "generic arguments may nest as deep as brackets (the parser's stack overflows)", "Sources/CatalogCode/SwiftSourceLimits.swift",
     "package static let maximumGenericNesting = 64", "package static let maximumGenericNesting = 1_000_000", "HostileCodeTests"),
    ("M88", "`<` in argument lists is not counted (swift-syntax's lookahead takes minutes)", "Sources/CatalogCode/SwiftSourceLimits.swift",
     "package static let maximumLessThan = 200", "package static let maximumLessThan = 1_000_000", "HostileCodeTests"),
    ("M89", "an MCP count is converted to Int before its range is checked (Int(1e300) traps)", "Sources/CatalogMCP/CatalogMCPServer.swift",
     "guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {", "guard number.rounded() == number else {", "pytest:Tests/formats/test_mcp_hostile.py::test_a_number_no_int_holds_is_an_invalid_params_error Tests/formats/test_mcp_hostile.py::test_a_minimum_ratio_that_is_no_finite_number_is_an_invalid_params_error"),
    ("M90", "the server ends as soon as its input closes, with answers still being made", "Sources/CatalogMCP/LineTransport.swift",
     "package static let drainSeconds = 120.0", "package static let drainSeconds = 0.0", "pytest:Tests/formats/test_mcp_hostile.py::test_closing_the_input_still_answers_every_request_read"),
    ("M91", "a line that is not JSON is an invalid request, not a parse error", "Sources/CatalogMCP/LineTransport.swift",
     "var code: Int { self == .notJSON ? -32700 : -32600 }", "var code: Int { -32600 }", "pytest:Tests/formats/test_mcp_hostile.py::test_a_line_that_is_not_json_is_a_parse_error"),
    ("M92", "a revision with a control character is passed on to git", "Sources/CatalogSource/GitRevision.swift",
     'guard !revision.hasPrefix("-"), !revision.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {', 'guard !revision.hasPrefix("-") else {',
     "pytest:Tests/formats/test_mcp_hostile.py::test_a_revision_with_a_nul_is_refused"),
    ("M93", "a code: path with a control character is read", "Sources/CatalogLoad/SettingsLoader.swift",
     "guard let bad = path.value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return true }",
     "guard let bad = path.value.unicodeScalars.first(where: { _ in false }) else { return true }", "AdversarialFindingsTests|HostileCodeTests|CodeTruthTests"),
    ("M94", "catalog text goes into the Markdown outputs with its brackets unescaped", "Sources/CatalogRender/PageMarkdown.swift",
     r'case "\\", "`", "*", "_", "~", "[", "]", "!", "<", ">":', r'case "\\", "`", "*", "_", "~", "!", "<", ">":', "MarkdownOutputEscapingTests"),
    ("M95", "an ignore: with a blank reason is taken", "Sources/CatalogLoad/RuleSettingsReader.swift",
     "guard !reason.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {", "guard !reason.value.isEmpty else {", "RuleConfigurationTests|AdversarialFindingsTests"),
    ("M96", "a brand font list is not checked as CSS", "Sources/CatalogLoad/SettingsLoader.swift",
     "        let scalars = Array(text.unicodeScalars)\n        var index = 0\n", "        let scalars = Array(text.unicodeScalars)\n        var index = 0\n        if !scalars.isEmpty { return true }\n", "SiteAuthoringTests"),
    ("M97", "a token number no double holds reaches the CSS as inf", "Sources/CatalogLoad/TokenValues.swift",
     "case .number(let number, let literal): return number.isFinite ? nil : literal", "case .number(_, _): return nil", "TokenTests"),
    ("M98", "the playground takes a [null] list from the address", "themes/default/assets/playground.js",
     "return value.filter(function (item) { return item !== null && typeof item === \"object\" && !Array.isArray(item); }).map(", "return value.map(",
     "pytest:Tests/browser/test_playground.py::test_a_hostile_address_is_read_against_the_kinds_fields"),
    ("M99", "serve answers any Host: header (DNS rebinding)", "Sources/CatalogServe/PreviewResponder.swift",
     "if let host = request.head.authority, !allowedHosts.allows(host) {", "if let host = request.head.authority, host.isEmpty, !allowedHosts.allows(host) {",
     "pytest:Tests/serve/test_serve_hostile.py::test_only_its_own_host_names_are_answered"),
    ("M100", "built pages carry no Content-Security-Policy", "themes/default/templates/base.mustache",
     '<meta http-equiv="Content-Security-Policy" content="{{content_security_policy}}">', "", "pytest:Tests/browser/test_csp_and_no_script.py::test_a_built_page_carries_its_own_policy_where_the_host_sends_none"),
    ("M101", "a huge summary goes whole into the search index", "Sources/CatalogRender/SearchIndex.swift",
     "self.summary = SearchIndex.bounded(summary, to: SearchIndex.summaryLimit)", "self.summary = summary", "AdversarialFindingsTests"),
    ("M102", "an ESC byte in prose reaches the page raw", "Sources/CatalogMarkdown/Markdown.swift",
     "                let shown = TextSafety.escapedKeepingLines(literal)\n                if shown != literal {\n                    cmark_node_set_literal(node, shown)",
     "                let shown = literal\n                if shown != literal {\n                    cmark_node_set_literal(node, shown)", "AdversarialFindingsTests|MarkdownOutputEscapingTests"),
    ("M103", "an interrupted build reports its failure (exit 1) before the handler removed its folder", "Sources/catalog-build/Build.swift",
     "guard interrupted() else { return }", "guard interrupted(), false else { return }", "HostileCLITests"),
    # Every real token export builds (issue #41).
    ("M104", "typography keeps every reference, even to a text case or a share of the font size", "Sources/CatalogImport/StudioEvaluation.swift",
     "result.append(Value.Member(key: member.key, value: keep ? member.value : resolved))", "result.append(Value.Member(key: member.key, value: member.value))",
     "pytest:Tests/formats/test_token_import.py::test_typography_that_names_standalone_tokens_is_resolved_where_dtcg_cannot_keep_the_reference"),
    ("M105", "Tokens Studio's older $path references are left as text", "Sources/CatalogImport/StudioLegacyReferences.swift",
     "            if paths.contains(candidate) {", "            if paths.contains(candidate), false {",
     "pytest:Tests/formats/test_token_import.py::test_typography_that_names_standalone_tokens_is_resolved_where_dtcg_cannot_keep_the_reference"),
    ("M106", "a theme group of one theme becomes a one-context modifier (which check refuses)", "Sources/CatalogImport/TokensStudioImport.swift",
     "let single = groups.filter { $0.themes.count == 1 }", "let single = groups.filter { _ in false }",
     "pytest:Tests/formats/test_token_import.py::test_every_import_fixture_checks_clean_and_builds"),
    ("M107", "a shadow's rgba() colour in a DTCG file is copied unconverted", "Sources/CatalogImport/TokenValueConversion.swift",
     "|| $0[\"spread\"] == nil || notMeasured($0[\"spread\"]) || notDTCGColour($0[\"color\"])", "|| $0[\"spread\"] == nil || notMeasured($0[\"spread\"])",
     "pytest:Tests/formats/test_token_import.py::test_every_import_fixture_checks_clean_and_builds"),
    ("M108", "a resolver keeps a $ref to a file import did not write", "Sources/CatalogImport/TokenImport.swift",
     "return missing.count > before && isFileReference(item) ? nil : converted", "return converted",
     "pytest:Tests/formats/test_token_import.py::test_dtcg_files_with_short_hex_missing_spread_and_other_tools_types"),
    ("M109", "text with a hyphen (tabular-nums) is taken for failed arithmetic", "Sources/CatalogImport/StudioMath.swift",
     "        guard wordsAreArithmetic(trimmed) else { return false }\n", "",
     "pytest:Tests/formats/test_token_import.py::test_typography_that_names_standalone_tokens_is_resolved_where_dtcg_cannot_keep_the_reference"),
    # Search that finds (issue #43, 3).
    ("M110", "search matches inside words again", "themes/default/assets/search.js",
     "      if (at === 0 || !wordCharacter.test(text.charAt(at - 1))) return true;", "      return true;",
     "pytest:Tests/browser/test_site_features.py::test_search_matches_at_word_starts_only"),
    ("M111", "search ignores aliases", "themes/default/assets/search.js",
     "        else if (!section && startsWord(aliases, word)) { score += 8; via = via || alias(entry, word, false); }\n", "",
     "pytest:Tests/browser/test_site_features.py::test_search_finds_aliases_api_names_and_a_typo"),
    # Component pages in tabs and a layout that uses the screen (issue #43, 1 and 2).
    ("M112", "sections no tab lists are dropped instead of going to the first tab", "Sources/CatalogModel/ComponentTabs.swift",
     "            if isFirst { sections.formUnion(present.subtracting(listed)) }\n", "",
     "ComponentTabsTests"),
    ("M113", "a tab file no tab names is published without a word", "Sources/CatalogLoad/CatalogLoader.swift",
     "            for tab in components[index].tabFiles where !names.contains(tab.file) {", "            for tab in components[index].tabFiles where false && !names.contains(tab.file) {",
     "ComponentTabsTests"),
    ("M114", "a tab page loads the playground's data from its own folder", "Sources/CatalogRender/ComponentPage.swift",
     "        fields.demo?.playgroundData = deeper + PlaygroundData.fileName\n", "",
     "pytest:Tests/browser/test_tabs.py::test_each_tab_is_a_page_marked_current_and_the_back_button_returns"),
    ("M115", "search sends a tab's sections to the component's first page", "Sources/CatalogRender/SearchIndex.swift",
     "                entry.url = tab.pagePath + made.url\n", "                entry.url = component.pagePath + made.url\n",
     "ComponentTabsTests"),
    ("M116", "the tab navigation marks no tab current", "themes/default/templates/page-component.mustache",
     '{{#current}} aria-current="page"{{/current}}', "",
     "pytest:Tests/browser/test_tabs.py::test_each_tab_is_a_page_marked_current_and_the_back_button_returns"),
    ("M117", "the readiness matrix never becomes cards", "themes/default/assets/readiness.js",
     '      table.classList.toggle("is-stacked", wide);\n', "",
     "pytest:Tests/browser/test_layout.py::test_the_readiness_matrix_fits_at_1280_and_becomes_cards_where_it_cannot"),
    ("M118", "a token table stays a sideways strip on a phone", "themes/default/templates/page-tokens.mustache",
     '<table class="data-table data-table--stack token-list">', '<table class="data-table token-list">',
     "pytest:Tests/browser/test_layout.py::test_on_a_phone_token_and_contrast_tables_are_cards"),
    # Visual snapshots (issue #45).
    ("M119", "every image is drawn again, whatever changed", "Sources/CatalogSnapshot/SnapshotRun.swift",
     "if manifest.images[shot.file] == shot.inputHash, case .file = store.entry(approved.path).kind,",
     "if false, manifest.images[shot.file] == shot.inputHash, case .file = store.entry(approved.path).kind,",
     "pytest:Tests/browser/test_snapshot.py::test_a_dark_token_change_reports_exactly_the_images_that_use_it"),
    ("M120", "a token's values are left out of what decides an image (a token change goes unseen)", "Sources/CatalogSnapshot/SnapshotPlan.swift",
     "            hash.add(catalog.tokens.token(name)?.displayValue ?? \"\")\n            for (label, token) in catalog.modes?.inEveryResolution(name) ?? [] {\n                hash.add(label)\n                hash.add(token?.displayValue ?? \"\")\n            }\n",
     "",
     "pytest:Tests/browser/test_snapshot.py::test_a_dark_token_change_reports_exactly_the_images_that_use_it"),
    ("M121", "a changed pixel is taken for a smoothed edge", "Sources/CatalogSnapshot/PixelDifference.swift",
     "if antialiased(a, x, y, width, height, b) || antialiased(b, x, y, width, height, a) {",
     "if true || antialiased(a, x, y, width, height, b) {",
     "SnapshotImageTests"),
    ("M122", "an approved image nothing draws any more is not reported", "Sources/CatalogSnapshot/SnapshotRun.swift",
     "        for file in approvedFiles where !planned.contains(file) {",
     "        for file in approvedFiles where false && !planned.contains(file) {",
     "pytest:Tests/browser/test_snapshot.py::test_a_removed_example_is_missing_and_update_removes_its_image"),
    ("M123", "the review page's slider does nothing", "Sources/CatalogSnapshot/ReviewPage.swift",
     '        slider.addEventListener("input", update);\n', "",
     "pytest:Tests/browser/test_snapshot.py::test_the_review_page_passes_axe_and_its_slider_is_keyboard_operable"),
    ("M124", "images are cropped to the element, not its stage (a state is cut short)", "Sources/CatalogSnapshot/SnapshotDrawing.swift",
     '                if (element) return element.closest(".demo-stage, .state-sample__stage") || element;',
     '                if (element) return element;',
     "pytest:Tests/browser/test_snapshot.py::test_the_same_input_draws_the_same_bytes Tests/browser/test_snapshot.py::test_a_dark_token_change_reports_exactly_the_images_that_use_it"),
    ("M125", "the output folder snapshot makes is not marked as catalog-build's (a later build refuses it)", "Sources/CatalogSnapshot/ReviewPage.swift",
     "            if !siteExisted {", "            if false, !siteExisted {",
     "pytest:Tests/browser/test_snapshot.py::test_a_later_build_may_replace_the_folder_snapshot_made_for_its_review_page"),
    # Versions and history (issue #44).
    ("M126", "every release gets a copy of the site, whatever keep: says", "Sources/CatalogHistory/HistoryAnalysis.swift",
     "        let kept = Array(entries.compactMap(\\.release?.tag).suffix(settings.keep))",
     "        let kept = Array(entries.compactMap(\\.release?.tag))",
     "HistoryTests"),
    ("M127", "each version publishes its own copy of the shared assets", "Sources/CatalogPublish/VersionedSite.swift",
     "            let shared = VersionContext.isShared(relative)",
     "            let shared = false",
     "HistoryTests"),
    ("M128", "a release's cached copy is never reused (every build rebuilds every version)", "Sources/CatalogPublish/VersionedSite.swift",
     "        if let pages = cache.pages(of: base), let cached = cache.site(name(forPages: pages)) {",
     "        if false, let pages = cache.pages(of: base), let cached = cache.site(name(forPages: pages)) {",
     "HistoryTests"),
    ("M129", "a release's changes to a component are not ordered breaking first", "Sources/CatalogModel/ReleaseHistory.swift",
     "changes: changes.sorted { $0.impact < $1.impact }",
     "changes: changes",
     "HistoryTests"),
    ("M130", "a change note naming a version that is not a release is accepted", "Sources/CatalogCheck/HistoryRule.swift",
     "        for note in component.changeNotes where !history.isVersion(note.version.value) {",
     "        for note in component.changeNotes where false && !history.isVersion(note.version.value) {",
     "HistoryTests"),
    ("M131", "an earlier release's pages name themselves as canonical", "Sources/CatalogRender/PageFrame.swift",
     "        if let version, !version.isCurrent, version.currentPages.contains(frame.path)",
     "        if false, let version, !version.isCurrent, version.currentPages.contains(frame.path)",
     "HistoryTests"),
    ("M132", "the version switch does not look for the nearest parent of a missing page", "themes/default/assets/versions.js",
     "      var candidates = parents(page);",
     "      var candidates = [];",
     "pytest:Tests/browser/test_versions.py::test_a_page_missing_in_the_chosen_version_lands_on_its_nearest_parent_with_a_notice"),
    ("M133", "a shallow clone is read as if its history were whole", "Sources/CatalogHistory/HistoryAnalysis.swift",
     "        if GitRevision.isShallow(root) {",
     "        if false, GitRevision.isShallow(root) {",
     "HistoryTests"),
    ("M134", "a renamed property is reported as one removed and one added", "Sources/CatalogDiff/ComponentDiff.swift",
     "            guard candidates.count == 1, let match = candidates.first else { continue }",
     "            guard false, let match = candidates.first else { continue }",
     "HistoryTests"),
    # Guides show live components; token roles of every type (issue #42, items 4 and 5).
    ("M135", "a guide's demo fences are left as placeholders", "Sources/CatalogRender/GuideDemos.swift",
     "        guard pieces.count == fences.count + 1 else { return prose.html }",
     "        guard false else { return prose.html }",
     "aGuideDrawsTheExamplesItNames"),
    ("M136", "a guide's components share one roles class (the second paints with the first's tokens)", "Sources/CatalogRender/DemoRoles.swift",
     '        let pageClass = scope.map { ".demo-roles-" + $0 } ?? ".demo-roles"',
     '        let pageClass = ".demo-roles"',
     "aGuideDrawsTheExamplesItNames"),
    ("M137", "a token of the wrong type on a role is accepted", "Sources/CatalogCheck/DemoContractRule.swift",
     "let type = token.type, type != role.type else { continue }",
     "let type = token.type, false, type != role.type else { continue }",
     "rolesOfEveryTypePaintTheDemo"),
    ("M138", "a typography role sets the shorthand only (its fields are not set)", "Sources/CatalogRender/DemoRoles.swift",
     '                    for part in token.subValues { rules.append((role.property + "-" + part.suffix, "var(\\(token.cssVariable(part.suffix)))")) }\n',
     "",
     "pytest:Tests/browser/test_demos.py::test_shape_and_type_roles_paint_the_button_with_the_tokens"),
    # A self-contained `new kind --from` (issue #42, item 6).
    ("M139", "a copied kind keeps the shared classes the theme's demos.css styles", "Sources/CatalogScaffold/KindCopy.swift",
     "(token.contains(source) || styles(token, in: sharedCSS) || styles(token, in: ownCSS))",
     "(token.contains(source))",
     "aKindCopiedFromEachBuiltInKindIsSelfContained"),
    ("M140", "a copied partial keeps sections on names only another kind has", "Sources/CatalogScaffold/KindCopy.swift",
     "            let pruned = prune(text, keeping: provided, lists: lists)",
     "            let pruned = text",
     "aKindCopiedFromEachBuiltInKindIsSelfContained"),
    # The team's own web examples in frames (issue #42, items 1 and 2).
    ("M141", "a team's ES module loads as a classic script", "Sources/CatalogRender/WebExamplePages.swift",
     '        return text.contains("import.meta") || text.range(of:',
     '        return false && text.contains("import.meta") && text.range(of:',
     "eachExampleIsAPageOfTheTeamsFilesShownInAFrame"),
    ("M142", "a frame keeps its first height, whatever its content", "themes/default/assets/examples.js",
     '      frame.style.height = Math.min(Math.ceil(data.height), 20000) + "px";',
     '',
     "pytest:Tests/browser/test_web_examples.py::test_the_card_grows_on_a_phone"),
    ("M143", "the site's token mode is not carried into the frames", "themes/default/assets/example-frame.js",
     '      if (name.test(key) && typeof wanted[key] === "string" && wanted[key].length <= 200) root.setAttribute(key, wanted[key]);',
     '',
     "pytest:Tests/browser/test_web_examples.py::test_frames_follow_the_sites_scheme_and_token_mode"),
    ("M144", "an end tag out of order passes the fragment check", "Sources/CatalogSyntax/HTMLFragment.swift",
     "                guard last.name == name else {",
     "                guard true || last.name == name else {",
     "WebExampleTests"),
    ("M145", "what a frame loads that is not published goes unreported", "Sources/CatalogSiteCheck/SiteLinkRule.swift",
     "            if let example = input.example, !input.files.value.contains(target) {",
     "            if let example = input.example, false, !input.files.value.contains(target) {",
     "anAssetTheFrameLoadsThatIsNotPublishedNamesTheExample"),
    # Platform screenshots (issue #42, item 3).
    ("M146", "C5 counts a row covered on a platform by any platform's screenshot", "Sources/CatalogAnalysis/ScreenshotCoverage.swift",
     "counted.filter { row in (shots[row.key] ?? []).contains { $0.platform == platform } }.count",
     "counted.filter { row in !(shots[row.key] ?? []).isEmpty }.count",
     "ScreenshotTests"),
    ("M147", "a screenshot in a mode the catalog lacks is shown as the default's", "Sources/CatalogLoad/ScreenshotMatcher.swift",
     "                if let mode, !known.contains(mode) {",
     "                if false, let mode, !known.contains(mode) {",
     "ScreenshotTests"),
    ("M148", "every mode's table stays whatever mode is chosen", "themes/default/assets/screenshots.js",
     '      table.hidden = values !== null && mode !== ""',
     '      table.hidden = false && values !== null && mode !== ""',
     "pytest:Tests/browser/test_screenshots.py::test_every_image_loads_and_the_chosen_mode_is_shown"),
    # Every input from the revision it belongs to; serve watches what was read (issue #51).
    ("M149", "a stylesheet or script web: names is not recorded as read", "Sources/CatalogSource/WebFiles.swift",
     "                reads.read(file: path, in: store)\n", "", "WatchedReadsTests"),
    ("M150", "a module a script imports is not recorded as read", "Sources/CatalogSource/WebFiles.swift",
     "                reads.read(file: target, in: store)\n", "", "WatchedReadsTests"),
    ("M151", "the web assets folder is not recorded as read", "Sources/CatalogSource/WebFiles.swift",
     "                reads.read(folder: path, depth: limit.depth, in: store)\n", "", "WatchedReadsTests"),
    ("M152", "a screenshots folder is not recorded as read", "Sources/CatalogSource/ScreenshotFiles.swift",
     "            reads.read(folder: absolute, depth: limit.depth, in: store)\n", "", "WatchedReadsTests"),
    ("M153", "a code folder is not recorded as read", "Sources/CatalogSource/CodeFiles.swift",
     "        reads.read(folder: absolute, depth: limit.depth, in: store)\n", "", "WatchedReadsTests|WatchedRebuildTests"),
    ("M154", "a theme folder is not recorded as read", "Sources/CatalogSource/ThemeReader.swift",
     "            if layerStore.isWorkingTree { reads.read(folder: folder, depth: ReadLimit.theme.depth) }\n", "", "WatchedRebuildTests"),
    ("M155", "the catalog folder is not recorded as read", "Sources/CatalogSource/CatalogReader.swift",
     "        tree.reads.read(folder: root, depth: ReadLimit.catalog.depth)\n", "", "WatchedRebuildTests|WatchedReadsTests"),
    ("M156", "a release reads what catalog.yaml names from the working tree", "Sources/CatalogSource/GitRevision.swift",
     "        tree.readNamed(catalogDirectory: catalogDirectory, store: store,",
     "        tree.readNamed(catalogDirectory: catalogDirectory, store: DiskStore(forCatalog: catalogDirectory),",
     "RevisionReadTests"),
    ("M157", "an earlier version's screenshots are linked inside its folder", "Sources/CatalogRender/ComponentPage.swift",
     '        }, href: { VersionContext.href($0, root: deeper + "../../", version: version) })',
     '        }, href: { deeper + "../../" + $0 })',
     "RevisionReadTests"),
    ("M158", "a link in a revision is followed out of the repository", "Sources/CatalogSource/FileStore.swift",
     "                guard let next = inside(full) else { return (.linkOutside, full) }",
     "                guard let next = inside(full) else { return (.missing, full) }",
     "RevisionReadTests"),
    ("M159", "a link on disk is followed out of the repository", "Sources/CatalogSource/FileStore.swift",
     "        guard contains(real) else { return (isLink ? .linkOutside : .outside, real) }",
     "        guard contains(real) || isLink else { return (.outside, real) }",
     "RevisionReadTests"),
    ("M160", "the web files are published under one folder whatever their bytes", "Sources/CatalogSource/WebFiles.swift",
     "        return StableHash.hex(String(key.value), length: 8)\n    }\n\n    /// Reads what",
     "        return \"00000000\"\n    }\n\n    /// Reads what",
     "RevisionReadTests"),
    # Nothing a contributor writes can read, delete or take over (issue #52).
    ("M161", "the history cache follows a committed link", "Sources/CatalogHistory/HistoryCache.swift",
     '        case S_IFLNK: return "the cache folder', '        case S_IFLNK: return nil; case 0xFFFF: return "the cache folder',
     "theHistoryCacheIsNeverReachedThroughALink"),
    ("M162", "snapshot --output is not held to the output guard", "Sources/CatalogSnapshot/SnapshotRun.swift",
     "            if case .failure(let refusal) = OutputGuard.check(output: output, protected: protected, force: false) {",
     "            if false, case .failure(let refusal) = OutputGuard.check(output: output, protected: protected, force: false) {",
     "theReviewPageNeverReplacesTheCatalog"),
    ("M163", "a path outside the repository is read like one inside it", "Sources/CatalogSource/FileStore.swift",
     "        guard contains(real) else { return (isLink ? .linkOutside : .outside, real) }",
     "        guard contains(real) || !isLink else { return (.linkOutside, real) }",
     "webFilesOutsideTheRepositoryAreRefused"),
    ("M164", "a second claim on an output path replaces the first", "Sources/CatalogRender/Site.swift",
     "            guard earlier == claimant else {", "            guard true else {",
     "aCatalogFileNeverReplacesAGeneratedOne"),
    ("M165", "a release that cannot be written is left out and the build succeeds", "Sources/CatalogPublish/VersionedSite.swift",
     "                return .unwritable(\"\\(error)\")",
     "                return .leftOut",
     "aFullDiskDuringAVersionedBuildFailsIt"),
    ("M166", "the snapshot browser reaches the network and loopback directly", "Sources/CatalogSnapshot/DevToolsPipe.swift",
     '            "--proxy-server=\\(proxy)", "--proxy-bypass-list=<-loopback>",',
     '            "--proxy-bypass-list=*",',
     "pytest:Tests/browser/test_snapshot.py::test_an_examples_script_reaches_nothing_and_one_that_spins_stalls_no_other"),
    # (M167, a hung tab kept for the next page, is not a mutation: Chromium recovers on the next
    # navigation, only slower — 103 s against 23 s for the hostile case with one tab — and speed is
    # measured, not asserted.)
    ("M168", "SIGTERM leaves the browser and its folders", "Sources/catalog-build/Snapshot.swift",
     "        let interrupts = InterruptCleanup.install(cleanup: { SiteStaging.discardActiveBuilds(); SnapshotCleanup.discardInterrupted() },",
     "        let interrupts = InterruptCleanup.install(cleanup: {},",
     "pytest:Tests/browser/test_snapshot.py::test_sigterm_ends_the_browser_and_removes_what_snapshot_made"),
    ("M169", "a tag name ends at a slash as a pattern would have it (no attribute after <svg/)", "Sources/CatalogSyntax/HTMLFragment.swift",
     '                if scalar == "/" {\n                    scanner.advance()\n                    if scanner.current == ">" { selfClosing = true; scanner.advance(); break }\n                    continue\n                }',
     '                if scalar == "/" {\n                    scanner.advance()\n                    if scanner.current == ">" { selfClosing = true; scanner.advance(); break }\n                    while let next = scanner.current, next != ">" { scanner.advance() }\n                    continue\n                }',
     "HTMLFragmentTests"),
    ("M170", "a comment `<!-->` runs on to the next `-->`", "Sources/CatalogSyntax/HTMLFragment.swift",
     '                if scanner.current == ">" { scanner.advance(); continue }\n', '',
     "HTMLFragmentTests"),
    ("M171", "attribute values are checked without their character references decoded", "Sources/CatalogSyntax/HTMLFragment.swift",
     "        let decoded = decodeReferences(value)\n", "        let decoded = value\n",
     "HTMLFragmentTests"),
    ("M172", "a refused destination written after a space reaches the Markdown twin", "Sources/CatalogRender/PageMarkdown.swift",
     "            text = neutralizingRefusedDestinations(text)\n", "",
     "MarkdownOutputEscapingTests"),
    ("M173", "a frame's script reaches the page around it", "themes/default/templates/partials/web-example.mustache",
     'sandbox="allow-scripts allow-forms allow-popups"', 'sandbox="allow-scripts allow-same-origin allow-forms allow-popups"',
     "pytest:Tests/browser/test_web_examples.py::test_the_frame_cannot_reach_the_page_around_it"),
    ("M174", "two tags that differ only in a character a URL does not keep share a folder", "Sources/CatalogModel/ReleaseHistory.swift",
     '        return (kept.isEmpty || kept == "." || kept == ".." ? "-" : kept) + "-" + StableHash.hex(tag, length: 8)',
     '        return kept.isEmpty || kept == "." || kept == ".." ? "-" : kept',
     "tagFoldersNeverCollide|semanticVersionOrder"),
    ("M175", "an approved image is decoded whatever size its header claims", "Sources/CatalogSnapshot/PNGImage.swift",
     "        guard width > 0, height > 0, width * height <= maximumPixels else {",
     "        guard width > 0, height > 0 else {",
     "aHugeClaimedSizeIsReadFromTheHeaderAndRefused"),
    ("M176", "a folder made again with the old inode number keeps the dead watch", "Sources/CatalogServe/FileWatcher.swift",
     "        if now.identity != old.identity || replaced {",
     "        if now.identity != old.identity {",
     "aFolderDeletedAndMadeAgainIsWatchedAfresh"),
    ("M177", "In code shows on every tab, whatever the tabs list", "Sources/CatalogRender/ComponentPageFields.swift",
     '        "has_in_code": .value { $0.present.contains("in-code") && $0.inCode != nil },',
     '        "has_in_code": .value { $0.inCode != nil },',
     "inCodeIsOnlyOnTheTabThatListsIt"),
    ("M178", "a note naming versions.next is not the working tree's", "Sources/CatalogModel/ReleaseHistory.swift",
     "            return note.version.value == current || (next != nil && note.version.value == next)",
     "            return note.version.value == current",
     "aNoteForTheReleaseBeingPreparedPassesAndStaysAfterTagging"),
    ("M179", "versions.next does not make a note's version known", "Sources/CatalogModel/ReleaseHistory.swift",
     "        version == current || version == next || allTags.contains(version)",
     "        version == current || allTags.contains(version)",
     "aNoteForTheReleaseBeingPreparedPassesAndStaysAfterTagging"),
    ("M180", "a fragment the team wrote in an example is blamed on the theme", "Sources/CatalogSiteCheck/SiteLinkRule.swift",
     "                    if let written = input.teamFragments[reference] {",
     "                    if false, let written = input.teamFragments[reference] {",
     "aFragmentInAWebExampleResolvesWithinItOrWarnsAtItsLine|aFragmentInADemoExampleIsTheTeamsWarningAtItsLine"),
    ("M181", "a guide's demo line reports a component whose file did not load as missing", "Sources/CatalogCheck/ProseDemoRule.swift",
     "            if input.catalog.unreadableComponents.contains(reference.slug) { return nil }",
     "",
     "reportsExpectedDiagnostics"),
    ("M182", "tokens a component whose file did not load may use are reported unused", "Sources/CatalogCheck/UnusedTokenRule.swift",
     "        guard catalog.unloadedModels.isEmpty else { return [] }",
     "",
     "reportsExpectedDiagnostics"),
    ("M183", "the code's declarations are parsed again on every change to a component", "Sources/CatalogLoad/CatalogLoader.swift",
     "        var index = steps.run(CodeDeclarationsStep.self, code)",
     "        var index = CodeIndex.declarations(code)",
     "aBrokenComponentYamlDoesNotReadTheCodeAgain"),
    ("M184", "an overload without a parameter makes it optional", "Sources/CatalogAnalysis/CodeDrift.swift",
        "        if property.required, !requiredness.whereTaken {",
        "        if property.required, !requiredness.always {",
     "requirednessIsJudgedAcrossOverloadsAndOnlyPublicAPICounts"),
    ("M185", "Kotlin internal functions are read as API", "Sources/CatalogCode/ComposeSourceReader.swift",
     '                    if word == "private" || word == "internal" || word == "protected" { isPrivate = true }',
     '                    if word == "private" { isPrivate = true }',
     "requirednessIsJudgedAcrossOverloadsAndOnlyPublicAPICounts"),
    ("M186", "a public type takes its extensions' internal members as API", "Sources/CatalogCode/CodeIndexBuilder.swift",
     "            for name in declarations(of: addition.name) where !(isInternal && index.swiftTypes[name]!.isPublic) {",
     "            for name in declarations(of: addition.name) {",
     "requirednessIsJudgedAcrossOverloadsAndOnlyPublicAPICounts"),
    ("M187", "an image of several states counts for one", "Sources/CatalogLoad/ScreenshotMatcher.swift",
     "        guard parts.count > 1, parts.allSatisfy({ part in rows.contains { $0.key == part } }) else { return nil }",
     "        guard parts.count > 1, parts.allSatisfy({ part in rows.contains { $0.key == part } }) else { return nil }\n        return [parts[0]]",
     "anImageOfSeveralStatesAndNAPlatformsAreCountedAsTheyAre"),
    ("M188", "a state n/a on a platform is counted there", "Sources/CatalogAnalysis/ScreenshotCoverage.swift",
     "            let counted = rows.filter { !ScreenshotIndex.notApplicable($0, on: platform, in: component) }",
     "            let counted = rows",
     "anImageOfSeveralStatesAndNAPlatformsAreCountedAsTheyAre"),
    ("M189", "the screenshots' C5 is not on the scorecard", "Sources/CatalogRender/ComponentPage.swift",
     "        let allMeasured = (code?.measured ?? []) + (screenshots?.measured.map { [$0] } ?? [])",
     "        let allMeasured = code?.measured ?? []",
     "anImageOfSeveralStatesAndNAPlatformsAreCountedAsTheyAre"),
    ("M190", "a three-letter word with two letters swapped finds nothing", "themes/default/assets/search.js",
     "    if (word.length < 3) return -1;", "    if (word.length < 4) return -1;",
     "pytest:Tests/browser/test_site_features.py::test_search_finds_aliases_api_names_and_a_typo"),
    ("M191", "a component in tabs is listed once per tab", "themes/default/assets/search.js",
     "      if (seen[component]) return false;", "",
     "pytest:Tests/browser/test_site_features.py::test_a_component_in_tabs_is_one_result"),
    ("M192", "a kind's copy keeps the original's custom properties", "Sources/CatalogScaffold/KindCopy.swift",
     "        files = result.mapValues { renameCustomProperties($0, from: source, to: id) }",
     "        files = result",
     "aKindCopiedFromEachBuiltInKindIsSelfContained"),
    ("M193", "an approved image corrupted or replaced is trusted while its inputs are unchanged", "Sources/CatalogSnapshot/SnapshotRun.swift",
     "               let bytes = store.contents(approved.path), Self.isIntact(bytes, recorded: manifest.files?[shot.file]) {",
     "               let bytes = store.contents(approved.path), !bytes.isEmpty {",
     "pytest:Tests/browser/test_snapshot.py::test_an_approved_image_corrupted_or_replaced_is_found_though_its_inputs_did_not_change"),
    ("M194", "--only approves every image of the component, not what it names", "Sources/CatalogSnapshot/SnapshotRun.swift",
     "        plan.shots = plan.shots.filter { selected($0.file) }",
     "        plan.shots = plan.shots.filter { _ in true }",
     "pytest:Tests/browser/test_snapshot.py::test_one_component_example_or_image_is_approved_alone"),
    ("M195", "the review page's Approve takes a request from any origin", "Sources/CatalogServe/ReviewRoutes.swift",
     '        guard let origin = request.headers[.origin], let authority = request.head.authority, origin.lowercased() == "http://" + authority.lowercased() else {',
     '        guard let authority = request.head.authority, !authority.isEmpty else {',
     "pytest:Tests/browser/test_snapshot.py::test_the_review_page_under_serve_approves_one_image_from_itself_only"),
    ("M196", "the review page's Approve takes any token", "Sources/CatalogServe/ReviewRoutes.swift",
     "        !token.isEmpty && tokens.withLock { $0.contains(token) }",
     "        !token.isEmpty",
     "pytest:Tests/browser/test_snapshot.py::test_the_review_page_under_serve_approves_one_image_from_itself_only"),
    ("M198", "a shot is cut one pixel below its stage from the band the page was drawn in", "Sources/CatalogSnapshot/SnapshotDrawing.swift",
     "let x = rectangle.x - band.x, y = rectangle.y - band.y",
     "let x = rectangle.x - band.x, y = rectangle.y - band.y + (rectangle.y + rectangle.height < band.y + band.height ? 1 : 0)",
     "pytest:Tests/browser/test_snapshot.py::test_the_example_catalogs_approved_images_are_what_snapshot_draws"),
    ("M199", "a cut takes the band's rows from its top whatever its place", "Sources/CatalogSnapshot/PNGImage.swift",
     "for row in y..<(y + height) {",
     "for row in 0..<height {",
     "SnapshotImageTests"),
    ("M200", "the scorecard no longer says a measured status comes from the screenshots", "themes/default/templates/sections/readiness.mustache",
     "{{measured_from}}: {{evidence}}",
     "{{evidence}}",
     "ScreenshotTests"),
    ("M201", "a target declares a dependency it never imports", "Package.swift",
     '.target(name: "CatalogCheck", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogAnalysis"]),',
     '.target(name: "CatalogCheck", dependencies: ["CatalogCore", "CatalogSyntax", "CatalogSource", "CatalogModel", "CatalogLoad", "CatalogAnalysis", "CatalogMarkdown"]),',
     "pytest:Tests/structure/test_targets.py::test_every_target_imports_exactly_what_it_declares"),
    ("M202", "the architecture table leaves out what a target imports", "docs/architecture.md",
     "| Core, Syntax, Source, Model, Load, Analysis |",
     "| Core, Syntax, Source, Model, Load |",
     "pytest:Tests/structure/test_targets.py::test_the_architecture_table_says_what_each_target_imports"),
    ("M203", "the architecture table lists a target before what it imports", "docs/architecture.md",
     '| `CatalogCore` | diagnostics, locations, the rule ids (`RuleID`), hashing, text safety, did-you-mean, the JSON writer, the `Step` protocol and the memo | — |\n| `CRenameExchange` | `renameat2(RENAME_EXCHANGE)` for the atomic output swap | — |\n| `CatalogMarkdown` | the Swift face of the system cmark-gfm library (`CCmarkGFM`, a system-library target): the only Swift that touches its pointers | Core, CCmarkGFM |',
     '| `CatalogMarkdown` | the Swift face of the system cmark-gfm library (`CCmarkGFM`, a system-library target): the only Swift that touches its pointers | Core, CCmarkGFM |\n| `CatalogCore` | diagnostics, locations, the rule ids (`RuleID`), hashing, text safety, did-you-mean, the JSON writer, the `Step` protocol and the memo | — |\n| `CRenameExchange` | `renameat2(RENAME_EXCHANGE)` for the atomic output swap | — |',
     "pytest:Tests/structure/test_targets.py::test_the_table_lists_each_target_after_everything_it_imports"),
    ("M197", "on a phone the site's links scroll past the edge again", "themes/default/assets/site.css",
     "  .site-nav__list { flex-wrap: wrap; gap: 0 0.25rem; }",
     "  .site-nav { overflow-x: auto; }\n  .site-nav__list { flex-wrap: nowrap; gap: 0 0.25rem; }",
     "pytest:Tests/browser/test_layout.py::test_a_phone_header_is_compact_with_search_and_the_mode_switch_in_reach"),
]


def run(command, **kwargs):
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **kwargs)


def build():
    return run(["swift", "build", "--build-tests"])


def test_names():
    """The names `swift test --filter` matches against: each test file's suites and tests."""
    names = set()
    for path in (ROOT / "Tests").rglob("*.swift"):
        text = path.read_text()
        names |= {f"{path.parent.name}.{name}" for name in re.findall(r"^\s*(?:final\s+)?(?:struct|class)\s+(\w+)", text, re.M)}
        names |= set(re.findall(r"@Test(?:\((?:[^()]|\([^()]*\))*\))?\s+func\s+(\w+)", text))
        names |= set(re.findall(r"^\s*func\s+(test\w+)\(", text, re.M))
    return names


def selects_a_test(tests):
    """Whether a mutation's tests name at least one test that exists: each pytest spec a file that
    exists (and its function, when named); a Swift filter (a regular expression) at least one
    suite or test name."""
    if tests.startswith("pytest:"):
        for spec in tests[len("pytest:"):].split():
            path, _, function = spec.partition("::")
            if not (ROOT / path).exists():
                return False
            if function and not re.search(rf"^def {re.escape(function.split('[')[0])}\(", (ROOT / path).read_text(), re.M):
                return False
        return True
    global TEST_NAMES
    if TEST_NAMES is None:
        TEST_NAMES = test_names()
    pattern = re.compile(tests)
    return any(pattern.search(name) for name in TEST_NAMES)


TEST_NAMES = None


def main(selected):
    # `--check`: only that every mutation's text is where it says, once (fast; no builds).
    check_only = "--check" in selected
    selected = selected - {"--check"}
    chosen = [m for m in MUTATIONS if not selected or m[0] in selected]
    originals = {}
    results = []
    try:
        # Every mutation's text must be where it says, once, before anything is changed.
        for key, _, path, old, _, _ in chosen:
            text = (ROOT / path).read_text()
            if text.count(old) != 1:
                sys.exit(f"{key}: the text to replace occurs {text.count(old)} times in {path}; update the mutation")
        # Every mutation's tests must exist: a filter that selects nothing lets the mutation
        # survive unseen (or, worse, pass as killed by an error).
        unselected = [f"{key}: its tests '{tests}' select no test" for key, _, _, _, _, tests in chosen if not selects_a_test(tests)]
        if unselected:
            sys.exit("\n".join(unselected))
        if check_only:
            print(f"{len(chosen)} mutations: each text is where it says, once, and each one's tests exist")
            return 0
        for key, what, path, old, new, tests in chosen:
            file = ROOT / path
            original = originals.setdefault(path, file.read_text())
            file.write_text(original.replace(old, new, 1))
            started = time.monotonic()
            built = build()
            if built.returncode != 0:
                results.append((key, "DOES NOT BUILD", what))
                print(f"{key}: does not build\n{built.stdout[-2000:]}{built.stderr[-2000:]}", flush=True)
            else:
                if tests.startswith("pytest:"):
                    # Several pytest specs are separated by spaces; exit 1 is a failing test, any
                    # other failure (a path that does not exist, no test collected) says nothing.
                    tested = run([str(ROOT / ".venv" / "bin" / "python"), "-m", "pytest", "-q", "-x", *tests[len("pytest:"):].split()])
                    verdict = {0: "SURVIVED", 1: "killed"}.get(tested.returncode, f"ERROR (pytest exit {tested.returncode})")
                else:
                    tested = run(["swift", "test", "--skip-build", "--filter", tests])
                    verdict = "killed" if tested.returncode != 0 else "SURVIVED"
                    # A filter that selects no test would let every mutation survive unseen.
                    output = tested.stdout + tested.stderr
                    if "No matching test cases were run" in output or re.search(r"Test run with 0 tests", output):
                        verdict = "ERROR (the filter selects no test)"
                results.append((key, verdict, what))
                print(f"{key}: {verdict} in {time.monotonic() - started:.0f} s — {what} [{tests}]", flush=True)
            file.write_text(original)
    finally:
        for path, original in originals.items():
            (ROOT / path).write_text(original)
        build()
    survivors = [r for r in results if r[1] != "killed"]
    print()
    print(f"{len(results) - len(survivors)} killed, {len(survivors)} survived or did not build, of {len(results)} mutations")
    for key, verdict, what in survivors:
        print(f"  {key} {verdict}: {what}")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(set(sys.argv[1:])))
