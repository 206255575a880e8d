import CatalogCore

/// `web:` in catalog.yaml: the team's built stylesheets and scripts, the folder they load fonts
/// and images from, and the widths each example's frame offers.
public struct WebSettings: Sendable, Hashable {
    public var styles: [Located<String>] = []
    public var scripts: [Located<String>] = []
    public var assets: Located<String>?
    public var viewports: [Int] = [320, 768, 1280]
    public var location: SourceLocation?

    public init() {}
}

/// One of a component's `examples:`: the team's own markup, shown in a frame that loads the
/// team's styles and scripts.
public struct WebExample: Sendable, Hashable {
    public var title: Located<String>
    /// The markup, from its file or written inline.
    public var markup: String
    /// `html:` as written: a file beside component.yaml (`examples/primary.html`), or the markup.
    public var html: Located<String>
    /// The file's catalog path when the markup comes from one.
    public var file: String?
    /// The frame's first height in CSS px (it then fits its content).
    public var height: Int?
    public var appearance: Located<String>?
    public var location: SourceLocation

    /// Where a line and column of the markup were written: in its file (`file`, beside the
    /// component's `componentFile`), or for inline markup (`html: |`) from the line after the key.
    public func location(line: Int, column: Int, componentFile: String) -> SourceLocation {
        if let file {
            return SourceLocation(file: componentFile.replacingOccurrences(of: "component.yaml", with: "") + file.split(separator: "/").dropFirst(2).joined(separator: "/"), line: line, column: column)
        }
        return SourceLocation(file: html.location.file, line: html.location.line + line, column: column)
    }

    public init(title: Located<String>, markup: String, html: Located<String>, file: String? = nil, height: Int? = nil, appearance: Located<String>? = nil, location: SourceLocation) {
        self.title = title
        self.markup = markup
        self.html = html
        self.file = file
        self.height = height
        self.appearance = appearance
        self.location = location
    }

    /// Whether `html:` names a file rather than holding markup.
    public static func namesFile(_ html: String) -> Bool {
        !html.contains("<") && html.hasSuffix(".html") && !html.contains("\n")
    }

    /// The example's folder name: its title in slug form (`Primary button` → `primary-button`);
    /// a title with no ASCII letter or digit (`日本`) gets `example-` and a hash of itself, so two
    /// such titles never share a page. Titles that still slug alike (`Primary`, `primary!`) are
    /// an error at the second (`WebExampleRule`).
    public var id: String {
        let words = title.value.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.isEmpty ? "example-" + StableHash.hex(title.value, length: 8) : words.joined(separator: "-")
    }

    /// The example's page, under its component's (`components/button/examples/primary/`).
    public func pagePath(component: String) -> String { "\(component)examples/\(id)/" }
}
