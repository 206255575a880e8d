import Foundation
import Synchronization
import CatalogModel

/// swift-syntax parses the team's Swift files in child processes (`catalog-build swift-reader`,
/// one per core), each file under a watchdog: a file that crashes the parser ends only its child,
/// and one that takes longer than `deadline` has its child killed; either is a note naming the
/// file, a fresh child takes the next file, and the rest of the catalog is read as before.
/// Requests and answers are JSON frames on the child's standard input and output, each preceded
/// by its length (4 bytes, big-endian).
package enum SwiftReaderProcess {
    /// What one file is read for.
    package enum Job: Sendable {
        /// Declarations (`SwiftSourceReader.read`).
        case declarations(file: String, text: String)
        /// How often each of `names` is called (`SwiftSourceReader.calls`).
        case calls(file: String, text: String, names: Set<String>)

        var file: String {
            switch self {
            case .declarations(let file, _), .calls(let file, _, _): file
            }
        }
    }

    package enum Outcome: Sendable {
        case declarations(SwiftSourceReader.FileAPI)
        /// Nil when the file does not parse.
        case calls([String: Int]?)
        /// The child crashed on the file, or ran past the deadline: why, in words.
        case failed(String)
    }

    /// How long one file may take to parse: `CATALOG_BUILD_PARSE_SECONDS` (a number of seconds),
    /// 10 s by default. Real files take milliseconds.
    package static var deadline: Double {
        let given = ProcessInfo.processInfo.environment["CATALOG_BUILD_PARSE_SECONDS"].flatMap { Double($0) }
        guard let given, given.isFinite, given > 0 else { return 10 }
        return min(given, 3_600)
    }

    /// The `catalog-build` executable that runs the children: `CATALOG_BUILD_EXECUTABLE`, this
    /// process when it is `catalog-build`, or one beside it (the test runner's); nil when there
    /// is none, and the files are then parsed in this process, within `SwiftSourceLimits` only.
    package static let executable: String? = {
        let manager = FileManager.default
        if let given = ProcessInfo.processInfo.environment["CATALOG_BUILD_EXECUTABLE"], manager.isExecutableFile(atPath: given) { return given }
        guard let me = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        if (me as NSString).lastPathComponent == "catalog-build" { return me }
        let beside = ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("catalog-build")
        return manager.isExecutableFile(atPath: beside) ? beside : nil
    }()

    /// Reads every job, in order, on as many children as there are cores.
    package static func run(_ jobs: [Job], executable: String? = Self.executable, deadline: Double = Self.deadline) -> [Outcome] {
        guard !jobs.isEmpty else { return [] }
        guard let executable else { return LargeStack.map(jobs) { inProcess($0) } }
        // A child that has died must not end this process when it is written to.
        signal(SIGPIPE, SIG_IGN)
        let results = Mutex([Outcome?](repeating: nil, count: jobs.count))
        let next = Mutex(0)
        let group = DispatchGroup()
        let limit = deadline
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, jobs.count)) {
            group.enter()
            let thread = Thread {
                var child: Child?
                while true {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < jobs.count else { break }
                    let outcome = read(jobs[index], with: &child, executable: executable, deadline: limit)
                    results.withLock { $0[index] = outcome }
                }
                child?.stop()
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }

    /// One job on `child` (started first when there is none); a child that fails is stopped and
    /// forgotten, so the next job starts a fresh one.
    private static func read(_ job: Job, with child: inout Child?, executable: String, deadline: Double) -> Outcome {
        let request: Request
        switch job {
        case .declarations(let file, let text):
            if let excess = SwiftSourceLimits.firstExcess(in: text) { return .declarations(tooComplex(file, excess)) }
            request = Request(kind: "declarations", file: file, text: text, names: [])
        case .calls(let file, let text, let names):
            if SwiftSourceLimits.firstExcess(in: text) != nil { return .calls(nil) }
            request = Request(kind: "calls", file: file, text: text, names: names.sorted())
        }
        if child == nil { child = Child.start(executable) }
        guard let running = child else { return inProcess(job) }
        switch running.ask(request, deadline: deadline) {
        case .answer(let response):
            switch job {
            case .declarations: return .declarations(response.api?.fileAPI ?? SwiftSourceReader.FileAPI())
            case .calls: return .calls(response.calls)
            }
        case .late:
            running.stop()
            child = nil
            return .failed("took longer than \(String(format: "%g", deadline)) s to parse (CATALOG_BUILD_PARSE_SECONDS sets the limit)")
        case .ended(let how):
            running.stop()
            child = nil
            return .failed("stopped the Swift parser (\(how))")
        }
    }

    /// The note for a file past a limit, as `SwiftSourceReader.read` words it.
    package static func tooComplex(_ file: String, _ excess: (line: Int, what: String)) -> SwiftSourceReader.FileAPI {
        SwiftSourceReader.FileAPI(notes: [CodeNote(file: file, line: excess.line, message: "\(file) \(excess.what) (at line \(excess.line)); it is not parsed, so nothing is guessed from it")])
    }

    /// The same job in this process (no `catalog-build` to run as a child).
    private static func inProcess(_ job: Job) -> Outcome {
        switch job {
        case .declarations(let file, let text): .declarations(SwiftSourceReader.read(text, file: file, onLargeStack: true))
        case .calls(_, let text, let names): .calls(SwiftSourceReader.calls(of: names, in: text, onLargeStack: true))
        }
    }

    // MARK: The child's side

    /// `catalog-build swift-reader`: answers requests on standard input until it closes.
    package static func serve() -> Int32 {
        let input = FileHandle.standardInput.fileDescriptor
        let output = FileHandle.standardOutput.fileDescriptor
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while let frame = Frame.read(from: input, deadline: nil) {
            guard case .frame(let bytes) = frame, let request = try? decoder.decode(Request.self, from: Data(bytes)) else { return 1 }
            var response = Response()
            LargeStack.run {
                if request.kind == "calls" {
                    response.calls = SwiftSourceReader.calls(of: Set(request.names), in: request.text, onLargeStack: true)
                } else {
                    response.api = WireAPI(SwiftSourceReader.read(request.text, file: request.file, onLargeStack: true))
                }
                return ()
            }
            guard let data = try? encoder.encode(response), Frame.write(Array(data), to: output) else { return 1 }
        }
        return 0
    }

    // MARK: The wire

    struct Request: Codable {
        var kind: String
        var file: String
        var text: String
        var names: [String]
    }

    struct Response: Codable {
        var api: WireAPI?
        var calls: [String: Int]?
    }

    /// `SwiftSourceReader.FileAPI` as JSON.
    struct WireAPI: Codable {
        struct Link: Codable {
            var type: String
            var member: CodeAPI.Member
        }

        var types: [String: CodeAPI]
        var extensions: [CodeAPI]
        var internalExtensions: [CodeAPI]
        var viewExtensions: [CodeAPI.Member]
        var links: [Link]
        var notes: [CodeNote]

        init(_ api: SwiftSourceReader.FileAPI) {
            types = api.types
            extensions = api.extensions
            internalExtensions = api.internalExtensions
            viewExtensions = api.viewExtensions
            links = api.links.map { Link(type: $0.type, member: $0.member) }
            notes = api.notes
        }

        var fileAPI: SwiftSourceReader.FileAPI {
            var api = SwiftSourceReader.FileAPI()
            api.types = types
            api.extensions = extensions
            api.internalExtensions = internalExtensions
            api.viewExtensions = viewExtensions
            api.links = links.map { (type: $0.type, member: $0.member) }
            api.notes = notes
            return api
        }
    }

    /// A length-prefixed frame on a pipe.
    enum Frame {
        case frame([UInt8])
        /// The deadline passed before the whole frame came.
        case late

        /// Frames larger than this are refused (a file is at most 4 MiB; JSON escapes it).
        static let maximumBytes = 64 << 20

        /// The next frame, or nil at the end of the stream (or a frame too large to take).
        static func read(from descriptor: Int32, deadline: Double?) -> Frame? {
            let started = Date()
            func fill(_ count: Int) -> [UInt8]?? {
                var buffer = [UInt8](repeating: 0, count: count)
                var filled = 0
                while filled < count {
                    if let deadline {
                        let left = deadline - Date().timeIntervalSince(started)
                        if left <= 0 { return .some(nil) }
                        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        let ready = poll(&poller, 1, Int32(min(left * 1_000, 60_000).rounded(.up)))
                        if ready == 0 { continue }
                        if ready < 0 { if errno == EINTR { continue } else { return nil } }
                    }
                    let got = buffer.withUnsafeMutableBytes { raw in Foundation.read(descriptor, raw.baseAddress! + filled, count - filled) }
                    if got < 0, errno == EINTR { continue }
                    if got <= 0 { return nil }
                    filled += got
                }
                return .some(buffer)
            }
            guard let head = fill(4) else { return nil }
            guard let head else { return .late }
            let length = head.reduce(0) { $0 << 8 | Int($1) }
            guard length <= maximumBytes else { return nil }
            guard let body = fill(length) else { return nil }
            guard let body else { return .late }
            return .frame(body)
        }

        /// Writes the whole frame; false when the other end is gone.
        static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
            let length = bytes.count
            let frame = [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + bytes
            var written = 0
            while written < frame.count {
                let wrote = frame.withUnsafeBytes { raw in Foundation.write(descriptor, raw.baseAddress! + written, frame.count - written) }
                if wrote < 0, errno == EINTR { continue }
                if wrote <= 0 { return false }
                written += wrote
            }
            return true
        }
    }

    /// One child process and its two pipes.
    final class Child {
        // Not Sendable: each child belongs to the one reading thread that started it (a local of
        // that thread) and is never shared.
        enum Answer {
            case answer(Response)
            case late
            /// The child ended (how: a signal or an exit status).
            case ended(String)
        }

        let process: Process
        let toChild: FileHandle
        let fromChild: FileHandle

        private init(process: Process, toChild: FileHandle, fromChild: FileHandle) {
            self.process = process
            self.toChild = toChild
            self.fromChild = fromChild
        }

        static func start(_ executable: String) -> Child? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["swift-reader"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            return Child(process: process, toChild: input.fileHandleForWriting, fromChild: output.fileHandleForReading)
        }

        func ask(_ request: Request, deadline: Double) -> Answer {
            guard let data = try? JSONEncoder().encode(request), Frame.write(Array(data), to: toChild.fileDescriptor) else { return .ended(how()) }
            switch Frame.read(from: fromChild.fileDescriptor, deadline: deadline) {
            case .frame(let bytes):
                guard let response = try? JSONDecoder().decode(Response.self, from: Data(bytes)) else { return .ended("an answer it could not read") }
                return .answer(response)
            case .late: return .late
            case nil: return .ended(how())
            }
        }

        /// How the child ended, once it has.
        private func how() -> String {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            switch process.terminationReason {
            case .uncaughtSignal: return "signal \(process.terminationStatus)"
            default: return "exit status \(process.terminationStatus)"
            }
        }

        func stop() {
            try? toChild.close()
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            try? fromChild.close()
        }
    }
}
