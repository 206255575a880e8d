import Foundation

extension TokenImport {
    /// Token files already in the folder an import writes a resolver into (the example's own
    /// `example.tokens.json` that `new catalog` writes, a team's hand-written file) stay loaded:
    /// the resolver lists them first, in a set of their own (`existing`), so the imported tokens
    /// win over any of the same name. Without it the resolver would leave them out: a token an
    /// existing component names would be undefined. Files the import writes itself, and a folder
    /// without a written resolver, are left as they are.
    package static func keepLoaded(existing names: [String], in result: inout Result) {
        let written = Set(result.files.map(\.name))
        let kept = names.filter { $0.hasSuffix(".tokens.json") && !written.contains($0) }.sorted()
        guard !kept.isEmpty,
              let index = result.files.firstIndex(where: { $0.name.hasSuffix(".resolver.json") }),
              let root = try? read(Data(result.files[index].text.utf8)),
              case .object(var members) = root else { return }
        var setName = "existing"
        var number = 2
        while members.first(where: { $0.key == "sets" })?.value[setName] != nil { setName = "existing-\(number)"; number += 1 }
        let set = Value.object([Value.Member(key: "sources", value: .array(kept.map { .object([Value.Member(key: "$ref", value: .string($0))]) }))])
        if let position = members.firstIndex(where: { $0.key == "sets" }), case .object(var sets) = members[position].value {
            sets.insert(Value.Member(key: setName, value: set), at: 0)
            members[position].value = .object(sets)
        } else {
            let position = (members.firstIndex { $0.key == "version" } ?? -1) + 1
            members.insert(Value.Member(key: "sets", value: .object([Value.Member(key: setName, value: set)])), at: position)
        }
        guard let order = members.firstIndex(where: { $0.key == "resolutionOrder" }), case .array(var steps) = members[order].value else { return }
        steps.insert(.object([Value.Member(key: "$ref", value: .string("#/sets/\(setName)"))]), at: 0)
        members[order].value = .array(steps)
        result.files[index].text = serialize(Value.object(members).json)
        result.notes.append("\(kept.joined(separator: ", ")) \(kept.count == 1 ? "was" : "were") in the folder already: \(result.files[index].name) loads \(kept.count == 1 ? "it" : "them") first (the set '\(setName)'), so the imported tokens win over any of the same name; remove \(kept.count == 1 ? "it" : "them") from the set when nothing uses \(kept.count == 1 ? "it" : "them") any more")
    }
}
