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
        guard let first = firstIndex(where: { !drop($0) }) else { return "" }
        let last = lastIndex(where: { !drop($0) })!
        return String(self[first...last])
    }
}
