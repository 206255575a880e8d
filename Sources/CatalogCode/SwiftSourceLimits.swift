/// What a Swift file must stay within before swift-syntax is given it. The parser and its
/// visitors recurse as deep as an expression nests, and some forms take it time far beyond their
/// size (generic arguments it looks ahead through), so one lexical pass over the bytes
/// (outside comments and string literals) bounds every way a file can nest: brackets, generic
/// angle brackets, `#if`, runs of `try`/`await`/prefix operators, and the operators one
/// expression strings together (ternaries, member accesses, calls, `<`, arrows). No real source
/// comes near these; a file past one is a `code.unreadable` note and is not parsed. Whatever gets
/// past them is parsed in a child process that a watchdog ends (`SwiftReaderProcess`).
package enum SwiftSourceLimits {
    /// Brackets of any kind nested deeper than this.
    package static let maximumNesting = 1_000
    /// Square brackets nested deeper than this: swift-syntax takes time exponential in their
    /// depth (each level tries a type, then an array or dictionary), about 2 s at 24.
    package static let maximumSquareNesting = 12
    /// Generic angle brackets (`A<B<C>>`) nested deeper than this on a line.
    package static let maximumGenericNesting = 64
    /// `#if` nested deeper than this.
    package static let maximumConditionalNesting = 64
    /// `try`, `await` or prefix operators in a row.
    package static let maximumPrefixRun = 64
    /// Operators one expression strings together (`?`, `!`, `(`, `[`, `->`, `<`, `>`) in one
    /// bracket group, or in one statement outside brackets.
    package static let maximumOperators = 5_000
    /// `<` in one such group: the parser looks ahead through each for generic arguments, so its
    /// time grows with their square (2,000 took 86 s).
    package static let maximumLessThan = 200
    /// Member accesses (`.name`) in one such group.
    package static let maximumMemberAccesses = 10_000

    /// The first limit the file goes past: its line and what went past it.
    package static func firstExcess(in text: String) -> (line: Int, what: String)? {
        var scan = Scan(Array(text.utf8))
        return scan.run()
    }

    private struct Group {
        /// `(` or `[` (a group counted until it closes) or `{` and the top level (counted per
        /// statement).
        var opener: UInt8
        var operators = 0
        var lessThan = 0
        var members = 0
        var isStatementLevel: Bool { opener == 123 || opener == 0 }
    }

    private struct Scan {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var groups = [Group(opener: 0)]
        var square = 0
        var generic = 0
        var conditional = 0
        var prefixRun = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count && index + offset >= 0 ? bytes[index + offset] : 0 }

        static func isWord(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte >= 0x80
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 }

        /// The next byte that is not a space, tab or line break, from `start`.
        func nextVisible(from start: Int) -> UInt8 {
            var cursor = start
            while cursor < bytes.count, Self.isSpace(bytes[cursor]) || bytes[cursor] == 10 { cursor += 1 }
            return cursor < bytes.count ? bytes[cursor] : 0
        }

        /// A statement ends at a line break unless the next line goes on with an operator or a
        /// member access (`.padding()` on its own line continues the expression).
        mutating func endStatement() {
            guard groups[groups.count - 1].isStatementLevel else { return }
            groups[groups.count - 1].operators = 0
            groups[groups.count - 1].lessThan = 0
            groups[groups.count - 1].members = 0
        }

        mutating func count(operator byte: UInt8) -> String? {
            groups[groups.count - 1].operators += 1
            if byte == 60 { groups[groups.count - 1].lessThan += 1 }
            let group = groups[groups.count - 1]
            if group.operators > maximumOperators { return "strings more than \(maximumOperators) operators into one expression" }
            if group.lessThan > maximumLessThan { return "has more than \(maximumLessThan) `<` in one expression" }
            return nil
        }

        mutating func run() -> (line: Int, what: String)? {
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if Self.isWord(byte) {
                    // A word: `try`/`await` runs, `#if` handled below; everything else resets
                    // the run of prefixes.
                    let start = index
                    while index < count, Self.isWord(bytes[index]) { index += 1 }
                    let word = bytes[start..<index]
                    if word.elementsEqual("try".utf8) || word.elementsEqual("await".utf8) {
                        prefixRun += 1
                        if prefixRun > maximumPrefixRun { return (line, "has more than \(maximumPrefixRun) `try` or `await` in a row") }
                    } else {
                        prefixRun = 0
                    }
                    continue
                }
                switch byte {
                case 10:
                    line += 1
                    generic = 0
                    let next = nextVisible(from: index + 1)
                    // 46 . 63 ? 33 ! 58 : 43 + 45 - 42 * 47 / 38 & 124 | 61 = 60 < 62 > 44 , 41 ) 93 ]
                    if ![46, 63, 33, 58, 43, 45, 42, 47, 38, 124, 61, 60, 62, 44, 41, 93].contains(next) { endStatement() }
                case 32, 9, 13:
                    break
                case 47 where at(1) == 47:  // a line comment
                    while index < count, bytes[index] != 10 { index += 1 }
                    continue
                case 47 where at(1) == 42:  // a block comment (they nest in Swift)
                    var nested = 0
                    repeat {
                        if bytes[index] == 10 { line += 1 }
                        if bytes[index] == 47, at(1) == 42 { nested += 1; index += 1 } else if bytes[index] == 42, at(1) == 47 { nested -= 1; index += 1 }
                        index += 1
                    } while index < count && nested > 0
                    continue
                case 34:  // a string: "…" or """…"""
                    let multiline = at(1) == 34 && at(2) == 34
                    index += multiline ? 3 : 1
                    while index < count {
                        if bytes[index] == 92 { index += 2; continue }
                        if bytes[index] == 10 {
                            if !multiline { break }
                            line += 1
                        }
                        if bytes[index] == 34, !multiline || (at(1) == 34 && at(2) == 34) {
                            index += multiline ? 3 : 1
                            break
                        }
                        index += 1
                    }
                    prefixRun = 0
                    continue
                case 35:  // `#if` … `#endif`
                    if at(1) == 105, at(2) == 102, !Self.isWord(at(3)) {
                        conditional += 1
                        if conditional > maximumConditionalNesting { return (line, "nests `#if` more than \(maximumConditionalNesting) deep") }
                    } else if at(1) == 101, at(2) == 110, at(3) == 100, at(4) == 105, at(5) == 102 {
                        conditional = max(0, conditional - 1)
                    }
                case 40, 91, 123:  // ( [ {
                    if byte != 123, let excess = self.count(operator: byte) { return (line, excess) }
                    groups.append(Group(opener: byte))
                    if byte == 91 { square += 1 }
                    if groups.count - 1 > maximumNesting { return (line, "nests brackets more than \(maximumNesting) deep") }
                    if square > maximumSquareNesting { return (line, "nests square brackets more than \(maximumSquareNesting) deep") }
                    prefixRun = 0
                case 41, 93, 125:  // ) ] }
                    if groups.count > 1 {
                        if groups.removeLast().opener == 91 { square = max(0, square - 1) }
                    }
                    if byte == 125 { endStatement() }
                    prefixRun = 0
                case 59:  // ;
                    endStatement()
                    prefixRun = 0
                case 46:  // .
                    // A member access, not a decimal point or a range (`..<`, `...`).
                    if !(at(-1) >= 48 && at(-1) <= 57 && at(1) >= 48 && at(1) <= 57), at(1) != 46, at(-1) != 46 {
                        groups[groups.count - 1].members += 1
                        if groups[groups.count - 1].members > maximumMemberAccesses { return (line, "strings more than \(maximumMemberAccesses) member accesses into one expression") }
                    }
                    prefixRun = 0
                case 60:  // <
                    // Right after a name (no space), it opens generic arguments.
                    if Self.isWord(at(-1)) || at(-1) == 62 {
                        generic += 1
                        if generic > maximumGenericNesting { return (line, "nests generic arguments more than \(maximumGenericNesting) deep") }
                    }
                    if let excess = self.count(operator: byte) { return (line, excess) }
                case 62:  // >
                    if at(-1) != 45, generic > 0 { generic -= 1 }
                    if let excess = self.count(operator: byte) { return (line, excess) }
                case 63, 33:  // ? !
                    if byte == 33, at(1) == 61 { break }  // !=
                    if let excess = self.count(operator: byte) { return (line, excess) }
                    // A prefix `!` (before a name or another prefix) continues a prefix run.
                    if byte == 33, !Self.isWord(at(-1)), at(-1) != 41, at(-1) != 93, at(-1) != 33 || prefixRun > 0 {
                        prefixRun += 1
                        if prefixRun > maximumPrefixRun { return (line, "has more than \(maximumPrefixRun) prefix operators in a row") }
                        index += 1
                        continue
                    }
                case 45 where at(1) == 62:  // ->
                    if let excess = self.count(operator: 45) { return (line, excess) }
                    index += 2
                    prefixRun = 0
                    continue
                default:
                    break
                }
                if byte != 33 { prefixRun = byte == 32 || byte == 9 || byte == 13 || byte == 10 ? prefixRun : 0 }
                index += 1
            }
            return nil
        }
    }
}
