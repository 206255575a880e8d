import CatalogCore
import CatalogSyntax
import CatalogModel
/// `components.schema.json`: the JSON Schema (draft 2020-12) of `components.json` (the index) and
/// of each `component.json` (`#/$defs/component`), shipped with the site; its version is
/// `ComponentData.version`.
package enum ComponentSchema {
    /// The schema for `catalog`: with `code:`, components may carry `implementation`.
    package static func text(for catalog: Catalog) -> String {
        catalog.code == nil ? text : withImplementation
    }

    /// `implementation`: what the code says of a component (`CodeReport.json`).
    package static let implementation = #"""
            "implementation": {
              "type": "object", "required": ["platforms", "measured", "usage"], "additionalProperties": false,
              "description": "What the sources catalog.yaml's code: names say of the component.",
              "properties": {
                "platforms": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["platform", "name", "found", "linked", "mismatches", "undocumented"], "additionalProperties": false,
                    "properties": {
                      "platform": { "enum": ["swiftui", "compose"] },
                      "name": { "type": "string" },
                      "found": { "type": "boolean" },
                      "file": { "type": ["string", "null"] },
                      "line": { "type": ["integer", "null"] },
                      "linked": { "type": "boolean", "description": "A Figma Code Connect declaration names it." },
                      "link": { "oneOf": [{ "type": "null" }, { "type": "object", "required": ["file", "line"], "properties": { "file": { "type": "string" }, "line": { "type": "integer" } } }] },
                      "mismatches": { "type": "integer", "minimum": 0 },
                      "undocumented": { "type": "integer", "minimum": 0 }
                    }
                  }
                },
                "measured": {
                  "type": "array",
                  "items": { "type": "object", "required": ["criterion", "status", "label", "evidence"], "additionalProperties": false, "properties": { "criterion": { "type": "string" }, "status": { "type": "string" }, "label": { "type": "string" }, "evidence": { "type": "string" } } }
                },
                "usage": {
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object", "required": ["files", "platforms"], "additionalProperties": false,
                      "properties": {
                        "files": { "type": "integer", "minimum": 0 },
                        "platforms": { "type": "array", "items": { "type": "object", "required": ["platform", "calls", "files"], "additionalProperties": false, "properties": { "platform": { "type": "string" }, "calls": { "type": "integer" }, "files": { "type": "array", "items": { "type": "object", "required": ["file", "calls"], "properties": { "file": { "type": "string" }, "calls": { "type": "integer" } } } } } } }
                      }
                    }
                  ]
                }
              }
            },

    """#

    package static let withImplementation: String = {
        let anchor = "\"related\": { \"type\": \"array\", \"items\": { \"type\": \"string\" } },\n"
        guard let range = text.range(of: anchor) else { return text }
        return text.replacingCharacters(in: range, with: anchor + implementation)
    }()

    /// component.yaml's declared fields shown in component.json (`ComponentFields`), one
    /// schema property each, with the comma that follows it.
    static var declaredProperties: String {
        ComponentFields.declared.filter { $0.shows.contains(.json) }.map { field in
            let shape = switch field.holds {
            case .text, .link: #"{ "type": "string", "description": \#(JSONText.quoted(field.doc)) }"#
            case .texts: #"{ "type": "array", "items": { "type": "string" }, "description": \#(JSONText.quoted(field.doc)) }"#
            case .object(let keys):
                #"{ "type": "object", "additionalProperties": false, "minProperties": 1, "properties": { \#(keys.map { #"\#(JSONText.quoted($0)): { "type": "string" }"# }.joined(separator: ", ")) }, "description": \#(JSONText.quoted(field.doc)) }"#
            }
            return "            \(JSONText.quoted(field.key)): \(shape),"
        }.joined(separator: "\n")
    }

    package static let text = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "components.schema.json",
      "$comment": "Version 2: components.json says `\"version\": 2`; a change that is not backward compatible raises both. Version 1 repeated every component.json in `components`; version 2 lists an entry per component whose `data` is the path of its component.json.",
      "title": "catalog-build components",
      "description": "The components of a catalog-build catalog, as components.json lists them: an entry per component, whose `data` is the path (from the site's root) of its components/<slug>/component.json, which holds the component whole (validate it against #/$defs/component).",
      "type": "object",
      "required": ["version", "title", "components"],
      "additionalProperties": false,
      "properties": {
        "$schema": { "type": "string" },
        "version": { "const": 2 },
        "title": { "type": "string" },
        "description": { "type": ["string", "null"] },
        "modes": { "type": "array", "items": { "type": "string" }, "description": "The token mode resolutions, as `modifier=context` lists; a mode named in a value is one of these." },
        "components": { "type": "array", "items": { "$ref": "#/$defs/entry" } }
      },
      "$defs": {
        "entry": {
          "type": "object",
          "required": ["slug", "name", "summary", "url", "markdown", "data", "readiness"],
          "additionalProperties": false,
          "description": "A component as components.json lists it; the same values as its component.json.",
          "properties": {
            "slug": { "type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$" },
            "name": { "type": "string" },
            "summary": { "type": "string" },
            "description": { "type": ["string", "null"] },
            "group": { "type": ["string", "null"] },
            "lifecycle": { "enum": [\#(Lifecycle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), null] },
            "replacement": { "type": ["string", "null"] },
            "readiness": { "oneOf": [{ "type": "null" }, { "type": "object", "required": ["id", "label"], "additionalProperties": false, "properties": { "id": { "type": "string" }, "label": { "type": "string" } } }], "description": "The component's overall readiness status, as component.json's readiness.status." },
            "url": { "type": "string", "description": "The component's page, from the site's root." },
            "markdown": { "type": "string", "description": "The page's Markdown twin, from the site's root." },
            "data": { "type": "string", "description": "Its component.json, from the site's root: the component whole (#/$defs/component)." }
          }
        },
        "source": {
          "type": "object", "required": ["file", "line"], "additionalProperties": false,
          "description": "Where it is written: a path relative to the catalog folder and a 1-based line.",
          "properties": { "file": { "type": "string" }, "line": { "type": "integer", "minimum": 1 } }
        },
        "platformTexts": { "type": "object", "additionalProperties": { "type": "string" } },
        "exampleValue": {
          "anyOf": [
            { "type": ["string", "number", "boolean", "null"] },
            { "type": "array", "items": { "$ref": "#/$defs/exampleValue" } },
            { "type": "object", "additionalProperties": { "$ref": "#/$defs/exampleValue" } }
          ]
        },
        "component": {
          "type": "object",
          "required": ["slug", "name", "summary", "url", "markdown", "source", "properties", "states", "variants", "appearances", "contrast", "accessibility", "readiness", "code", "related", "demo"],
          "additionalProperties": false,
          "properties": {
            "slug": { "type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$" },
            "name": { "type": "string" },
            "summary": { "type": "string" },
            "description": { "type": ["string", "null"], "description": "The front-matter description of the page's index.md, which cards, search and the page's meta description use instead of the summary." },
            "group": { "type": ["string", "null"] },
            "lifecycle": { "enum": [\#(Lifecycle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), null] },
            "replacement": { "type": ["string", "null"], "description": "The slug of the component to use instead of a deprecated one." },
            "extra": { "description": "extra: in component.yaml, as written: the team's own data (YAML scalars as strings, mappings in the order written). Absent when the component has none." },
    \#(declaredProperties)
            "conformance": {
              "type": "object", "required": ["standard", "level", "audited", "browser", "auditStale", "criteria"], "additionalProperties": false,
              "description": "Accessibility conformance from evidence (conformance: in catalog.yaml): each WCAG criterion's result and what it rests on.",
              "properties": {
                "standard": { "type": "string" }, "level": { "enum": ["A", "AA", "AAA"] },
                "audited": { "type": ["string", "null"], "description": "The day catalog-build audit last ran for the component." },
                "browser": { "type": ["string", "null"] },
                "auditStale": { "type": "boolean", "description": "Whether the audit's results were made from other inputs than the component has now." },
                "criteria": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["id", "name", "level", "result", "summary", "requirements", "evidence"], "additionalProperties": false,
                    "properties": {
                      "id": { "type": "string" }, "name": { "type": "string" }, "level": { "enum": ["A", "AA", "AAA"] },
                      "result": { "enum": ["supports", "partially-supports", "does-not-support", "not-applicable", "not-evaluated"] },
                      "summary": { "type": "string" },
                      "requirements": { "type": "array", "items": { "type": "object", "required": ["requirement", "responsibility"], "additionalProperties": false, "properties": { "requirement": { "type": "string" }, "responsibility": { "enum": ["component", "shared", "consumer"] } } } },
                      "evidence": {
                        "type": "array",
                        "items": {
                          "type": "object", "required": ["source", "result", "stale", "text"], "additionalProperties": false,
                          "properties": {
                            "source": { "enum": ["audit", "contrast", "manual"] },
                            "result": { "enum": ["supports", "partially-supports", "does-not-support", "not-applicable", "not-evaluated"] },
                            "stale": { "type": "boolean" }, "text": { "type": "string" },
                            "file": { "type": "string" }, "line": { "type": "integer", "minimum": 0 }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "figmaParity": {
              "type": "object", "required": ["reference", "set", "matches", "differences", "boundTokens", "render", "measured"], "additionalProperties": false,
              "description": "The saved Figma file against the component (figma: in catalog.yaml and in component.yaml): the component set, each difference located, the tokens bound in Figma.",
              "properties": {
                "reference": { "type": "string", "description": "What figma: in component.yaml names." },
                "set": {
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object", "required": ["name", "id", "file", "variants", "axesFromNames", "axes", "properties"], "additionalProperties": false,
                      "properties": {
                        "name": { "type": "string" }, "id": { "type": "string" }, "file": { "type": "string" },
                        "variants": { "type": "integer", "minimum": 0 }, "axesFromNames": { "type": "boolean" },
                        "axes": { "type": "array", "items": { "type": "object", "required": ["name", "values"], "additionalProperties": false, "properties": { "name": { "type": "string" }, "values": { "type": "array", "items": { "type": "string" } } } } },
                        "properties": { "type": "array", "items": { "type": "object", "required": ["name", "type"], "additionalProperties": false, "properties": { "name": { "type": "string" }, "type": { "enum": ["BOOLEAN", "TEXT", "INSTANCE_SWAP"] } } } }
                      }
                    }
                  ]
                },
                "matches": { "type": "boolean" },
                "differences": { "type": "array", "items": { "type": "object", "required": ["rule", "area", "message", "file", "line", "column"], "additionalProperties": false, "properties": { "rule": { "type": "string" }, "area": { "enum": ["set", "variant", "property", "token"] }, "message": { "type": "string" }, "file": { "type": "string" }, "line": { "type": "integer" }, "column": { "type": "integer" } } } },
                "boundTokens": { "type": "array", "items": { "type": "string" } },
                "render": { "type": ["string", "null"], "description": "The saved render's address, relative to the site root." },
                "measured": { "type": "array", "items": { "type": "object", "required": ["criterion", "status", "label", "evidence"], "additionalProperties": false, "properties": { "criterion": { "type": "string" }, "status": { "type": "string" }, "label": { "type": "string" }, "evidence": { "type": "string" } } } }
              }
            },
            "url": { "type": "string", "description": "The page, relative to the site root." },
            "markdown": { "type": "string", "description": "The page as Markdown, relative to the site root." },
            "source": { "$ref": "#/$defs/source" },
            "related": { "type": "array", "items": { "type": "string" } },
            "history": {
              "type": "object", "required": ["since", "deprecatedIn", "releases"], "additionalProperties": false,
              "description": "Present in a site with versions (versions: in catalog.yaml): the release that added the component, the one that deprecated it, and what each release changed in it, newest first.",
              "properties": {
                "since": { "type": ["string", "null"] },
                "deprecatedIn": { "type": ["string", "null"] },
                "releases": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["version", "date", "unreleased", "changes", "notes"], "additionalProperties": false,
                    "properties": {
                      "version": { "type": "string" },
                      "date": { "type": ["string", "null"] },
                      "unreleased": { "type": "boolean" },
                      "changes": {
                        "type": "array",
                        "items": {
                          "type": "object", "required": ["impact", "area", "kind", "subject", "message"], "additionalProperties": false,
                          "properties": { "impact": { "enum": ["breaking", "notable", "minor"] }, "area": { "type": "string" }, "kind": { "type": "string" }, "subject": { "type": "string" }, "message": { "type": "string" } }
                        }
                      },
                      "notes": { "type": "array", "items": { "type": "string" } }
                    }
                  }
                }
              }
            },
            "tabs": {
              "type": "array",
              "description": "Present when the component's pages are split into tabs (pages.component-tabs): each tab's page, in order; the first is the component's own page.",
              "items": {
                "type": "object",
                "required": ["file", "title", "url", "markdown", "sections", "source"],
                "additionalProperties": false,
                "properties": {
                  "file": { "type": "string", "description": "The tab's Markdown file without .md (index for the first)." },
                  "title": { "type": "string" },
                  "url": { "type": "string", "description": "The tab's page, relative to the site root." },
                  "markdown": { "type": "string" },
                  "sections": { "type": "array", "items": { "type": "string" }, "description": "The generated sections the tab shows, in page order." },
                  "source": { "oneOf": [{ "$ref": "#/$defs/source" }, { "type": "null" }] }
                }
              }
            },
            "readiness": {
              "type": "object", "required": ["status", "criteria"], "additionalProperties": false,
              "properties": {
                "status": {
                  "oneOf": [
                    { "type": "null" },
                    { "type": "object", "required": ["id", "label"], "additionalProperties": false, "properties": { "id": { "type": "string" }, "label": { "type": "string" } } }
                  ]
                },
                "criteria": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["criterion", "status"], "additionalProperties": false,
                    "properties": { "criterion": { "type": "string" }, "status": { "type": "string" }, "label": { "type": ["string", "null"] }, "notes": { "type": ["string", "null"] } }
                  }
                }
              }
            },
            "properties": {
              "type": "array",
              "items": {
                "type": "object", "required": ["name", "required", "platforms"], "additionalProperties": false,
                "properties": {
                  "name": { "type": "string" }, "type": { "type": ["string", "null"] }, "required": { "type": "boolean" },
                  "description": { "type": ["string", "null"] }, "platforms": { "$ref": "#/$defs/platformTexts" }, "source": { "$ref": "#/$defs/source" }
                }
              }
            },
            "states": {
              "type": "array",
              "items": {
                "type": "object", "required": ["name", "support"], "additionalProperties": false,
                "properties": {
                  "name": { "type": "string" },
                  "support": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["platform", "support"], "additionalProperties": false,
                      "properties": { "platform": { "type": "string" }, "support": { "enum": ["yes", "no", "partial", "n/a"] }, "note": { "type": ["string", "null"] } }
                    }
                  },
                  "figma": { "type": ["string", "null"] }, "notes": { "type": ["string", "null"] }
                }
              }
            },
            "variants": {
              "type": "object", "required": ["axes", "count"], "additionalProperties": false,
              "properties": {
                "axes": {
                  "type": "array",
                  "items": { "type": "object", "required": ["name", "values"], "additionalProperties": false, "properties": { "name": { "type": "string" }, "values": { "type": "array", "items": { "type": "string" } } } }
                },
                "count": { "type": "integer", "minimum": 0 }
              }
            },
            "appearances": {
              "type": "array",
              "items": {
                "type": "object", "required": ["name", "tokens"], "additionalProperties": false,
                "properties": {
                  "name": { "type": "string" }, "description": { "type": ["string", "null"] },
                  "tokens": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["role", "token", "modes"], "additionalProperties": false,
                      "properties": {
                        "role": { "type": "string" }, "token": { "type": "string" }, "type": { "type": ["string", "null"] },
                        "value": { "type": ["string", "null"], "description": "The value in the default mode; null when no token has that name." },
                        "aliasOf": { "type": ["string", "null"] },
                        "modes": { "type": "object", "additionalProperties": { "type": "string" }, "description": "The value in each mode where it differs from the default." },
                        "source": { "$ref": "#/$defs/source" }
                      }
                    }
                  }
                }
              }
            },
            "contrast": {
              "type": "array",
              "items": {
                "type": "object", "required": ["appearance", "pair", "ratio", "required", "passes"], "additionalProperties": false,
                "properties": {
                  "appearance": { "type": "string" }, "pair": { "type": "string" }, "mode": { "type": ["string", "null"] },
                  "foreground": { "type": "string" }, "background": { "type": "string" },
                  "ratio": { "type": "number", "minimum": 1, "maximum": 21 }, "required": { "type": "number" },
                  "criterion": { "type": "string" }, "passes": { "type": "boolean" }
                }
              }
            },
            "accessibility": {
              "type": "array",
              "items": { "type": "object", "required": ["requirement", "platforms", "criteria", "responsibility"], "additionalProperties": false, "properties": { "requirement": { "type": "string" }, "platforms": { "$ref": "#/$defs/platformTexts" }, "criteria": { "type": "array", "items": { "type": "string" }, "description": "The WCAG success criteria it serves." }, "responsibility": { "enum": ["component", "shared", "consumer"] } } }
            },
            "code": {
              "type": "array",
              "items": { "type": "object", "required": ["language", "code"], "additionalProperties": false, "properties": { "language": { "type": "string" }, "code": { "type": "string" } } }
            },
            "demo": {
              "oneOf": [
                { "type": "null" },
                {
                  "type": "object", "required": ["kind", "examples"], "additionalProperties": false,
                  "properties": { "kind": { "type": "string" }, "examples": { "type": "array", "items": { "type": "object", "additionalProperties": { "$ref": "#/$defs/exampleValue" } } } }
                }
              ]
            }
          }
        }
      }
    }

    """#
}
