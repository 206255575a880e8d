#!/usr/bin/env python3
"""Writes a synthetic catalog of N components for benchmarks, and the same Markdown as a Hugo site.

    Scripts/generate-catalog.py --components 1000 --out bench-work/n1000/catalog --hugo bench-work/n1000/hugo

Each component gets an index.md of about 4 KB of GFM (headings, lists, a table, a task list,
code, links to other components) and a full component.yaml (properties, states, variants, four
appearances with tokens, accessibility, readiness, demo examples). One token file holds a few
thousand tokens: a palette and per-component tokens that alias it. Output is deterministic.
"""

import argparse
import json
import pathlib
import random
import shutil

WORDS = (
    "toggle switch checkbox radio control label state token contrast focus keyboard pointer touch "
    "setting option group legend description helper error required disabled pressed selected mixed "
    "platform design system component variant appearance layout spacing colour surface track "
    "indicator knob symbol value title accessible screen reader announce visible target size row "
    "form submit immediate effect choice exclusive independent hierarchy parent child dash check "
    "outline fill shape motion reduced forced dark light theme audit readiness mapping code figma "
    "swiftui compose review team release guideline pattern example usage behaviour content"
).split()

KINDS = ["switch", "labeled-toggle", "checkbox", "radio-group", "toggle-button", "control"]


def sentence(rng, low=8, high=18):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def paragraph(rng, sentences=4):
    return " ".join(sentence(rng) for _ in range(sentences))


def slug(index):
    return f"c{index:05d}"


def markdown(rng, index, count):
    others = [slug(rng.randrange(count)) for _ in range(4)]
    parts = [
        paragraph(rng, 3),
        "",
        "## Usage",
        "",
        paragraph(rng, 4),
        "",
        f"- {sentence(rng)}",
        f"- {sentence(rng)} See [{others[0]}](../{others[0]}/index.md).",
        f"- **{rng.choice(WORDS)}** {sentence(rng)}",
        f"- {sentence(rng)} ~~{rng.choice(WORDS)}~~",
        "",
        "### When not to use it",
        "",
        paragraph(rng, 3) + f" Compare with [{others[1]}](../{others[1]}/index.md#usage).",
        "",
        "## Anatomy",
        "",
        "| Part | Role | Token |",
        "|:--|:--|--:|",
    ]
    for part in range(5):
        parts.append(f"| {rng.choice(WORDS)} {part} | {sentence(rng, 3, 5)} | `comp/g{index % TOKEN_GROUPS:03d}/{part}` |")
    parts += [
        "",
        "## Behaviour",
        "",
        paragraph(rng, 4),
        "",
        "- [x] " + sentence(rng, 4, 8),
        "- [ ] " + sentence(rng, 4, 8),
        "- [ ] " + sentence(rng, 4, 8),
        "",
        "```swift",
        f'Toggle("{rng.choice(WORDS).capitalize()}", isOn: $value{index})',
        "    .toggleStyle(.switch)",
        "```",
        "",
        "## Content",
        "",
        paragraph(rng, 5),
        "",
        paragraph(rng, 4) + f" More in [{others[2]}](../{others[2]}/index.md) and [{others[3]}](../{others[3]}/index.md).[^note]",
        "",
        paragraph(rng, 3),
        "",
        f"[^note]: {sentence(rng)}",
        "",
    ]
    return "\n".join(parts)


