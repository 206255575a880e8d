import CatalogCore
import CatalogLoad
import CatalogModel
/// `related:` names components that exist (`ref.component`).
package struct ComponentReferenceRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let catalog = input.catalog
        var diagnostics: [Diagnostic] = []
        var seen = Set<String>()
        for reference in component.related {
            if reference.value == component.slug {
                diagnostics.append(.warning(.refComponent, "'\(component.slug)' lists itself under related; remove it", at: reference.location))
            } else if !input.slugs.contains(reference.value) {
                if catalog.unreadableComponents.contains(reference.value) { continue }
                if catalog.excludedDrafts.contains("components/\(reference.value)/") {
                    diagnostics.append(.warning(.refDraft, "related component '\(reference.value)' is a draft and is left out of this build (build with --drafts to include it)", at: reference.location))
                } else {
                    diagnostics.append(.error(.refComponent, "related component '\(reference.value)' does not exist\(DidYouMean.hint(for: reference.value, in: input.slugs)); use the folder name of a component under components/", at: reference.location))
                }
            } else if !seen.insert(reference.value).inserted {
                diagnostics.append(.warning(.refComponent, "'\(reference.value)' is listed twice under related; remove one", at: reference.location))
            }
        }
        if let replacement = component.replacement {
            if replacement.value == component.slug {
                diagnostics.append(.error(.refComponent, "'\(component.slug)' names itself as its replacement; name the component to use instead", at: replacement.location))
            } else if !input.slugs.contains(replacement.value), !catalog.unreadableComponents.contains(replacement.value) {
                diagnostics.append(.error(.refComponent, "the replacement '\(replacement.value)' is not a component\(DidYouMean.hint(for: replacement.value, in: input.slugs)); use the folder name of a component under components/", at: replacement.location))
            }
        }
        return diagnostics
    }
}

/// Every token an appearance names is defined in a token file (`ref.token`).
package struct TokenReferenceRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let tokens = input.catalog.tokens
        var diagnostics: [Diagnostic] = []
        for appearance in component.appearances {
            for use in appearance.tokens where tokens.token(use.token.value) == nil {
                let wanted = TokenSet.normalize(use.token.value)
                let suggestion = DidYouMean.suggestion(for: wanted, in: tokens.names)
                    .map { "; did you mean '\(use.token.value.contains("/") ? $0.replacingOccurrences(of: ".", with: "/") : $0)'?" } ?? ""
                diagnostics.append(.error(.refToken, "the token '\(use.token.value)' (role \(use.role)) is not defined in any tokens/*.tokens.json file\(suggestion)", at: use.token.location))
            }
        }
        return diagnostics
    }
}

/// Readiness entries and `status:` use ids from the rubric (`ref.criterion`, `ref.status`).
package struct ReadinessReferenceRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let rubric = input.catalog.settings.rubric
        let criteria = rubric.criteria.map(\.id)
        let statuses = rubric.statuses.map(\.id)
        var diagnostics: [Diagnostic] = []
        if let status = component.status, rubric.status(status.value) == nil {
            diagnostics.append(.error(.refStatus, "status '\(status.value)' is not in the readiness rubric\(DidYouMean.hint(for: status.value, in: statuses)); use one of \(statuses.joined(separator: ", "))", at: status.location))
        }
        var seen = Set<String>()
        for entry in component.readiness {
            if rubric.criterion(entry.criterion.value) == nil {
                diagnostics.append(.error(.refCriterion, "criterion '\(entry.criterion.value)' is not in the readiness rubric\(DidYouMean.hint(for: entry.criterion.value, in: criteria)); use one of \(criteria.joined(separator: ", "))", at: entry.criterion.location))
            } else if !seen.insert(entry.criterion.value).inserted {
                diagnostics.append(.error(.schemaDuplicate, "criterion '\(entry.criterion.value)' is scored twice; keep one", at: entry.criterion.location))
            }
            if rubric.status(entry.status.value) == nil {
                diagnostics.append(.error(.refStatus, "status '\(entry.status.value)' is not in the readiness rubric\(DidYouMean.hint(for: entry.status.value, in: statuses)); use one of \(statuses.joined(separator: ", "))", at: entry.status.location))
            }
        }
        return diagnostics
    }
}


/// `ref.group`: a component's `group:` is one of catalog.yaml's `groups:` when that list is
/// given (it orders the navigation); else the group is listed after the others.
package struct GroupReferenceRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let groups = input.catalog.settings.groups.map(\.value)
        guard let group = component.group, !groups.isEmpty, !groups.contains(group.value) else { return [] }
        return [.warning(.refGroup, "the group '\(group.value)' is not in catalog.yaml's groups: (\(groups.joined(separator: ", ")))\(DidYouMean.hint(for: group.value, in: groups)); add it there to place it in the navigation, or use one of them", at: group.location)]
    }
}
