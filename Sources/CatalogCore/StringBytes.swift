extension String {
    /// Whether any byte of the text's UTF-8 satisfies `test`: a scan over the bytes as they are
    /// stored, for checks whose characters are all ASCII (no byte of a longer UTF-8 sequence is).
    package func containsByte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }
}
