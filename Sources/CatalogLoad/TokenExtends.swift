import CatalogCore
import CatalogModel
/// `"$extends": "{base.button}"` on a group: the group takes every token of the target group
/// that it does not define itself, at the same place below it (a deep merge in which the
/// group's own members win). Extending a token, a group that does not exist, or a chain that
/// comes back to itself is an error at the `$extends`.
package struct ExtendsDeclaration: Sendable {
    package var group: [String]
    package var target: String
    package var location: SourceLocation

    package var name: String { group.joined(separator: ".") }
}

package enum TokenExtends {
    /// A group extending a group that extends … more than this is an error.
    package static let maximumChain = 100

    package static func apply(_ tokens: [Token], groups: Set<String>, groupTypes declaredTypes: [String: String] = [:], declarations: [ExtendsDeclaration]) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        guard !declarations.isEmpty else { return (tokens, []) }
        var result = tokens
        var diagnostics: [Diagnostic] = []
        var index: [String: Int] = [:]
        /// Group name → the tokens at any depth below it.
        var below: [String: [Int]] = [:]
        func register(_ position: Int) {
            let path = result[position].path
            index[result[position].name] = position
            for length in 0..<path.count { below[path[0..<length].joined(separator: "."), default: []].append(position) }
        }
        for position in result.indices { register(position) }
        var byGroup: [String: ExtendsDeclaration] = [:]
        for declaration in declarations where byGroup[declaration.name] == nil { byGroup[declaration.name] = declaration }
        var done = Set<String>()
        var groupTypes = declaredTypes
        /// The `$type` in force for a group: its own, else its nearest ancestor's.
        func effectiveType(_ group: String) -> String? {
            var parts = group.split(separator: ".").map(String.init)
            while true {
                if let type = groupTypes[parts.joined(separator: ".")] { return type }
                if parts.isEmpty { return nil }
                parts.removeLast()
            }
        }

        // Iterative: a group is merged after the groups its target depends on.
        for start in declarations.map(\.name) where !done.contains(start) {
            var stack: [String] = [start]
            while let group = stack.last {
                guard let declaration = byGroup[group], !done.contains(group) else {
                    stack.removeLast()
                    continue
                }
                let target = declaration.target
                func finish(_ problem: Diagnostic?) {
                    if let problem { diagnostics.append(problem) }
                    done.insert(group)
                    stack.removeLast()
                }
                if index[target] != nil {
                    finish(.error(.tokenExtends, "$extends names the token '\(target)'; only a group can be extended", at: declaration.location))
                    continue
                }
                guard groups.contains(target) else {
                    finish(.error(.tokenExtends, "$extends names '\(target)', which is no group\(DidYouMean.hint(for: target, in: groups)); check the name", at: declaration.location))
                    continue
                }
                // The target (and any group inside it) must be complete first.
                let pending = byGroup.keys.filter { ($0 == target || $0.hasPrefix(target + ".")) && !done.contains($0) && $0 != group }
                if let cycleStart = stack.firstIndex(where: { pending.contains($0) || $0 == target }) {
                    let cycle = stack[cycleStart...] + [target]
                    finish(.error(.tokenExtends, "$extends goes round in a circle: \(cycle.map { "{\($0)}" }.joined(separator: " → ")); break the chain", at: declaration.location))
                    continue
                }
                if let next = pending.sorted().first {
                    guard stack.count < maximumChain else {
                        finish(.error(.tokenExtends, "$extends chains through more than \(maximumChain) groups here; extend the base group directly", at: declaration.location))
                        continue
                    }
                    stack.append(next)
                    continue
                }
                // The merge takes the target's `$type` too: the group's own untyped tokens get it.
                if let inherited = effectiveType(target), effectiveType(group) == nil {
                    groupTypes[group] = inherited
                    for position in below[group] ?? [] { result[position].inherit(type: inherited) }
                }
                for position in below[target] ?? [] {
                    let source = result[position]
                    let relative = source.path.dropFirst(target.split(separator: ".").count)
                    var copy = source
                    copy.path = declaration.group + relative
                    guard index[copy.name] == nil else { continue }
                    result.append(copy)
                    register(result.count - 1)
                }
                finish(nil)
            }
        }
        return (result, diagnostics)
    }
}