def component_yaml(rng, index, count, kind):
    name = f"Component {index:05d}"
    related = sorted({slug(rng.randrange(count)) for _ in range(2)} - {slug(index)})
    base = f"comp.g{index % TOKEN_GROUPS:03d}"
    lines = [
        f"name: {name}",
        f"summary: {sentence(rng, 6, 12)}",
        f"related: [{', '.join(related)}]",
        "properties:",
    ]
    for prop in ["label", "isSelected", "description", "placement"]:
        lines += [
            f"  - name: {prop}",
            "    type: String",
            f"    required: {str(prop == 'label').lower()}",
            f"    description: {sentence(rng, 5, 9)}",
            f'    platforms: {{ figma: "{prop}: String", swiftui: "{prop}: String", compose: "{prop}: String" }}',
        ]
    lines.append("states:")
    for state in ["Default", "Pressed", "Disabled", "Focused", "Error"]:
        lines += [
            f"  - name: {state}",
            '    support: { ios: "yes", android: "yes", web: "n/a" }',
            "    figma: Variant",
            f"    notes: {sentence(rng, 5, 10)}",
        ]
    lines += [
        "variants:",
        "  placement: [leading, trailing]",
        "  size: [small, medium, large]",
        "  state: [default, pressed, disabled, focused]",
        "appearances:",
    ]
    for number, (label, checked) in enumerate([("On", "true"), ("Off", "false"), ("On, compact", "true"), ("Off, compact", "false")]):
        state = "on" if checked == "true" else "off"
        lines += [
            f'  - name: "{label}"',
            f"    description: {sentence(rng, 5, 10)}",
            f"    example: {{ checked: {checked} }}" if kind in ("switch", "labeled-toggle", "checkbox", "control") else f"    example: {{ pressed: {checked} }}" if kind == "toggle-button" else "    example: { orientation: vertical }",
            "    tokens:",
            f"      - {{ role: Track, token: {base}.{state}.track }}",
            f"      - {{ role: Indicator, token: {base}.{state}.indicator }}",
            f"      - {{ role: Label, token: {base}.label }}",
        ]
    lines += ["accessibility:"]
    for requirement in ["Label and control are one element", "State is announced", "Target is at least 44 by 44"]:
        lines += [
            f"  - requirement: {requirement}",
            f"    platforms: {{ ios: {sentence(rng, 4, 8)}, android: {sentence(rng, 4, 8)} }}",
        ]
    statuses = ["ready", "requires-rework", "not-applicable", "not-mapped"]
    lines.append("readiness:")
    for criterion in range(1, 8):
        lines.append(f"  C{criterion}: {{ status: {rng.choice(statuses)}, notes: {sentence(rng, 4, 8)} }}")
    lines += ["demo:", f"  kind: {kind}", "  examples:"]
    if kind == "radio-group":
        lines += [
            "    - title: Default",
            "      legend: Delivery speed",
            "      options: [Standard, Express, Overnight]",
            "      selected: Standard",
            "    - title: Horizontal",
            "      legend: Size",
            "      orientation: horizontal",
            "      options: [Small, Medium, Large]",
        ]
    elif kind == "control":
        lines += [
            "    - { title: Lamp, symbol-on: lightbulb, symbol-off: lightbulb-off, checked: true }",
            "    - { title: Garage door, symbol-on: door-open, symbol-off: door-closed, value-on: Open, value-off: Closed, delay: 800 }",
        ]
    elif kind == "toggle-button":
        lines += ["    - { title: Bold, label: Bold, symbol: bold, pressed: true }", "    - { title: Italic, label: Italic, symbol: italic }"]
    elif kind == "checkbox":
        lines += [
            "    - { title: Single, label: Remember me, checked: true }",
            "    - title: Parent",
            "      label: Text styles",
            "      children: [{ label: Bold, checked: true }, { label: Italic }]",
        ]
    elif kind == "labeled-toggle":
        lines += [
            "    - { title: Default, label: Push notifications, description: Alerts on this device, checked: true }",
            "    - { title: Required, label: Share usage data, required: true, error: Turn this on to continue }",
        ]
    else:
        lines += ["    - { title: Default, label: Wi-Fi, checked: true }", "    - { title: Disabled, label: Airplane mode, disabled: true }"]
    lines += [
        "code:",
        "  swiftui: |",
        f'    Toggle("Setting {index}", isOn: $isOn)',
        "  compose: |",
        "    Switch(checked = checked, onCheckedChange = { checked = it })",
        "",
    ]
    return "\n".join(lines)


TOKEN_GROUPS = 500

