/// Trimming without Foundation: `trimmingCharacters(in:)` bridges through `NSString` and UTF-16,
/// which made trimming a rendered demo cost more than rendering it.
extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`: no line breaks).
    package func trimmingSpaces() -> String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// Without leading and trailing line breaks.
    package func trimmingNewlines() -> String {
        trimming(\.isNewline)
    }

    private func trimming(_ drop: (Character) -> Bool) -> String {
        // Most text starts and ends with an ASCII character it keeps: it is kept whole, without
        // reading it by character. A character that ends with an ASCII byte is that byte alone
        // or `\r\n` (whose `\n` is asked about here too); one that starts with it, that byte's.
        if let ends = utf8.withContiguousStorageIfAvailable({ $0.isEmpty ? nil : ($0[0], $0[$0.count - 1]) }),
           let (head, tail) = ends, head < 0x80, tail < 0x80,
           !drop(Character(Unicode.Scalar(head))), !drop(Character(Unicode.Scalar(tail))) {
            return String(self)
        }
        return trimmingByCharacter(drop)
    }

    /// Without the characters `drop` names at either end, read character by character.
    package func trimmingByCharacter(_ drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }) else { return "" }
        let last = lastIndex(where: { !drop($0) })!
        return String(self[first...last])
    }
}
