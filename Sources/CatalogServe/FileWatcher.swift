#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changed, added and removed files below a set of folders by comparing `lstat`
/// stamps between scans. Polling needs no platform API and sees every kind of save (in place,
/// or by writing a new file and renaming it over the old one).
struct FileWatcher {
    struct Stamp: Equatable {
        var modified: Int
        var modifiedNanoseconds: Int
        var size: Int
        var inode: UInt64
    }

    let roots: [String]
    private(set) var stamps: [String: Stamp] = [:]

    init(roots: [String]) {
        self.roots = roots
        stamps = Self.scan(roots)
    }

    /// The paths that changed since the last call (or since `init`).
    mutating func changes() -> Set<String> {
        let now = Self.scan(roots)
        var changed = Set<String>()
        for (path, stamp) in now where stamps[path] != stamp { changed.insert(path) }
        for path in stamps.keys where now[path] == nil { changed.insert(path) }
        stamps = now
        return changed
    }

    /// Every regular file and symbolic link below `roots` (hidden entries skipped), with its stamp.
    static func scan(_ roots: [String]) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        var pending = roots
        var depth: [String: Int] = [:]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            let level = depth[folder] ?? 0
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name.hasPrefix(".") { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    if level < 8 {
                        depth[path] = level + 1
                        pending.append(path)
                    }
                } else if type == S_IFREG || type == S_IFLNK {
                    #if canImport(Darwin)
                    let seconds = Int(info.st_mtimespec.tv_sec), nanoseconds = Int(info.st_mtimespec.tv_nsec)
                    #else
                    let seconds = Int(info.st_mtim.tv_sec), nanoseconds = Int(info.st_mtim.tv_nsec)
                    #endif
                    result[path] = Stamp(modified: seconds, modifiedNanoseconds: nanoseconds, size: Int(info.st_size), inode: UInt64(info.st_ino))
                }
            }
        }
        return result
    }
}
