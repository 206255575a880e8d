/// Finds the known name closest to a misspelt one, for "did you mean …?" hints.
public enum DidYouMean {
    /// The closest candidate within a few edits of `word` (case-insensitive), if any; of equally
    /// close ones, the first in alphabetical order, so the hint is the same on every run
    /// whatever order the candidates come in. (Against the same names many times, prepare them
    /// once with `Candidates`.)
    public static func suggestion(for word: String, in candidates: some Sequence<String>) -> String? {
        suggestion(for: word, in: Candidates(candidates))
    }

    /// Names prepared once for many look-ups (every dangling alias of a token set against all
    /// of its tokens): each lower-cased, and a count of its characters in 64 bins, which gives a
    /// cheap lower bound of the distance (characters one name has more of than the other must be
    /// edited), so most candidates are never measured.
    public struct Candidates: Sendable {
        let names: [String]
        let letters: [[Unicode.Scalar]]
        let bins: [[UInt8]]

        public init(_ names: some Sequence<String>) {
            self.names = names.sorted()
            letters = self.names.map { Array($0.lowercased().unicodeScalars) }
            bins = letters.map(Candidates.bins)
        }

        static func bins(_ letters: [Unicode.Scalar]) -> [UInt8] {
            var bins = [UInt8](repeating: 0, count: 64)
            for letter in letters { bins[Int(letter.value & 63)] &+= 1 }
            return bins
        }

        /// Characters one side has more of than the other, at most (a lower bound of the edits).
        static func lowerBound(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var more = 0, fewer = 0
            for index in 0..<64 {
                let difference = Int(a[index]) - Int(b[index])
                if difference > 0 { more += difference } else { fewer -= difference }
            }
            return max(more, fewer)
        }
    }

    /// As `suggestion(for:in:)`, against prepared candidates. A candidate whose length alone
    /// puts it out of reach is not measured, nor one whose characters differ too much, and a
    /// measurement stops once it is out of reach.
    public static func suggestion(for word: String, in candidates: Candidates) -> String? {
        let lowered = word.lowercased()
        let letters = Array(lowered.unicodeScalars)
        let ceiling = max(2, max(letters.count, lowered.count) / 3)
        let bins = Candidates.bins(letters)
        var best: (index: Int, distance: Int)?
        for index in candidates.names.indices {
            let other = candidates.letters[index]
            guard abs(other.count - letters.count) <= ceiling else { continue }
            let bound = min(ceiling, best?.distance ?? ceiling)
            // Names are sorted, so an equally close later one never wins: it must be closer.
            let needed = best == nil ? bound : bound - 1
            guard needed >= 0, Candidates.lowerBound(bins, candidates.bins[index]) <= needed,
                  let distance = editDistance(letters, other, atMost: needed) else { continue }
            best = (index, distance)
        }
        guard let best else { return nil }
        let name = candidates.names[best.index]
        let limit = max(2, min(lowered.count, name.count) / 3)
        return best.distance <= limit && best.distance < max(lowered.count, 1) ? name : nil
    }

    /// `"; did you mean 'x'?"` or an empty string.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        suggestion(for: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance (insertions, deletions, substitutions; a swap of neighbours counts one).
    static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: Int.max)!
    }

    /// The distance when it is at most `bound`, else nil (found as soon as a whole row of the
    /// table is past the bound).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            // A swap reaches back two rows, so a row is only out of reach when the one before
            // it was too.
            if rowMinimum > bound, i > 1, (previous.min() ?? 0) > bound { return nil }
            before = previous
            previous = current
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
