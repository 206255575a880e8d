import CatalogModel
import CatalogAnalysis
import CatalogMarkdown
/// What `page-component.mustache` and its `sections/` partials read: one stored property per
/// name, answered in `child(named:)`. Names are those of the templates (`has_demo`, `roles_class`).
package struct ComponentPageFields: TemplateFields {
    package var component: Summary
    package var status: Badge
    package var lifecycle: LifecycleBadge?
    package var hasProse: Bool
    package var prose: String
    /// The page's free `extra:` front matter, as the template reads it.
    package var extra: Any
    /// component.yaml's declared fields shown on pages (`ComponentFields`).
    package var declared: [DeclaredValue] = []
    package var toc: [TOCEntry]
    /// Section id → its heading.
    package var titles: [String: String]
    /// The ids of the sections the page has.
    package var present: Set<ComponentSection>
    package var demo: Demo?
    package var gallery: [GalleryItem]
    package var states: States
    package var variants: Variants
    package var appearances: [Appearance]
    package var properties: Properties
    package var accessibility: Accessibility
    package var readiness: Readiness
    package var inCode: InCode?
    package var code: Code
    package var hasChanges: Bool
    package var changesHref: String
    package var related: [RelatedLink]
    /// Since when it exists, what each release changed, how to migrate (`versions:`).
    package var history = HistoryFields()
    /// The team's own examples, each in a frame (`examples:`).
    package var webExamples: [WebExampleFields] = []
    /// The platform grid (`screenshots:`).
    package var screenshots: ScreenshotGridFields? = nil
    /// The saved Figma component set and its parity (`figma:`).
    package var figma: Figma? = nil
    /// Each WCAG criterion's result and evidence (`conformance:`).
    package var conformance: ConformanceSection.Fields? = nil
    /// The tab navigation (empty for a component of one page) and this tab's title.
    package var tabs: [TabLink] = []
    package var tabTitle = ""
    /// Where the header's usage line links: the In code section, on its tab.
    package var inCodeHref = "#in-code"

    package static let fields: [String: TemplateField<Self>] = [
        "component": .object { $0.component },
        "has_tabs": .value { !$0.tabs.isEmpty },
        "tabs": .list { $0.tabs },
        "tab_title": .value { $0.tabTitle },
        "in_code_href": .value { $0.inCodeHref },
        "status": .object { $0.status },
        "has_lifecycle": .value { $0.lifecycle != nil },
        "lifecycle": TemplateField(shape: .object { LifecycleBadge.shapes }, read: { $0.lifecycle.map { $0 as Any } ?? NoFields() }),
        "has_prose": .value { $0.hasProse },
        "prose": .value { $0.prose },
        "extra": .open { $0.extra },
        // Each declared field by its key (`declared.figma.text`), and all of them in order.
        "declared": .open { Dictionary($0.declared.map { ($0.key, Self.context($0)) }, uniquingKeysWith: { first, _ in first }) },
        "declared_fields": .open { $0.declared.map(Self.context) },
        "has_declared_fields": .value { !$0.declared.isEmpty },
        "toc": .list { $0.toc },
        "has_toc": .value { !$0.toc.isEmpty },
        "titles": .open { $0.titles },
        "has_demo": .value { $0.present.contains(.demo) },
        // Without a demo the section is an empty context, as it always was.
        "demo": TemplateField(shape: .object { Demo.shapes }, read: { $0.demo.map { $0 as Any } ?? NoFields() }),
        "has_playground": .value { $0.present.contains(.playground) },
        "has_states": .value { $0.present.contains(.states) },
        "gallery": .list { $0.gallery },
        "has_gallery": .value { !$0.gallery.isEmpty },
        "states": .object { $0.states },
        "has_variants": .value { $0.present.contains(.variants) },
        "variants": .object { $0.variants },
        "has_appearances": .value { $0.present.contains(.appearances) },
        "appearances": .list { $0.appearances },
        "has_properties": .value { $0.present.contains(.properties) },
        "properties": .object { $0.properties },
        "has_accessibility": .value { $0.present.contains(.accessibility) },
        "accessibility": .object { $0.accessibility },
        "readiness": .object { $0.readiness },
        "has_readiness": .value { $0.present.contains(.readiness) },
        // The In code section, on the tab that lists it; the header's usage line, on every tab.
        "has_in_code": .value { $0.present.contains(.inCode) && $0.inCode != nil },
        "has_code_report": .value { $0.inCode != nil },
        "in_code": TemplateField(shape: .object { InCode.shapes }, read: { $0.inCode.map { $0 as Any } ?? NoFields() }),
        "has_code": .value { $0.present.contains(.code) },
        "code": .object { $0.code },
        "has_changes": .value { $0.hasChanges },
        "changes_href": .value { $0.changesHref },
        "has_related": .value { $0.present.contains(.related) },
        "has_history": .value { $0.present.contains(.changes) },
        "has_examples": .value { $0.present.contains(.examples) },
        "has_screenshots": .value { $0.present.contains(.screenshots) && $0.screenshots != nil },
        "screenshots": .object { $0.screenshots },
        "has_figma_section": .value { $0.present.contains(.figma) && $0.figma != nil },
        "figma": TemplateField(shape: .object { Figma.shapes }, read: { $0.figma.map { $0 as Any } ?? NoFields() }),
        "has_conformance": .value { $0.present.contains(.conformance) && $0.conformance != nil },
        "conformance": TemplateField(shape: .object { ConformanceSection.Fields.shapes }, read: { $0.conformance.map { $0 as Any } ?? NoFields() }),
        "examples": .list { $0.webExamples },
        "history": .object { $0.history },
        "related": .list { $0.related },
    ]

    /// A declared field as templates read it: `key`, `label`, `text` (one line), `href` for a
    /// link, and each of a mapping's keys by name (`declared.figma.component`).
    static func context(_ value: DeclaredValue) -> [String: Any] {
        var context: [String: Any] = ["key": value.key, "label": value.field?.label ?? value.key, "text": value.text]
        if let href = value.href { context["href"] = href }
        for entry in value.entries { if let name = entry.name { context[name] = entry.value.value } }
        return context
    }

    package struct Summary: TemplateFields {
        package var slug: String
        package var name: String
        package var summary: String
        package var variantCount: Int

        package static let fields: [String: TemplateField<Self>] = [
            "slug": .value { $0.slug },
            "name": .value { $0.name },
            "summary": .value { $0.summary },
            "variant_count": .value { $0.variantCount },
        ]
    }

    package struct Demo: TemplateFields {
        /// The kind's optional header, rendered once above the examples.
        package var header: String
        package var kind: String
        package var kindName: String
        package var examples: [DemoFigure]
        /// The Controls playground's first render (the first example, id `<slug>-pg`).
        package var playground: DemoFigure
        /// The playground's data, from the page (`../playground.json` on a tab one folder deeper).
        package var playgroundData = PlaygroundData.fileName

        package static let fields: [String: TemplateField<Self>] = [
            "playground": .object { $0.playground },
            "playground_data": .value { $0.playgroundData },
            "header": .value { $0.header },
            "has_header": .value { !$0.header.isEmpty },
            "kind": .value { $0.kind },
            "kind_name": .value { $0.kindName },
            "examples": .list { $0.examples },
        ]

        package init(header: String, kind: String, kindName: String, examples: [DemoFigure], playground: DemoFigure) {
            self.header = header
            self.kind = kind
            self.kindName = kindName
            self.examples = examples
            self.playground = playground
        }
    }

    package struct GalleryItem: TemplateFields {
        package var name: String
        package var notes: String?
        package var markup: String
        /// `demo-roles-N` when the base example names an appearance, else empty.
        package var rolesClass: String = ""

        package static let fields: [String: TemplateField<Self>] = [
            "roles_class": .value { $0.rolesClass },
            "name": .value { $0.name },
            "notes": .value { $0.notes ?? "" },
            "has_notes": .value { $0.notes != nil },
            "markup": .value { $0.markup },
        ]
    }

    package struct States: TemplateFields {
        package var platforms: [PlatformHeading]
        package var rows: [Row]
        package var hasFigma: Bool
        package var hasNotes: Bool

        package static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
            "has_figma": .value { $0.hasFigma },
            "has_notes": .value { $0.hasNotes },
        ]

        package struct Row: TemplateFields {
            package var name: String
            package var cells: [IconCell]
            package var figma: String
            package var notes: String

            package static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "cells": .list { $0.cells },
                "figma": .value { $0.figma },
                "notes": .value { $0.notes },
            ]
        }
    }

    package struct Variants: TemplateFields {
        package var axes: [Axis]
        /// `2 × 3`
        package var formula: String
        package var count: Int
        package var sentence: String

        package static let fields: [String: TemplateField<Self>] = [
            "axes": .list { $0.axes },
            "formula": .value { $0.formula },
            "count": .value { $0.count },
            "sentence": .value { $0.sentence },
        ]

        package struct Axis: TemplateFields {
            package var name: String
            package var values: [String]

            package static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "count": .value { $0.values.count },
                "values": .list { context in context.values.indices.map { Value(value: context.values[$0], last: $0 == context.values.count - 1) } },
            ]
        }

        package struct Value: TemplateFields {
            package var value: String
            package var last: Bool

            package static let fields: [String: TemplateField<Self>] = [
                "value": .value { $0.value },
                "last": .value { $0.last },
            ]
        }
    }

    package struct Appearance: TemplateFields {
        package var contrast: [ContrastRow]
        package var name: String
        package var description: String?
        /// The appearance's own example, when it has one.
        package var markup: String
        /// The class its role stylesheet scopes the example's custom properties under.
        package var rolesClass: String
        package var tokens: [TokenRow]

        package static let fields: [String: TemplateField<Self>] = [
            "contrast": .list { $0.contrast },
            "has_contrast": .value { !$0.contrast.isEmpty },
            "name": .value { $0.name },
            "description": .value { $0.description ?? "" },
            "has_description": .value { $0.description != nil },
            "has_example": .value { !$0.markup.isEmpty },
            "markup": .value { $0.markup },
            "roles_class": .value { $0.rolesClass },
            "tokens": .list { $0.tokens },
            "has_tokens": .value { !$0.tokens.isEmpty },
        ]

        package struct TokenRow: TemplateFields {
            package var role: String
            package var token: String
            package var known: Bool
            package var isColor: Bool
            package var swatchClass: String
            package var value: String
            package var cssVariable: String
            /// `has_mode_values` and `mode_values`, as the tokens page shows them too.
            package var modeValues: ModeValues

            package static let fields: [String: TemplateField<Self>] = [
                "role": .value { $0.role },
                "token": .value { $0.token },
                "known": .value { $0.known },
                "is_color": .value { $0.isColor },
                "swatch_class": .value { $0.swatchClass },
                "value": .value { $0.value },
                "css_variable": .value { $0.cssVariable },
                "has_mode_values": .value { !$0.modeValues.values.isEmpty },
                "mode_values": .list { $0.modeValues.values },
            ]
        }

        package struct ContrastRow: TemplateFields {
            package var label: String
            package var ratio: String
            package var needed: String
            package var criterion: String
            package var result: Badge

            package static let fields: [String: TemplateField<Self>] = [
                "label": .value { $0.label },
                "ratio": .value { $0.ratio },
                "needed": .value { $0.needed },
                "criterion": .value { $0.criterion },
                "result": .object { $0.result },
            ]
        }
    }

    package struct Properties: TemplateFields {
        package var platforms: [PlatformHeading]
        package var rows: [Row]
        package var hasType: Bool
        package var hasDescription: Bool

        package static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
            "has_type": .value { $0.hasType },
            "has_description": .value { $0.hasDescription },
        ]

        package struct Row: TemplateFields {
            package var name: String
            package var type: String
            package var required: Bool
            package var description: String
            package var cells: [TextCell]

            package static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "type": .value { $0.type },
                "required": .value { $0.required },
                "description": .value { $0.description },
                "cells": .list { $0.cells },
            ]
        }
    }

    package struct Accessibility: TemplateFields {
        package var platforms: [PlatformHeading]
        package var rows: [Row]

        package static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
        ]

        package struct Row: TemplateFields {
            package var requirement: String
            package var cells: [TextCell]
            /// `WCAG 4.1.2, 1.3.1`: the criteria it serves (empty: none named).
            package var criteria: String = ""
            /// Who meets it, when not the component itself (`the product using it`).
            package var responsibility: String = ""

            package static let fields: [String: TemplateField<Self>] = [
                "requirement": .value { $0.requirement },
                "cells": .list { $0.cells },
                "criteria": .value { $0.criteria },
                "has_criteria": .value { !$0.criteria.isEmpty },
                "responsibility": .value { $0.responsibility },
                "has_responsibility": .value { !$0.responsibility.isEmpty },
            ]
        }
    }

    package struct Readiness: TemplateFields {
        package var rows: [Row]
        package var counts: [Count]
        /// Whether the code measured any criterion (the table then has a "Measured" column).
        package var hasMeasured = false

        package static let fields: [String: TemplateField<Self>] = [
            "rows": .list { $0.rows },
            "counts": .list { $0.counts },
            "has_measured_column": .value { $0.hasMeasured },
        ]

        package struct Row: TemplateFields {
            package var id: String
            package var name: String
            package var status: Badge
            package var notes: String
            /// The status the code measures (C4, C7), when it measures one.
            package var measured: Badge? = nil
            package var evidence: String = ""
            /// Where the measured status comes from: "From code" (C4, C7), "From screenshots" (C5).
            package var measuredFrom: String = ""
            package var disagrees = false

            package static let fields: [String: TemplateField<Self>] = [
                "id": .value { $0.id },
                "name": .value { $0.name },
                "status": .object { $0.status },
                "notes": .value { $0.notes },
                "has_measured": .value { $0.measured != nil },
                "measured": TemplateField(shape: .object { Badge.shapes }, read: { $0.measured.map { $0 as Any } ?? NoFields() }),
                "evidence": .value { $0.evidence },
                "measured_from": .value { $0.measuredFrom },
                "disagrees": .value { $0.disagrees },
            ]
        }

        package struct Count: TemplateFields {
            package var label: String
            package var count: Int

            package static let fields: [String: TemplateField<Self>] = [
                "label": .value { $0.label },
                "count": .value { $0.count },
            ]
        }
    }

    /// What the code says of the component: `sections/in-code`.
    package struct InCode: TemplateFields {
        package var implementations: [Implementation]
        package var usage: String
        package var countsUsage: Bool
        package var usageFiles: [UsageFile]

        package static let fields: [String: TemplateField<Self>] = [
            "implementations": .list { $0.implementations },
            "has_implementations": .value { !$0.implementations.isEmpty },
            "usage": .value { $0.usage },
            "counts_usage": .value { $0.countsUsage },
            "usage_files": .list { $0.usageFiles },
            "has_usage_files": .value { !$0.usageFiles.isEmpty },
        ]

        package struct Implementation: TemplateFields {
            package var platform: String
            package var name: String
            package var place: String
            package var link: String
            package var mismatches: Int
            package var undocumented: Int

            package static let fields: [String: TemplateField<Self>] = [
                "platform": .value { $0.platform },
                "name": .value { $0.name },
                "found": .value { !$0.place.isEmpty },
                "place": .value { $0.place },
                "linked": .value { !$0.link.isEmpty },
                "link": .value { $0.link },
                "mismatches": .value { $0.mismatches },
                "has_mismatches": .value { $0.mismatches > 0 },
                "undocumented": .value { $0.undocumented },
                "has_undocumented": .value { $0.undocumented > 0 },
            ]

            package init(platform: String, name: String, place: String, link: String, mismatches: Int, undocumented: Int) {
                self.platform = platform
                self.name = name
                self.place = place
                self.link = link
                self.mismatches = mismatches
                self.undocumented = undocumented
            }
        }

        package struct UsageFile: TemplateFields {
            package var platform: String
            package var file: String
            package var calls: Int

            package static let fields: [String: TemplateField<Self>] = [
                "platform": .value { $0.platform },
                "file": .value { $0.file },
                "calls": .value { $0.calls },
                "calls_label": .value { CodeReport.count($0.calls, "call") },
            ]
        }
    }

    package struct Code: TemplateFields {
        package var tabs: [Tab]
        package var id: String

        package static let fields: [String: TemplateField<Self>] = [
            "tabs": .list { $0.tabs },
            "id": .value { $0.id },
        ]

        package struct Tab: TemplateFields {
            package var panelID: String
            package var label: String
            package var language: String
            package var code: String
            package var first = false

            package static let fields: [String: TemplateField<Self>] = [
                "panel_id": .value { $0.panelID },
                "label": .value { $0.label },
                "language": .value { $0.language },
                "code": .value { $0.code },
                // The code as the text of a `<pre>`: only `&` and `<` escaped, its quotes as
                // written (printed with `{{{code_html}}}`).
                "code_html": .value { HTMLEscape.content($0.code) },
                "first": .value { $0.first },
            ]
        }
    }
}

