import CatalogSource
import CatalogModel

/// The git tags that are releases (`versions.tags`), in semantic-version order, oldest first.
public enum ReleaseTags {
    public static func list(pattern: String, in root: String) throws(GitRevision.Failure) -> [Release] {
        try GitRevision.tags(matching: pattern, in: root)
            .map { Release(tag: $0.tag, commit: $0.commit, date: $0.date) }
            .sorted { precedes($0.tag, $1.tag) }
    }

    /// Semantic-version order (`v1.10.0` after `v1.9.0`, `v2.0.0-rc.1` before `v2.0.0`), whatever
    /// comes before the first digit ignored; tags without a version number first, by name.
    public static func precedes(_ left: String, _ right: String) -> Bool {
        switch (Version(left), Version(right)) {
        case (nil, nil): return left < right
        case (nil, _): return true
        case (_, nil): return false
        case (let a?, let b?): return a == b ? left < right : a < b
        }
    }

    /// `1.2.3-rc.1+build`: numbers, pre-release identifiers; build metadata is ignored.
    struct Version: Comparable {
        var numbers: [Int]
        var prerelease: [String]

        init?(_ tag: String) {
            guard let start = tag.firstIndex(where: \.isNumber) else { return nil }
            var text = tag[start...]
            if let plus = text.firstIndex(of: "+") { text = text[..<plus] }
            var core = text
            prerelease = []
            if let dash = text.firstIndex(of: "-") {
                core = text[..<dash]
                prerelease = text[text.index(after: dash)...].split(separator: ".").map(String.init)
            }
            let parts = core.split(separator: ".")
            let parsed = parts.map { Int($0) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else { return nil }
            numbers = parsed.map { $0! }
        }

        static func < (a: Version, b: Version) -> Bool {
            for index in 0..<max(a.numbers.count, b.numbers.count) {
                let x = index < a.numbers.count ? a.numbers[index] : 0
                let y = index < b.numbers.count ? b.numbers[index] : 0
                if x != y { return x < y }
            }
            // A pre-release comes before its release.
            if a.prerelease.isEmpty != b.prerelease.isEmpty { return !a.prerelease.isEmpty }
            for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
                switch (Int(x), Int(y)) {
                case (let m?, let n?): return m < n
                case (_?, nil): return true
                case (nil, _?): return false
                default: return x < y
                }
            }
            return a.prerelease.count < b.prerelease.count
        }

        static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }
    }
}
