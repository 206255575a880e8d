import Foundation
import Synchronization
import SwiftParser
import SwiftSyntax
import CatalogModel

/// Reads SwiftUI sources with swift-syntax: each view type's initializers, public properties
/// and modifier methods (its own and `View` extensions), Figma Code Connect declarations, and
/// calls of a type (usage).
package enum SwiftSourceReader {
    /// What one file declares.
    package struct FileAPI: Sendable {
        /// Keyed by the type's name as written (`Toggle`) and qualified (`Acme.Toggle`).
        package var types: [String: CodeAPI] = [:]
        /// What `extension T` blocks add to a type declared anywhere: their public members.
        package var extensions: [CodeAPI] = []
        /// Their internal members (neither public nor private): API only of a type that is not
        /// public itself (an app's own views), which `CodeIndex` decides once it knows the type.
        package var internalExtensions: [CodeAPI] = []
        /// Methods of `extension View` (modifiers any view may take).
        package var viewExtensions: [CodeAPI.Member] = []
        /// Types a `FigmaConnect` declaration names as its `component`, with where it says so.
        package var links: [(type: String, member: CodeAPI.Member)] = []
        package var notes: [CodeNote] = []
    }

    /// `onLargeStack`: the caller already runs on a `LargeStack` thread. A file past one of
    /// `SwiftSourceLimits` is a note, not parsed.
    package static func read(_ text: String, file: String, onLargeStack: Bool = false) -> FileAPI {
        if let excess = SwiftSourceLimits.firstExcess(in: text) { return SwiftReaderProcess.tooComplex(file, excess) }
        return onLargeStack ? readParsed(text, file: file) : LargeStack.run { readParsed(text, file: file) }
    }

    private static func readParsed(_ text: String, file: String) -> FileAPI {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        if let line = firstErrorLine(tree, converter) {
            return FileAPI(notes: [CodeNote(file: file, line: line, message: "\(file) could not be parsed as Swift (first problem at line \(line)); its declarations are not read, so nothing is guessed from it")])
        }
        let visitor = DeclarationVisitor(file: file, converter: converter)
        visitor.walk(tree)
        return visitor.api
    }

    /// Attributes that say how a closure is passed or built, not what type it is: documentation
    /// writes `action: () -> Void` for `action: @escaping () -> Void`.
    package static let passingAttributes: Set<String> = ["escaping", "autoclosure", "ViewBuilder", "noescape"]

    package static func typeText(_ type: TypeSyntax) -> String {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return type.trimmedDescription }
        let kept = attributed.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return element.trimmedDescription }
            return passingAttributes.contains(attribute.attributeName.trimmedDescription) ? nil : attribute.trimmedDescription
        }
        let specifiers = attributed.specifiers.map(\.trimmedDescription)
        return (specifiers + kept + [attributed.baseType.trimmedDescription]).joined(separator: " ")
    }

    /// The line of the first token the parser had to invent or skip, when there is one.
    package static func firstErrorLine(_ tree: SourceFileSyntax, _ converter: SourceLocationConverter) -> Int? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) where token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
            return token.startLocation(converter: converter).line
        }
        return 1
    }

    /// How many times each of `names` is called (`AcmeToggle(…)`, `AcmeToggle { … }`,
    /// `Acme.AcmeToggle(…)`) in a file; nil when the file does not parse.
    package static func calls(of names: Set<String>, in text: String, onLargeStack: Bool = false) -> [String: Int]? {
        guard SwiftSourceLimits.firstExcess(in: text) == nil else { return nil }
        let count: () -> [String: Int]? = {
            let tree = Parser.parse(source: text)
            guard !tree.hasError else { return nil }
            let visitor = CallVisitor(names: names)
            visitor.walk(tree)
            return visitor.counts
        }
        return onLargeStack ? count() : LargeStack.run(count)
    }

    // MARK: Declarations

    private final class DeclarationVisitor: SyntaxVisitor {
        package let file: String
        package let converter: SourceLocationConverter
        package var api = FileAPI()
        /// Enclosing type names, for qualified names of nested types.
        package var scope: [String] = []

        package init(file: String, converter: SourceLocationConverter) {
            self.file = file
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        package func line(_ node: some SyntaxProtocol) -> Int {
            converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        }

        package override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            readType(name: node.name.text, modifiers: node.modifiers, inheritance: node.inheritanceClause, members: node.memberBlock, at: node, isStruct: true)
            scope.append(node.name.text)
            return .visitChildren
        }
        package override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

        package override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            readType(name: node.name.text, modifiers: node.modifiers, inheritance: node.inheritanceClause, members: node.memberBlock, at: node, isStruct: false)
            scope.append(node.name.text)
            return .visitChildren
        }
        package override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

        package override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            scope.append(node.name.text)
            return .visitChildren
        }
        package override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

        package override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let extended = node.extendedType.trimmedDescription
            let simple = String(extended.split(separator: ".").last ?? Substring(extended))
            if simple == "View" {
                for member in node.memberBlock.members {
                    guard let function = member.decl.as(FunctionDeclSyntax.self), !Self.isHidden(function.modifiers) else { continue }
                    api.viewExtensions.append(method(function))
                }
                return .skipChildren
            }
            // Public members (also those of a `public extension`) and internal ones apart: whether
            // the type is public is not known here.
            var publicPart = CodeAPI(platform: "swiftui", name: simple, file: file, line: line(node))
            var internalPart = publicPart
            let extensionIsPublic = Self.isPublic(node.modifiers)
            for member in node.memberBlock.members {
                let modifiers: DeclModifierListSyntax
                if let initializer = member.decl.as(InitializerDeclSyntax.self) { modifiers = initializer.modifiers }
                else if let function = member.decl.as(FunctionDeclSyntax.self), !Self.isStatic(function.modifiers) { modifiers = function.modifiers }
                else if let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) { modifiers = variable.modifiers }
                else { continue }
                guard !Self.isHidden(modifiers) else { continue }
                let isPublic = Self.isPublic(modifiers) || (extensionIsPublic && !Self.isInternal(modifiers))
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    if isPublic { publicPart.signatures.append(signature(initializer)) } else { internalPart.signatures.append(signature(initializer)) }
                } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                    if isPublic { publicPart.methods.append(method(function)) } else { internalPart.methods.append(method(function)) }
                } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                    if isPublic { publicPart.properties += properties(variable) } else { internalPart.properties += properties(variable) }
                }
            }
            // An extension alone does not declare the type: `CodeIndex` adds it to the type's
            // declaration, wherever that is.
            api.extensions.append(publicPart)
            if !internalPart.signatures.isEmpty || !internalPart.methods.isEmpty || !internalPart.properties.isEmpty { api.internalExtensions.append(internalPart) }
            return .skipChildren
        }

        package func readType(name: String, modifiers: DeclModifierListSyntax, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, at node: some SyntaxProtocol, isStruct: Bool) {
            let inherited = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            if inherited.contains(where: { $0 == "FigmaConnect" || $0.hasSuffix(".FigmaConnect") }) {
                readFigmaConnect(members)
            }
            let typeIsPublic = Self.isPublic(modifiers)
            let exposed: (DeclModifierListSyntax) -> Bool = { modifiers in typeIsPublic ? Self.isPublic(modifiers) : !Self.isHidden(modifiers) }
            var type = CodeAPI(platform: "swiftui", name: name, file: file, line: line(node))
            type.isPublic = typeIsPublic
            var stored: [CodeAPI.Parameter] = []
            for member in members.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self), exposed(initializer.modifiers) {
                    type.signatures.append(signature(initializer))
                } else if let function = member.decl.as(FunctionDeclSyntax.self), exposed(function.modifiers), !Self.isStatic(function.modifiers) {
                    type.methods.append(method(function))
                } else if let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) {
                    let read = properties(variable)
                    if exposed(variable.modifiers) {
                        type.properties += read.filter { $0.name != "body" }
                    }
                    if isStruct, !Self.isHidden(variable.modifiers) || variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Binding" }) {
                        stored += memberwise(variable)
                    }
                }
            }
            let hasInitializer = members.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
            if isStruct, !hasInitializer {
                // The memberwise initializer Swift writes for a struct without one.
                type.signatures.append(CodeAPI.Signature(parameters: stored, file: file, line: line(node)))
            }
            api.types[name] = type
            if !scope.isEmpty { api.types[(scope + [name]).joined(separator: ".")] = type }
        }

        /// `let component = AcmeToggle.self` in a FigmaConnect type.
        package func readFigmaConnect(_ members: MemberBlockSyntax) {
            for member in members.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard binding.pattern.trimmedDescription == "component", let value = binding.initializer?.value.trimmedDescription, value.hasSuffix(".self") else { continue }
                    var named = String(value.dropLast(".self".count))
                    if let open = named.firstIndex(of: "<") { named = String(named[..<open]) }  // AcmeToggle<EmptyView>
                    let simple = String(named.split(separator: ".").last ?? Substring(named))
                    api.links.append((simple, CodeAPI.Member(name: simple, type: nil, file: file, line: line(binding))))
                }
            }
        }

        package func signature(_ initializer: InitializerDeclSyntax) -> CodeAPI.Signature {
            CodeAPI.Signature(parameters: initializer.signature.parameterClause.parameters.map(parameter), file: file, line: line(initializer))
        }

        package func parameter(_ node: FunctionParameterSyntax) -> CodeAPI.Parameter {
            let label = node.firstName.text
            let name = node.secondName?.text ?? label
            var type = SwiftSourceReader.typeText(node.type)
            if node.ellipsis != nil { type += "..." }
            return CodeAPI.Parameter(label: label, name: name, type: CodeType.display(type), hasDefault: node.defaultValue != nil, line: line(node))
        }

        package func method(_ function: FunctionDeclSyntax) -> CodeAPI.Member {
            let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
            return CodeAPI.Member(name: function.name.text, type: nil, labels: labels, file: file, line: line(function))
        }

        package func properties(_ variable: VariableDeclSyntax) -> [CodeAPI.Member] {
            variable.bindings.compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                return CodeAPI.Member(name: name, type: binding.typeAnnotation.map { CodeType.display($0.type.trimmedDescription) },
                                      hasDefault: binding.initializer != nil, file: file, line: line(binding))
            }
        }

        /// The parameters a stored property adds to a struct's memberwise initializer.
        package func memberwise(_ variable: VariableDeclSyntax) -> [CodeAPI.Parameter] {
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let wrapper = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }.first
            // State, Environment and friends are set inside the view, never by its callers.
            if let wrapper, ["State", "Environment", "EnvironmentObject", "StateObject", "FocusState", "Namespace", "GestureState", "ScaledMetric", "AppStorage", "SceneStorage", "FetchRequest", "Query"].contains(wrapper) { return [] }
            return variable.bindings.compactMap { binding in
                guard binding.accessorBlock == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let type = binding.typeAnnotation?.type.trimmedDescription else { return nil }
                if isLet, binding.initializer != nil { return nil }
                let written = wrapper == "Binding" ? "Binding<\(type)>" : type
                let optional = type.hasSuffix("?") && !isLet
                return CodeAPI.Parameter(label: name, name: name, type: CodeType.display(written), hasDefault: binding.initializer != nil || optional, line: line(binding))
            }
        }

        package static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
        }

        package static func isInternal(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.tokenKind == .keyword(.internal) || $0.name.tokenKind == .keyword(.package) }
        }

        package static func isHidden(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
        }

        package static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        }
    }

    // MARK: Calls

    private final class CallVisitor: SyntaxVisitor {
        package let names: Set<String>
        package var counts: [String: Int] = [:]

        package init(names: Set<String>) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }

        package override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee: String?
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                callee = reference.baseName.text
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
                callee = member.declName.baseName.text
            } else {
                callee = nil
            }
            if let callee, names.contains(callee) { counts[callee, default: 0] += 1 }
            return .visitChildren
        }
    }
}

/// Runs work on a thread of its own with a large stack: swift-syntax's parser and visitors
/// recurse as deep as the source nests, and the threads that run the pipeline (Dispatch's, the
/// concurrency pool's) have half a megabyte.
package enum LargeStack {
    package static let size = 256 << 20

    /// `work` on one such thread.
    package static func run<Value: Sendable>(_ work: @escaping () -> Value) -> Value {
        nonisolated(unsafe) let body = work
        return map([()]) { _ in body() }[0]
    }

    /// `transform` of every item, on as many large-stack threads as there are cores, in order.
    package static func map<Item: Sendable, Output: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> Output) -> [Output] {
        guard !items.isEmpty else { return [] }
        let results = Mutex([Output?](repeating: nil, count: items.count))
        let next = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count)) {
            group.enter()
            let thread = Thread {
                while true {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < items.count else { break }
                    let output = transform(items[index])
                    results.withLock { $0[index] = output }
                }
                group.leave()
            }
            thread.stackSize = size
            thread.start()
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }
}