# The demo instances a component page shows (its examples, one per state, one per appearance
# with an example), drawn by a partial per kind with the markup of the default theme's demo
# templates. `.v` is the example's values, `.id` the instance id, `.class` and `.disabled` the
# state a gallery sample forces. Symbols come from the theme's SVG files (data/symbols.json).
SWITCH_CONTROL = (
    '<span class="switch">\n  <input class="switch__input" type="checkbox" role="switch" id="{{ .id }}" aria-labelledby="{{ .id }}-label"'
    '{{ with .v.description }} aria-describedby="{{ $.id }}-description{{ if $.v.error }}{{ if not $.v.checked }} {{ $.id }}-error{{ end }}{{ end }}"'
    '{{ else }}{{ if .v.error }}{{ if not .v.checked }} aria-describedby="{{ .id }}-error"{{ end }}{{ end }}{{ end }}'
    '{{ if .v.checked }} checked{{ end }}{{ if or .disabled .v.disabled }} disabled{{ end }}{{ if .v.required }} required{{ end }}'
    '{{ if .v.error }}{{ if not .v.checked }} aria-invalid="true"{{ end }}{{ end }}>\n'
    '  <span class="switch__track" aria-hidden="true"><span class="switch__glyph switch__glyph--on"></span><span class="switch__glyph switch__glyph--off"></span><span class="switch__thumb"></span></span>\n</span>\n'
)
CHECKBOX_BOX = '<span class="checkbox__box" aria-hidden="true"><span class="checkbox__check">{{ site.Data.symbols.check | safeHTML }}</span><span class="checkbox__dash">{{ site.Data.symbols.dash | safeHTML }}</span></span>'
HUGO_DEMOS = {
    "partials/demos/switch.html":
        '<div class="demo demo-switch{{ if or .disabled .v.disabled }} is-disabled{{ end }} {{ .class }}" data-demo="switch">\n'
        '  <label class="control-row" for="{{ .id }}">\n    <span class="control-row__text">\n'
        '      <span class="control-row__label" id="{{ .id }}-label">{{ .v.label }}</span>\n'
        '      {{ with .v.description }}<span class="control-row__description" id="{{ $.id }}-description">{{ . }}</span>{{ end }}\n'
        '    </span>\n' + SWITCH_CONTROL + '  </label>\n</div>\n',
    "partials/demos/labeled-toggle.html":
        '<div class="demo demo-labeled-toggle{{ if or .disabled .v.disabled }} is-disabled{{ end }}{{ if .v.error }}{{ if not .v.checked }} is-invalid{{ end }}{{ end }} {{ .class }}" data-demo="labeled-toggle">\n'
        '  {{ if .v.required }}<form class="demo-form" data-demo-form>{{ end }}\n'
        '  <label class="control-row" for="{{ .id }}">\n    <span class="control-row__text">\n'
        '      <span class="control-row__label" id="{{ .id }}-label">{{ .v.label }}</span>\n'
        '      {{ if .v.required }}<span class="required-marker" aria-hidden="true">Required</span>{{ end }}\n'
        '      {{ with .v.description }}<span class="control-row__description" id="{{ $.id }}-description">{{ . }}</span>{{ end }}\n'
        '      {{ if or .v.required .v.error }}<span class="control-row__error" id="{{ .id }}-error"{{ if or (not .v.error) .v.checked }} hidden{{ end }}>{{ site.Data.symbols.error | safeHTML }}'
        '<span class="control-row__error-text" data-error-text="{{ .v.error | default "Turn this on to continue." }}">{{ .v.error | default "Turn this on to continue." }}</span></span>{{ end }}\n'
        '    </span>\n' + SWITCH_CONTROL + '  </label>\n'
        '  {{ if .v.required }}<div class="demo-form__actions">\n    <button class="button" type="submit">Submit</button>\n    <span class="demo-form__status" role="status"></span>\n  </div>\n  </form>{{ end }}\n</div>\n',
    "partials/demos/checkbox.html":
        '<div class="demo demo-checkbox {{ .class }}" data-demo="checkbox">\n'
        '  {{ if .v.children }}<div class="checkbox-group" role="group" aria-labelledby="{{ .id }}-label">{{ end }}\n'
        '  <label class="control-row control-row--leading{{ if or .disabled .v.disabled }} is-disabled{{ end }}" for="{{ .id }}">\n'
        '<span class="checkbox">\n  <input class="checkbox__input" type="checkbox" id="{{ .id }}" aria-labelledby="{{ .id }}-label"'
        '{{ if .v.checked }} checked{{ end }}{{ if or .disabled .v.disabled }} disabled{{ end }}'
        '{{ with .v.children }} aria-controls="{{ range $i, $c := . }}{{ if $i }} {{ end }}{{ $.id }}-{{ add $i 1 }}{{ end }}" data-checkbox-parent{{ end }}>\n  '
        + CHECKBOX_BOX + '\n</span>\n'
        '    <span class="control-row__text">\n      <span class="control-row__label" id="{{ .id }}-label">{{ .v.label }}</span>\n    </span>\n  </label>\n'
        '  {{ with .v.children }}<ul class="checkbox-children">\n{{ range $i, $c := . }}    <li class="checkbox-children__item">\n'
        '      <label class="control-row control-row--leading{{ if $.disabled }} is-disabled{{ end }}" for="{{ $.id }}-{{ add $i 1 }}">\n'
        '        <span class="checkbox">\n          <input class="checkbox__input" type="checkbox" id="{{ $.id }}-{{ add $i 1 }}"{{ if $c.checked }} checked{{ end }}{{ if $.disabled }} disabled{{ end }} data-checkbox-child>\n'
        '          ' + CHECKBOX_BOX + '\n        </span>\n'
        '        <span class="control-row__text"><span class="control-row__label">{{ $c.label }}</span></span>\n      </label>\n    </li>\n{{ end }}  </ul>\n  </div>{{ end }}\n</div>\n',
    "partials/demos/radio-group.html":
        '<div class="demo demo-radio-group {{ .class }}" data-demo="radio-group">\n'
        '  <fieldset class="radio-group{{ if eq .v.orientation "horizontal" }} radio-group--horizontal{{ end }}">\n'
        '    <legend class="radio-group__legend" id="{{ .id }}-legend">{{ .v.legend }}</legend>\n    <div class="radio-group__options">\n'
        '{{ range $i, $option := .v.options }}{{ $id := printf "%s-%d" $.id (add $i 1) }}'
        '      <label class="control-row control-row--leading{{ if $.disabled }} is-disabled{{ end }}" for="{{ $id }}">\n        <span class="radio">\n'
        '          <input class="radio__input" type="radio" name="{{ $.id }}-choice" id="{{ $id }}" value="{{ urlize (lower $option) }}" aria-labelledby="{{ $id }}-label"'
        '{{ if eq $option $.v.selected }} checked{{ end }}{{ if $.disabled }} disabled{{ end }}>\n'
        '          <span class="radio__circle" aria-hidden="true"><span class="radio__dot"></span></span>\n        </span>\n'
        '        <span class="control-row__text">\n          <span class="control-row__label" id="{{ $id }}-label">{{ $option }}</span>\n        </span>\n      </label>\n{{ end }}'
        '    </div>\n  </fieldset>\n</div>\n',
    "partials/demos/toggle-button.html":
        '<div class="demo demo-toggle-button{{ if or .disabled .v.disabled }} is-disabled{{ end }} {{ .class }}" data-demo="toggle-button">\n'
        '  <label class="toggle-button{{ if .v.symbol }} toggle-button--icon{{ end }}" for="{{ .id }}">\n'
        '    <input class="toggle-button__input" type="checkbox" id="{{ .id }}"{{ if .v.pressed }} checked{{ end }}{{ if or .disabled .v.disabled }} disabled{{ end }}>\n'
        '    <span class="toggle-button__face" aria-hidden="true">\n'
        '      {{ with .v.symbol }}{{ index site.Data.symbols . | safeHTML }}{{ else }}<span class="toggle-button__text">{{ .v.label }}</span>{{ end }}\n'
        '    </span>\n    <span class="visually-hidden">{{ .v.label }}</span>\n  </label>\n</div>\n',
    "partials/demos/control.html":
        '<div class="demo demo-control {{ .class }}" data-demo="control" data-delay="{{ index .v "delay" | default 0 }}">\n'
        '  <label class="control-tile" for="{{ .id }}">\n'
        '    <input class="control-tile__input" type="checkbox" id="{{ .id }}" aria-labelledby="{{ .id }}-title" aria-describedby="{{ .id }}-value"{{ if .v.checked }} checked{{ end }}{{ if or .disabled .v.disabled }} disabled{{ end }}>\n'
        '    <span class="control-tile__symbol" aria-hidden="true"><span class="control-tile__symbol-on">{{ index site.Data.symbols (index .v "symbol-on") | safeHTML }}</span>'
        '<span class="control-tile__symbol-off">{{ index site.Data.symbols (index .v "symbol-off") | safeHTML }}</span><span class="control-tile__progress"></span></span>\n'
        '    <span class="control-tile__text">\n      <span class="control-tile__title" id="{{ .id }}-title">{{ .v.title }}</span>\n'
        '      <span class="control-tile__value" id="{{ .id }}-value"><span class="control-tile__value-on">{{ index .v "value-on" | default "On" }}</span>'
        '<span class="control-tile__value-off">{{ index .v "value-off" | default "Off" }}</span><span class="control-tile__value-busy">Updating…</span><span class="control-tile__value-hidden">Hidden while locked</span></span>\n'
        '    </span>\n  </label>\n  <span class="visually-hidden" aria-live="polite" data-announce></span>\n</div>\n',
    # A state sample: the first example with the state forced (disabled, or a state class).
    "partials/demo-state.html":
        '{{ $state := lower .state }}{{ $class := "" }}{{ if in (slice "pressed" "focused" "hover") $state }}{{ $class = printf "is-%s" $state }}{{ end }}'
        '{{ return partial (printf "demos/%s.html" .kind) (dict "v" .v "id" .id "class" $class "disabled" (eq $state "disabled")) }}',
}

