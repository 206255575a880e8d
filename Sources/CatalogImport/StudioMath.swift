import Foundation
import CatalogModel

/// Tokens Studio's arithmetic, as its plugin and sd-transforms evaluate it once references are
/// replaced by values: `+ - * / % ^`, parentheses, unary minus, and the functions of the
/// expression parser they use (`roundTo(x, digits)`, `round`, `floor`, `ceil`, `abs`, `sqrt`,
/// `min`, `max`, `pow`, `exp`, `log`, `trunc`, `sign`). Units: `px` is taken off and put back;
/// one other unit (`rem`, `em`, `%`, `ms`, `s`, `deg`…) is carried to the result; two different
/// ones cannot be evaluated. The result keeps four decimals at most, as theirs does.
package enum StudioMath {
    package struct Failure: Error { package var reason: String

package init(reason: String) {
    self.reason = reason
} }

    /// A number with the unit the expression carried ("" for none).
    package struct Quantity: Equatable {
        package var number: Double
        package var unit: String

        package var text: String {
            let formatted = CSSNumber.format(number)
            return unit.isEmpty ? formatted : formatted + unit
        }
    }

    /// Whether `text` (references already replaced) is arithmetic rather than one value: it holds
    /// an operator between operands, parentheses, or a function call.
    /// Whether every word in `text` (references left out) is a unit right after a number or the
    /// name of a function the arithmetic knows: `tabular-nums`, `(min-width: 600px)` or an icon's
    /// path are text, not arithmetic that failed.
    static func wordsAreArithmetic(_ text: String) -> Bool {
        var rest = Substring(text)
        var stripped = ""
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            stripped += rest[..<open] + "0"
            rest = rest[rest.index(after: close)...]
        }
        stripped += rest
        let characters = Array(stripped)
        var index = 0
        while index < characters.count {
            guard characters[index].isLetter else { index += 1; continue }
            let start = index
            while index < characters.count, characters[index].isLetter { index += 1 }
            let word = String(characters[start..<index])
            let afterNumber = start > 0 && (characters[start - 1].isNumber || characters[start - 1] == ".")
            var next = index
            while next < characters.count, characters[next] == " " { next += 1 }
            let isCall = next < characters.count && characters[next] == "(" && functions.contains(word)
            if !afterNumber && !isCall { return false }
        }
        return true
    }

    package static func isExpression(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.lowercased().hasPrefix("rgb"), !trimmed.lowercased().hasPrefix("hsl") else { return false }
        if plainQuantity(trimmed) != nil { return false }
        guard wordsAreArithmetic(trimmed) else { return false }
        // A call of anything but a function the arithmetic knows (`cubic-bezier(…)`, `var(…)`) is not arithmetic.
        var word = ""
        for character in trimmed {
            if character.isLetter || (character == "-" && !word.isEmpty) { word.append(character); continue }
            if character == "(", !word.isEmpty, !functions.contains(word) { return false }
            word = ""
        }
        let scalars = Array(trimmed.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where "+-*/%^(".unicodeScalars.contains(scalar) {
            if scalar == "-" || scalar == "+" {
                // A sign at the start or after another operator is part of a number.
                let before = scalars[..<index].last { $0 != " " }
                if before == nil || "+-*/%^(,".unicodeScalars.contains(before!) { continue }
            }
            if scalar == "%" {
                // A percentage unit ("50%") is not the remainder operator.
                let after = scalars[(index + 1)...].first { $0 != " " }
                if after == nil || after == ")" || after == "," { continue }
            }
            return true
        }
        return false
    }

    package static let functions: Set<String> = ["roundTo", "round", "floor", "ceil", "trunc", "abs", "sqrt", "exp", "log", "ln", "sign", "min", "max", "pow"]

    /// A single number with an optional unit ("16px", "-0.5rem", "150%", "8").
    package static func plainQuantity(_ text: String) -> Quantity? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digitsEnd = trimmed.startIndex
        for index in trimmed.indices {
            let character = trimmed[index]
            if character.isNumber || character == "." || ((character == "-" || character == "+") && index == trimmed.startIndex) || (character == "e" && index != trimmed.startIndex && trimmed[trimmed.index(after: index)...].first.map { $0.isNumber || $0 == "-" } == true) {
                digitsEnd = trimmed.index(after: index)
            } else {
                break
            }
        }
        guard digitsEnd != trimmed.startIndex, let number = Double(trimmed[..<digitsEnd]) else { return nil }
        let unit = String(trimmed[digitsEnd...])
        guard unit.allSatisfy({ $0.isLetter || $0 == "%" }) else { return nil }
        return Quantity(number: number, unit: unit)
    }

    /// Evaluates `text`; fails with a reason a person can act on.
    package static func evaluate(_ text: String) throws(Failure) -> Quantity {
        var parser = Parser(text: text)
        let value = try parser.parse()
        let units = parser.units.subtracting(["px"])
        if units.count > 1 { throw Failure(reason: "it mixes units (\(units.sorted().joined(separator: ", "))), which Tokens Studio cannot evaluate either") }
        guard value.isFinite else { throw Failure(reason: "it does not give a finite number") }
        let unit = units.first ?? (parser.units.contains("px") ? "px" : "")
        return Quantity(number: (value * 10000).rounded() / 10000, unit: unit)
    }

    /// A recursive-descent reader of the expression, numbers taken with their units.
    private struct Parser {
        package let scalars: [Character]
        package var position = 0
        package var units = Set<String>()
        package var depth = 0

        package init(text: String) { scalars = Array(text) }

        package mutating func parse() throws(Failure) -> Double {
            let value = try sum()
            skipSpaces()
            guard position == scalars.count else { throw Failure(reason: "'\(String(scalars[position...]))' cannot be read as arithmetic") }
            return value
        }

        package mutating func skipSpaces() {
            while position < scalars.count, scalars[position].isWhitespace { position += 1 }
        }

        package mutating func peek() -> Character? {
            skipSpaces()
            return position < scalars.count ? scalars[position] : nil
        }

        package mutating func sum() throws(Failure) -> Double {
            var value = try product()
            while let next = peek(), next == "+" || next == "-" {
                position += 1
                let right = try product()
                value = next == "+" ? value + right : value - right
            }
            return value
        }

        package mutating func product() throws(Failure) -> Double {
            var value = try power()
            while let next = peek(), next == "*" || next == "/" || next == "%" {
                position += 1
                let right = try power()
                switch next {
                case "*": value *= right
                case "/":
                    guard right != 0 else { throw Failure(reason: "it divides by zero") }
                    value /= right
                default: value = value.truncatingRemainder(dividingBy: right)
                }
            }
            return value
        }

        package mutating func power() throws(Failure) -> Double {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw Failure(reason: "it nests too deeply") }
            let base = try unary()
            if peek() == "^" {
                position += 1
                return pow(base, try power())
            }
            return base
        }

        package mutating func unary() throws(Failure) -> Double {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw Failure(reason: "it nests too deeply") }
            if let next = peek(), next == "-" || next == "+" {
                position += 1
                let value = try unary()
                return next == "-" ? -value : value
            }
            return try primary()
        }

        package mutating func primary() throws(Failure) -> Double {
            guard let next = peek() else { throw Failure(reason: "it ends where a number was expected") }
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw Failure(reason: "it nests too deeply") }
            if next == "(" {
                position += 1
                let value = try sum()
                guard peek() == ")" else { throw Failure(reason: "a parenthesis is not closed") }
                position += 1
                return value
            }
            if next.isNumber || next == "." {
                let start = position
                while position < scalars.count, scalars[position].isNumber || scalars[position] == "." { position += 1 }
                if position < scalars.count, scalars[position] == "e" || scalars[position] == "E", position + 1 < scalars.count, scalars[position + 1].isNumber || scalars[position + 1] == "-" {
                    position += 2
                    while position < scalars.count, scalars[position].isNumber { position += 1 }
                }
                guard let number = Double(String(scalars[start..<position])) else { throw Failure(reason: "'\(String(scalars[start..<position]))' is not a number") }
                let unitStart = position
                while position < scalars.count, scalars[position].isLetter || (scalars[position] == "%" && !isOperatorPercent(at: position)) { position += 1 }
                if unitStart < position { units.insert(String(scalars[unitStart..<position]).lowercased()) }
                return number
            }
            if next.isLetter {
                let start = position
                while position < scalars.count, scalars[position].isLetter || scalars[position].isNumber { position += 1 }
                let name = String(scalars[start..<position])
                if name == "PI" { return Double.pi }
                if name == "E" { return M_E }
                guard peek() == "(" else { throw Failure(reason: "'\(name)' is neither a number nor a function") }
                position += 1
                var arguments: [Double] = []
                if peek() != ")" {
                    arguments.append(try sum())
                    while peek() == "," {
                        position += 1
                        arguments.append(try sum())
                    }
                }
                guard peek() == ")" else { throw Failure(reason: "the call of \(name) is not closed") }
                position += 1
                return try call(name, arguments)
            }
            throw Failure(reason: "'\(next)' cannot be read as arithmetic")
        }

        /// `%` followed by an operand is the remainder operator; otherwise it is a percentage unit.
        package func isOperatorPercent(at index: Int) -> Bool {
            var after = index + 1
            while after < scalars.count, scalars[after].isWhitespace { after += 1 }
            guard after < scalars.count else { return false }
            return scalars[after].isNumber || scalars[after] == "(" || scalars[after] == "." || scalars[after].isLetter
        }

        package func call(_ name: String, _ arguments: [Double]) throws(Failure) -> Double {
            func one() throws(Failure) -> Double {
                guard arguments.count == 1 else { throw Failure(reason: "\(name) takes one number") }
                return arguments[0]
            }
            switch name {
            case "roundTo":
                guard arguments.count == 2 else { throw Failure(reason: "roundTo takes a number and a count of decimals") }
                let scale = pow(10, arguments[1].rounded())
                return (arguments[0] * scale).rounded() / scale
            case "round": return try one().rounded()
            case "floor": return try one().rounded(.down)
            case "ceil": return try one().rounded(.up)
            case "trunc": return try one().rounded(.towardZero)
            case "abs": return abs(try one())
            case "sqrt": return sqrt(try one())
            case "exp": return exp(try one())
            case "log", "ln": return log(try one())
            case "sign": let value = try one(); return value > 0 ? 1 : value < 0 ? -1 : 0
            case "min", "max":
                guard !arguments.isEmpty else { throw Failure(reason: "\(name) takes at least one number") }
                return name == "min" ? arguments.min()! : arguments.max()!
            case "pow":
                guard arguments.count == 2 else { throw Failure(reason: "pow takes two numbers") }
                return pow(arguments[0], arguments[1])
            default:
                throw Failure(reason: "'\(name)' is not a function Tokens Studio evaluates")
            }
        }
    }
}
