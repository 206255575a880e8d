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
    /// of its tokens): each lower-cased, with a count of its characters in 64 bins and the set of
    /// its letter pairs (with a mark for the start and the end), filed by pair.
    ///
    /// Both give lower bounds of the distance that cost far less than measuring it. One edit
    /// breaks at most three pairs (a swap of neighbours breaks three, a substitution two), so a
    /// name within `k` edits of the word shares at least `pairs - 3k` of the word's distinct
    /// pairs. A look-up counts the pairs each name shares through the pair index and measures
    /// the names sharing most first: once a close name is found, the names left share too few
    /// pairs to be closer and are never looked at.
    public struct Candidates: Sendable {
        package let names: [String]
        package let letters: [[Unicode.Scalar]]
        package let bins: [[UInt8]]
        /// The number of distinct letter pairs of each name.
        package let pairCounts: [Int]
        /// For each letter pair, the names that have it, in name order.
        package let namesWithPair: [UInt64: [Int32]]

        public init(_ names: some Sequence<String>) {
            self.names = names.sorted()
            letters = self.names.map { Array($0.lowercased().unicodeScalars) }
            bins = letters.map(Candidates.bins)
            var index: [UInt64: [Int32]] = [:]
            var counts: [Int] = []
            counts.reserveCapacity(letters.count)
            for (position, word) in letters.enumerated() {
                let pairs = Candidates.pairs(word)
                counts.append(pairs.count)
                for pair in pairs { index[pair, default: []].append(Int32(position)) }
            }
            pairCounts = counts
            namesWithPair = index
        }

        package static func bins(_ letters: [Unicode.Scalar]) -> [UInt8] {
            var bins = [UInt8](repeating: 0, count: 64)
            for letter in letters { bins[Int(letter.value & 63)] &+= 1 }
            return bins
        }

        /// The distinct pairs of neighbouring letters, the first letter paired with a start
        /// mark and the last with an end mark (so a one-letter name has two pairs).
        package static func pairs(_ letters: [Unicode.Scalar]) -> Set<UInt64> {
            let start: UInt64 = 0x11_0000, end: UInt64 = 0x11_0001
            var pairs = Set<UInt64>()
            var previous = start
            for letter in letters {
                pairs.insert(previous << 21 | UInt64(letter.value))
                previous = UInt64(letter.value)
            }
            pairs.insert(previous << 21 | end)
            return pairs
        }

        /// Characters one side has more of than the other, at most (a lower bound of the edits).
        package static func lowerBound(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var more = 0, fewer = 0
            for index in 0..<64 {
                let difference = Int(a[index]) - Int(b[index])
                if difference > 0 { more += difference } else { fewer -= difference }
            }
            return max(more, fewer)
        }
    }

    /// As `suggestion(for:in:)`, against prepared candidates. The names sharing most letter
    /// pairs with the word are measured first; a name is not measured when its length, its
    /// character counts or its shared pairs put it out of reach, and a measurement stops once
    /// it is out of reach. Of equally close names the first in name order wins, as in a plain
    /// scan.
    public static func suggestion(for word: String, in candidates: Candidates) -> String? {
        let lowered = word.lowercased()
        let letters = Array(lowered.unicodeScalars)
        let ceiling = max(2, max(letters.count, lowered.count) / 3)
        let bins = Candidates.bins(letters)
        let pairs = Candidates.pairs(letters)
        var best: (index: Int, distance: Int)?

        /// Measures one name against the best so far.
        func consider(_ index: Int) {
            let other = candidates.letters[index]
            guard abs(other.count - letters.count) <= ceiling else { return }
            let needed = min(ceiling, best?.distance ?? ceiling)
            guard Candidates.lowerBound(bins, candidates.bins[index]) <= needed,
                  let distance = editDistance(letters, other, atMost: needed) else { return }
            if let current = best, distance > current.distance || (distance == current.distance && index > current.index) { return }
            best = (index, distance)
        }

        // A name sharing no pair can only be in reach of a word with few pairs: then every
        // name is looked at, in order.
        if pairs.count <= 3 * ceiling {
            for index in candidates.names.indices { consider(index) }
        } else {
            var shared = [UInt32](repeating: 0, count: candidates.names.count)
            shared.withUnsafeMutableBufferPointer { shared in
                for pair in pairs {
                    candidates.namesWithPair[pair]?.withUnsafeBufferPointer { holders in
                        for holder in holders { shared[Int(holder)] &+= 1 }
                    }
                }
            }
            // Most shared pairs first, names in order within a count.
            var count = Int(shared.max() ?? 0)
            while count >= 1 {
                // Within `needed` edits a name shares at least `pairs - 3 * needed` pairs.
                let needed = min(ceiling, best?.distance ?? ceiling)
                guard count >= pairs.count - 3 * needed else { break }
                for index in shared.indices where shared[index] == count { consider(index) }
                count -= 1
            }
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
    package static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: Int.max)!
    }

    /// The distance when it is at most `bound`, else nil. Only the cells within `bound` of
    /// the diagonal are computed (any path through another cell costs more than `bound`), and
    /// the measurement stops as soon as two rows in a row are out of reach.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        guard abs(a.count - b.count) <= bound else { return nil }
        let width = b.count + 1
        // Three rows (two back, the one before, this one) in one buffer; a cell outside the
        // band holds `far`, which no cell in reach can come from.
        let far = bound == Int.max ? Int.max / 2 : bound + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { cells in
            var before = 0, previous = width, current = 2 * width
            for j in 0..<width { cells[before + j] = far; cells[previous + j] = j <= bound ? j : far; cells[current + j] = far }
            var previousMinimum = 0
            for i in 1...a.count {
                let low = bound >= i ? 1 : i - bound
                let high = bound >= b.count - i ? b.count : i + bound
                cells[current + low - 1] = low == 1 ? (i <= bound ? i : far) : far
                if high < b.count { cells[current + high + 1] = far }
                var rowMinimum = cells[current + low - 1]
                if low <= high {
                    for j in low...high {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var value = min(cells[previous + j] + 1, cells[current + j - 1] + 1, cells[previous + j - 1] + cost)
                        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                            value = min(value, cells[before + j - 2] + 1)
                        }
                        cells[current + j] = value
                        rowMinimum = min(rowMinimum, value)
                    }
                }
                // A swap reaches back two rows, so a row is only out of reach when the one
                // before it was too.
                if rowMinimum > bound, i > 1, previousMinimum > bound { return nil }
                previousMinimum = rowMinimum
                (before, previous, current) = (previous, current, before)
            }
            let distance = cells[previous + b.count]
            return distance <= bound ? distance : nil
        }
    }
}
