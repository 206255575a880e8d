import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a snapshot run leaves in the system while it runs — the browser's process group, its
/// profile folder, the site copy it draws from — kept in one place, so SIGINT or SIGTERM ends
/// the browser (and anything it forked) and removes every folder before the process exits.
public enum SnapshotCleanup {
    private struct Held {
        var processGroups: Set<pid_t> = []
        var folders: Set<String> = []
    }

    private static let held = Mutex(Held())
    private static let interrupted = Atomic<Bool>(false)

    /// Whether a signal took this process's runs away (their failures are its doing).
    public static var wasInterrupted: Bool { interrupted.load(ordering: .sequentiallyConsistent) }

    static func register(processGroup: pid_t) { held.withLock { _ = $0.processGroups.insert(processGroup) } }
    static func unregister(processGroup: pid_t) { held.withLock { _ = $0.processGroups.remove(processGroup) } }
    static func register(folder: String) { held.withLock { _ = $0.folders.insert(folder) } }
    static func unregister(folder: String) { held.withLock { _ = $0.folders.remove(folder) } }

    /// Ends every browser and removes every folder of the runs under way (for signal handlers).
    public static func discardInterrupted() {
        interrupted.store(true, ordering: .sequentiallyConsistent)
        let now = held.withLock { current in
            let taken = current
            current = Held()
            return taken
        }
        for group in now.processGroups { kill(-group, SIGKILL) }
        for group in now.processGroups {
            var status: Int32 = 0
            waitpid(group, &status, 0)
        }
        // A folder is renamed before it is removed, so nothing still running (a server thread,
        // a writer finishing a file) can refill it under its name; a removal that meets a file
        // made meanwhile is tried again.
        for folder in now.folders {
            let doomed = folder + ".interrupted"
            let target = rename(folder, doomed) == 0 ? doomed : folder
            for _ in 0..<5 {
                try? FileManager.default.removeItem(atPath: target)
                if !FileManager.default.fileExists(atPath: target), !FileManager.default.fileExists(atPath: folder) { break }
                if target != folder { try? FileManager.default.removeItem(atPath: folder) }
                usleep(20_000)
            }
        }
    }
}
