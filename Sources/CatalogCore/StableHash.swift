/// FNV-1a: a fast, stable hash for file names and class names (not for security).
public enum StableHash {
    @inlinable
    public static func value(_ bytes: some Sequence<UInt8>) -> UInt64 {
        // Contiguous bytes (arrays, most strings) are read through a pointer, not an iterator.
        if let hash = bytes.withContiguousStorageIfAvailable({ value(buffer: $0) }) { return hash }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    @inlinable
    public static func value(buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A hash of a file's content, eight bytes at a time (FNV-1a's steps over 64-bit words, then
    /// the last bytes one by one): about eight times faster than `value` on the megabytes of a
    /// search index, for a served file's ETag, which only needs to differ when the bytes do.
    /// Not for names: it differs from `value`, which the hashed assets' names are made with.
    public static func content(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offset = 0
            while offset + 8 <= raw.count {
                hash ^= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = hash &* 0x0000_0100_0000_01B3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash ^= UInt64(raw[offset])
                hash = hash &* 0x0000_0100_0000_01B3
                offset += 1
            }
            return hash
        }
    }

    /// Folds values into one hash, for cache keys made of several inputs.
    public struct Combiner {
        public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        public init() {}

        public mutating func add(_ number: UInt64) {
            var remaining = number
            for _ in 0..<8 {
                value ^= remaining & 0xFF
                value = value &* 0x0000_0100_0000_01B3
                remaining >>= 8
            }
        }

        public mutating func add(_ text: String) {
            for byte in text.utf8 {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01B3
            }
            add(UInt64(text.utf8.count))
        }

        public mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }
    }

    public static func hex(_ text: String, length: Int = 8) -> String {
        hex(bytes: text.utf8, length: length)
    }

    @inlinable
    public static func hex(bytes: some Sequence<UInt8>, length: Int = 8) -> String {
        hex(value(bytes), length: length)
    }

    /// A hash as 16 hex digits, the first `length` of them.
    public static func hex(_ hash: UInt64, length: Int = 8) -> String {
        let text = String(hash, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
        return String(padded.prefix(length))
    }
}
