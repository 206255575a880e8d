/// What `page-component.mustache` and its `sections/` partials read: one stored property per
/// name, answered in `child(named:)`. Names are those of the templates (`has_demo`, `roles_class`).
struct ComponentPageFields: TemplateFields {
    var component: Summary
    var status: Badge
    var lifecycle: LifecycleBadge?
    var hasProse: Bool
    var prose: String
    /// The page's free `extra:` front matter, as the template reads it.
    var extra: Any
    var toc: [TOCEntry]
    /// Section id → its heading.
    var titles: [String: String]
    /// The ids of the sections the page has.
    var present: Set<String>
    var demo: Demo?
    var gallery: [GalleryItem]
    var states: States
    var variants: Variants
    var appearances: [Appearance]
    var properties: Properties
    var accessibility: Accessibility
    var readiness: Readiness
    var inCode: InCode?
    var code: Code
    var hasChanges: Bool
    var changesHref: String
    var related: [RelatedLink]

    static let fields: [String: TemplateField<Self>] = [
        "component": .object { $0.component },
        "status": .object { $0.status },
        "has_lifecycle": .value { $0.lifecycle != nil },
        "lifecycle": TemplateField(shape: .object { LifecycleBadge.shapes }, read: { $0.lifecycle.map { $0 as Any } ?? NoFields() }),
        "has_prose": .value { $0.hasProse },
        "prose": .value { $0.prose },
        "extra": .open { $0.extra },
        "toc": .list { $0.toc },
        "has_toc": .value { !$0.toc.isEmpty },
        "titles": .open { $0.titles },
        "has_demo": .value { $0.present.contains("demo") },
        // Without a demo the section is an empty context, as it always was.
        "demo": TemplateField(shape: .object { Demo.shapes }, read: { $0.demo.map { $0 as Any } ?? NoFields() }),
        "has_playground": .value { $0.present.contains("playground") },
        "has_states": .value { $0.present.contains("states") },
        "gallery": .list { $0.gallery },
        "has_gallery": .value { !$0.gallery.isEmpty },
        "states": .object { $0.states },
        "has_variants": .value { $0.present.contains("variants") },
        "variants": .object { $0.variants },
        "has_appearances": .value { $0.present.contains("appearances") },
        "appearances": .list { $0.appearances },
        "has_properties": .value { $0.present.contains("properties") },
        "properties": .object { $0.properties },
        "has_accessibility": .value { $0.present.contains("accessibility") },
        "accessibility": .object { $0.accessibility },
        "readiness": .object { $0.readiness },
        "has_in_code": .value { $0.inCode != nil },
        "in_code": TemplateField(shape: .object { InCode.shapes }, read: { $0.inCode.map { $0 as Any } ?? NoFields() }),
        "has_code": .value { $0.present.contains("code") },
        "code": .object { $0.code },
        "has_changes": .value { $0.hasChanges },
        "changes_href": .value { $0.changesHref },
        "has_related": .value { $0.present.contains("related") },
        "related": .list { $0.related },
    ]

    struct Summary: TemplateFields {
        var slug: String
        var name: String
        var summary: String
        var variantCount: Int

        static let fields: [String: TemplateField<Self>] = [
            "slug": .value { $0.slug },
            "name": .value { $0.name },
            "summary": .value { $0.summary },
            "variant_count": .value { $0.variantCount },
        ]
    }

    struct Demo: TemplateFields {
        /// The kind's optional header, rendered once above the examples.
        var header: String
        var kind: String
        var kindName: String
        var examples: [DemoFigure]
        /// The Controls playground's first render (the first example, id `<slug>-pg`).
        var playground: DemoFigure

        static let fields: [String: TemplateField<Self>] = [
            "playground": .object { $0.playground },
            "playground_data": .value { _ in PlaygroundData.fileName },
            "header": .value { $0.header },
            "has_header": .value { !$0.header.isEmpty },
            "kind": .value { $0.kind },
            "kind_name": .value { $0.kindName },
            "examples": .list { $0.examples },
        ]
    }

    struct GalleryItem: TemplateFields {
        var name: String
        var notes: String?
        var markup: String
        /// `demo-roles-N` when the base example names an appearance, else empty.
        var rolesClass: String = ""

        static let fields: [String: TemplateField<Self>] = [
            "roles_class": .value { $0.rolesClass },
            "name": .value { $0.name },
            "notes": .value { $0.notes ?? "" },
            "has_notes": .value { $0.notes != nil },
            "markup": .value { $0.markup },
        ]
    }

