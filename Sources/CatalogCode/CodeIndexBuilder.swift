import Foundation
import CatalogCore
import CatalogModel

/// `CodeIndex` read from the files under catalog.yaml's `code:`: each file parsed (Swift with
/// swift-syntax, Kotlin with the declaration reader), the declarations merged, the call sites of
/// the implementations counted in the usage folders.
extension CodeIndex {
    /// Reads every file `code` holds; `implementations` are the names to count call sites of,
    /// per platform.
    public static func build(_ code: CodeFiles, implementations: [String: Set<String>]) -> CodeIndex {
        var index = declarations(code)
        index.addUsage(CodeUsage.count(code, implementations: implementations), implementations: implementations)
        return index
    }

    /// The call sites counted in the usage folders (`CodeUsage.count`), added to what the
    /// implementation folders declare; the index's key covers both.
    public mutating func addUsage(_ counted: CodeUsage, implementations: [String: Set<String>]) {
        var key = StableHash.Combiner()
        key.add(contentKey)
        for platform in implementations.keys.sorted() {
            key.add(platform)
            for name in implementations[platform]!.sorted() { key.add(name) }
        }
        contentKey = key.value
        usage = counted.usage
        notes += counted.notes
    }

    /// What the implementation folders declare (every file parsed; the usage folders are not
    /// read): it does not depend on the components, so a component.yaml that changes or stops
    /// loading does not read the code again.
    public static func declarations(_ code: CodeFiles) -> CodeIndex {
        var index = CodeIndex()
        index.contentKey = code.contentKey
        for skip in code.skipped {
            index.notes.append(CodeNote(file: skip.file, line: 1, message: "\(skip.file) \(skip.reason)"))
        }
        var extensions: [CodeAPI] = []
        var internalExtensions: [CodeAPI] = []
        var swiftLinks: [(String, CodeAPI.Member)] = []
        var composeLinks: [(String, CodeAPI.Member)] = []
        // Every file is parsed on its own (Swift in child processes under a watchdog, Kotlin on
        // large-stack threads, both in parallel), then merged in order.
        let jobs = code.folders.filter { $0.role != "usage" && !$0.missing }.flatMap { folder in
            folder.files.compactMap { file in code.files[file].map { (role: folder.role, file: file, bytes: $0) } }
        }
        for folder in code.folders where folder.role != "usage" && !folder.missing { index.platforms.insert(folder.role) }
        var parsed = [ParsedFile](repeating: .notText, count: jobs.count)
        var swiftJobs: [(index: Int, job: SwiftReaderProcess.Job)] = []
        var kotlinJobs: [(index: Int, file: String, bytes: [UInt8])] = []
        for (offset, job) in jobs.enumerated() {
            if job.role == "swiftui" {
                guard let text = String(validatingUTF8Bytes: job.bytes) else { continue }
                swiftJobs.append((offset, .declarations(file: job.file, text: text)))
            } else {
                kotlinJobs.append((offset, job.file, job.bytes))
            }
        }
        for (job, outcome) in zip(swiftJobs, SwiftReaderProcess.run(swiftJobs.map(\.job))) {
            switch outcome {
            case .declarations(let read): parsed[job.index] = .swift(read)
            case .failed(let why): parsed[job.index] = .swift(.init(notes: [CodeNote(file: job.job.file, line: 1, message: "\(job.job.file) \(why); it is not read, so nothing is guessed from it")]))
            case .calls: break
            }
        }
        for (job, read) in zip(kotlinJobs, LargeStack.map(kotlinJobs) { ComposeSourceReader.read($0.bytes, file: $0.file) }) {
            parsed[job.index] = .compose(read)
        }
        for (job, result) in zip(jobs, parsed) {
            switch result {
            case .notText:
                index.notes.append(CodeNote(file: job.file, line: 1, message: "\(job.file) is not UTF-8 text, so it is not read"))
            case .swift(let read):
                for (name, type) in read.types.sorted(by: { $0.key < $1.key }) where index.swiftTypes[name] == nil { index.swiftTypes[name] = type }
                extensions += read.extensions
                internalExtensions += read.internalExtensions
                index.viewExtensions += read.viewExtensions
                swiftLinks += read.links
                index.notes += read.notes
            case .compose(let read):
                for (name, function) in read.functions.sorted(by: { $0.key < $1.key }) {
                    if index.composables[name] == nil {
                        index.composables[name] = function
                    } else {
                        index.composables[name]!.signatures += function.signatures
                    }
                }
                composeLinks += read.links
                index.notes += read.notes
            }
        }
        // A type is found by its name, simple or qualified (`Toggle` is also `Acme.Toggle`).
        func declarations(of type: String) -> [String] {
            index.swiftTypes.keys.filter { $0 == type || $0.hasSuffix("." + type) }
        }
        // What extensions add: their public members to any type, their internal members only
        // to a type that is not public itself (an app's own views).
        let additions = extensions.map { (part: $0, internal: false) } + internalExtensions.map { (part: $0, internal: true) }
        for (addition, isInternal) in additions {
            for name in declarations(of: addition.name) where !(isInternal && index.swiftTypes[name]!.isPublic) {
                index.swiftTypes[name]!.signatures += addition.signatures
                index.swiftTypes[name]!.methods += addition.methods
                index.swiftTypes[name]!.properties += addition.properties
            }
        }
        for (type, member) in swiftLinks {
            for name in declarations(of: type) { index.swiftTypes[name]!.links.append(member) }
        }
        // A `.figma.kt` file may call other Composables too; only declared ones are linked.
        for (function, member) in composeLinks where index.composables[function] != nil {
            index.composables[function]!.links.append(member)
        }
        return index
    }
}

