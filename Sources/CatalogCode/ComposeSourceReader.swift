import CatalogModel
/// Reads Jetpack Compose sources: every `@Composable` function's parameters (names, types,
/// defaults, annotations, generics, trailing lambdas, overloads), Figma Code Connect files
/// (`*.figma.kt`) naming a Composable, and calls of a Composable (usage).
///
/// There is no Kotlin parser for Swift, so this reads declarations only, from `KotlinLexer`'s
/// tokens: a modifier list with `@Composable`, `fun`, optional type parameters and receiver,
/// the name, and a balanced parameter list. A declaration it cannot read whole is a note,
/// never a guess.
package enum ComposeSourceReader {
    package struct FileAPI: Sendable {
        /// Keyed by function name; each overload is one signature.
        package var functions: [String: CodeAPI] = [:]
        /// In a `.figma.kt` file: the Composables it calls, with the line of each first call.
        package var links: [(function: String, member: CodeAPI.Member)] = []
        package var notes: [CodeNote] = []
    }

    /// Keywords that may stand between annotations and `fun`.
    package static let modifiers: Set<String> = [
        "public", "internal", "protected", "private", "inline", "suspend", "override", "open", "final", "abstract",
        "actual", "expect", "tailrec", "operator", "infix", "external",
    ]

    package static let maximumNotes = 20

    package static func read(_ bytes: [UInt8], file: String) -> FileAPI {
        var api = FileAPI()
        let (tokens, problem) = KotlinLexer.tokens(bytes)
        if let problem {
            api.notes.append(CodeNote(file: file, line: problem.line, message: "\(file) could not be read past line \(problem.line): \(problem.message); declarations after it are not read"))
        }
        func text(_ token: KotlinLexer.Token) -> String {
            String(decoding: bytes[token.start..<token.end], as: UTF8.self)
        }
        func isSymbol(_ index: Int, _ symbol: String) -> Bool {
            index < tokens.count && tokens[index].kind == .symbol && text(tokens[index]) == symbol
        }

        // Which blocks enclose the current token: a class or object body (where a `fun` is a
        // member) or code (where it is local and not API).
        var blocks: [Bool] = []
        var typeBodyNext = false
        var annotations: [String] = []
        var isPrivate = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let word = text(token)
            if token.kind == .symbol {
                switch word {
                case "@":
                    let (name, next) = annotation(tokens, at: index, end: tokens.count, text)
                    annotations.append(name)
                    index = next
                    continue
                case "{":
                    blocks.append(typeBodyNext)
                    typeBodyNext = false
                case "}":
                    if !blocks.isEmpty { blocks.removeLast() }
                default:
                    break
                }
                annotations = []
                isPrivate = false
                index += 1
                continue
            }
            if token.kind == .identifier {
                if ["class", "object", "interface"].contains(word) { typeBodyNext = true }
                if modifiers.contains(word) {
                    // Only public API is API: `internal` (module-only), `protected` and `private`
                    // functions are not the component's (Kotlin's default is public).
                    if word == "private" || word == "internal" || word == "protected" { isPrivate = true }
                    index += 1
                    continue
                }
                if word == "fun", blocks.allSatisfy({ $0 }) {
                    typeBodyNext = false
                    let composable = annotations.contains("Composable")
                    let hidden = isPrivate
                    annotations = []
                    isPrivate = false
                    guard composable else {
                        index += 1
                        continue
                    }
                    switch declaration(tokens, from: index, text) {
                    case .read(let name, let parameters, let next):
                        if !hidden {
                            let signature = CodeAPI.Signature(parameters: parameters, file: file, line: token.line)
                            api.functions[name, default: CodeAPI(platform: "compose", name: name, file: file, line: token.line)].signatures.append(signature)
                        }
                        index = next
                    case .unreadable(let name, let why):
                        api.notes.append(CodeNote(file: file, line: token.line, message: "the @Composable \(name.map { "function \($0)" } ?? "function") at \(file):\(token.line) could not be read (\(why)); it is left out rather than guessed"))
                        index += 1
                    }
                    continue
                }
            }
            annotations = []
            isPrivate = false
            index += 1
        }
        // A file of thousands of unreadable declarations says so once, not thousands of times.
        if api.notes.count > maximumNotes {
            let more = api.notes.count - maximumNotes
            api.notes = Array(api.notes.prefix(maximumNotes))
            api.notes.append(CodeNote(file: file, line: api.notes.last!.line, message: "\(more) more declarations in \(file) could not be read either"))
        }
        if file.hasSuffix(".figma.kt"), tokens.contains(where: { $0.kind == .identifier && text($0) == "FigmaConnect" }) {
            var seen = Set<String>()
            for (position, token) in tokens.enumerated() where token.kind == .identifier && isSymbol(position + 1, "(") {
                let name = text(token)
                guard name.first?.isUppercase == true, name != "FigmaConnect", seen.insert(name).inserted else { continue }
                if position > 0, tokens[position - 1].kind == .identifier, text(tokens[position - 1]) == "fun" { continue }
                api.links.append((name, CodeAPI.Member(name: name, type: nil, file: file, line: token.line)))
            }
        }
        return api
    }

    package enum Declaration {
        case read(name: String, parameters: [CodeAPI.Parameter], next: Int)
        case unreadable(name: String?, why: String)
    }

    /// The declaration starting at `fun` (tokens[start]).
    package static func declaration(_ tokens: [KotlinLexer.Token], from start: Int, _ text: (KotlinLexer.Token) -> String) -> Declaration {
        var index = start + 1
        func symbol(_ at: Int, _ value: String) -> Bool { at < tokens.count && tokens[at].kind == .symbol && text(tokens[at]) == value }
        // Type parameters: fun <T : Any> Name(…)
        if symbol(index, "<") {
            guard let close = matchingAngle(tokens, from: index, text) else { return .unreadable(name: nil, why: "its type parameters are not closed") }
            index = close + 1
        }
        // Receiver and name: RowScope.Name, Foo<T>.Name
        var name: String?
        while index < tokens.count {
            if tokens[index].kind == .identifier {
                name = text(tokens[index]).trimmingCharacters(in: ["`"])
                index += 1
            } else if symbol(index, "<") {
                guard let close = matchingAngle(tokens, from: index, text) else { return .unreadable(name: name, why: "a receiver's type arguments are not closed") }
                index = close + 1
            } else if symbol(index, ".") || symbol(index, "?") {
                index += 1
            } else {
                break
            }
        }
        guard let name else { return .unreadable(name: nil, why: "no name follows `fun`") }
        guard symbol(index, "(") else { return .unreadable(name: name, why: "no parameter list follows its name") }
        guard let close = matching(tokens, from: index, text) else { return .unreadable(name: name, why: "its parameter list is not closed") }
        var parameters: [CodeAPI.Parameter] = []
        for range in splitParameters(tokens, from: index + 1, to: close, text) where !range.isEmpty {
            switch parameter(tokens, range, text) {
            case .success(let parameter): parameters.append(parameter)
            case .failure(let why): return .unreadable(name: name, why: why.message)
            }
        }
        return .read(name: name, parameters: parameters, next: close + 1)
    }

    package struct Unreadable: Error { package var message: String }

    /// The annotation whose `@` is at `start` (`@Name`, `@a.b.Name`, `@file:Name`, each with
    /// optional arguments), read no further than `end`: its simple name and the index after it.
    package static func annotation(_ tokens: [KotlinLexer.Token], at start: Int, end: Int, _ text: (KotlinLexer.Token) -> String) -> (name: String, next: Int) {
        func joiner(_ at: Int) -> Bool {
            at < end && tokens[at].kind == .symbol && [".", ":"].contains(text(tokens[at]))
        }
        var next = start + 1
        var name = ""
        while next < end, tokens[next].kind == .identifier || joiner(next) {
            name += text(tokens[next])
            next += 1
            if tokens[next - 1].kind == .identifier, !joiner(next) { break }
        }
        if next < end, tokens[next].kind == .symbol, text(tokens[next]) == "(", let close = matching(tokens, from: next, text), close < end { next = close + 1 }
        return (String(name.split(separator: ".").last ?? Substring(name)), next)
    }

    /// One parameter: annotations, `vararg`/`noinline`/`crossinline`, `name: Type`, `= default`.
    package static func parameter(_ tokens: [KotlinLexer.Token], _ range: Range<Int>, _ text: (KotlinLexer.Token) -> String) -> Result<CodeAPI.Parameter, Unreadable> {
        var index = range.lowerBound
        func symbol(_ at: Int, _ value: String) -> Bool { at < range.upperBound && tokens[at].kind == .symbol && text(tokens[at]) == value }
        var isVararg = false
        while index < range.upperBound {
            if symbol(index, "@") {
                index = annotation(tokens, at: index, end: range.upperBound, text).next
            } else if tokens[index].kind == .identifier, ["vararg", "noinline", "crossinline", "val", "var"].contains(text(tokens[index])), index + 1 < range.upperBound, tokens[index + 1].kind == .identifier {
                if text(tokens[index]) == "vararg" { isVararg = true }
                index += 1
            } else {
                break
            }
        }
        guard index < range.upperBound, tokens[index].kind == .identifier, symbol(index + 1, ":") else {
            return .failure(Unreadable(message: "a parameter at line \(tokens[min(index, range.upperBound - 1)].line) is not written `name: Type`"))
        }
        let nameToken = tokens[index]
        let name = text(nameToken).trimmingCharacters(in: ["`"])
        let typeStart = index + 2
        // The type runs to a `=` outside brackets (angles count inside a type).
        var depth = 0
        var cursor = typeStart
        while cursor < range.upperBound {
            let token = tokens[cursor]
            if token.kind == .symbol {
                switch text(token) {
                case "(", "[", "{", "<": depth += 1
                case ")", "]", "}", ">": depth -= 1
                case "=" where depth == 0: break
                default: break
                }
                if text(token) == "=", depth == 0 { break }
            }
            cursor += 1
        }
        guard cursor > typeStart else { return .failure(Unreadable(message: "the parameter \(name) has no type")) }
        var type = typeText(tokens, typeStart..<cursor, text)
        if isVararg { type = "vararg " + type }
        let hasDefault = cursor < range.upperBound
        if hasDefault, cursor + 1 >= range.upperBound { return .failure(Unreadable(message: "the parameter \(name) has `=` and no default value")) }
        return .success(CodeAPI.Parameter(label: name, name: name, type: CodeType.display(type), hasDefault: hasDefault, line: nameToken.line))
    }

    /// The source text of a run of tokens, one space where the source had any.
    package static func typeText(_ tokens: [KotlinLexer.Token], _ range: Range<Int>, _ text: (KotlinLexer.Token) -> String) -> String {
        var result = ""
        var previousEnd: Int?
        for index in range {
            let token = tokens[index]
            if let previousEnd, token.start > previousEnd { result += " " }
            result += text(token)
            previousEnd = token.end
        }
        return result
    }

    /// The parameter list between `from` and `to` (exclusive), split at commas outside brackets.
    package static func splitParameters(_ tokens: [KotlinLexer.Token], from: Int, to: Int, _ text: (KotlinLexer.Token) -> String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = from
        var depth = 0
        var angle = 0
        var inDefault = false
        for index in from..<to where tokens[index].kind == .symbol {
            switch text(tokens[index]) {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            // Angles are brackets in a type (`Map<K, V>`), comparisons in a default value.
            case "<" where !inDefault: angle += 1
            case ">" where !inDefault: angle = max(0, angle - 1)
            case "=" where depth == 0 && angle == 0: inDefault = true
            case "," where depth == 0 && angle == 0:
                ranges.append(start..<index)
                start = index + 1
                inDefault = false
            default: break
            }
        }
        ranges.append(start..<to)
        return ranges
    }

    /// The index of the bracket closing the one at `from` (`(`, `[` or `{`), counting all three.
    package static func matching(_ tokens: [KotlinLexer.Token], from: Int, _ text: (KotlinLexer.Token) -> String) -> Int? {
        var depth = 0
        var index = from
        while index < tokens.count {
            if tokens[index].kind == .symbol {
                switch text(tokens[index]) {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// The `>` closing the `<` at `from`, in a type (parentheses inside count too).
    package static func matchingAngle(_ tokens: [KotlinLexer.Token], from: Int, _ text: (KotlinLexer.Token) -> String) -> Int? {
        var depth = 0
        var index = from
        while index < tokens.count, index < from + 1_000 {
            if tokens[index].kind == .symbol {
                switch text(tokens[index]) {
                case "<", "(": depth += 1
                case ">", ")":
                    depth -= 1
                    if depth == 0 { return text(tokens[index]) == ">" ? index : nil }
                case "{", "}", ";", "=": return nil
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// How many times each of `names` is called in a file: the name followed by `(`, `{` (a
    /// trailing lambda) or `<` (type arguments), not declared there (`fun Name`).
    package static func calls(of names: Set<String>, in bytes: [UInt8]) -> [String: Int]? {
        let (tokens, problem) = KotlinLexer.tokens(bytes)
        guard problem == nil else { return nil }
        var counts: [String: Int] = [:]
        for (index, token) in tokens.enumerated() where token.kind == .identifier && index + 1 < tokens.count && tokens[index + 1].kind == .symbol {
            let next = bytes[tokens[index + 1].start]
            guard tokens[index + 1].end - tokens[index + 1].start == 1, next == 40 || next == 123 || next == 60 else { continue }
            let name = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
            guard names.contains(name) else { continue }
            if index > 0, tokens[index - 1].kind == .identifier, String(decoding: bytes[tokens[index - 1].start..<tokens[index - 1].end], as: UTF8.self) == "fun" { continue }
            counts[name, default: 0] += 1
        }
        return counts
    }
}
