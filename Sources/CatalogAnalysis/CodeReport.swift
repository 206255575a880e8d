import CatalogCore
import CatalogModel
/// What the code says of one component, as the site shows it: where each platform's
/// implementation is declared, whether Code Connect links it, how many mappings drift, C4 and
/// C7 as measured, and where the code using it calls it. The component page's "In code"
/// section, the dashboard and `components.json` read this one value.
public struct CodeReport: Sendable, Hashable {
    public struct Implementation: Sendable, Hashable {
        public var platform: String
        public var name: String
        /// Where it is declared; nil when the sources do not declare it.
        public var file: String?
        public var line: Int?
        /// The first Code Connect declaration naming it.
        public var link: CodeAPI.Member?
        /// Mappings that do not match the code (errors), and public API no property maps (notes).
        public var mismatches: Int
        public var undocumented: Int

        package init(platform: String, name: String, file: String? = nil, line: Int? = nil, link: CodeAPI.Member? = nil, mismatches: Int, undocumented: Int) {
            self.platform = platform
            self.name = name
            self.file = file
            self.line = line
            self.link = link
            self.mismatches = mismatches
            self.undocumented = undocumented
        }
    }

    public struct Usage: Sendable, Hashable {
        public var platform: String
        public var files: [File]
        public var calls: Int { files.reduce(0) { $0 + $1.calls } }

        public struct File: Sendable, Hashable {
            public var file: String
            public var calls: Int
        }
    }

    public var implementations: [Implementation] = []
    public var measured: [MeasuredReadiness] = []
    /// Per platform with call sites; empty when `usage:` names no folder or nothing calls it.
    public var usage: [Usage] = []
    /// Whether catalog.yaml's `code:` names usage folders (so "used in 0 files" is a finding).
    public var countsUsage = false

    /// The number of distinct files calling the component, on every platform.
    public var usageFiles: Int { Set(usage.flatMap { $0.files.map(\.file) }).count }

    /// nil when the catalog has no `code:` or the component names no implementation.
    package static func make(_ component: Component, code: CodeIndex?, settings: CatalogSettings) -> CodeReport? {
        guard let index = code, let implementation = component.implementation else { return nil }
        var report = CodeReport()
        let place = { (file: String) in CodeFiles.relative(file, toCatalogAt: settings.location.file) }
        let results = CodeDrift.compare(component, with: index)
        for result in results {
            report.implementations.append(Implementation(
                platform: result.platform, name: result.implementation?.value ?? "",
                file: result.api.map { place($0.file) }, line: result.api?.line,
                link: result.api?.links.first.map { link in var moved = link; moved.file = place(link.file); return moved },
                mismatches: result.findings.filter { $0.severity == .error }.count,
                undocumented: result.findings.filter { $0.severity == .info }.count
            ))
        }
        report.measured = CodeReadiness.measure(results, rubric: settings.rubric)
        report.countsUsage = !(settings.code?.usage.isEmpty ?? true)
        for (platform, named) in [("swiftui", implementation.swiftui), ("compose", implementation.compose)] {
            guard let named, let files = index.usage[platform]?[named.value], !files.isEmpty else { continue }
            report.usage.append(Usage(platform: platform, files: files.map { Usage.File(file: place($0.file), calls: $0.calls) }))
        }
        guard !report.implementations.isEmpty || report.countsUsage else { return nil }
        return report
    }

    /// "Used in 3 files (SwiftUI: 2 files, 3 calls; Compose: 1 file, 1 call)".
    public var usageSentence: String {
        guard countsUsage else { return "" }
        let files = usageFiles
        guard files > 0 else { return "Not used in the code that catalog.yaml's code.usage names." }
        let parts = usage.map { "\(PlatformName.display($0.platform)): \(Self.count($0.files.count, "file")), \(Self.count($0.calls, "call"))" }
        return "Used in \(Self.count(files, "file")) (\(parts.joined(separator: "; ")))."
    }

    /// "3 files (SwiftUI 2, Compose 1)", for the dashboard's column.
    public var usageSummary: String {
        guard countsUsage else { return "" }
        guard usageFiles > 0 else { return "0 files" }
        return "\(Self.count(usageFiles, "file")) (" + usage.map { "\(PlatformName.display($0.platform)) \($0.files.count)" }.joined(separator: ", ") + ")"
    }

    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// As `components.json` and `readiness.json` give it.
    package var json: JSONText.Value {
        typealias V = JSONText.Value
        return .object([
            "platforms": .array(implementations.map { implementation in
                .object([
                    "platform": .string(implementation.platform),
                    "name": .string(implementation.name),
                    "found": .bool(implementation.file != nil),
                    "file": V(implementation.file),
                    "line": implementation.line.map { .number(String($0)) } ?? .null,
                    "linked": .bool(implementation.link != nil),
                    "link": implementation.link.map { .object(["file": .string($0.file), "line": .number(String($0.line))]) } ?? .null,
                    "mismatches": .number(String(implementation.mismatches)),
                    "undocumented": .number(String(implementation.undocumented)),
                ])
            }),
            "measured": .array(measured.map { measured in
                .object([
                    "criterion": .string(measured.criterion),
                    "status": .string(measured.status.id),
                    "label": .string(measured.status.label),
                    "evidence": .string(measured.evidence),
                ])
            }),
            "usage": countsUsage ? .object([
                "files": .number(String(usageFiles)),
                "platforms": .array(usage.map { usage in
                    .object([
                        "platform": .string(usage.platform),
                        "calls": .number(String(usage.calls)),
                        "files": .array(usage.files.map { .object(["file": .string($0.file), "calls": .number(String($0.calls))]) }),
                    ])
                }),
            ]) : .null,
        ])
    }
}
