import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogCode
import CatalogPipeline
import CatalogTestSupport

/// The team's code is outside input too: a Swift file that nests any form past what swift-syntax
/// takes safely or quickly is a `code.unreadable` note naming it, never a crash or a hang, and the
/// files beside it are read as before; a file that gets past the limits and still crashes or
/// stalls the parser ends only the child process that parsed it.
@Suite("Hostile code")
struct HostileCodeTests {
    /// Each form the adversary found crashing (exit 139) or hanging every command, at the size
    /// that did it, and the limit that now stops it first.
    static let forms: [(name: String, text: String, says: String)] = [
        ("generics 50,000 deep", "let x: " + String(repeating: "A<", count: 50_000) + "Int" + String(repeating: ">", count: 50_000) + "\n", "generic arguments more than 64 deep"),
        ("generics 8,000 deep (104 s)", "let x: " + String(repeating: "A<", count: 8_000) + "Int" + String(repeating: ">", count: 8_000) + "\n", "generic arguments more than 64 deep"),
        ("a ternary 30,000 deep", "let x = " + String(repeating: "a ? b : ", count: 30_000) + "c\n", "operators into one expression"),
        ("300,000 member accesses", "let x = a" + String(repeating: ".b", count: 300_000) + "\n", "member accesses"),
        ("300,000 member accesses, one a line", "let x = a\n" + String(repeating: "  .b\n", count: 300_000), "member accesses"),
        ("300,000 calls", "let x = a" + String(repeating: "()", count: 300_000) + "\n", "operators into one expression"),
        ("300,000 force unwraps", "let x = a" + String(repeating: "!", count: 300_000) + "\n", "operators into one expression"),
        ("300,000 optional chains", "let x = a" + String(repeating: "?", count: 300_000) + ".b\n", "operators into one expression"),
        ("300,000 .Type", "let x: Int" + String(repeating: ".Type", count: 300_000) + "\n", "member accesses"),
        ("300,000 function arrows", "let x: " + String(repeating: "(Int) -> ", count: 300_000) + "Int\n", "operators into one expression"),
        ("1,000,000 try", "let x = " + String(repeating: "try ", count: 1_000_000) + "a\n", "`try` or `await` in a row"),
        ("100,000 nested #if", String(repeating: "#if A\n", count: 100_000) + "let x = 1\n" + String(repeating: "#endif\n", count: 100_000), "`#if` more than 64 deep"),
        ("f(a < b, …) with 2,000 arguments (86 s)", "f(" + Array(repeating: "a < b", count: 2_000).joined(separator: ", ") + ")\n", "200 `<` in one expression"),
        ("300,000 prefix operators", "let x = " + String(repeating: "!", count: 300_000) + "a\n", "prefix operators in a row"),
    ]

    @Test func everyHostileFormIsANoteAtOnce() {
        for form in Self.forms {
            let started = Date()
            let read = SwiftSourceReader.read(form.text, file: "Hostile.swift")
            #expect(read.notes.count == 1 && read.notes[0].message.contains(form.says), "\(form.name): \(read.notes.map(\.message))")
            #expect(read.types.isEmpty)
            #expect(SwiftSourceReader.calls(of: ["A"], in: form.text) == nil, "\(form.name)")
            #expect(Date().timeIntervalSince(started) < 5, "\(form.name) took \(Date().timeIntervalSince(started)) s")
        }
    }

    /// Real code stays well inside every limit: a SwiftUI view with generic constraints,
    /// ternaries, optional chains, a long modifier chain and nested `#if`.
    @Test func realCodeIsWithinTheLimits() {
        let view = """
        #if canImport(SwiftUI)
        #if os(iOS)
        import SwiftUI
        public struct Row<Label: View, Value: Equatable & Hashable>: View where Value: Comparable {
            public init(label: Label, value: Binding<Optional<Dictionary<String, Array<Set<Value>>>>>, range: ClosedRange<Double> = 0...1) {}
            public var body: some View {
                let scale = isOn ? (compact ? 0.5 : 0.75) : 1.0
                return Text(title ?? "")
                    .font(.body)
                    .padding(.horizontal, 12)
                    .frame(minWidth: 44, minHeight: 44)
                    .foregroundStyle(model?.theme?.colors?.primary ?? .accentColor)
                    .accessibilityLabel(Text(label.description))
                    .opacity(!enabled ? 0.5 : 1)
                    .scaleEffect(scale)
                    .animation(.easeInOut(duration: 0.2), value: isOn)
            }
        }
        #endif
        #endif
        """
        #expect(SwiftSourceLimits.firstExcess(in: view) == nil)
        #expect(SwiftSourceLimits.firstExcess(in: String(repeating: view + "\n", count: 200)) == nil)
        // A table of many floats, ranges and `!=`: decimal points, ranges and `!=` are not operators
        // an expression strings together.
        let table = "let t: [Double] = [" + (0..<20_000).map { "\($0).5" }.joined(separator: ", ") + "]\nlet r = 0..<10\nlet b = a != c\n"
        #expect(SwiftSourceLimits.firstExcess(in: table) == nil)
    }

