import CatalogModel
import CatalogLoad
/// The tokens page's fields: every token in its group, and the files for code.
///
/// Each row answers the template from its token as the template reads it, so a catalog of a
/// hundred thousand tokens renders its page without a dictionary per token.
package struct TokensPageFields: TemplateFields {
    package var groups: [Group]
    package var count: Int
    package var exports: [ExportLink]

    package init(_ exports: TokenExports, users: [String: [NamedLink]], files: [String: String]) {
        let rows = TokenRows(exports, users: users)
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        for index in rows.tokens.indices {
            let group = rows.tokens[index].path.dropLast().joined(separator: "/")
            if let existing = groupIndex[group] {
                groups[existing].tokens.append(TokenRow(index: index, rows: rows))
            } else {
                groupIndex[group] = groups.count
                groups.append(Group(
                    name: group.isEmpty ? "(top level)" : group,
                    id: "group-" + HeadingIDSafe.make(group.isEmpty ? "top" : group),
                    tokens: [TokenRow(index: index, rows: rows)]
                ))
            }
        }
        self.groups = groups
        count = rows.tokens.count
        self.exports = files.sorted { $0.key < $1.key }.map { ExportLink(label: $0.value, href: LinkResolver.relative(from: "tokens/", to: $0.key)) }
    }

    package static let fields: [String: TemplateField<Self>] = [
        "groups": .list { $0.groups },
        "has_tokens": .value { $0.count > 0 },
        "count": .value { $0.count },
        "exports": .list { $0.exports },
    ]

    package struct Group: TemplateFields {
        package var name: String
        package var id: String
        package var tokens: [TokenRow]

        package static let fields: [String: TemplateField<Self>] = [
            "name": .value { $0.name },
            "id": .value { $0.id },
            "tokens": .list { $0.tokens },
            "count": .value { $0.tokens.count },
        ]
    }
}

/// What every row of the tokens page reads besides its own token: the tokens (for alias
/// chains), which components use each, and the modes.
package final class TokenRows {
    package let exports: TokenExports
    package let tokens: [Token]
    /// Token name → links to the components that use it, as the page shows them.
    package let users: [String: [NamedLink]]

    package init(_ exports: TokenExports, users: [String: [NamedLink]]) {
        self.exports = exports
        tokens = exports.tokens.tokens
        self.users = users
    }

    /// The users the page lists, in catalog order, from the tokens each component uses
    /// (`TokenExports.tokensUsed`): what the page's key is made of.
    package static func users(of components: [Component], using used: [[String]]) -> [String: [NamedLink]] {
        users(zip(components, used).map { ($0.name.value, $0.pagePath, $1) })
    }

    /// The same, from each component's name, page and the tokens it uses.
    package static func users(_ uses: [(name: String, pagePath: String, tokens: [String])]) -> [String: [NamedLink]] {
        var users: [String: [NamedLink]] = [:]
        for use in uses where !use.tokens.isEmpty {
            let link = NamedLink(name: use.name, href: LinkResolver.relative(from: "tokens/", to: use.pagePath))
            for name in use.tokens { users[name, default: []].append(link) }
        }
        return users
    }
}

/// One token's row of the tokens page.
package struct TokenRow: TemplateFields {
    package let index: Int
    package let rows: TokenRows

    package var token: Token { rows.tokens[index] }

    package static let fields: [String: TemplateField<Self>] = [
        "id": .value { TokenExports.anchor($0.token) },
        "name": .value { $0.token.slashName },
        "css_variable": .value { $0.token.cssVariable },
        "type": .value { $0.token.type?.rawValue ?? "" },
        "has_type": .value { $0.token.type != nil },
        "value": .value { $0.token.displayValue },
        "is_color": .value { $0.token.color != nil },
        "swatch_class": .value { $0.token.swatchClass },
        "has_preview": .value { $0.token.color == nil && $0.token.css != nil && TokenStylesheet.preview($0.token) != nil },
        "preview_text": .value { TokenExports.previewText($0.token) },
        "has_curve": .value { TokenExports.curvePath($0.token) != nil },
        "curve_path": .value { TokenExports.curvePath($0.token) ?? "" },
        "has_parts": .value { !$0.token.subValues.isEmpty },
        "parts": .list { row in row.token.subValues.map { NamedValue(name: row.token.cssVariable($0.suffix), value: $0.css) } },
        "description": .value { $0.token.description ?? "" },
        "has_description": .value { $0.token.description != nil },
        "deprecated": .value { $0.token.deprecated },
        "deprecation_message": .value { $0.token.deprecationMessage ?? "" },
        "has_deprecation_message": .value { $0.token.deprecationMessage != nil },
        "aliases": .list { $0.rows.exports.aliasSteps(of: $0.token) },
        "has_aliases": .value { $0.token.aliasTarget != nil },
        "field_aliases": .list { row in row.token.fieldAliases.compactMap { row.rows.exports.tokens.token($0) }.map { AliasStep(name: $0.slashName, href: "#" + TokenExports.anchor($0), isGap: false) } },
        "has_field_aliases": .value { !$0.token.fieldAliases.isEmpty },
        "users": .list { $0.rows.users[$0.token.name] ?? [] },
        "has_users": .value { $0.rows.users[$0.token.name] != nil },
        "has_mode_values": .value { !ModeValues($0.token, in: $0.rows.exports.modes).values.isEmpty },
        "mode_values": .list { ModeValues($0.token, in: $0.rows.exports.modes).values },
    ]
}

/// A step of an alias chain, or the gap that stands for the middle of a long one.
package struct AliasStep: TemplateFields {
    package var name: String
    package var href: String
    package var isGap: Bool

    package static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "href": .value { $0.href },
        "is_gap": .value { $0.isGap },
    ]
}

/// A composite token's field (`--shadow-color: #000`).
package struct NamedValue: TemplateFields {
    package var name: String
    package var value: String

    package static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "value": .value { $0.value },
    ]
}

/// A component that uses a token, linked from the tokens page.
package struct NamedLink: TemplateFields, Hashable {
    package var name: String
    package var href: String

    package static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "href": .value { $0.href },
    ]
}
