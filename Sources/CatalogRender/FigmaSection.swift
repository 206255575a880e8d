import Foundation
import CatalogCore
import CatalogModel
import CatalogAnalysis

/// The component page's "In Figma" section: the component set it is checked against, what was
/// compared, each difference, and the saved render of the set. Made from the run's
/// `ComponentAnalysis`, so the page, its data and the check say the same.
package struct FigmaSection: Hashable, Sendable {
    package var reference: String
    package var setName: String
    package var nodeID: String
    package var file: String
    package var variantCount: Int
    package var axesFromNames: Bool
    package var axes: [(name: String, values: [String])]
    package var properties: [(name: String, kind: String)]
    package var differences: [(area: String, message: String)]
    /// Each difference's rule and where it is reported, for the data files.
    package var findings: [FigmaParity.Finding]
    package var boundTokens: [String]
    /// The render's path in the site (hashed), and its bytes.
    package var render: (path: String, bytes: [UInt8])?
    package var measured: [MeasuredReadiness]
    package var found: Bool

    package init?(_ component: Component, in catalog: Catalog, analysis: ComponentAnalysis) {
        guard let parity = analysis.figma else { return nil }
        reference = parity.reference
        measured = analysis.figmaMeasured
        found = parity.figmaSet != nil
        setName = parity.figmaSet?.name ?? ""
        nodeID = parity.figmaSet?.id ?? ""
        file = parity.figmaSet.map { $0.location.file.split(separator: "/").last.map(String.init) ?? $0.location.file } ?? ""
        variantCount = parity.figmaSet?.variantCount ?? 0
        axesFromNames = parity.figmaSet?.axesFromNames ?? false
        axes = parity.figmaSet?.axes.map { ($0.name, $0.values) } ?? []
        properties = parity.figmaSet?.properties.map { ($0.name, $0.kind.rawValue) } ?? []
        differences = parity.findings.map { (Self.areaLabel($0.area), $0.message) }
        findings = parity.findings
        boundTokens = parity.boundTokens.map { catalog.tokens.token($0)?.slashName ?? $0 }
        if let path = parity.render, let bytes = catalog.shared.figma.renders[path] {
            render = (Theme.hashedName("assets/figma/\(component.slug)/\(path)", bytes: bytes), bytes)
        }
    }

    /// `figmaParity` in component.json (and `components.json`, MCP): the set, what was compared,
    /// each difference located, the bound tokens, the render's address in the site and what it measures.
    package var json: JSONText.Value {
        typealias V = JSONText.Value
        return .object([
            "reference": .string(reference),
            "set": found ? .object([
                "name": .string(setName), "id": .string(nodeID), "file": .string(file),
                "variants": .number(String(variantCount)), "axesFromNames": .bool(axesFromNames),
                "axes": .array(axes.map { .object(["name": .string($0.name), "values": .array($0.values.map(V.string))]) }),
                "properties": .array(properties.map { .object(["name": .string($0.name), "type": .string($0.kind)]) }),
            ]) : .null,
            "matches": .bool(found && findings.isEmpty),
            "differences": .array(findings.map { finding in
                .object([
                    "rule": .string(finding.rule.rawValue), "area": .string(finding.area.rawValue), "message": .string(finding.message),
                    "file": .string(finding.location.file), "line": .number(String(finding.location.line)), "column": .number(String(finding.location.column)),
                ])
            }),
            "boundTokens": .array(boundTokens.map(V.string)),
            "render": V(render?.path),
            "measured": .array(measured.map { measured in
                .object(["criterion": .string(measured.criterion), "status": .string(measured.status.id), "label": .string(measured.status.label), "evidence": .string(measured.evidence)])
            }),
        ])
    }

    /// The twin's "In Figma" section, from `figmaParity` as component.json has it.
    package static func markdown(_ parity: JSONText.Value) -> String {
        var text = "## In Figma\n\n"
        if let set = parity.field("set"), let name = set.field("name")?.stringValue {
            let id = set.field("id")?.stringValue ?? "", file = set.field("file")?.stringValue ?? ""
            text += PageMarkdown.line("Checked against the component set \(name) (node \(id)) in \(file).") + "\n\n"
        } else {
            text += PageMarkdown.line("The saved Figma files have no component set for \(parity.field("reference")?.stringValue ?? "").") + "\n\n"
        }
        guard case .array(let differences)? = parity.field("differences"), !differences.isEmpty else {
            return text + "Figma and this page agree.\n\n"
        }
        for difference in differences { text += "- " + PageMarkdown.line(difference.field("message")?.stringValue ?? "") + "\n" }
        return text + "\n"
    }

    private static func areaLabel(_ area: FigmaParity.Finding.Area) -> String {
        switch area {
        case .set: "Component set"
        case .variant: "Variants and states"
        case .property: "Properties"
        case .token: "Bound variables"
        }
    }

    /// The fields of `sections/figma`; `href` gives the render's address from the page (a hashed
    /// file, shared by every version at the site's root).
    package func fields(href: (String) -> String) -> ComponentPageFields.Figma {
        ComponentPageFields.Figma(
            reference: reference, found: found, setName: setName, nodeID: nodeID, file: file, variantCount: variantCount,
            axesFromNames: axesFromNames,
            axes: axes.map { .init(name: $0.name, values: $0.values.joined(separator: ", ")) },
            properties: properties.map { .init(name: $0.name, kind: $0.kind) },
            differences: differences.map { .init(area: $0.area, message: $0.message) },
            boundTokens: boundTokens,
            renderSrc: render.map { href($0.path) } ?? "",
            renderAlt: "\(setName) in Figma: every variant of the component set, as the saved render draws it"
        )
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.reference == rhs.reference && lhs.setName == rhs.setName && lhs.nodeID == rhs.nodeID && lhs.file == rhs.file
            && lhs.variantCount == rhs.variantCount && lhs.axes.map(\.name) == rhs.axes.map(\.name) && lhs.axes.map(\.values) == rhs.axes.map(\.values)
            && lhs.properties.map(\.name) == rhs.properties.map(\.name) && lhs.differences.map(\.message) == rhs.differences.map(\.message)
            && lhs.boundTokens == rhs.boundTokens && lhs.render?.path == rhs.render?.path && lhs.measured == rhs.measured && lhs.found == rhs.found
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(reference)
        hasher.combine(setName)
        hasher.combine(differences.map(\.message))
        hasher.combine(render?.path)
    }
}

