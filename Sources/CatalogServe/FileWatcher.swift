#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CatalogCore
import Foundation
import CatalogSource

/// Notices changed, added and removed files below a set of folders. It keeps an `lstat` stamp of
/// every file and compares stamps, so it sees every kind of save (in place, or a new file renamed
/// over the old one). On Linux, inotify says which folders had activity and only those are read
/// again, so a check costs one `read` however large the catalog; elsewhere, or when the kernel's
/// event queue overflowed, every folder is read again.
package struct FileWatcher {
    /// What `lstat` says of an entry (`FileStamp`, as the catalog reader keeps it): the change
    /// time and mode move on a permission change, which the reader notices too.
    package typealias Stamp = FileStamp

    /// What one folder holds (hidden entries skipped).
    /// A folder to watch: with everything below it, or (`only`) just some names directly in it,
    /// the places a read looked for something that was not there yet.
    package struct Root: Hashable, Sendable {
        package var path: String
        /// nil: the folder and what is below it, `depth` folders down; else only these entries of
        /// it, not descended.
        package var only: Set<String>?
        /// How many folders below `path` are watched (the depth its reader read to).
        package var depth: Int

        package init(_ path: String, only: Set<String>? = nil, depth: Int = ReadLimit.catalog.depth) {
            self.path = path
            self.only = only
            self.depth = depth
        }

        /// The roots that cover what a read touched (`SourceReads`): each folder read, to the depth
        /// its reader went (links resolved; one inside another is covered by it when the outer one
        /// reaches as deep); each file read on its own, through its folder, for that name alone;
        /// and for each path that was not there, its nearest existing folder, for that name alone.
        package static func covering(_ reads: SourceReads) -> [Root] {
            var deep: [(path: String, depth: Int)] = []
            for folder in reads.folders.map({ (path: resolved($0.path), depth: $0.depth) }).sorted(by: { $0.path.count < $1.path.count }) {
                if deep.contains(where: { reaches($0, folder.path, depth: folder.depth) }) { continue }
                deep.append(folder)
            }
            func covered(_ path: String) -> Bool { deep.contains { reaches($0, path, depth: 0) } }
            var shallow: [String: Set<String>] = [:]
            var order: [String] = []
            func watchName(_ folder: String, _ name: String) {
                guard !covered(folder + "/" + name) else { return }
                if shallow[folder] == nil { order.append(folder) }
                shallow[folder, default: []].insert(name)
            }
            for file in reads.files {
                let url = URL(fileURLWithPath: file).standardizedFileURL
                watchName(resolved(url.deletingLastPathComponent().path), url.lastPathComponent)
            }
            for path in reads.absent {
                var child = URL(fileURLWithPath: path).standardizedFileURL
                var parent = child.deletingLastPathComponent()
                while parent.path != child.path, !FileManager.default.fileExists(atPath: parent.path) {
                    child = parent
                    parent = parent.deletingLastPathComponent()
                }
                watchName(resolved(parent.path), child.lastPathComponent)
            }
            return deep.map { Root($0.path, depth: $0.depth) } + order.map { Root($0, only: shallow[$0], depth: 0) }
        }

        /// Whether a root read to `root.depth` covers `path` and `depth` folders below it.
        private static func reaches(_ root: (path: String, depth: Int), _ path: String, depth: Int) -> Bool {
            if path == root.path { return root.depth >= depth }
            guard path.hasPrefix(root.path == "/" ? "/" : root.path + "/") else { return false }
            let below = path.dropFirst(root.path.count).split(separator: "/").count
            // A file directly in the root is 1 part below it, and at depth 0 of its folder.
            return below - 1 + depth <= root.depth
        }

        private static func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        }
    }

    /// What one folder holds (hidden entries skipped).
    private struct Folder {
        var files: [String: Stamp] = [:]
        var folders: Set<String> = []
        /// How many folders below this one are still watched (its root's depth, less its level).
        var remaining = 0
        /// For a root that watches some names only: those names (its folders are not descended).
        var only: Set<String>?
        /// The folder's own inode: a folder deleted and made again under the same name is a
        /// new folder, to be read and watched whole.
        package var identity: UInt64 = 0
    }

    package private(set) var roots: [Root]
    private var folders: [String: Folder] = [:]
    private var notifier: FolderNotifier?

    /// `events: false` polls even where inotify exists (for tests of the fallback).
    package init(roots: [Root], events: Bool = true) {
        self.roots = []
        notifier = events ? FolderNotifier() : nil
        watch(roots)
    }

    /// Watches `roots` from now on: new ones are read (what they hold is not reported: the read
    /// that named them has read it), dropped ones forgotten.
    package mutating func watch(_ roots: [Root]) {
        guard roots != self.roots else { return }
        var ignored = Set<String>()
        for root in self.roots where !roots.contains(root) { remove(folder: root.path, reporting: &ignored) }
        let kept = self.roots
        self.roots = roots
        for root in roots where !kept.contains(root) {
            remove(folder: root.path, reporting: &ignored)
            add(folder: root.path, remaining: root.depth, only: root.only, reporting: &ignored)
        }
    }

    /// True when the kernel reports activity, so checking often costs nothing.
    package var isEventDriven: Bool { notifier.map { !$0.exhausted } ?? false }

    /// Whether, as far as the kernel has told, every changed file has been closed after its last
    /// write: the saves are complete and a rebuild will not read half a file. Always false
    /// without events (nothing is known, so the caller waits a little).
    package var savesComplete: Bool { isEventDriven && notifier?.writing.isEmpty == true }

    /// The paths that changed since the last call (or since `init`).
    package mutating func changes() -> Set<String> {
        var dirty: [String]
        if let notifier, let active = notifier.drain() {
            dirty = active.sorted()
        } else {
            // No events, or the queue overflowed: look at everything, and watch every folder again.
            dirty = folders.keys.sorted()
            if let notifier { for path in dirty { notifier.watch(path) } }
        }
        var changed = Set<String>()
        // Folders whose watch the kernel dropped (the folder was deleted): one of the same name
        // now there is another folder, even where the file system gave it the old inode number.
        let dropped = notifier?.takeDropped() ?? []
        for path in dirty { rescan(path, reporting: &changed, replaced: dropped.contains(path)) }
        // A root that was deleted or moved away is looked for on every check, so the preview
        // picks it up again when it comes back.
        for root in roots where folders[root.path] == nil { add(folder: root.path, remaining: root.depth, only: root.only, reporting: &changed) }
        return changed
    }

    private mutating func rescan(_ path: String, reporting changed: inout Set<String>, replaced: Bool = false) {
        guard let old = folders[path] else { return }
        guard var now = Self.read(path, only: old.only) else {
            remove(folder: path, reporting: &changed)
            return
        }
        if now.identity != old.identity || replaced {
            // Replaced by another folder of the same name: forget the old one, watch the new.
            remove(folder: path, reporting: &changed)
            add(folder: path, remaining: old.remaining, only: old.only, reporting: &changed)
            return
        }
        now.remaining = old.remaining
        now.only = old.only
        for (name, stamp) in now.files where old.files[name] != stamp { changed.insert(Self.join(path, name)) }
        for name in old.files.keys where now.files[name] == nil { changed.insert(Self.join(path, name)) }
        folders[path] = now
        if old.only != nil || old.remaining <= 0 {
            // Names looked for, or the last level its reader reads: a folder appearing or going
            // is the change (the reader says what is too deep); it is not descended.
            for name in old.folders.symmetricDifference(now.folders) { changed.insert(Self.join(path, name)) }
            return
        }
        for name in old.folders.subtracting(now.folders) { remove(folder: Self.join(path, name), reporting: &changed) }
        for name in now.folders.subtracting(old.folders) { add(folder: Self.join(path, name), remaining: old.remaining - 1, reporting: &changed) }
    }

    /// Starts watching a folder and everything below it (or, with `only`, those names in it);
    /// its files count as changed.
    private mutating func add(folder path: String, remaining: Int, only: Set<String>? = nil, reporting changed: inout Set<String>) {
        // Already watched as much (two roots overlap): whole and as deep, or for these names.
        if let known = folders[path] {
            switch (known.only, only) {
            case (nil, nil) where known.remaining >= remaining: return
            case (nil, .some): return
            case (.some(let names), .some(let wanted)) where wanted.isSubset(of: names): return
            default: break
            }
        }
        notifier?.watch(path)  // before reading, so nothing written in between is missed
        guard var folder = Self.read(path, only: only) else {
            notifier?.unwatch(path)
            return
        }
        folder.remaining = remaining
        folder.only = only
        if let known = folders[path] {
            // A folder watched for some names and now whole (or for more names): watched so.
            if let names = known.only, let wanted = only { folder.only = names.union(wanted) } else if known.only == nil { folder.only = nil }
            folder.remaining = max(folder.remaining, known.remaining)
        }
        folders[path] = folder
        for name in folder.files.keys { changed.insert(Self.join(path, name)) }
        if only != nil || remaining <= 0 {
            for name in folder.folders { changed.insert(Self.join(path, name)) }
            return
        }
        for name in folder.folders { add(folder: Self.join(path, name), remaining: remaining - 1, reporting: &changed) }
    }

    /// Forgets a folder that is gone (or was moved away) and everything below it; its files count
    /// as changed.
    private mutating func remove(folder path: String, reporting changed: inout Set<String>) {
        guard let folder = folders.removeValue(forKey: path) else { return }
        notifier?.unwatch(path)
        for name in folder.files.keys { changed.insert(Self.join(path, name)) }
        if folder.only != nil || folder.remaining <= 0 {
            for name in folder.folders { changed.insert(Self.join(path, name)) }
            return
        }
        for name in folder.folders { remove(folder: Self.join(path, name), reporting: &changed) }
    }

    /// The entries and sub-folders of one folder; nil when it cannot be read.
    private static func read(_ path: String, only: Set<String>? = nil) -> Folder? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var folder = Folder()
        var own = stat()
        if fstat(dirfd(directory), &own) == 0 { folder.identity = UInt64(own.st_ino) ^ (UInt64(own.st_dev) << 40) }
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes.first == UInt8(ascii: ".") { continue }
            // A name that is not UTF-8 is kept under a readable stand-in, so that it appearing,
            // changing or going away is still reported (the catalog reader says what is wrong).
            let name = String(validating: bytes, as: UTF8.self) ?? TextSafety.describe(bytes: bytes)
            if let only, !only.contains(name) { continue }
            var info = stat()
            let cName = bytes + [0]
            guard cName.withUnsafeBufferPointer({ fstatat(dirfd(directory), UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                // Names at the last level too: one appearing there is what the reader reports.
                folder.folders.insert(name)
            } else {
                // Every other kind too (a FIFO or a socket in place of a page), since the reader
                // reports each of them.
                folder.files[name] = Stamp(info)
            }
        }
        return folder
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The folders in which something happened, from Linux's inotify. Absent elsewhere.
package final class FolderNotifier {
    #if os(Linux)
    private let descriptor: Int32
    private var pathsByWatch: [Int32: String] = [:]
    private var watchesByPath: [String: Int32] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Files with a write since their last close: someone is still saving them.
    package private(set) var writing = Set<String>()
    /// Set when a folder could not be watched (the system's limit on watches was reached): from
    /// then on every check looks at every folder.
    package private(set) var exhausted = false
    /// Folders whose watch the kernel ended (`IN_IGNORED`) since the last `takeDropped`.
    private var dropped = Set<String>()

    package init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    package func watch(_ path: String) {
        let mask = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW
        let watch = inotify_add_watch(descriptor, path, UInt32(mask))
        guard watch >= 0 else {
            if errno != ENOENT && errno != ENOTDIR { exhausted = true }
            return
        }
        if let old = watchesByPath[path], old != watch { pathsByWatch[old] = nil }
        pathsByWatch[watch] = path
        watchesByPath[path] = watch
    }

    package func unwatch(_ path: String) {
        guard let watch = watchesByPath.removeValue(forKey: path) else { return }
        pathsByWatch[watch] = nil
        inotify_rm_watch(descriptor, watch)
    }

    /// The folders with activity since the last call; nil when events were lost (the queue
    /// overflowed), so the caller must look at every folder.
    package func drain() -> Set<String>? {
        var active = Set<String>()
        var overflowed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    offset += MemoryLayout<inotify_event>.size + nameLength
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                    guard let path = pathsByWatch[watch] else { continue }
                    if mask & UInt32(IN_IGNORED) != 0 {
                        pathsByWatch[watch] = nil
                        if watchesByPath[path] == watch {
                            watchesByPath[path] = nil
                            dropped.insert(path)
                        }
                    }
                    active.insert(path)
                    // Files written to but not yet closed: a save still in progress.
                    // (Hidden files, such as an editor's swap file kept open, are not watched.)
                    if nameLength > 0, mask & UInt32(IN_ISDIR) == 0, bytes[offset - nameLength] != UInt8(ascii: ".") {
                        let start = offset - nameLength
                        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                        let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                        let file = path.hasSuffix("/") ? path + name : path + "/" + name
                        if mask & UInt32(IN_MODIFY) != 0 { writing.insert(file) }
                        if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 { writing.remove(file) }
                    }
                }
            }
        }
        return overflowed || exhausted ? nil : active
    }

    /// The folders whose watch the kernel ended since the last call.
    package func takeDropped() -> Set<String> {
        defer { dropped = [] }
        return dropped
    }
    #else
    package let exhausted = true
    package let writing = Set<String>()
    package init?() { return nil }
    package func watch(_ path: String) {}
    package func unwatch(_ path: String) {}
    package func drain() -> Set<String>? { nil }
    package func takeDropped() -> Set<String> { [] }
    #endif
}