HEAD = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Params.summary }}"></head>\n'

HUGO_LAYOUTS = {
    # The navigation is drawn once for each run of 50 components (partialCached) and each page
    # marks its own link by replacing its address, as catalog-build draws its navigation once per
    # page depth and view (the run of a large group that holds the page) and marks the current
    # link in the drawn text. `navrun` in a component's front matter is its run.
    "partials/nav-pages.html":
        '{{ return first 50 (after (mul . 50) (where site.RegularPages "Section" "components")) }}',
    "partials/nav-list.html":
        '<nav aria-label="Catalog"><ul>{{ range partialCached "nav-pages.html" . . }}'
        '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>\n',
    "partials/nav.html":
        '{{ $link := printf "href=\\"%s\\"" .RelPermalink }}{{ $run := .Params.navrun | default 0 }}'
        '{{ replace (partialCached "nav-list.html" $run $run) $link (printf "%s aria-current=\\"page\\"" $link) | safeHTML }}',
    # A token's value, through one alias (every alias of the generated file is one level deep).
    "partials/token-value.html":
        '{{ $value := site.Data.tokens }}{{ range split . "." }}{{ if $value }}{{ $value = index $value . }}{{ end }}{{ end }}'
        '{{ $text := "" }}{{ with $value }}{{ $text = index . "$value" }}{{ end }}'
        '{{ if hasPrefix $text "{" }}{{ $target := site.Data.tokens }}{{ range split (trim $text "{}") "." }}{{ if $target }}{{ $target = index $target . }}{{ end }}{{ end }}'
        '{{ with $target }}{{ $text = index . "$value" }}{{ end }}{{ end }}{{ $text }}',
    "partials/token-rows.html":
        '{{ $path := .path }}{{ range $key, $value := .node }}{{ if reflect.IsMap $value }}{{ if isset $value "$value" }}'
        '<tr><th scope="row"><code>{{ $path }}{{ $key }}</code></th><td><code>{{ index $value "$value" }}</code></td><td><code>--{{ replace (printf "%s%s" $path $key) "." "-" }}</code></td></tr>'
        '{{ else }}{{ partial "token-rows.html" (dict "path" (printf "%s%s." $path $key) "node" $value) }}{{ end }}{{ end }}{{ end }}',
    "_default/single.html":
        HEAD + '<body>{{ partial "nav.html" . }}<main><article><header><h1>{{ .Title }}</h1><p>{{ .Params.summary }}</p></header>\n'
        '{{ .TableOfContents }}\n<div class="prose">{{ .Content }}</div>\n'
        '{{ $slug := .File.ContentBaseName }}{{ $kind := .Params.demo.kind }}{{ $examples := .Params.demo.examples }}{{ $html := "" }}'
        '{{ with $examples }}<section id="demo"><h2>Demo</h2><div class="demo-grid">{{ range $i, $example := . }}'
        '{{ $markup := partial (printf "demos/%s.html" $kind) (dict "v" $example "id" (printf "%s-ex%d" $slug (add $i 1)) "class" "" "disabled" false) }}'
        '{{ $html = printf "%s<!-- %s -->\\n%s\\n\\n" $html $example.title $markup }}'
        '<div class="demo-example"><h3>{{ $example.title }}</h3><div class="demo-stage">{{ $markup }}</div></div>{{ end }}</div></section>{{ end }}\n'
        '{{ with .Params.code }}<section id="code"><h2>Code</h2><h3>HTML</h3><pre><code>{{ $html }}</code></pre>{{ range $platform, $source := . }}<h3>{{ $platform }}</h3><pre><code>{{ $source }}</code></pre>{{ end }}</section>{{ end }}\n'
        '{{ with .Params.states }}<section id="states"><h2>States</h2><ul class="state-gallery">{{ range $i, $state := . }}'
        '<li class="state-sample"><div class="state-sample__stage" inert aria-hidden="true">{{ partial "demo-state.html" (dict "kind" $kind "v" (index $examples 0) "state" $state.name "id" (printf "%s-st%d" $slug (add $i 1))) }}</div>'
        '<p class="state-sample__name">{{ $state.name }}</p><p class="state-sample__notes">{{ $state.notes }}</p></li>{{ end }}</ul><table><thead><tr><th scope="col">State</th><th scope="col">iOS</th><th scope="col">Android</th><th scope="col">Web</th><th scope="col">Figma</th><th scope="col">Notes</th></tr></thead><tbody>'
        '{{ range . }}<tr><th scope="row">{{ .name }}</th><td>{{ .support.ios }}</td><td>{{ .support.android }}</td><td>{{ .support.web }}</td><td>{{ .figma }}</td><td>{{ .notes }}</td></tr>{{ end }}</tbody></table></section>{{ end }}\n'
        '{{ with .Params.variants }}<section id="variants"><h2>Variants</h2><dl>{{ range $axis, $values := . }}<dt>{{ $axis }}</dt><dd>{{ delimit $values ", " }}</dd>{{ end }}</dl></section>{{ end }}\n'
        '{{ with .Params.appearances }}<section id="appearances"><h2>Appearances</h2>{{ range $i, $appearance := . }}<div><h3>{{ .name }}</h3><p>{{ .description }}</p>'
        '{{ with $appearance.example }}<div class="appearance__example demo-stage">{{ partial (printf "demos/%s.html" $kind) (dict "v" (merge (index $examples 0) .) "id" (printf "%s-ap%d" $slug (add $i 1)) "class" "" "disabled" false) }}</div>{{ end }}'
        '<table><caption>Design tokens of {{ .name }}</caption><thead><tr><th scope="col">Role</th><th scope="col">Token</th><th scope="col">Value</th><th scope="col">CSS variable</th></tr></thead><tbody>'
        '{{ range .tokens }}<tr><th scope="row">{{ .role }}</th><td><code>{{ .token }}</code></td><td><code>{{ partial "token-value.html" .token }}</code></td><td><code>--{{ replace .token "." "-" }}</code></td></tr>{{ end }}'
        '</tbody></table></div>{{ end }}</section>{{ end }}\n'
        '{{ with .Params.properties }}<section id="properties"><h2>Properties</h2><table><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th><th scope="col">Figma</th><th scope="col">SwiftUI</th><th scope="col">Compose</th></tr></thead><tbody>'
        '{{ range . }}<tr><th scope="row"><code>{{ .name }}</code></th><td><code>{{ .type }}</code></td><td>{{ if .required }}Yes{{ else }}No{{ end }}</td><td>{{ .description }}</td><td><code>{{ .platforms.figma }}</code></td><td><code>{{ .platforms.swiftui }}</code></td><td><code>{{ .platforms.compose }}</code></td></tr>{{ end }}</tbody></table></section>{{ end }}\n'
        '{{ with .Params.accessibility }}<section id="accessibility"><h2>Accessibility</h2><table><tbody>{{ range . }}<tr><th scope="row">{{ .requirement }}</th><td>{{ .platforms.ios }}</td><td>{{ .platforms.android }}</td></tr>{{ end }}</tbody></table></section>{{ end }}\n'
        '{{ with .Params.readiness }}<section id="readiness"><h2>Readiness</h2><table><tbody>{{ range $criterion, $entry := . }}<tr><th scope="row">{{ upper $criterion }}</th><td>{{ $entry.status }}</td><td>{{ $entry.notes }}</td></tr>{{ end }}</tbody></table></section>{{ end }}\n'
        '{{ with .Params.related }}<section id="related"><h2>Related</h2><ul>{{ range . }}{{ with site.GetPage (printf "/components/%s" .) }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.summary }}</li>{{ end }}{{ end }}</ul></section>{{ end }}\n'
        '</article></main></body></html>\n',
    "_default/list.html":
        HEAD + '<body>{{ partial "nav.html" . }}<main><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.summary }}</li>{{ end }}</ul></main></body></html>\n',
    "readiness/list.html":
        HEAD + '<body>{{ partial "nav.html" . }}<main><h1>{{ .Title }}</h1><table><thead><tr><th scope="col">Component</th>'
        '{{ range seq 7 }}<th scope="col">C{{ . }}</th>{{ end }}</tr></thead><tbody>'
        '{{ range where site.RegularPages "Section" "components" }}<tr><th scope="row"><a href="{{ .RelPermalink }}">{{ .Title }}</a></th>'
        '{{ $readiness := .Params.readiness }}{{ range seq 7 }}<td>{{ with index $readiness (printf "c%d" .) }}{{ .status }}{{ end }}</td>{{ end }}</tr>{{ end }}'
        '</tbody></table></main></body></html>\n',
    "tokens/list.html":
        HEAD + '<body>{{ partial "nav.html" . }}<main><h1>{{ .Title }}</h1><table><thead><tr><th scope="col">Token</th><th scope="col">Value</th><th scope="col">CSS variable</th></tr></thead><tbody>'
        '{{ partial "token-rows.html" (dict "path" "" "node" site.Data.tokens) }}</tbody></table></main></body></html>\n',
}


