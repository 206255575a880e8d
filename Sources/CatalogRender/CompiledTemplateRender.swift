import CatalogMarkdown
import Mustache

/// Rendering a `CompiledTemplate`, as swift-mustache renders the same template: the same context
/// stack, lookups, sections and indentation, written into one buffer.
extension CompiledTemplate {
    /// The templates a render reaches by name (partials, parents).
    package typealias Library = [String: CompiledTemplate]

    /// A context on the stack, with what a lookup needs found once, when it is pushed.
    enum Frame {
        case parent(any MustacheParent)
        case other(Any)

        init(_ object: Any) {
            if CompiledTemplate.isPlainScalar(type(of: object)) {
                self = .other(object)
            } else if let parent = object as? any MustacheParent {
                self = .parent(parent)
            } else {
                self = .other(object)
            }
        }

        var object: Any {
            switch self {
            case .parent(let parent): parent
            case .other(let object): object
            }
        }

        func child(_ name: String) -> Any? {
            switch self {
            case .parent(let parent): return parent.child(named: name)
            case .other(let object): return CompiledTemplate.child(name, of: object)
            }
        }
    }

    /// What a render reads beside the nodes. One context goes down the whole render, changed in
    /// place and put back: a list element is pushed for its body and popped after it, a partial's
    /// indentation and blocks are set for the partial and restored after it (copying the context
    /// for each element was an array copy and a retain per frame, for every element of every list).
    struct Context {
        var stack: [Frame]
        var indentation: String?
        var inherited: [String: [Node]]?
        /// HTML-escape `{{…}}` (swift-mustache's HTML types), or not (`TEXT`).
        var escapes: Bool
        let library: Library
        /// Draw each `MarkedElement` of a list between its marks (`render(_:library:marking:)`).
        var marks = false

        /// Renders `body` with `object` on top of the stack.
        mutating func rendering(_ body: [Node], on object: Any, into output: inout String) {
            rendering(body, on: Frame(object), into: &output)
        }

        /// Renders `body` with `frame` on top of the stack.
        mutating func rendering(_ body: [Node], on frame: Frame, into output: inout String) {
            stack.append(frame)
            CompiledTemplate.render(body, &self, into: &output)
            stack.removeLast()
        }

        /// Renders a partial's (or a parent's) `nodes`: indented by `indented` more, with the
        /// block overrides `inheriting` under the ones already in force, and HTML-escaped.
        mutating func renderingPartial(_ nodes: [Node], indented: String?, inheriting: [String: [Node]]?, into output: inout String) {
            let (savedIndentation, savedInherited, savedEscapes) = (indentation, inherited, escapes)
            if let indented { indentation = (indentation ?? "") + indented }
            if let inheriting {
                inherited = inherited.map { $0.merging(inheriting) { outer, _ in outer } } ?? inheriting
            }
            escapes = true
            CompiledTemplate.render(nodes, &self, into: &output)
            (indentation, inherited, escapes) = (savedIndentation, savedInherited, savedEscapes)
        }

        /// Renders a block's nodes, indented by `indented` more.
        mutating func renderingBlock(_ nodes: [Node], indented: String?, into output: inout String) {
            let saved = indentation
            if let indented { indentation = (indentation ?? "") + indented }
            CompiledTemplate.render(nodes, &self, into: &output)
            indentation = saved
        }
    }

    /// Renders with `object` at the bottom of the stack. With `marking`, each element of a list
    /// that is a `MarkedElement` is drawn between `MarkedElement.start(_:)` and `.end`, so the
    /// caller can find each one's text in the output (swift-mustache draws no marks).
    package func render(_ object: Any, library: Library, marking: Bool = false) -> String {
        var output = ""
        var context = Context(stack: [Frame(object)], indentation: nil, inherited: nil, escapes: true, library: library)
        context.marks = marking
        Self.render(nodes, &context, into: &output)
        return output
    }