    struct States: TemplateFields {
        var platforms: [PlatformHeading]
        var rows: [Row]
        var hasFigma: Bool
        var hasNotes: Bool

        static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
            "has_figma": .value { $0.hasFigma },
            "has_notes": .value { $0.hasNotes },
        ]

        struct Row: TemplateFields {
            var name: String
            var cells: [IconCell]
            var figma: String
            var notes: String

            static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "cells": .list { $0.cells },
                "figma": .value { $0.figma },
                "notes": .value { $0.notes },
            ]
        }
    }

    struct Variants: TemplateFields {
        var axes: [Axis]
        /// `2 × 3`
        var formula: String
        var count: Int
        var sentence: String

        static let fields: [String: TemplateField<Self>] = [
            "axes": .list { $0.axes },
            "formula": .value { $0.formula },
            "count": .value { $0.count },
            "sentence": .value { $0.sentence },
        ]

        struct Axis: TemplateFields {
            var name: String
            var values: [String]

            static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "count": .value { $0.values.count },
                "values": .list { context in context.values.indices.map { Value(value: context.values[$0], last: $0 == context.values.count - 1) } },
            ]
        }

        struct Value: TemplateFields {
            var value: String
            var last: Bool

            static let fields: [String: TemplateField<Self>] = [
                "value": .value { $0.value },
                "last": .value { $0.last },
            ]
        }
    }

    struct Appearance: TemplateFields {
        var contrast: [ContrastRow]
        var name: String
        var description: String?
        /// The appearance's own example, when it has one.
        var markup: String
        /// The class its role stylesheet scopes the example's custom properties under.
        var rolesClass: String
        var tokens: [TokenRow]

        static let fields: [String: TemplateField<Self>] = [
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

        struct TokenRow: TemplateFields {
            var role: String
            var token: String
            var known: Bool
            var isColor: Bool
            var swatchClass: String
            var value: String
            var cssVariable: String
            /// `has_mode_values` and `mode_values`, as the tokens page shows them too.
            var modeValues: ModeValues

            static let fields: [String: TemplateField<Self>] = [
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

        struct ContrastRow: TemplateFields {
            var label: String
            var ratio: String
            var needed: String
            var criterion: String
            var result: Badge

            static let fields: [String: TemplateField<Self>] = [
                "label": .value { $0.label },
                "ratio": .value { $0.ratio },
                "needed": .value { $0.needed },
                "criterion": .value { $0.criterion },
                "result": .object { $0.result },
            ]
        }
    }

    struct Properties: TemplateFields {
        var platforms: [PlatformHeading]
        var rows: [Row]
        var hasType: Bool
        var hasDescription: Bool

        static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
            "has_type": .value { $0.hasType },
            "has_description": .value { $0.hasDescription },
        ]

        struct Row: TemplateFields {
            var name: String
            var type: String
            var required: Bool
            var description: String
            var cells: [TextCell]

            static let fields: [String: TemplateField<Self>] = [
                "name": .value { $0.name },
                "type": .value { $0.type },
                "required": .value { $0.required },
                "description": .value { $0.description },
                "cells": .list { $0.cells },
            ]
        }
    }

    struct Accessibility: TemplateFields {
        var platforms: [PlatformHeading]
        var rows: [Row]

        static let fields: [String: TemplateField<Self>] = [
            "platforms": .list { $0.platforms },
            "rows": .list { $0.rows },
        ]

        struct Row: TemplateFields {
            var requirement: String
            var cells: [TextCell]

            static let fields: [String: TemplateField<Self>] = [
                "requirement": .value { $0.requirement },
                "cells": .list { $0.cells },
            ]
        }
    }

    struct Readiness: TemplateFields {
        var rows: [Row]
        var counts: [Count]
        /// Whether the code measured any criterion (the table then has a "Measured" column).
        var hasMeasured = false

        static let fields: [String: TemplateField<Self>] = [
            "rows": .list { $0.rows },
            "counts": .list { $0.counts },
            "has_measured_column": .value { $0.hasMeasured },
        ]

        struct Row: TemplateFields {
            var id: String
            var name: String
            var status: Badge
            var notes: String
            /// The status the code measures (C4, C7), when it measures one.
            var measured: Badge? = nil
            var evidence: String = ""
            var disagrees = false

            static let fields: [String: TemplateField<Self>] = [
                "id": .value { $0.id },
                "name": .value { $0.name },
                "status": .object { $0.status },
                "notes": .value { $0.notes },
                "has_measured": .value { $0.measured != nil },
                "measured": TemplateField(shape: .object { Badge.shapes }, read: { $0.measured.map { $0 as Any } ?? NoFields() }),
                "evidence": .value { $0.evidence },
                "disagrees": .value { $0.disagrees },
            ]
        }

        struct Count: TemplateFields {
            var label: String
            var count: Int

            static let fields: [String: TemplateField<Self>] = [
                "label": .value { $0.label },
                "count": .value { $0.count },
            ]
        }
    }

    /// What the code says of the component: `sections/in-code`.
    struct InCode: TemplateFields {
        var implementations: [Implementation]
        var usage: String
        var countsUsage: Bool
        var usageFiles: [UsageFile]

        static let fields: [String: TemplateField<Self>] = [
            "implementations": .list { $0.implementations },
            "has_implementations": .value { !$0.implementations.isEmpty },
            "usage": .value { $0.usage },
            "counts_usage": .value { $0.countsUsage },
            "usage_files": .list { $0.usageFiles },
            "has_usage_files": .value { !$0.usageFiles.isEmpty },
        ]

        struct Implementation: TemplateFields {
            var platform: String
            var name: String
            var place: String
            var link: String
            var mismatches: Int
            var undocumented: Int

            static let fields: [String: TemplateField<Self>] = [
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
        }

        struct UsageFile: TemplateFields {
            var platform: String
            var file: String
            var calls: Int

            static let fields: [String: TemplateField<Self>] = [
                "platform": .value { $0.platform },
                "file": .value { $0.file },
                "calls": .value { $0.calls },
                "calls_label": .value { CodeReport.count($0.calls, "call") },
            ]
        }
    }

    struct Code: TemplateFields {
        var tabs: [Tab]
        var id: String

        static let fields: [String: TemplateField<Self>] = [
            "tabs": .list { $0.tabs },
            "id": .value { $0.id },
        ]

        struct Tab: TemplateFields {
            var panelID: String
            var label: String
            var language: String
            var code: String
            var first = false

            static let fields: [String: TemplateField<Self>] = [
                "panel_id": .value { $0.panelID },
                "label": .value { $0.label },
                "language": .value { $0.language },
                "code": .value { $0.code },
                "first": .value { $0.first },
            ]
        }
    }
}

/// A link to a related component, as its page shows it. Hashable: it is part of the page's
/// memo key, so whatever the page shows of another component is in the key by construction.
struct RelatedLink: TemplateFields, Hashable {
    var name: String
    var summary: String
    var href: String

    static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "summary": .value { $0.summary },
        "href": .value { $0.href },
    ]
}

/// An entry of a page's table of contents.
struct TOCEntry: TemplateFields {
    var id: String
    var text: String
    var level: Int

    static let fields: [String: TemplateField<Self>] = [
        "id": .value { $0.id },
        "text": .value { $0.text },
        "level": .value { $0.level },
        "nested": .value { $0.level > 2 },
    ]
}

/// A status shown as a label and an icon (never by colour alone). `id` and `assessed` are set
/// for readiness statuses only; a pass/fail badge leaves them to the enclosing context.
struct Badge: TemplateFields, Hashable {
    var label: String
    var tone: String
    var icon: String
    var id: String?
    var assessed: Bool?

    static let fields: [String: TemplateField<Self>] = [
        "label": .value { $0.label },
        "tone": .value { $0.tone },
        "icon": .value { $0.icon },
        "id": .optional { $0.id },
        "assessed": .optional { $0.assessed },
    ]
}

/// A table cell shown as text with a class and an icon (the support tables).
struct IconCell: TemplateFields {
    var text: String
    var cssClass: String
    var icon: String

    static let fields: [String: TemplateField<Self>] = [
        "text": .value { $0.text },
        "class": .value { $0.cssClass },
        "icon": .value { $0.icon },
    ]
}

/// A table cell of plain text.
struct TextCell: TemplateFields {
    var text: String

    static let fields: [String: TemplateField<Self>] = ["text": .value { $0.text }]
}

/// A platform column heading (`SwiftUI`, `Compose`).
struct PlatformHeading: TemplateFields {
    var name: String

    static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }]
}

/// A rendered demo example with its title.
struct DemoFigure: TemplateFields {
    var title: String
    var markup: String
    var kind: String
    /// `demo-roles-N` for an example that names its appearance (`appearance:`), else empty.
    var rolesClass: String = ""

    static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "markup": .value { $0.markup },
        // The example's HTML as text, for the "Show code" disclosure beside it.
        "source": .value { $0.markup.trimmingCharacters(in: .whitespacesAndNewlines) },
        "kind": .value { $0.kind },
        "roles_class": .value { $0.rolesClass },
    ]
}
