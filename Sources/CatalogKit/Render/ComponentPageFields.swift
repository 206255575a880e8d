/// What `page-component.mustache` and its `sections/` partials read: one stored property per
/// name, answered in `child(named:)`. Names are those of the templates (`has_demo`, `roles_class`).
struct ComponentPageFields: TemplateContext {
    var component: Summary
    var status: Badge
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
    var code: Code
    var hasChanges: Bool
    var changesHref: String
    var related: [RelatedLink]

    func child(named name: String) -> Any? {
        switch name {
        case "component": component
        case "status": status
        case "has_prose": hasProse
        case "prose": prose
        case "extra": extra
        case "toc": toc
        case "has_toc": !toc.isEmpty
        case "titles": titles
        case "has_demo": present.contains("demo")
        // Without a demo the section is an empty context, as it always was.
        case "demo": demo.map { $0 as Any } ?? NoFields()
        case "has_states": present.contains("states")
        case "gallery": gallery
        case "has_gallery": !gallery.isEmpty
        case "states": states
        case "has_variants": present.contains("variants")
        case "variants": variants
        case "has_appearances": present.contains("appearances")
        case "appearances": appearances
        case "has_properties": present.contains("properties")
        case "properties": properties
        case "has_accessibility": present.contains("accessibility")
        case "accessibility": accessibility
        case "readiness": readiness
        case "has_code": present.contains("code")
        case "code": code
        case "has_changes": hasChanges
        case "changes_href": changesHref
        case "has_related": present.contains("related")
        case "related": related
        default: nil
        }
    }

    struct Summary: TemplateContext {
        var slug: String
        var name: String
        var summary: String
        var variantCount: Int

        func child(named name: String) -> Any? {
            switch name {
            case "slug": slug
            case "name": self.name
            case "summary": summary
            case "variant_count": variantCount
            default: nil
            }
        }
    }

    struct Demo: TemplateContext {
        /// The kind's optional header, rendered once above the examples.
        var header: String
        var kind: String
        var kindName: String
        var examples: [DemoFigure]

        func child(named name: String) -> Any? {
            switch name {
            case "header": header
            case "has_header": !header.isEmpty
            case "kind": kind
            case "kind_name": kindName
            case "examples": examples
            default: nil
            }
        }
    }