    /// Renders `nodes` into `output`. A `{{% CONTENT_TYPE }}` among them holds for the rest of
    /// them only: the context leaves as it came.
    static func render(_ nodes: [Node], _ context: inout Context, into output: inout String) {
        let escapes = context.escapes
        defer { context.escapes = escapes }
        if let indentation = context.indentation, !indentation.isEmpty {
            // As swift-mustache: a node's output that starts a line of the partial is indented.
            var local = ""
            for node in nodes {
                var piece = ""
                renderNode(node, &context, into: &piece)
                if !piece.isEmpty, local.utf8.last == UInt8(ascii: "\n") { local += indentation }
                local += piece
            }
            output += local
        } else {
            for node in nodes { renderNode(node, &context, into: &output) }
        }
    }

    static func renderNode(_ node: Node, _ context: inout Context, into output: inout String) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let child = lookup(name, in: context) else { return }
            let text: String
            if let string = child as? String {
                text = string
            } else if let renderable = child as? any MustacheCustomRenderable {
                text = renderable.renderText
            } else {
                text = String(describing: unwrapped(child))
            }
            output += escaped && context.escapes ? HTMLEscape.text(text) : text
        case .section(let name, let body, let inverted):
            let child = lookup(name, in: context)
            if inverted {
                renderInverted(child, body, &context, into: &output)
            } else {
                renderSection(child, body, &context, into: &output)
            }
        case .partial(let name, let indentation, let overrides):
            guard let template = context.library[name] else { return }
            context.renderingPartial(template.nodes, indented: indentation, inheriting: overrides, into: &output)
        case .dynamicPartial(let name, let indentation, let overrides):
            guard let named = lookup(name, in: context) as? String, let template = context.library[named] else { return }
            context.renderingPartial(template.nodes, indented: indentation, inheriting: overrides, into: &output)
        case .blockExpansion(let name, let fallback, let indentation):
            context.renderingBlock(context.inherited?[name] ?? fallback, indented: indentation, into: &output)
        case .escaping(let escapes):
            context.escapes = escapes
        case .blockDefinition:
            return
        }
    }

    static func renderSection(_ child: Any?, _ body: [Node], _ context: inout Context, into output: inout String) {
        // A flag, text or a number (most of a page's sections) is told by its type, before the
        // protocol casts below: a flag is itself; text and a number are no list and never null,
        // so they are a context of one value, as the cases below make them.
        if let child, case let type = type(of: child), isPlainScalar(type) {
            if type == Bool.self {
                if child as! Bool { render(body, &context, into: &output) }
            } else {
                context.rendering(body, on: child, into: &output)
            }
            return
        }
        switch child {
        case let list as any ParentList:
            // Rows of a typed table (or dictionaries): each element is a parent as it is, so it
            // is pushed without being put in an `Any` and cast back, once per element.
            let marks = context.marks
            list.forEachParent { element in
                let mark = marks ? (element as? any MarkedElement)?.mark : nil
                if let mark { output += MarkedElementText.start(mark) }
                context.rendering(body, on: Frame.parent(element), into: &output)
                if mark != nil { output.unicodeScalars.append(MarkedElementText.end) }
            }
        case let sequence as any MustacheSequence:
            let marks = context.marks
            forEach(sequence) { element in
                let mark = marks ? (element as? any MarkedElement)?.mark : nil
                if let mark { output += MarkedElementText.start(mark) }
                context.rendering(body, on: element, into: &output)
                if mark != nil { output.unicodeScalars.append(MarkedElementText.end) }
            }
        case let flag as Bool:
            if flag { render(body, &context, into: &output) }
        case let null as any MustacheCustomRenderable where null.isNull:
            return
        case .some(let value):
            context.rendering(body, on: value, into: &output)
        case .none:
            return
        }
    }

    static func renderInverted(_ child: Any?, _ body: [Node], _ context: inout Context, into output: inout String) {
        // As in `renderSection`: only a false flag of these types draws the body.
        if let child, case let type = type(of: child), isPlainScalar(type) {
            if type == Bool.self, !(child as! Bool) { render(body, &context, into: &output) }
            return
        }
        switch child {
        case let sequence as any MustacheSequence:
            if isEmpty(sequence) { context.rendering(body, on: sequence, into: &output) }
        case let flag as Bool:
            if !flag { render(body, &context, into: &output) }
        case let null as any MustacheCustomRenderable where null.isNull:
            render(body, &context, into: &output)
        case .some:
            return
        case .none:
            render(body, &context, into: &output)
        }
    }

    private static func forEach<S: Sequence>(_ sequence: S, _ body: (Any) -> Void) {
        for element in sequence { body(element) }
    }

    private static func isEmpty<S: Sequence>(_ sequence: S) -> Bool {
        var iterator = sequence.makeIterator()
        return iterator.next() == nil
    }

    /// swift-mustache's name resolution: `.` is the top; `.a` reads the top alone; `a.b` finds
    /// `a` in the nearest context that has it, then `b` in `a` only.
    static func lookup(_ name: Name, in context: Context) -> Any? {
        var child: Any?
        if name.parts.isEmpty {
            child = context.stack.last?.object
        } else if name.anchored {
            child = chain(name.parts[...], from: context.stack.last?.object)
        } else {
            let first = name.parts[0]
            for frame in context.stack.reversed() {
                if let found = frame.child(first) {
                    child = name.parts.count == 1 ? found : chain(name.parts.dropFirst(), from: found)
                    break
                }
            }
        }
        // Text, numbers and flags (most of what a page prints) are never custom representations:
        // told by their type alone, without the runtime's protocol cast.
        if let found = child, isPlainScalar(type(of: found)) { return found }
        if let custom = child as? any MustacheCustomRepresentation { child = custom.representation }
        return child
    }

    /// Whether values of `type` print as themselves: text, a number, a flag.
    static func isPlainScalar(_ type: Any.Type) -> Bool {
        type == String.self || type == Bool.self || type == Int.self || type == Double.self
    }

    private static func chain(_ parts: ArraySlice<String>, from object: Any?) -> Any? {
        var current = object
        for part in parts {
            guard let object = current else { return nil }
            current = child(part, of: object)
        }
        return current
    }

    /// One name of one object: a `MustacheParent` answers it; anything else by reflection.
    static func child(_ name: String, of object: Any) -> Any? {
        var object = object
        if let custom = object as? any MustacheCustomRepresentation {
            guard let representation = custom.representation else { return nil }
            object = representation
        }
        if let parent = object as? any MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: object).children.first(where: { $0.label == name })?.value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    /// An optional inside `Any` prints as its value (swift-mustache's `unwrapIfAnyContainsOptional`).
    private static func unwrapped(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value ?? value
    }
}

/// A list whose elements answer names themselves (the rows of a `TemplateFields` type, or
/// dictionaries): a section over it pushes each element as a parent directly.
protocol ParentList {
    func forEachParent(_ body: (any MustacheParent) -> Void)
}

extension Array: ParentList where Element: MustacheParent {
    func forEachParent(_ body: (any MustacheParent) -> Void) {
        for element in self { body(element) }
    }
}

/// A list element a caller wants to find again in what a template drew (the catalog
/// navigation's groups): rendered with marks, its text stands between `start(mark)` and `end`.
package protocol MarkedElement {
    var mark: Int { get }
}

/// The marks around a `MarkedElement`'s text: control characters no page text carries
/// (`text.control-character` refuses them in every input).
package enum MarkedElementText {
    package static let opening: Unicode.Scalar = "\u{2}"
    package static let closing: Unicode.Scalar = "\u{3}"
    package static let end: Unicode.Scalar = "\u{4}"

    /// `\u{2}<mark>\u{3}`.
    package static func start(_ mark: Int) -> String { "\(Character(opening))\(mark)\(Character(closing))" }
}
