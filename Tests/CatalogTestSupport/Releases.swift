import Foundation
import CatalogPublish

/// A repository with four releases (`versions:`), built into a site with every kept version.
package enum Releases {
    /// v1.0.0 the base fixture; v1.1.0 Gamma added; v1.2.0 Alpha's `label` renamed `title`
    /// (with a note) and brand/blue changed; v2.0.0 Beta deprecated for Alpha; then one
    /// unreleased change to Gamma (a state added).
    package static func repository(keep: Int = 3, baseURL: String? = nil) throws -> GitRepository {
        let repository = try GitRepository()
        let settings = try repository.text("catalog.yaml")
        try repository.write("catalog.yaml", settings + (baseURL.map { "baseURL: \($0)\n" } ?? "") + "versions:\n  tags: \"v*\"\n  keep: \(keep)\n  current: Next\n")
        try repository.commit("versions")
        try repository.git("tag", "v1.0.0")
        try repository.write("components/gamma/component.yaml", "name: Gamma\nsummary: A third one.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n")
        try repository.write("components/gamma/index.md", "Gamma.\n")
        try repository.commit("gamma")
        try repository.git("tag", "v1.1.0")
        try repository.replace("components/alpha/component.yaml", "  - name: label\n", "  - name: title\n")
        try repository.replace("components/alpha/component.yaml", "code:\n", "changes:\n  - { version: v1.2.0, note: \"label is now title.\" }\ncode:\n")
        try repository.replace("tokens/base.tokens.json", "\"blue\": { \"$value\": \"#005CE5\" }", "\"blue\": { \"$value\": \"#0050C8\" }")
        try repository.commit("title")
        try repository.git("tag", "-a", "v1.2.0", "-m", "v1.2.0")
        try repository.replace("components/beta/component.yaml", "summary: The fixture's checkbox.\n", "summary: The fixture's checkbox.\nlifecycle: deprecated\nreplacement: alpha\n")
        try repository.commit("deprecate beta")
        try repository.git("tag", "v2.0.0")
        try repository.replace("components/gamma/component.yaml", "states: [{ name: Default }]", "states: [{ name: Default }, { name: Disabled }]")
        return repository
    }

    package static func build(_ repository: GitRepository) -> (SiteBuild.Outcome, String) {
        let output = repository.root.appendingPathComponent("public").path
        return (SiteBuild.run(source: repository.catalog, output: output), output)
    }

    package static func read(_ output: String, _ path: String) -> String {
        (try? String(contentsOfFile: output + "/" + path, encoding: .utf8)) ?? ""
    }
}

/// The `href` and `src` values of a page.
package enum SiteLinkReferences {
    /// Every page of a built site (but the 404 page), and each of its links to a file that is
    /// not published ("page → link").
    package static func crawl(_ output: String) -> (pages: Int, broken: [String]) {
        let manager = FileManager.default
        var pages = 0
        var broken: [String] = []
        let enumerator = manager.enumerator(atPath: output)!
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".html"), path != "404.html" else { continue }
            pages += 1
            let html = (try? String(contentsOfFile: output + "/" + path, encoding: .utf8)) ?? ""
            let folder = path.split(separator: "/").dropLast().map(String.init)
            for reference in hrefs(in: html) {
                var parts = folder
                for part in reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
                    if part == ".." { if !parts.isEmpty { parts.removeLast() } } else if part != "." { parts.append(part) }
                }
                var target = parts.joined(separator: "/")
                if target.isEmpty || reference.hasSuffix("/") { target += target.isEmpty ? "index.html" : "/index.html" }
                if !manager.fileExists(atPath: output + "/" + (target.removingPercentEncoding ?? target)) { broken.append("\(path) → \(reference)") }
            }
        }
        return (pages, broken)
    }

    package static func hrefs(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: ##"(?:href|src)="([^"#?]*)[^"]*""##)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            let value = String(html[Range(match.range(at: 1), in: html)!])
            guard !value.isEmpty, !value.hasPrefix("/"), !value.contains(":") else { return nil }
            return value.replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}

package enum HTMLEntities {
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
