import Foundation
import CatalogCore
import CatalogSource
import CatalogModel

/// `CodeIndex` read from the files under catalog.yaml's `code:`: each file parsed (Swift with
/// swift-syntax, Kotlin with the declaration reader), the declarations merged, the call sites of
/// the implementations counted in the usage folders.
extension CodeIndex {
    /// Reads every file `code` holds; `implementations` are the names to count call sites of,
    /// per platform.
    public static func build(_ code: CodeFiles, implementations: [String: Set<String>]) -> CodeIndex {
        var index = CodeIndex()
        var key = StableHash.Combiner()
        key.add(code.contentKey)
        for platform in implementations.keys.sorted() {
            key.add(platform)
            for name in implementations[platform]!.sorted() { key.add(name) }
        }
        index.contentKey = key.value
        for skip in code.skipped {
            index.notes.append(CodeNote(file: skip.file, line: 1, message: "\(skip.file) \(skip.reason)"))
        }
        var extensions: [CodeAPI] = []
        var swiftLinks: [(String, CodeAPI.Member)] = []
        var composeLinks: [(String, CodeAPI.Member)] = []
        // Every file is parsed on its own (in parallel, on large stacks), then merged in order.
        let jobs = code.folders.filter { $0.role != "usage" && !$0.missing }.flatMap { folder in
            folder.files.compactMap { file in code.files[file].map { (role: folder.role, file: file, bytes: $0) } }
        }
        for folder in code.folders where folder.role != "usage" && !folder.missing { index.platforms.insert(folder.role) }
        let parsed = LargeStack.map(jobs) { job -> ParsedFile in
            guard let text = String(validatingUTF8Bytes: job.bytes) else { return .notText }
            return job.role == "swiftui" ? .swift(SwiftSourceReader.read(text, file: job.file, onLargeStack: true)) : .compose(ComposeSourceReader.read(job.bytes, file: job.file))
        }
        for (job, result) in zip(jobs, parsed) {
            switch result {
            case .notText:
                index.notes.append(CodeNote(file: job.file, line: 1, message: "\(job.file) is not UTF-8 text, so it is not read"))
            case .swift(let read):
                for (name, type) in read.types.sorted(by: { $0.key < $1.key }) where index.swiftTypes[name] == nil { index.swiftTypes[name] = type }
                extensions += read.extensions
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
        for addition in extensions {
            for name in declarations(of: addition.name) {
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
        index.countUsage(code, implementations: implementations)
        return index
    }

    fileprivate mutating func countUsage(_ code: CodeFiles, implementations: [String: Set<String>]) {
        let swiftNames = implementations["swiftui"] ?? []
        let composeNames = implementations["compose"] ?? []
        var seen = Set<String>()
        let files = code.folders.filter { $0.role == "usage" && !$0.missing }.flatMap(\.files).filter { seen.insert($0).inserted }
            .filter { !($0.hasSuffix(".swift") ? swiftNames : composeNames).isEmpty }
        let counted = LargeStack.map(files.map { (file: $0, bytes: code.files[$0] ?? []) }) { job -> [String: Int]? in
            if job.file.hasSuffix(".swift") {
                return String(validatingUTF8Bytes: job.bytes).flatMap { SwiftSourceReader.calls(of: swiftNames, in: $0, onLargeStack: true) }
            }
            return ComposeSourceReader.calls(of: composeNames, in: job.bytes)
        }
        for (file, counts) in zip(files, counted) {
            guard let counts else {
                notes.append(CodeNote(file: file, line: 1, message: "\(file) could not be parsed, so the components it uses are not counted"))
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