    struct GalleryItem: TemplateContext {
        var name: String
        var notes: String?
        var markup: String

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "notes": notes ?? ""
            case "has_notes": notes != nil
            case "markup": markup
            default: nil
            }
        }
    }

    struct States: TemplateContext {
        var platforms: [PlatformHeading]
        var rows: [Row]
        var hasFigma: Bool
        var hasNotes: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "platforms": platforms
            case "rows": rows
            case "has_figma": hasFigma
            case "has_notes": hasNotes
            default: nil
            }
        }

        struct Row: TemplateContext {
            var name: String
            var cells: [IconCell]
            var figma: String
            var notes: String

            func child(named name: String) -> Any? {
                switch name {
                case "name": self.name
                case "cells": cells
                case "figma": figma
                case "notes": notes
                default: nil
                }
            }
        }
    }

    struct Variants: TemplateContext {
        var axes: [Axis]
        /// `2 × 3`
        var formula: String
        var count: Int
        var sentence: String

        func child(named name: String) -> Any? {
            switch name {
            case "axes": axes
            case "formula": formula
            case "count": count
            case "sentence": sentence
            default: nil
            }
        }

        struct Axis: TemplateContext {
            var name: String
            var values: [String]

            func child(named name: String) -> Any? {
                switch name {
                case "name": self.name
                case "count": values.count
                case "values": values.indices.map { Value(value: values[$0], last: $0 == values.count - 1) }
                default: nil
                }
            }
        }

        struct Value: TemplateContext {
            var value: String
            var last: Bool

            func child(named name: String) -> Any? {
                switch name {
                case "value": value
                case "last": last
                default: nil
                }
            }
        }
    }

    struct Appearance: TemplateContext {
        var contrast: [ContrastRow]
        var name: String
        var description: String?
        /// The appearance's own example, when it has one.
        var markup: String
        /// The class its role stylesheet scopes the example's custom properties under.
        var rolesClass: String
        var tokens: [TokenRow]

        func child(named name: String) -> Any? {
            switch name {
            case "contrast": contrast
            case "has_contrast": !contrast.isEmpty
            case "name": self.name
            case "description": description ?? ""
            case "has_description": description != nil
            case "has_example": !markup.isEmpty
            case "markup": markup
            case "roles_class": rolesClass
            case "tokens": tokens
            case "has_tokens": !tokens.isEmpty
            default: nil
            }
        }

        struct TokenRow: TemplateContext {
            var role: String
            var token: String
            var known: Bool
            var isColor: Bool
            var swatchClass: String
            var value: String
            var cssVariable: String
            /// `has_mode_values` and `mode_values`, as the tokens page shows them too.
            var modeValues: ModeValues

            func child(named name: String) -> Any? {
                switch name {
                case "role": role
                case "token": token
                case "known": known
                case "is_color": isColor
                case "swatch_class": swatchClass
                case "value": value
                case "css_variable": cssVariable
                default: modeValues.child(named: name)
                }
            }
        }

        struct ContrastRow: TemplateContext {
            var label: String
            var ratio: String
            var needed: String
            var criterion: String
            var result: Badge

            func child(named name: String) -> Any? {
                switch name {
                case "label": label
                case "ratio": ratio
                case "needed": needed
                case "criterion": criterion
                case "result": result
                default: nil
                }
            }
        }
    }

    struct Properties: TemplateContext {
        var platforms: [PlatformHeading]
        var rows: [Row]
        var hasType: Bool
        var hasDescription: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "platforms": platforms
            case "rows": rows
            case "has_type": hasType
            case "has_description": hasDescription
            default: nil
            }
        }

        struct Row: TemplateContext {
            var name: String
            var type: String
            var required: Bool
            var description: String
            var cells: [TextCell]

            func child(named name: String) -> Any? {
                switch name {
                case "name": self.name
                case "type": type
                case "required": required
                case "description": description
                case "cells": cells
                default: nil
                }
            }
        }
    }

    struct Accessibility: TemplateContext {
        var platforms: [PlatformHeading]
        var rows: [Row]

        func child(named name: String) -> Any? {
            switch name {
            case "platforms": platforms
            case "rows": rows
            default: nil
            }
        }

        struct Row: TemplateContext {
            var requirement: String
            var cells: [TextCell]

            func child(named name: String) -> Any? {
                switch name {
                case "requirement": requirement
                case "cells": cells
                default: nil
                }
            }
        }
    }

    struct Readiness: TemplateContext {
        var rows: [Row]
        var counts: [Count]

        func child(named name: String) -> Any? {
            switch name {
            case "rows": rows
            case "counts": counts
            default: nil
            }
        }

        struct Row: TemplateContext {
            var id: String
            var name: String
            var status: Badge
            var notes: String

            func child(named name: String) -> Any? {
                switch name {
                case "id": id
                case "name": self.name
                case "status": status
                case "notes": notes
                default: nil
                }
            }
        }

        struct Count: TemplateContext {
            var label: String
            var count: Int

            func child(named name: String) -> Any? {
                switch name {
                case "label": label
                case "count": count
                default: nil
                }
            }
        }
    }

    struct Code: TemplateContext {
        var tabs: [Tab]
        var id: String

        func child(named name: String) -> Any? {
            switch name {
            case "tabs": tabs
            case "id": id
            default: nil
            }
        }

        struct Tab: TemplateContext {
            var panelID: String
            var label: String
            var language: String
            var code: String
            var first = false

            func child(named name: String) -> Any? {
                switch name {
                case "panel_id": panelID
                case "label": label
                case "language": language
                case "code": code
                case "first": first
                default: nil
                }
            }
        }
    }
}

/// A link to a related component, as its page shows it. Hashable: it is part of the page's
/// memo key, so whatever the page shows of another component is in the key by construction.
struct RelatedLink: TemplateContext, Hashable {
    var name: String
    var summary: String
    var href: String

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "summary": summary
        case "href": href
        default: nil
        }
    }
}

/// An entry of a page's table of contents.
struct TOCEntry: TemplateContext {
    var id: String
    var text: String
    var level: Int

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "text": text
        case "level": level
        case "nested": level > 2
        default: nil
        }
    }
}

/// A status shown as a label and an icon (never by colour alone). `id` and `assessed` are set
/// for readiness statuses only; a pass/fail badge leaves them to the enclosing context.
struct Badge: TemplateContext, Hashable {
    var label: String
    var tone: String
    var icon: String
    var id: String?
    var assessed: Bool?

    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "tone": tone
        case "icon": icon
        case "id": id
        case "assessed": assessed
        default: nil
        }
    }
}

/// A table cell shown as text with a class and an icon (the support tables).
struct IconCell: TemplateContext {
    var text: String
    var cssClass: String
    var icon: String

    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "class": cssClass
        case "icon": icon
        default: nil
        }
    }
}

/// A table cell of plain text.
struct TextCell: TemplateContext {
    var text: String

    func child(named name: String) -> Any? {
        name == "text" ? text : nil
    }
}

/// A platform column heading (`SwiftUI`, `Compose`).
struct PlatformHeading: TemplateContext {
    var name: String

    func child(named name: String) -> Any? {
        name == "name" ? self.name : nil
    }
}

/// A rendered demo example with its title.
struct DemoFigure: TemplateContext {
    var title: String
    var markup: String
    var kind: String

    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "markup": markup
        case "kind": kind
        default: nil
        }
    }
}
