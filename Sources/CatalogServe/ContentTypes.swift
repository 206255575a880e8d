import Hummingbird

/// The Content-Type of a site file: Hummingbird's media type for its extension, the few a
/// catalog site has that Hummingbird does not list, and `charset=utf-8` on every text type
/// (every text file a build writes is UTF-8).
package enum ContentTypes {
    private static let additions: [String: MediaType] = [
        "map": .applicationJson,
        "md": MediaType(type: .text, subType: "markdown"),
        "avif": MediaType(type: .image, subType: "avif"),
        "ico": MediaType(type: .image, subType: "x-icon"),
        "swift": .textPlain,
        "kt": .textPlain,
    ]

    package static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        let fileExtension = path[path.index(after: dot)...].lowercased()
        guard let type = additions[fileExtension] ?? MediaType.getMediaType(forExtension: fileExtension) else { return "application/octet-stream" }
        let isText = type.type == .text || type.subType == "json" || type.subType == "xml"
        return (isText ? type.withParameter(name: "charset", value: "utf-8") : type).description
    }
}
