/// The tokens page's fields: every token in its group, and the files for code.
///
/// Each row answers the template from its token as the template reads it, so a catalog of a
/// hundred thousand tokens renders its page without a dictionary per token.
struct TokensPageFields: TemplateContext {
    var groups: [Group]
    var count: Int
    var exports: [ExportLink]

    init(_ exports: TokenExports, files: [String: String]) {
        let rows = TokenRows(exports)
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

    func child(named name: String) -> Any? {
        switch name {
        case "groups": groups
        case "has_tokens": count > 0
        case "count": count
        case "exports": exports
        default: nil
        }
    }

    struct Group: TemplateContext {
        var name: String
        var id: String
        var tokens: [TokenRow]

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "id": id
            case "tokens": tokens
            case "count": tokens.count
            default: nil
            }
        }
    }
}

/// What every row of the tokens page reads besides its own token: the tokens (for alias
/// chains), which components use each, and the modes.
final class TokenRows {
    let exports: TokenExports
    let tokens: [Token]
    let users: [String: [Component]]

    init(_ exports: TokenExports) {
        self.exports = exports
        tokens = exports.tokens.tokens
        users = exports.usage()
    }
}

/// One token's row of the tokens page.
struct TokenRow: TemplateContext {
    let index: Int
    let rows: TokenRows

    func child(named name: String) -> Any? {
        let token = rows.tokens[index]
        switch name {
        case "id": return TokenExports.anchor(token)
        case "name": return token.slashName
        case "css_variable": return token.cssVariable
        case "type": return token.type ?? ""
        case "has_type": return token.type != nil
        case "value": return token.displayValue
        case "is_color": return token.color != nil
        case "swatch_class": return token.swatchClass
        case "has_preview": return token.color == nil && token.css != nil && TokenStylesheet.preview(token) != nil
        case "preview_text": return TokenExports.previewText(token)
        case "has_curve": return TokenExports.curvePath(token) != nil
        case "curve_path": return TokenExports.curvePath(token) ?? ""
        case "has_parts": return !token.subValues.isEmpty
        case "parts": return token.subValues.map { NamedValue(name: token.cssVariable($0.suffix), value: $0.css) }
        case "description": return token.description ?? ""
        case "has_description": return token.description != nil
        case "deprecated": return token.deprecated
        case "deprecation_message": return token.deprecationMessage ?? ""
        case "has_deprecation_message": return token.deprecationMessage != nil
        case "aliases": return rows.exports.aliasSteps(of: token)
        case "has_aliases": return token.aliasTarget != nil
        case "users": return (rows.users[token.name] ?? []).map { NamedLink(name: $0.name.value, href: LinkResolver.relative(from: "tokens/", to: $0.pagePath)) }
        case "has_users": return rows.users[token.name] != nil
        case "has_mode_values", "mode_values": return ModeValues(token, in: rows.exports.catalog.modes).child(named: name)
        default: return nil
        }
    }
}

/// A step of an alias chain, or the gap that stands for the middle of a long one.
struct AliasStep: TemplateContext {
    var name: String
    var href: String
    var isGap: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        case "is_gap": isGap
        default: nil
        }
    }
}

/// A composite token's field (`--shadow-color: #000`).
struct NamedValue: TemplateContext {
    var name: String
    var value: String

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

/// A component that uses a token, linked from the tokens page.
struct NamedLink: TemplateContext {
    var name: String
    var href: String

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}
