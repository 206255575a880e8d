import Mustache

/// A theme's template compiled once, when the theme loads, for rendering many pages.
///
/// swift-mustache parses the template (its errors, with their line and column, are the theme's
/// diagnostics) and stays the reference: `CompiledTemplate` follows its parser's rules (tags,
/// standalone lines, partial indentation, set delimiters, `{{% CONTENT_TYPE }}`, template
/// inheritance) and its renderer's (the context stack, dotted names, what a section does with a
/// list, a flag, a value), and the tests hold the two to the same output on every template of the
/// default theme and on the Mustache specification. What differs is the cost of each tag: a name
/// is split into its parts once, here, not on every lookup; a value is asked of the context
/// directly (`MustacheParent.child(named:)`, the typed field tables of `TemplateFields`) with no
/// chain of casts first; and a page is written into one buffer, not joined from a string per tag.
///
/// Partly derived from swift-mustache's parser (Template+Parser.swift, Apache License 2.0,
/// Copyright (c) the Hummingbird authors); its licence is in `Licenses/swift-mustache-LICENSE.txt`.
package struct CompiledTemplate: Sendable {
    package let nodes: [Node]

    package indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String, indentation: String?, overrides: [String: [Node]]?)
        case dynamicPartial(Name, indentation: String?, overrides: [String: [Node]]?)
        case blockDefinition(String, [Node])
        case blockExpansion(String, default: [Node], indentation: String?)
        /// `{{% CONTENT_TYPE: TEXT }}` (false) or an HTML type (true), for the rest of the body.
        case escaping(Bool)
    }

    /// A tag's name, split once: no parts (`.`) is the top of the stack; `.a.b` reads only the top.
    package struct Name: Sendable {
        package let parts: [String]
        package let anchored: Bool

        init(_ text: String) {
            parts = text.split(separator: ".").map(String.init)
            anchored = text.first == "." && !parts.isEmpty
        }
    }

    package struct ParseError: Error {
        package let message: String
        /// Where it was found (1-based), in characters.
        package var line = 1
        package var column = 1
    }

    package init(_ text: String) throws(ParseError) {
        var parser = Parser(Array(text))
        do {
            nodes = try parser.parse(State())
        } catch {
            var located = error
            for character in parser.text[..<min(parser.position, parser.text.count)] {
                if character.isNewline {
                    located.line += 1
                    located.column = 1
                } else {
                    located.column += 1
                }
            }
            throw located
        }
    }

    // MARK: Parsing, by swift-mustache's rules

    struct State {
        var sectionName: String? = nil
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        var partialDefinitionIndent: Int? = nil

        func section(_ name: String, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inheritance(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }
    }

    struct Parser {
        let text: [Character]
        var position = 0

        init(_ text: [Character]) { self.text = text }

        var atEnd: Bool { position >= text.count }
        var current: Character { text[position] }

        static let spaceOrTab: Set<Character> = [" ", "\t"]
        static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
        static let configCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
        static let partialNameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

        mutating func read(while set: Set<Character>) -> String {
            let start = position
            while !atEnd, set.contains(current) { position += 1 }
            return String(text[start..<position])
        }

        mutating func skipWhitespace() {
            while !atEnd, current.isWhitespace { position += 1 }
        }

        mutating func read(_ string: [Character]) -> Bool {
            guard position + string.count <= text.count, Array(text[position..<position + string.count]) == string else { return false }
            position += string.count
            return true
        }

        /// Text up to a newline or the start delimiter (consumed when found).
        mutating func readText(_ state: State) -> String {
            var result = ""
            while !atEnd {
                let character = current
                // swift-mustache stops its text at these two alone.
                if character == "\n" || character == "\r\n" { break }
                if character == state.start[0] {
                    if read(state.start) { break }
                }
                result.append(character)
                position += 1
            }
            return result
        }

        /// At the end of the line (only spaces and tabs before it): the line's end is consumed.
        mutating func lineFinished() -> Bool {
            if atEnd { return true }
            var probe = position
            while probe < text.count, Self.spaceOrTab.contains(text[probe]) { probe += 1 }
            if probe < text.count, text[probe].isNewline {
                position = probe + 1
                return true
            }
            return false
        }

        mutating func standalone(_ state: State) -> Bool { state.newLine && lineFinished() }

        mutating func name(_ state: State) throws(ParseError) -> String {
            skipWhitespace()
            let name = read(while: Self.nameCharacters)
            skipWhitespace()
            guard read(state.end) else { throw ParseError(message: "unfinished name") }
            guard !name.contains("(") && !name.contains(")") else {
                throw ParseError(message: "`\(name)` is a swift-mustache transform, which catalog-build does not render; compute the value in the page's data instead")
            }
            return name
        }

        mutating func partialName(_ state: State) throws(ParseError) -> String {
            skipWhitespace()
            let name = read(while: Self.partialNameCharacters)
            skipWhitespace()
            guard read(state.end) else { throw ParseError(message: "unfinished name") }
            return name
        }

        /// A body, up to its section's close (swift-mustache's state inside a section, its
        /// delimiters and line flag, stays inside it).
        mutating func parse(_ initial: State) throws(ParseError) -> [Node] {
            var nodes: [Node] = []
            var state = initial
            var whiteSpaceBefore = ""
            while !atEnd {
                if state.newLine {
                    let whiteSpace = read(while: Self.spaceOrTab)
                    if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                        if let indent = state.partialDefinitionIndent {
                            whiteSpaceBefore = String(whiteSpace.dropFirst(indent))
                        } else {
                            state.partialDefinitionIndent = whiteSpace.count
                        }
                    } else {
                        whiteSpaceBefore = whiteSpace
                    }
                }
                let text = readText(state)
                if !atEnd, current.isNewline {
                    nodes.append(.text(whiteSpaceBefore + text + String(current)))
                    state.newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    nodes.append(.text(whiteSpaceBefore + text))
                    whiteSpaceBefore = ""
                    state.newLine = false
                }
                if atEnd { break }
                var setNewLine = false
                switch current {
                case "#", "^":
                    let inverted = current == "^"
                    position += 1
                    let name = try name(state)
                    if standalone(state) {
                        setNewLine = true
                    } else if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    let body = try parse(state.section(name, newLine: setNewLine))
                    nodes.append(.section(Name(name), body, inverted: inverted))
                case "/":
                    position += 1
                    let name = try name(state)
                    guard name == state.sectionName else { throw ParseError(message: "section close name incorrect") }
                    if standalone(state) {
                        setNewLine = true
                    } else if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    return nodes
                case "!":
                    position += 1
                    while !read(state.end) {
                        guard !atEnd else { throw ParseError(message: "unfinished comment") }
                        position += 1
                    }
                    setNewLine = standalone(state)
                case "{", "&":
                    let triple = current == "{"
                    if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    position += 1
                    let name = try name(state)
                    if triple { guard read(["}"]) else { throw ParseError(message: "unfinished name") } }
                    nodes.append(.variable(Name(name), escaped: false))
                case ">":
                    position += 1
                    skipWhitespace()
                    var dynamic = false
                    if !atEnd, current == "*" {
                        position += 1
                        dynamic = true
                    }
                    let name = try partialName(state)
                    if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                    let indentation: String?
                    if standalone(state) {
                        setNewLine = true
                        indentation = whiteSpaceBefore
                    } else {
                        indentation = nil
                    }
                    nodes.append(dynamic ? .dynamicPartial(Name(name), indentation: indentation, overrides: nil) : .partial(name, indentation: indentation, overrides: nil))
                    whiteSpaceBefore = ""
                case "<":
                    position += 1
                    skipWhitespace()
                    let sectionName = try partialName(state)
                    let dynamic = sectionName.first == "*"
                    let name = dynamic ? String(sectionName.dropFirst()) : sectionName
                    if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                    if standalone(state) { setNewLine = true }
                    let body = try parse(state.inheritance(sectionName))
                    var overrides: [String: [Node]] = [:]
                    for node in body {
                        switch node {
                        case .blockDefinition(let block, let content): overrides[block] = content
                        case .text: break
                        default: throw ParseError(message: "illegal token inside inherit section")
                        }
                    }
                    nodes.append(dynamic ? .dynamicPartial(Name(name), indentation: whiteSpaceBefore, overrides: overrides) : .partial(name, indentation: whiteSpaceBefore, overrides: overrides))
                    whiteSpaceBefore = ""
                case "$":
                    position += 1
                    let name = try name(state)
                    if state.isPartialDefinitionTopLevel {
                        if standalone(state) { setNewLine = true }
                        let body = try parse(state.section(name, newLine: setNewLine))
                        nodes.append(.blockDefinition(name, body))
                    } else {
                        if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                        if standalone(state) { setNewLine = true }
                        let body = try parse(state.section(name, newLine: setNewLine))
                        nodes.append(.blockExpansion(name, default: body, indentation: whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                case "=":
                    position += 1
                    skipWhitespace()
                    var start: [Character] = []
                    while !atEnd, !current.isWhitespace { start.append(current); position += 1 }
                    skipWhitespace()
                    var end: [Character] = []
                    while !atEnd, current != "=", !current.isWhitespace { end.append(current); position += 1 }
                    skipWhitespace()
                    guard read(["="]), read(state.end), !start.isEmpty, !end.isEmpty else { throw ParseError(message: "invalid set delimiter") }
                    state.start = start
                    state.end = end
                    state.isPartialDefinitionTopLevel = false
                    setNewLine = standalone(state)
                case "%":
                    position += 1
                    skipWhitespace()
                    let variable = read(while: Self.configCharacters)
                    skipWhitespace()
                    guard read([":"]) else { throw ParseError(message: "invalid config variable") }
                    skipWhitespace()
                    let value = read(while: Self.configCharacters)
                    skipWhitespace()
                    guard read(state.end), variable == "CONTENT_TYPE", !value.isEmpty else { throw ParseError(message: "invalid config variable") }
                    nodes.append(.escaping(value != "TEXT"))
                    setNewLine = standalone(state)
                default:
                    if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    let name = try name(state)
                    nodes.append(.variable(Name(name), escaped: true))
                }
                state.newLine = setNewLine
            }
            guard state.sectionName == nil else { throw ParseError(message: "expected section end") }
            return nodes
        }
    }
}