    /// The catalog around a hostile file still reads the good one beside it.
    @Test func theFilesBesideAHostileOneAreRead() throws {
        var texts: [String: String] = [:]
        for (index, form) in Self.forms.enumerated() where form.text.utf8.count < 4 << 20 { texts["Hostile\(index).swift"] = form.text }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-code-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("swift")
        try FileManager.default.createDirectory(at: swift, withIntermediateDirectories: true)
        for (name, text) in texts { try Data(text.utf8).write(to: swift.appendingPathComponent(name)) }
        try Data("public struct Good: View {\n    public init(label: String) {}\n    public var body: some View { Text(label) }\n}\n".utf8).write(to: swift.appendingPathComponent("Good.swift"))
        let catalog = folder.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("components/good"), withIntermediateDirectories: true)
        try Data("title: T\ncode:\n  swiftui: ../swift\n".utf8).write(to: catalog.appendingPathComponent("catalog.yaml"))
        try Data("""
        name: Good
        summary: A good view.
        states: [{ name: Default }]
        accessibility: [{ requirement: Named, platforms: { ios: By its label. } }]
        implementation: { swiftui: Good }
        properties:
          - { name: label, type: String, required: true, platforms: { swiftui: "label: String" } }

        """.utf8).write(to: catalog.appendingPathComponent("components/good/component.yaml"))
        let result = Pipeline.run(try CatalogReader.read(catalog.path, displayRoot: "cat"))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.filter { $0.severity == .error })")
        let unreadable = result.diagnostics.filter { $0.rule == .codeUnreadable }
        #expect(unreadable.count == texts.count, "\(unreadable.map(\.message))")
        #expect(result.catalog?.code?.swiftTypes["Good"] != nil)
    }

    /// Past the limits, the parse runs in a child process: one that crashes is a note naming the
    /// file and the signal, and one that runs past the deadline is killed and a note too.
    @Test func aChildThatCrashesOrStallsEndsInANote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for the child that crashes on whatever it is given.
        let crashing = folder.appendingPathComponent("crashing").path
        try Data("#!/bin/sh\nkill -SEGV $$\n".utf8).write(to: URL(fileURLWithPath: crashing))
        chmod(crashing, 0o755)
        let jobs: [SwiftReaderProcess.Job] = [.declarations(file: "A.swift", text: "struct A {}\n"), .declarations(file: "B.swift", text: "struct B {}\n")]
        let crashed = SwiftReaderProcess.run(jobs, executable: crashing, deadline: 10)
        #expect(crashed.count == 2)
        for outcome in crashed {
            guard case .failed(let why) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(why.contains("signal 11"), "\(why)")
        }
        // The real child, under a deadline no parse of a large file meets.
        let executable = try #require(SwiftReaderProcess.executable)
        let large = (0..<3_000).map { "public struct T\($0): View {\n    public init(a: Int = 0) {}\n    public var body: some View { EmptyView() }\n}" }.joined(separator: "\n")
        let stalled = SwiftReaderProcess.run([.declarations(file: "Large.swift", text: large), .declarations(file: "Small.swift", text: "public struct S: View { public init() {} }\n")],
                                             executable: executable, deadline: 0.01)
        guard case .failed(let why) = stalled[0] else { Issue.record("\(stalled[0])"); return }
        #expect(why.contains("took longer than 0.01 s"), "\(why)")
        // The same files with time to spare: a fresh child reads both.
        let read = SwiftReaderProcess.run([.declarations(file: "Large.swift", text: large), .declarations(file: "Small.swift", text: "public struct S: View { public init() {} }\n")],
                                          executable: executable, deadline: 60)
        guard case .declarations(let api) = read[0], case .declarations(let small) = read[1] else { Issue.record("\(read)"); return }
        #expect(api.types.count == 3_000 && small.types["S"] != nil)
    }

    /// A NUL in a `code:` path (which the system reads as the path cut short: the catalog folder
    /// itself) is an error at its line; nothing is read for it, and the other platform is checked
    /// as before (it was 374,976 phantom notes and a false implementation-missing).
    @Test func aControlCharacterInACodePathIsAnErrorAndReadsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nul-code-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("code/kotlin"), to: folder.appendingPathComponent("kotlin"))
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("code/catalog"), to: folder.appendingPathComponent("catalog"))
        try Data("title: Acme Controls\ncode:\n  swiftui: \"\\0\"\n  compose: ../kotlin\n".utf8).write(to: folder.appendingPathComponent("catalog/catalog.yaml"))
        let result = Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path, displayRoot: "cat"))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.rule == .schemaType && errors.first?.message.contains("U+0000") == true, "\(errors)")
        #expect(errors.first.map { "\($0.location.line):\($0.location.column)" } == "3:12")
        #expect(!result.diagnostics.contains { $0.rule == .codeUnreadable }, "\(result.diagnostics.filter { $0.rule == .codeUnreadable }.count) notes")
        #expect(!result.diagnostics.contains { $0.rule == .codeImplementationMissing && $0.message.contains("@Composable") })
        #expect(result.catalog?.code?.composables["AcmeToggle"] != nil)
    }
}