/// The call sites of the components' implementations in the usage folders: per platform and
/// name, the files calling it and how often.
public struct CodeUsage: Sendable {
    public var usage: [String: [String: [(file: String, calls: Int)]]] = [:]
    public var notes: [CodeNote] = []

    /// Counts the calls of `implementations` (per platform) in the usage folders of `code`.
    public static func count(_ code: CodeFiles, implementations: [String: Set<String>]) -> CodeUsage {
        var counted = CodeUsage()
        counted.countUsage(code, implementations: implementations)
        return counted
    }

    fileprivate mutating func countUsage(_ code: CodeFiles, implementations: [String: Set<String>]) {
        let swiftNames = implementations["swiftui"] ?? []
        let composeNames = implementations["compose"] ?? []
        var seen = Set<String>()
        let files = code.folders.filter { $0.role == "usage" && !$0.missing }.flatMap(\.files).filter { seen.insert($0).inserted }
            .filter { !($0.hasSuffix(".swift") ? swiftNames : composeNames).isEmpty }
        // Swift usage files are parsed in child processes under a watchdog, Kotlin ones here.
        var counted = [[String: Int]?](repeating: nil, count: files.count)
        var failures: [Int: String] = [:]
        var swiftJobs: [(index: Int, job: SwiftReaderProcess.Job)] = []
        var kotlinJobs: [(index: Int, bytes: [UInt8])] = []
        for (offset, file) in files.enumerated() {
            let bytes = code.files[file] ?? []
            if file.hasSuffix(".swift") {
                guard let text = String(validatingUTF8Bytes: bytes) else { continue }
                swiftJobs.append((offset, .calls(file: file, text: text, names: swiftNames)))
            } else {
                kotlinJobs.append((offset, bytes))
            }
        }
        for (job, outcome) in zip(swiftJobs, SwiftReaderProcess.run(swiftJobs.map(\.job))) {
            switch outcome {
            case .calls(let counts): counted[job.index] = counts
            case .failed(let why): failures[job.index] = why
            case .declarations: break
            }
        }
        for (job, counts) in zip(kotlinJobs, LargeStack.map(kotlinJobs) { ComposeSourceReader.calls(of: composeNames, in: $0.bytes) }) {
            counted[job.index] = counts
        }
        for (offset, (file, counts)) in zip(files, counted).enumerated() {
            guard let counts else {
                let why = failures[offset] ?? "could not be parsed"
                notes.append(CodeNote(file: file, line: 1, message: "\(file) \(why), so the components it uses are not counted"))
                continue
            }
            let platform = file.hasSuffix(".swift") ? "swiftui" : "compose"
            for (name, calls) in counts.sorted(by: { $0.key < $1.key }) where calls > 0 {
                usage[platform, default: [:]][name, default: []].append((file, calls))
            }
        }
        for platform in usage.keys {
            for name in usage[platform]!.keys { usage[platform]![name]!.sort { $0.file < $1.file } }
        }
    }
}

/// What reading one source file gave.
private enum ParsedFile: Sendable {
    case swift(SwiftSourceReader.FileAPI)
    case compose(ComposeSourceReader.FileAPI)
    case notText
}

extension String {
    /// The bytes as text when they are valid UTF-8 (a BOM is dropped).
    package init?(validatingUTF8Bytes bytes: [UInt8]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(bytes: body, encoding: .utf8) else { return nil }
        self = text
    }
}
