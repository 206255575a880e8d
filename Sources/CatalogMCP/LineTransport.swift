import Foundation
import Logging
import Synchronization
import MCP

/// The MCP stdio transport (one JSON-RPC message a line), written so that a client cannot make
/// the server misbehave by how it reads or writes:
///
/// - **Every message is written whole, in one piece and in order**, whatever the reader's speed:
///   one writer thread does blocking writes of each message in turn (the SDK's transport slept
///   inside its actor when the pipe was full, so a second answer was written into the middle of
///   the first).
/// - **Lines are read in time linear in their length**: each read is scanned once for the line
///   break (the SDK's scanned the whole pending message after every 4 KiB).
/// - **A message over `maximumMessageBytes` is refused** with a JSON-RPC error, and so is a
///   request whose `id` is not a string or an integer (MCP does not allow `null`): both are
///   answered with `"id": null`, as JSON-RPC 2.0 says, instead of no answer or a made-up id; a
///   line that is not JSON is a parse error (-32700), also with `"id": null`.
/// - **Closing the input ends the server once every request read is answered** (or
///   `drainSeconds` have passed): a client that sends its requests and then closes its end gets
///   every answer, not only those that were quick.
package actor LineTransport: Transport {
    package nonisolated let logger = Logger(label: "catalog-build.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The largest message read: 16 MiB.
    package static let maximumMessageBytes = 16 << 20

    /// How long the server waits, once its input is closed, for the answers still being made.
    package static let drainSeconds = 120.0

    private let input: Int32
    private let writer: Writer
    private let unanswered = Unanswered()
    private let stream: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var reading: Thread?

    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        writer = Writer(output)
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    package func connect() async throws {
        guard reading == nil else { return }
        // A client gone away is a write that fails, not a signal that ends the process.
        signal(SIGPIPE, SIG_IGN)
        let descriptor = input
        let continuation = self.continuation
        let writer = self.writer
        let unanswered = self.unanswered
        let thread = Thread {
            Self.readLines(from: descriptor, into: continuation, answering: writer, counting: unanswered)
        }
        thread.stackSize = 1 << 20
        reading = thread
        thread.start()
    }

    package func disconnect() async {
        continuation.finish()
    }

    package func send(_ data: Data) async throws {
        var line = data
        line.append(10)
        let wrote = await writer.write(line)
        // The SDK writes its messages with sorted keys: an answer (to one request or a batch)
        // begins with its error, its id or a bracket; a notification with "jsonrpc".
        if data.starts(with: Array(#"{"id""#.utf8)) || data.starts(with: Array(#"{"error""#.utf8)) || data.first == UInt8(ascii: "[") {
            unanswered.answered()
        }
        guard wrote else { throw MCPError.transportError(POSIXError(.EPIPE)) }
    }

    package func receive() -> AsyncThrowingStream<Data, Swift.Error> { stream }

    // MARK: Reading

    /// Reads lines until the end of input, handing each message on (or answering it, when it
    /// cannot be taken).
    private static func readLines(from descriptor: Int32, into continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation, answering writer: Writer, counting unanswered: Unanswered) {
        var pending: [UInt8] = []
        var scanned = 0
        // While a line over the limit is skipped, up to its line break.
        var skipping = false
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, 1_000)
                continue
            }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            var start = 0
            while let newline = pending[scanned...].firstIndex(of: 10) {
                if skipping {
                    skipping = false
                } else {
                    handle(Array(pending[start..<newline]), continuation: continuation, writer: writer, counting: unanswered)
                }
                start = newline + 1
                scanned = start
            }
            if start > 0 {
                pending.removeFirst(start)
            }
            scanned = pending.count
            if pending.count > maximumMessageBytes {
                if !skipping { refuse(.tooLarge, writer: writer) }
                skipping = true
                pending.removeAll(keepingCapacity: true)
                scanned = 0
            }
        }
        if !pending.isEmpty, !skipping { handle(pending, continuation: continuation, writer: writer, counting: unanswered) }
        unanswered.waitUntilAnswered(seconds: drainSeconds)
        continuation.finish()
    }

    /// One line: handed on when it is a message the server can answer, else answered here.
    private static func handle(_ line: [UInt8], continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation, writer: Writer, counting unanswered: Unanswered) {
        var body = line[...]
        if body.last == 13 { body = body.dropLast() }
        guard body.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return }
        let data = Data(body)
        if let probe = try? JSONDecoder().decode(Probe.self, from: data) {
            if probe.isRequest, !probe.hasValidID {
                refuse(.invalidID, writer: writer)
                return
            }
            if !probe.isRequest, !probe.hasID {
                refuse(.notAMessage, writer: writer)
                return
            }
            if probe.isRequest, probe.hasID { unanswered.asked() }
            if probe.method == "notifications/cancelled" { unanswered.answered() }
            continuation.yield(data)
            return
        }
        // Not an object: a batch (an array) goes on, anything else is refused here.
        switch try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
        case .none: refuse(.notJSON, writer: writer)
        case .some(let value) where value is [Any]:
            unanswered.asked()
            continuation.yield(data)
        case .some: refuse(.notAMessage, writer: writer)
        }
    }

    /// The requests read and not yet answered, so that the end of input can wait for them.
    final class Unanswered: Sendable {
        private let count = Mutex(0)

        func asked() { count.withLock { $0 += 1 } }
        func answered() { count.withLock { $0 -= 1 } }

        func waitUntilAnswered(seconds: Double) {
            let deadline = Date().addingTimeInterval(seconds)
            while count.withLock({ $0 > 0 }), Date() < deadline { usleep(10_000) }
        }
    }

    /// What a message says of itself: whether it is a request (it has a `method`) and whether
    /// its `id`, when present, is a string or an integer.
    private struct Probe: Decodable {
        var isRequest = false
        var method: String?
        var hasID = false
        var hasValidID = true

        enum Keys: String, CodingKey { case method, id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            isRequest = container.contains(.method)
            method = try? container.decode(String.self, forKey: .method)
            guard container.contains(.id) else { return }
            hasID = true
            if (try? container.decodeNil(forKey: .id)) == true {
                hasValidID = false
            } else if (try? container.decode(String.self, forKey: .id)) != nil {
                hasValidID = true
            } else if (try? container.decode(Int.self, forKey: .id)) != nil, (try? container.decode(Bool.self, forKey: .id)) == nil {
                // An integer the server's ids can hold (the SDK's are Int; a larger one it would
                // take for a notification and never answer).
                hasValidID = true
            } else {
                hasValidID = false
            }
        }
    }

    /// Why a line is answered by the transport.
    enum Refusal {
        case tooLarge, invalidID, notJSON, notAMessage

        var code: Int { self == .notJSON ? -32700 : -32600 }

        var message: String {
            switch self {
            case .tooLarge: "Invalid Request: the message is over \(maximumMessageBytes >> 20) MiB, the most this server reads; send a smaller one"
            case .invalidID: "Invalid Request: a request's id must be a string or an integer"
            case .notJSON: "Parse error: the line is not JSON; send one JSON-RPC message a line"
            case .notAMessage: "Invalid Request: a message is a JSON object with a method (a request or a notification) or an id (a response)"
            }
        }
    }

    private static func refuse(_ refusal: Refusal, writer: Writer) {
        let answer = #"{"jsonrpc":"2.0","id":null,"error":{"code":\#(refusal.code),"message":"\#(refusal.message)"}}"# + "\n"
        let writing = writer
        Task { _ = await writing.write(Data(answer.utf8)) }
    }

    // MARK: Writing

    /// Writes messages one after another on a thread of its own, each whole before the next.
    /// It holds only constants (a descriptor and a serial queue); every write runs on that
    /// queue, one after another.
    package final class Writer: Sendable {
        private let descriptor: Int32
        private let queue = DispatchQueue(label: "catalog-build.mcp.writer")

        init(_ descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// False when the other end is gone.
        func write(_ data: Data) async -> Bool {
            await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                queue.async { [descriptor] in
                    let wrote = data.withUnsafeBytes { raw -> Bool in
                        var offset = 0
                        while offset < raw.count {
                            let count = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                            if count < 0, errno == EINTR { continue }
                            if count < 0, errno == EAGAIN {
                                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                                _ = poll(&poller, 1, 1_000)
                                continue
                            }
                            if count <= 0 { return false }
                            offset += count
                        }
                        return true
                    }
                    done.resume(returning: wrote)
                }
            }
        }
    }
}
