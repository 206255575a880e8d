import Foundation
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

    /// An absolute path with `.`, `..` and every symbolic link resolved, also for a path whose
    /// last parts do not exist yet (the longest existing prefix is resolved, the rest appended).
    package static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        // Resolve the longest prefix that exists; realpath resolves links inside it.
        var existing = parts.count
        while existing > 0 {
            let prefix = "/" + parts[0..<existing].joined(separator: "/")
            if let real = of(prefix) {
                let rest = parts[existing...]
                let joined = rest.isEmpty ? real : (real == "/" ? "" : real) + "/" + rest.joined(separator: "/")
                return joined
            }
            existing -= 1
        }
        return "/" + parts.joined(separator: "/")
    }

}
