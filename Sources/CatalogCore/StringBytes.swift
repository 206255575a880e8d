import Foundation

extension String {
    /// Whether any byte of the text's UTF-8 satisfies `test`: a scan over the bytes as they are
    /// stored, for checks whose characters are all ASCII (no byte of a longer UTF-8 sequence is).
    package func containsByte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Where `needle` first starts at or after `start`: `memchr` to each place its first byte
    /// stands, then `memcmp` of the rest. For markers in a rendered page (`<!--catalog-nav-->`).
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let base = baseAddress, let first = needle.first, start >= 0 else { return nil }
        return needle.withUnsafeBufferPointer { needle -> Int? in
            var index = start
            while index + needle.count <= count, let found = memchr(base + index, Int32(first), count - index) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if at + needle.count <= count, memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
                index = at + 1
            }
            return nil
        }
    }

    /// Where `needle` last starts: looked for from the end, for a tag near it (`</body>`).
    package func lastIndex(of needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return nil }
        var index = count - needle.count
        while index >= 0 {
            if self[index] == needle[0], needle.indices.allSatisfy({ self[index + $0] == needle[$0] }) { return index }
            index -= 1
        }
        return nil
    }
}
