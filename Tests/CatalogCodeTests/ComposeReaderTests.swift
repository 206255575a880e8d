import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogCode
import CatalogRender
import CatalogTestSupport

/// The Compose declaration reader against the forms real Compose source takes. Each case is a
/// file and what it must read: `Name(param: Type = default?, …)` per signature, `=` marking a
/// default; or that it reads nothing, or leaves a note.
@Suite("Compose declaration reader")
struct ComposeReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        /// Each signature read, in file order: `Name(label: Type, other: Type=)`.
        var expected: [String]
        var notes = 0
        var testDescription: String { name }
    }

    static func signatures(_ api: ComposeSourceReader.FileAPI) -> [String] {
        api.functions.values.flatMap { function in
            function.signatures.map { signature in
                (line: signature.line, text: function.name + "(" + signature.parameters.map { "\($0.name): \($0.type)\($0.hasDefault ? "=" : "")" }.joined(separator: ", ") + ")")
            }
        }.sorted { $0.line < $1.line }.map(\.text)
    }

    static let cases: [Case] = [
        Case(name: "a multiline parameter list with a trailing comma", source: """
            @Composable
            fun Toggle(
                label: String,
                checked: Boolean,
                onCheckedChange: ((Boolean) -> Unit)?,
                modifier: Modifier = Modifier,
            ) {}
            """, expected: ["Toggle(label: String, checked: Boolean, onCheckedChange: ((Boolean) -> Unit)?, modifier: Modifier=)"]),
        Case(name: "content slots and default lambdas", source: """
            @Composable
            fun Card(onClick: () -> Unit = {}, header: @Composable () -> Unit, content: @Composable ColumnScope.() -> Unit) {}
            """, expected: ["Card(onClick: () -> Unit=, header: @Composable () -> Unit, content: @Composable ColumnScope.() -> Unit)"]),
        Case(name: "KDoc and comments holding declarations", source: """
            /**
             * A chip. Call it like `fun Chip(text: String)`; /* nested */ still a comment.
             */
            // @Composable fun Hidden(a: Int)
            @Composable
            fun Chip(text: String /* the label, fun X(y: Int) */, selected: Boolean = false) {}
            """, expected: ["Chip(text: String, selected: Boolean=)"]),
        Case(name: "annotations on the function and its parameters", source: """
            @OptIn(ExperimentalMaterial3Api::class)
            @Suppress("ComposableNaming")
            @androidx.compose.runtime.Composable
            fun Banner(@StringRes title: Int, @DrawableRes icon: Int? = null) {}
            """, expected: ["Banner(title: Int, icon: Int?=)"]),
        Case(name: "generics on the function and in types", source: """
            @Composable
            fun <T : Any> Chooser(items: List<T>, selected: T?, onSelect: (T) -> Unit, labels: Map<T, String> = emptyMap()) {}
            """, expected: ["Chooser(items: List<T>, selected: T?, onSelect: (T) -> Unit, labels: Map<T, String>=)"]),
        Case(name: "overloads", source: """
            @Composable fun Badge(count: Int) {}
            @Composable fun Badge(text: String, modifier: Modifier = Modifier) {}
            """, expected: ["Badge(count: Int)", "Badge(text: String, modifier: Modifier=)"]),
        Case(name: "a receiver", source: """
            @Composable
            fun RowScope.TabItem(selected: Boolean, onClick: () -> Unit) {}
            """, expected: ["TabItem(selected: Boolean, onClick: () -> Unit)"]),
        Case(name: "defaults with calls, commas, comparisons and lambdas", source: """
            @Composable
            fun Slider(
                value: Float,
                colors: SliderColors = SliderDefaults.colors(thumbColor = Color.Red, activeTrackColor = Color.Blue),
                steps: Int = if (a < b) 0 else 1,
                onEvent: (Int, String) -> Unit = { _, _ -> },
                range: ClosedFloatingPointRange<Float> = 0f..1f,
            ) {}
            """, expected: ["Slider(value: Float, colors: SliderColors=, steps: Int=, onEvent: (Int, String) -> Unit=, range: ClosedFloatingPointRange<Float>=)"]),
        Case(name: "strings with templates, raw strings and characters", source: #"""
            val a = "fun Fake(x: Int) ${ "nested { brace" }"
            val b = """
                @Composable fun AlsoFake(y: Int) {}
            """
            val c = '"'
            @Composable
            fun Real(text: String = "a, b = c", quote: Char = '\'') {}
            """#, expected: ["Real(text: String=, quote: Char=)"]),
        Case(name: "vararg, noinline and crossinline", source: """
            @Composable
            inline fun Stack(vararg items: String, noinline onTap: () -> Unit, crossinline content: @Composable () -> Unit) {}
            """, expected: ["Stack(items: vararg String, onTap: () -> Unit, content: @Composable () -> Unit)"]),
        Case(name: "an expression body and backtick names", source: """
            @Composable fun Empty() = Unit
            @Composable fun `Quoted Name`(`when`: Boolean) {}
            """, expected: ["Empty()", "Quoted Name(when: Boolean)"]),
        Case(name: "private, local and non-composable functions are not API", source: """
            @Composable private fun Helper(a: Int) {}
            fun NotComposable(b: Int) {}
            @Composable
            fun Outer(c: Int) {
                @Composable fun Inner(d: Int) {}
                val lambda = @Composable { Text("x") }
            }
            """, expected: ["Outer(c: Int)"]),
        Case(name: "members of an object are read", source: """
            object Buttons {
                @Composable
                fun Primary(text: String, onClick: () -> Unit) {}
            }
            """, expected: ["Primary(text: String, onClick: () -> Unit)"]),
        Case(name: "a parameter without a type is a note, not a guess", source: """
            @Composable
            fun Broken(label String) {}
            @Composable
            fun Fine(label: String) {}
            """, expected: ["Fine(label: String)"], notes: 1),
        Case(name: "an unclosed parameter list is a note", source: """
            @Composable
            fun Open(label: String,
            """, expected: [], notes: 1),
        Case(name: "an unclosed string stops the reader with a note", source: """
            @Composable fun Before(a: Int) {}
            val s = "never closed
            @Composable fun After(b: Int) {}
            """, expected: ["Before(a: Int)"], notes: 1),
    ]

    @Test("each form is read as Compose writes it", arguments: cases)
    func eachFormIsRead(_ testCase: Case) {
        let api = ComposeSourceReader.read(Array(testCase.source.utf8), file: "Case.kt")
        #expect(Self.signatures(api) == testCase.expected)
        #expect(api.notes.count == testCase.notes, "\(api.notes.map(\.message))")
    }

    @Test func linesAreThoseOfTheDeclaration() {
        let api = ComposeSourceReader.read(Array("package x\n\n/** doc */\n@Composable\nfun A(\n    b: Int,\n    c: String = \"\",\n) {}\n".utf8), file: "A.kt")
        let function = api.functions["A"]
        #expect(function?.signatures.first?.line == 5)
        #expect(function?.signatures.first?.parameters.map(\.line) == [6, 7])
    }

    @Test func aCodeConnectFileLinksTheComposablesItCalls() {
        let source = """
            @FigmaConnect(url = "https://figma.com/x")
            class ToggleDoc {
                @Composable
                fun Example() { Toggle(label = "a", checked = true) }
            }
            """
        #expect(ComposeSourceReader.read(Array(source.utf8), file: "Toggle.figma.kt").links.map(\.function) == ["Toggle"])
        #expect(ComposeSourceReader.read(Array(source.utf8), file: "Toggle.kt").links.isEmpty)
    }

    @Test func callsAreCountedOutsideCommentsStringsAndDeclarations() {
        let source = """
            @Composable fun Toggle(a: Int) {}
            fun screen() {
                Toggle(1)
                Toggle { }
                // Toggle(2)
                val s = "Toggle(3)"
                other.Toggle(4)
            }
            """
        #expect(ComposeSourceReader.calls(of: ["Toggle"], in: Array(source.utf8)) == ["Toggle": 3])
    }

    @Test func hostileInputEndsWithoutAGuess() {
        let deep = String(repeating: "(", count: 100_000) + "@Composable fun X(a: Int) {}"
        _ = ComposeSourceReader.read(Array(deep.utf8), file: "Deep.kt")
        let angles = "@Composable fun <" + String(repeating: "A<", count: 50_000) + " X(a: Int) {}"
        let api = ComposeSourceReader.read(Array(angles.utf8), file: "Angles.kt")
        #expect(api.functions.isEmpty)
        let garbage = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761) }
        _ = ComposeSourceReader.read(garbage, file: "Garbage.kt")
    }
}

/// The SwiftUI reader (swift-syntax) on the forms a design system's views take.
@Suite("SwiftUI declaration reader")
struct SwiftReaderTests {
    static func describe(_ api: CodeAPI?) -> [String] {
        guard let api else { return [] }
        return api.signatures.map { "init(" + $0.parameters.map { "\($0.label) \($0.name): \($0.type)\($0.hasDefault ? "=" : "")" }.joined(separator: ", ") + ")" }
            + api.properties.map { "var \($0.name): \($0.type ?? "?")" } + api.methods.map { "func \($0.name)(\($0.labels.joined()))" }
    }

    @Test func aPublicTypeShowsItsPublicAPIOnly() {
        let source = """
            public struct Chip: View {
                public let text: String
                var secret: Int
                public init(_ text: String, isOn: Binding<Bool>, action: @escaping () -> Void = {}) { self.text = text; secret = 0 }
                init(value: Int) { text = ""; secret = value }
                public var body: some View { Text(text) }
                public func chipStyle(_ style: ChipStyle) -> some View { self }
                func hidden() {}
            }
            """
        let api = SwiftSourceReader.read(source, file: "Chip.swift")
        #expect(Self.describe(api.types["Chip"]) == ["init(_ text: String, isOn isOn: Binding<Bool>, action action: () -> Void=)", "var text: String", "func chipStyle(_:)"])
    }

    @Test func anInternalTypeGetsItsMemberwiseInitializer() {
        let source = """
            struct Row: View {
                var title: String
                @Binding var isOn: Bool
                var detail: String? = nil
                let kind = 1
                @State private var pressed = false
                var body: some View { Text(title) }
            }
            """
        let api = SwiftSourceReader.read(source, file: "Row.swift")
        #expect(Self.describe(api.types["Row"]).first == "init(title title: String, isOn isOn: Binding<Bool>, detail detail: String?=)")
    }

    @Test func extensionsAndViewModifiersAreFound() {
        let index = CodeIndex.build(Self.files([
            "A.swift": "public struct Badge<Label: View>: View { public var body: some View { EmptyView() } }",
            "B.swift": "extension Badge where Label == Text { public init(_ title: String) { } }\npublic extension View {\n    func badgeTint(_ color: Color) -> some View { self }\n    private func helper() -> some View { self }\n}",
            "C.figma.swift": "struct BadgeDoc: FigmaConnect { let component = Badge<Text>.self }",
        ]), implementations: [:])
        #expect(index.swiftTypes["Badge"]?.signatures.map { $0.parameters.map(\.name) } == [[], ["title"]])
        #expect(index.viewExtensions.map(\.name) == ["badgeTint"])
        #expect(index.swiftTypes["Badge"]?.links.count == 1)
    }

    @Test func aFileThatDoesNotParseIsANote() {
        let api = SwiftSourceReader.read("struct X {\n  func y( {\n", file: "X.swift")
        #expect(api.types.isEmpty)
        #expect(api.notes.count == 1)
    }

    static func files(_ texts: [String: String]) -> CodeFiles {
        var code = CodeFiles()
        code.folders = [CodeFiles.Folder(role: "swiftui", written: "src", display: "src", missing: false, files: texts.keys.sorted().map { "src/" + $0 })]
        for (name, text) in texts { code.files["src/" + name] = Array(text.utf8) }
        return code
    }

    @Test func hostileSwiftEndsInANoteOrNothing() {
        let deep = "struct A { var x = " + String(repeating: "(", count: 30_000) + String(repeating: ")", count: 30_000) + " }"
        let read = SwiftSourceReader.read(deep, file: "Deep.swift")
        #expect(read.notes.count == 1)
        let types = (0..<5_000).map { "public struct T\($0): View {\n    public init(a: Int = 0) {}\n    public var body: some View { EmptyView() }\n}" }.joined(separator: "\n")
        #expect(SwiftSourceReader.read(types, file: "Many.swift").types.count == 5_000)
        #expect(SwiftSourceReader.calls(of: ["A"], in: deep) == nil)
        // Just under the nesting cap the parser recurses thousands of frames deep: more than a
        // test thread's (or Dispatch's) stack holds, so it runs on a large one.
        let nested = "let y = " + String(repeating: "f(", count: SwiftSourceLimits.maximumNesting) + String(repeating: ")", count: SwiftSourceLimits.maximumNesting)
        #expect(SwiftSourceReader.calls(of: ["A"], in: nested) == nil)
        #expect(SwiftSourceReader.read(nested, file: "Nested.swift").notes.count == 1)
        // Square brackets cost swift-syntax time exponential in their depth: past twelve the
        // file is a note at once (a string holding them does not count).
        let squares = "let z = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(SwiftSourceReader.read(squares, file: "Squares.swift").notes.first?.message.contains("square brackets more than 12 deep") == true)
        #expect(SwiftSourceLimits.firstExcess(in: "let s = \"" + String(repeating: "[", count: 40) + "\" // [[[[[[[[[[[[[[[[[\n") == nil)
        #expect(SwiftSourceLimits.firstExcess(in: "let t = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12)) == nil)
    }
}
