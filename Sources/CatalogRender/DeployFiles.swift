import CatalogModel

/// `sitemap.xml` and `robots.txt` for search engines.
package enum DeployFiles {
    package static func sitemap(pages: [String], baseURL: String) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"]
        for page in pages where page != "404.html" {
            let path = page == "index.html" ? "" : (page.hasSuffix("/index.html") ? String(page.dropLast("index.html".count)) : page)
            lines.append("  <url><loc>\(xmlEscape(baseURL + path))</loc></url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    package static func robots(baseURL: String) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if CatalogSettings.isAbsolute(baseURL) { text += "Sitemap: \(baseURL)sitemap.xml\n" }
        return text
    }

    package static func xmlEscape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
