import Foundation

/// Prints how long each phase took, and the resident memory after it, when `CATALOG_BUILD_TIMING`
/// is set (for `make bench`).
package struct PhaseTimer {
    private static let enabled = ProcessInfo.processInfo.environment["CATALOG_BUILD_TIMING"] != nil
    private var last = ContinuousClock.now
    private var phases: [(String, Duration, Int)] = []

    package mutating func mark(_ phase: String) {
        guard Self.enabled else { return }
        let now = ContinuousClock.now
        phases.append((phase, last.duration(to: now), Self.residentMiB()))
        last = now
    }

    package func report() {
        guard Self.enabled, !phases.isEmpty else { return }
        let text = phases.map { "\($0.0) \($0.1.wholeMilliseconds) ms (\($0.2) MiB)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("timing: \(text)\n".utf8))
    }

    /// The process's resident memory now, from /proc (0 where there is none).
    package init() {}

    private static func residentMiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