/// A link to a related component, as its page shows it. Hashable: it is part of the page's
/// memo key, so whatever the page shows of another component is in the key by construction.
package struct RelatedLink: TemplateFields, Hashable {
    package var name: String
    package var summary: String
    package var href: String

    package static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "summary": .value { $0.summary },
        "href": .value { $0.href },
    ]
}

/// An entry of a page's table of contents.
/// A link of a tabbed component's tab navigation.
package struct TabLink: TemplateFields {
    package var title: String
    package var href: String
    package var current: Bool

    package static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "href": .value { $0.href },
        "current": .value { $0.current },
    ]
}

package struct TOCEntry: TemplateFields {
    package var id: String
    package var text: String
    package var level: Int

    package static let fields: [String: TemplateField<Self>] = [
        "id": .value { $0.id },
        "text": .value { $0.text },
        "level": .value { $0.level },
        "nested": .value { $0.level > 2 },
    ]
}

/// A status shown as a label and an icon (never by colour alone). `id` and `assessed` are set
/// for readiness statuses only; a pass/fail badge leaves them to the enclosing context.
package struct Badge: TemplateFields, Hashable {
    package var label: String
    package var tone: String
    package var icon: String
    package var id: String?
    package var assessed: Bool?

    package static let fields: [String: TemplateField<Self>] = [
        "label": .value { $0.label },
        "tone": .value { $0.tone },
        "icon": .value { $0.icon },
        "id": .optional { $0.id },
        "assessed": .optional { $0.assessed },
    ]
}

