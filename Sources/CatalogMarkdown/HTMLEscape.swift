/// HTML escaping for text and attribute values.
public enum HTMLEscape {
    public static func text(_ string: String) -> String {
        var needsEscape = false
        for byte in string.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
            needsEscape = true
            break
        }
        guard needsEscape else { return string }
        var result = ""
        result.reserveCapacity(string.utf8.count + 16)
        for character in string.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
