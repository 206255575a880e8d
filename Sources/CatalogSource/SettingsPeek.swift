import CatalogCore
import CatalogSyntax

/// What catalog.yaml names that the reader reads besides the catalog folder: the theme and the
/// code folders. It is parsed here only to know what to read; whatever is malformed is left to
/// `SettingsLoader`, which reports it.
package struct SettingsPeek {
    /// `theme:`, or `default` at the top of catalog.yaml; nil when the name could not be a folder
    /// (the loader says why).
    package var theme: Located<String>?
    /// The folders under `code:`, per role, as written.
    package var code: [(role: String, written: String)] = []
    /// `web:`: the team's built stylesheets and scripts, and the folder they load from.
    package var webStyles: [String] = []
    package var webScripts: [String] = []
    package var webAssets: String?
    /// `screenshots:`: a folder of snapshot images per platform.
    package var screenshots: [(platform: String, written: String)] = []

    /// `file` is catalog.yaml as diagnostics show it.
    package init(settings bytes: [UInt8]?, file: String) {
        let start = SourceLocation(file: file)
        theme = Located("default", at: start)
        guard let bytes, case .success(let text) = SourceText.decode(bytes, file: file),
              case .success(let parsed) = YAMLDocument.parse(text, file: file), let root = parsed, let top = root.mapping else { return }
        let reader = SchemaReader(file: file)
        if let node = top["theme"], !reader.isNull(node) {
            if let name = node.scalar?.string, !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") {
                theme = Located(name, at: reader.location(of: node))
            } else {
                theme = nil
            }
        }
        if let web = top["web"]?.mapping {
            func list(_ key: String) -> [String] {
                guard let node = web[key] else { return [] }
                if let single = node.scalar?.string, !single.isEmpty { return [single] }
                return node.sequence?.compactMap { $0.scalar?.string }.filter { !$0.isEmpty } ?? []
            }
            webStyles = list("styles")
            webScripts = list("scripts")
            if let assets = web["assets"]?.scalar?.string, !assets.isEmpty { webAssets = assets }
        }
        if let shots = top["screenshots"]?.mapping {
            for (key, value) in shots where key.scalar?.string != "name" {
                if let platform = key.scalar?.string, let written = value.scalar?.string, !written.isEmpty { screenshots.append((platform, written)) }
            }
        }
        guard let codeNode = top["code"]?.mapping else { return }
        for role in CodeSources.roles {
            guard let node = codeNode[role] else { continue }
            if let single = node.scalar?.string, !single.isEmpty {
                code.append((role, single))
            } else if let list = node.sequence {
                for item in list { if let path = item.scalar?.string, !path.isEmpty { code.append((role, path)) } }
            }
        }
    }
}