/// A table cell shown as text with a class and an icon (the support tables).
package struct IconCell: TemplateFields {
    package var text: String
    package var cssClass: String
    package var icon: String
    /// Its column's heading, which a table stacked into one card per row shows beside it.
    package var label: String = ""

    package static let fields: [String: TemplateField<Self>] = [
        "label": .value { $0.label },
        "text": .value { $0.text },
        "class": .value { $0.cssClass },
        "icon": .value { $0.icon },
    ]
}

/// A table cell of plain text.
package struct TextCell: TemplateFields {
    package var text: String
    /// Its column's heading, which a table stacked into one card per row shows beside it.
    package var label: String = ""

    package static let fields: [String: TemplateField<Self>] = ["text": .value { $0.text }, "label": .value { $0.label }]
}

/// A platform column heading (`SwiftUI`, `Compose`).
package struct PlatformHeading: TemplateFields {
    package var name: String

    package static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }]
}

/// A rendered demo example with its title.
package struct DemoFigure: TemplateFields {
    package var title: String
    package var markup: String
    package var kind: String
    /// `demo-roles-N` for an example that names its appearance (`appearance:`), else empty.
    package var rolesClass: String = ""

    package static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "markup": .value { $0.markup },
        // The example's HTML as text, for the "Show code" disclosure beside it.
        "source": .value { $0.markup.trimmingCharacters(in: .whitespacesAndNewlines) },
        "kind": .value { $0.kind },
        "roles_class": .value { $0.rolesClass },
    ]
}