def tokens(count, rng):
    palette = {}
    for hue in range(40):
        palette[f"hue{hue:02d}"] = {"$type": "color"}
        for step in range(10):
            # Dark steps for tracks and labels, white for indicators: contrast passes.
            value = f"#{rng.randrange(0, 90):02X}{rng.randrange(0, 90):02X}{rng.randrange(40, 160):02X}"
            palette[f"hue{hue:02d}"][f"s{step}"] = {"$value": value}
    palette["white"] = {"$type": "color", "$value": "#FFFFFF"}
    components = {}
    # A few thousand tokens whatever N is: components share TOKEN_GROUPS groups.
    for index in range(min(count, TOKEN_GROUPS)):
        hue = f"hue{index % 40:02d}"
        components[f"g{index:03d}"] = {
            "$type": "color",
            "on": {"track": {"$value": f"{{palette.{hue}.s{index % 10}}}"}, "indicator": {"$value": "{palette.white}"}},
            "off": {"track": {"$value": f"{{palette.{hue}.s{(index + 3) % 10}}}"}, "indicator": {"$value": "{palette.white}"}},
            "label": {"$value": f"{{palette.{hue}.s{(index + 5) % 10}}}"},
        }
    space = {"$type": "dimension", **{f"x{step}": {"$value": {"value": step * 4, "unit": "px"}} for step in range(20)}}
    return {"palette": palette, "comp": components, "space": space}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--components", type=int, default=1000)
    parser.add_argument("--out", required=True, help="the catalog folder to write")
    parser.add_argument("--hugo", help="also write an equivalent Hugo site here")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    (out / "tokens").mkdir(parents=True)
    (out / "catalog.yaml").write_text(f"title: Synthetic catalog ({args.components} components)\ndescription: Generated for benchmarks.\n")
    (out / "tokens" / "generated.tokens.json").write_text(json.dumps(tokens(args.components, rng), indent=1))

    hugo = pathlib.Path(args.hugo) if args.hugo else None
    if hugo:
        shutil.rmtree(hugo, ignore_errors=True)
        (hugo / "content" / "components").mkdir(parents=True)
        (hugo / "layouts" / "_default").mkdir(parents=True)
        (hugo / "config.toml").write_text(
            'baseURL = "/"\ntitle = "Synthetic catalog"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
            "[markup.goldmark.extensions]\n  table = true\n  strikethrough = true\n  linkify = true\n  taskList = true\n  footnote = true\n"
        )
        # The Hugo site carries what catalog-build's pages carry that costs Hugo work: on every
        # page the catalog navigation (the run of 50 components that holds the page, as
        # catalog-build lists a large catalog's group, the current one marked); on a component page the component's data, given to
        # Hugo as YAML front matter and rendered as the same tables (states, variants, tokens with
        # their values looked up in the token file, properties, accessibility, readiness, related
        # components with their summaries, code); a readiness dashboard with a row per component
        # and a token page with a row per token; the demo instances (each example, one sample per
        # state, one per appearance with an example) drawn by a partial per kind with the default
        # theme's markup, and the examples' HTML in the code section. What it does not carry: the
        # demos' scripts and stylesheets, modes, contrast, the search index, code exports.
        (hugo / "layouts" / "partials").mkdir(parents=True)
        (hugo / "data").mkdir(parents=True)
        symbols = pathlib.Path(__file__).resolve().parent.parent / "themes" / "default" / "symbols"
        (hugo / "data" / "symbols.json").write_text(json.dumps({path.stem: path.read_text().strip() for path in sorted(symbols.glob("*.svg"))}))
        for name, text in {**HUGO_LAYOUTS, **HUGO_DEMOS}.items():
            (hugo / "layouts" / name).parent.mkdir(parents=True, exist_ok=True)
            (hugo / "layouts" / name).write_text(text)
        (hugo / "content" / "readiness").mkdir(parents=True)
        (hugo / "content" / "readiness" / "_index.md").write_text('---\ntitle: "Readiness"\n---\n')
        (hugo / "content" / "tokens").mkdir(parents=True)
        (hugo / "content" / "tokens" / "_index.md").write_text('---\ntitle: "Design tokens"\n---\n')
        (hugo / "data" / "tokens.json").write_text((out / "tokens" / "generated.tokens.json").read_text())

    for index in range(args.components):
        kind = KINDS[index % len(KINDS)]
        folder = out / "components" / slug(index)
        folder.mkdir(parents=True)
        body = markdown(rng, index, args.components)
        (folder / "index.md").write_text(body)
        rng_copy = random.Random()
        rng_copy.setstate(rng.getstate())
        (folder / "component.yaml").write_text(component_yaml(rng, index, args.components, kind))
        if hugo:
            # Hugo links pages by path; the catalog's index.md links become links to the page folders.
            hugo_body = body.replace("/index.md", "/")
            data = component_yaml(rng_copy, index, args.components, kind)
            (hugo / "content" / "components" / f"{slug(index)}.md").write_text(
                f'---\ntitle: "Component {index:05d}"\nnavrun: {index // 50}\n{data}---\n\n{hugo_body}'
            )


if __name__ == "__main__":
    main()
