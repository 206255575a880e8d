import CatalogCore
import CatalogLoad
import CatalogModel
/// `text.control-character`: a name or title the site, the exports and every report show must be
/// one line of text. A line break, tab, escape or other control character in a component's name
/// or group, a property or state name, an example's title or a guideline heading would break the page's
/// headings, a CSV row or a CI annotation (and could forge one), so it is an error at its place.
package struct ControlCharacterRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        var named: [(what: String, text: String, location: SourceLocation)] = [("the component's name", component.name.value, component.name.location)]
        if let group = component.group { named.append(("the group name", group.value, group.location)) }
        named += component.properties.map { ("the property name", $0.name.value, $0.name.location) }
        named += component.states.map { ("the state name", $0.name.value, $0.name.location) }
        named += (component.demo?.examples ?? []).compactMap { example in example.title.map { ("the example title", $0.value, $0.location) } }
        named += (component.prose?.headings ?? []).map { ("the heading", $0.text, $0.location) }
        named += component.tabFiles.flatMap { $0.prose.headings.map { ("the heading", $0.text, $0.location) } }
        return controlCharacterFindings(named)
    }
}

/// One finding per text that is not one line of plain text.
private func controlCharacterFindings(_ named: [(what: String, text: String, location: SourceLocation)]) -> [Diagnostic] {
    named.filter { TextSafety.needsEscaping($0.text) }.map { item in
        .error(.textControlCharacter, "\(item.what) '\(TextSafety.escaped(item.text))' contains a control character (a line break, a tab or an escape); write it on one line without it", at: item.location)
    }
}

/// `text.control-character` in a guide's title and headings.
package struct GuideControlCharacterRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        input.catalog.guides.flatMap { guide in
            controlCharacterFindings([("the guide's title", guide.title, guide.location)] + guide.prose.headings.map { ("the heading", $0.text, $0.location) })
        }
    }
}