extension ComponentPageFields {
    /// What `sections/figma` reads.
    package struct Figma: TemplateFields {
        package var reference: String
        package var found: Bool
        package var setName: String
        package var nodeID: String
        package var file: String
        package var variantCount: Int
        package var axesFromNames: Bool
        package var axes: [Axis]
        package var properties: [Property]
        package var differences: [Difference]
        package var boundTokens: [String]
        package var renderSrc: String
        package var renderAlt: String

        package static let fields: [String: TemplateField<Self>] = [
            "reference": .value { $0.reference },
            "found": .value { $0.found },
            "set_name": .value { $0.setName },
            "node_id": .value { $0.nodeID },
            "file": .value { $0.file },
            "variant_count": .value { $0.variantCount },
            "axes_from_names": .value { $0.axesFromNames },
            "axes": .list { $0.axes },
            "has_axes": .value { !$0.axes.isEmpty },
            "properties": .list { $0.properties },
            "has_properties": .value { !$0.properties.isEmpty },
            "differences": .list { $0.differences },
            "has_differences": .value { !$0.differences.isEmpty },
            "difference_count": .value { $0.differences.count == 1 ? "1 difference" : "\($0.differences.count) differences" },
            "bound_tokens": .value { $0.boundTokens.joined(separator: ", ") },
            "has_bound_tokens": .value { !$0.boundTokens.isEmpty },
            "has_render": .value { !$0.renderSrc.isEmpty },
            "render_src": .value { $0.renderSrc },
            "render_alt": .value { $0.renderAlt },
        ]

        package struct Axis: TemplateFields {
            package var name: String
            package var values: String
            package static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }, "values": .value { $0.values }]
        }

        package struct Property: TemplateFields {
            package var name: String
            package var kind: String
            package static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }, "kind": .value { $0.kind }]
        }

        package struct Difference: TemplateFields {
            package var area: String
            package var message: String
            package static let fields: [String: TemplateField<Self>] = ["area": .value { $0.area }, "message": .value { $0.message }]
        }
    }
}
