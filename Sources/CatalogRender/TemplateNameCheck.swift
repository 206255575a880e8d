import Foundation
import CatalogCore
import CatalogModel

/// `template.unknown-name`: every `{{name}}`, section and inverted section of a theme's
/// templates names something its context provides, at the place it is used. A misspelt name
/// renders nothing and no one would know; this finds it before anything renders, for the default
/// theme, a catalog's own theme and every demo kind's template.
///
/// Each template the renderer starts from (a page, the catalog navigation, a prose demo, a demo
/// kind and its header) is walked with the names of its context (`TemplateFields.fields`, or what
/// a kind's contract gives an example); sections push the names of what they open, partials and
/// parents are walked where they are included, with the names in force there.
package enum TemplateNameCheck {
    /// A template the renderer renders by itself, and the names its context provides.
    package struct Root {
        package var template: String
        package var names: [String: TemplateShape]
    }

    /// The names every page template sees: its own fields, then the layout's.
    package static func page<Fields: TemplateFields>(_ template: String, _ fields: Fields.Type) -> Root {
        Root(template: template, names: LayoutFields.shapes.merging(Fields.shapes) { _, own in own })
    }

    /// Where the renderer starts: every page, the navigation, the prose demo, and per kind of
    /// the theme its template and optional header.
    package static func roots(kinds: [String: DemoKind]) -> [Root] {
        var roots = [
            page("page-home", HomeFields.self),
            page("page-components", ComponentsIndexFields.self),
            page("page-guides", GuidesIndexFields.self),
            page("page-component", ComponentPageFields.self),
            page("page-guide", GuideFields.self),
            page("page-guide-section", SectionFields.self),
            page("page-readiness", ReadinessPageFields.self),
            page("page-tokens", TokensPageFields.self),
            page("page-search", NoFields.self),
            page("page-404", NoFields.self),
            page("page-changes", ChangesPageFields.self),
            page("page-releases", ReleasesIndexFields.self),
            page("page-release", ReleaseNotesFields.self),
            Root(template: "example-frame", names: ExampleFrameFields.shapes),
            Root(template: "partials/catalog-nav", names: CatalogNavigation.contextShapes),
            Root(template: "partials/prose-demo", names: DemoFigure.shapes),
            Root(template: "partials/web-example", names: WebExampleFields.shapes),
        ]
        for (id, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            roots.append(Root(template: "demos/\(id)", names: DemoMarkup.names(of: kind)))
            roots.append(Root(template: "demos/\(id)-header", names: DemoMarkup.headerNames(of: kind)))
        }
        return roots
    }

    /// `tags`: each template's tags (`MustacheTags`), read once by the caller for every template
    /// of `source`.
    package static func check(_ source: ThemeSource, kinds: [String: DemoKind], tags: [String: MustacheTags]) -> [Diagnostic] {
        var walk = Walk(source: source, tags: tags)
        for root in roots(kinds: kinds) where source.templates[root.template] != nil {
            walk.template(root.template, stack: [.names(root.names)], root: root.template)
        }
        // A partial shared by several kinds or pages may read a name only some of them give
        // (the default theme's switch partial reads `has_error`, which only the labeled toggle
        // sets): a use is reported when no context it is rendered in provides it.
        return walk.failed.filter { !walk.resolved.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// What a name resolves in: a context's names, or free data where anything may be.
    package enum Scope {
        case names([String: TemplateShape])
        case open

        package static func of(_ shape: TemplateShape) -> Scope {
            switch shape {
            case .value: .names([:])
            case .object(let names), .list(let names): .names(names())
            case .open: .open
            }
        }
    }

    private struct Walk {
        package let source: ThemeSource
        /// Uses that resolved in some walk, and those that did not (the first finding of each).
        package var resolved = Set<Place>()
        package var failed: [Place: Diagnostic] = [:]
        /// Templates walked with a given stack already (partials included many times).
        package var visited = Set<String>()
        /// Each template's tags, by template name (none for a name the theme has no template of).
        package let tags: [String: MustacheTags]
        package var depth = 0

        package init(source: ThemeSource, tags: [String: MustacheTags]) {
            self.source = source
            self.tags = tags
        }

        package mutating func template(_ name: String, stack: [Scope], root: String) {
            guard depth < 32, let tags = self.tags[name], !tags.changesDelimiters else { return }
            let signature = name + "\u{0}" + Self.signature(stack)
            guard visited.insert(signature).inserted else { return }
            depth += 1
            defer { depth -= 1 }
            var index = 0
            walk(tags.tags, from: &index, until: nil, stack: stack, in: name, root: root)
        }

        /// Walks tags from `index` until the close of `until` (or the end), with `stack`.
        package mutating func walk(_ tags: [MustacheTags.Tag], from index: inout Int, until: String?, stack: [Scope], in file: String, root: String) {
            while index < tags.count {
                let tag = tags[index]
                index += 1
                switch tag.kind {
                case .close:
                    if tag.name == until { return }
                case .comment, .pragma:
                    continue
                case .variable, .unescaped:
                    _ = resolve(tag, stack: stack, in: file, root: root)
                case .section:
                    let shape = resolve(tag, stack: stack, in: file, root: root)
                    walk(tags, from: &index, until: tag.name, stack: stack + [shape.map(Scope.of) ?? .open], in: file, root: root)
                case .inverted:
                    _ = resolve(tag, stack: stack, in: file, root: root)
                    walk(tags, from: &index, until: tag.name, stack: stack, in: file, root: root)
                case .block:
                    walk(tags, from: &index, until: tag.name, stack: stack, in: file, root: root)
                case .parent:
                    // The overriding blocks are walked here; the parent with the same names.
                    walk(tags, from: &index, until: tag.name, stack: stack, in: file, root: root)
                    template(tag.name, stack: stack, root: root)
                case .partial:
                    if !tag.name.hasPrefix("*") { template(tag.name, stack: stack, root: root) }
                }
            }
        }

        /// The shape `tag`'s name has in `stack`, or nil (reported) when nothing provides it.
        package mutating func resolve(_ tag: MustacheTags.Tag, stack: [Scope], in file: String, root: String) -> TemplateShape? {
            let name = tag.lookedUpName
            if name.isEmpty || name == "." { return .value }
            var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var shape: TemplateShape?
            if parts.first == "" {
                // `.name`: the current context only.
                parts.removeFirst()
                shape = Self.look(parts.first ?? "", in: stack.last ?? .open)
            } else {
                for scope in stack.reversed() {
                    if let found = Self.look(parts[0], in: scope) {
                        shape = found
                        break
                    }
                }
            }
            guard var current = shape else {
                report(tag, name: parts.first ?? name, candidates: Self.visibleNames(stack), in: file, root: root)
                return nil
            }
            for part in parts.dropFirst() {
                guard let next = Self.look(part, in: Scope.of(current)) else {
                    if case .names(let names) = Scope.of(current) {
                        report(tag, name: part, candidates: names.keys, in: file, root: root)
                    }
                    return nil
                }
                current = next
            }
            resolved.insert(Self.place(of: tag, in: file))
            return current
        }

        package static func look(_ name: String, in scope: Scope) -> TemplateShape? {
            switch scope {
            case .open: .open
            case .names(let names): names[name]
            }
        }

        package static func visibleNames(_ stack: [Scope]) -> [String] {
            var names = Set<String>()
            for case .names(let own) in stack { names.formUnion(own.keys) }
            return names.sorted()
        }

        package static func signature(_ stack: [Scope]) -> String {
            stack.map { scope -> String in
                switch scope {
                case .open: "*"
                case .names(let names): names.keys.sorted().joined(separator: ",")
                }
            }.joined(separator: "|")
        }

        /// Where a tag is: findings are keyed and ordered by it (file, then line, then column).
        package struct Place: Hashable, Comparable {
            let file: String
            let line: Int
            let column: Int

            package static func < (a: Place, b: Place) -> Bool {
                (a.file, a.line, a.column) < (b.file, b.line, b.column)
            }
        }

        package static func place(of tag: MustacheTags.Tag, in file: String) -> Place {
            Place(file: file, line: tag.line, column: tag.column)
        }

        package mutating func report(_ tag: MustacheTags.Tag, name: String, candidates: some Sequence<String>, in file: String, root: String) {
            let displayPath = source.templates[file]?.displayPath ?? "templates/\(file).mustache"
            let key = Self.place(of: tag, in: file)
            guard failed[key] == nil else { return }
            let shown = tag.name == name ? name : "\(name)' in '\(tag.name)"
            let place = file == root ? "" : " (included from \(root))"
            failed[key] = .error(
                .templateUnknownName,
                "'\(shown)' names nothing this template's context provides\(place), so it would render nothing\(DidYouMean.hint(for: name, in: candidates)); use a name the page or the kind's contract provides, or remove it",
                at: SourceLocation(file: displayPath, line: tag.line, column: tag.column)
            )
        }
    }
}
