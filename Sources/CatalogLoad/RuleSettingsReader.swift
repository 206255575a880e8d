import Yams
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads the `rules:` of catalog.yaml and the `ignore:` of a component, against the rule
/// catalogue.
extension SchemaReader {
    package mutating func ruleSettings(_ node: Node?) -> [RuleSetting] {
        guard let entries = entries(node, "rules") else { return [] }
        var settings: [RuleSetting] = []
        for (key, value) in entries {
            guard let level = oneOf(value, "rules.\(key.value)", RuleLevel.allCases.map(\.rawValue)).flatMap({ RuleLevel(rawValue: $0.value) }),
                  let rule = knownRule(key.value, at: key.location) else { continue }
            if let lowered = level.severity, !rule.lowerable, lowered != .error {
                error(.ruleNotLowerable, "'\(rule.id)' finds what makes a catalog unbuildable, so it stays an error; remove this line (rules: may raise a rule or lower lint, link, contrast and code rules)", at: key.location)
                continue
            }
            if level == .off, !rule.lowerable {
                error(.ruleNotLowerable, "'\(rule.id)' finds what makes a catalog unbuildable, so it cannot be turned off; remove this line and fix what it reports", at: key.location)
                continue
            }
            settings.append(RuleSetting(rule: rule.id, level: level, location: key.location))
        }
        return settings
    }

    package mutating func ruleIgnores(_ node: Node?) -> [RuleIgnore] {
        guard let items = list(node, "ignore") else { return [] }
        var ignores: [RuleIgnore] = []
        for (index, item) in items.enumerated() {
            let path = "ignore[\(index)]"
            guard let entry = object(item, path, keys: ["rule", "reason", "until"], required: ["rule", "reason"],
                                     missingHint: ["reason": "say why the rule does not apply here, such as `reason: \"The fill is decorative; the text carries the state.\"`",
                                                   "rule": "name the rule id to silence, such as `rule: contrast.non-text`"]) else { continue }
            guard let ruleText = string(entry["rule"], "\(path).rule"), let reason = string(entry["reason"], "\(path).reason") else { continue }
            // A blank reason is no reason: the entry is refused at its line, not dropped unsaid.
            guard !reason.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                error(.schemaMissingKey, "\(path).reason is blank; say why the rule does not apply here, such as `reason: \"The fill is decorative; the text carries the state.\"`", at: entry["reason"])
                continue
            }
            guard let rule = knownRule(ruleText.value, at: ruleText.location) else { continue }
            guard rule.lowerable else {
                error(.ruleNotLowerable, "'\(rule.id)' finds what makes a catalog unbuildable, so it cannot be ignored; remove this entry and fix what it reports", at: ruleText.location)
                continue
            }
            var until: Located<String>?
            if entry["until"] != nil {
                guard let day = string(entry["until"], "\(path).until") else { continue }
                guard BuildDay.isDay(day.value) else {
                    error(.schemaType, "until: '\(day.value)' is not a day written YYYY-MM-DD, such as `until: 2026-12-31` (the last day the entry silences)", at: entry["until"])
                    continue
                }
                until = day
            }
            ignores.append(RuleIgnore(rule: rule.id, reason: reason.value, location: ruleText.location, until: until))
        }
        return ignores
    }

    private mutating func knownRule(_ id: String, at location: SourceLocation) -> Rule? {
        if let rule = RuleCatalogue.rule(named: id) { return rule }
        let hint = DidYouMean.hint(for: id, in: RuleID.allCases.map(\.rawValue))
        error(.ruleUnknown, "there is no rule '\(id)'\(hint) (`catalog-build check --list-rules` lists every rule id)", at: location)
        return nil
    }
}

extension RuleCatalogue {
    /// The `rules:` of a catalog.yaml, and any problem with them.
    public static func settings(catalogYAML text: String, file: String) -> (settings: [RuleSetting], problems: [Diagnostic]) {
        switch YAMLDocument.parse(text, file: file) {
        case .failure(let problem): return ([], [problem])
        case .success(let root):
            var loader = SettingsLoader(file: file)
            let settings = loader.load(root)
            return (settings?.rules ?? [], loader.reader.diagnostics)
        }
    }
}
