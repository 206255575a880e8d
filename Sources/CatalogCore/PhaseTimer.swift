import Foundation

/// Prints how long each phase took, the CPU time the process spent in it (on all its threads:
/// above the wall time where the phase ran on several cores) and the resident memory after it,
/// when `CATALOG_BUILD_TIMING` is set (for `make bench`).
package struct PhaseTimer {
    private static let enabled = ProcessInfo.processInfo.environment["CATALOG_BUILD_TIMING"] != nil
    private var last = ContinuousClock.now
    private var lastCPU = PhaseTimer.cpuMilliseconds()
    private var phases: [(name: String, wall: Duration, cpu: Int, resident: Int)] = []

    package mutating func mark(_ phase: String) {
        guard Self.enabled else { return }
        let now = ContinuousClock.now
        let cpu = Self.cpuMilliseconds()
        phases.append((phase, last.duration(to: now), cpu - lastCPU, Self.residentMiB()))
        last = now
        lastCPU = cpu
    }

    package func report() {
        guard Self.enabled, !phases.isEmpty else { return }
        let text = phases.map { "\($0.name) \($0.wall.wholeMilliseconds) ms (CPU \($0.cpu) ms, \($0.resident) MiB)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("timing: \(text)\n".utf8))
    }

    /// The CPU time of the whole process so far, every thread's (0 where there is no such clock).
    private static func cpuMilliseconds() -> Int {
        guard enabled else { return 0 }
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
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
