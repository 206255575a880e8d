#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path with every symbolic link resolved, as the kernel sees it: how the reader tells a link
/// out of the catalog from one inside it, and how the output guard compares folders.
package enum RealPath {
    /// nil when the path does not exist (or a link on the way leads nowhere or loops).
    package static func of(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
