import Foundation
import Testing
import Yams

/// The GitHub workflow the README documents (`docs/ci/catalog.yml`), run step by step: every
/// `run:` that calls catalog-build is executed with bash on a fixture repository (a `main`
/// branch and a pull-request change), with GitHub's expressions and files stood in for; the
/// install steps are replaced by the binary under test.
@Suite("The documented CI workflow")
struct CIWorkflowTests {
    struct Step {
        var job: String
        var name: String
        var run: String
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOf: CLITests.repository.appendingPathComponent("docs/ci/catalog.yml"), encoding: .utf8)
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        let jobs = try #require(root["jobs"] as? [String: Any])
        var found: [Step] = []
        for job in ["check", "publish"] {
            let steps = try #require((jobs[job] as? [String: Any])?["steps"] as? [[String: Any]])
            for step in steps {
                guard let run = step["run"] as? String else { continue }
                found.append(Step(job: job, name: step["name"] as? String ?? "", run: run))
            }
        }
        return found
    }

    @Test func everyCatalogBuildStepRunsOnAFixtureRepository() throws {
        let steps = try Self.steps()
        #expect(steps.map(\.name) == ["Install catalog-build", "Check", "Code scanning report", "Explain the change", "Install catalog-build", "Build"])

        // A repository with the catalog in content/ on main, and a pull request that adds a token.
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let repository = work.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLITests.fixtures.appendingPathComponent("base"), to: repository.appendingPathComponent("content"))
        func shell(_ script: String, environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-e", "-o", "pipefail", "-c", script]
            process.currentDirectoryURL = repository
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = try CLITests.executable().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            for (key, value) in ["GIT_AUTHOR_NAME": "CI", "GIT_AUTHOR_EMAIL": "ci@example.org", "GIT_COMMITTER_NAME": "CI",
                                 "GIT_COMMITTER_EMAIL": "ci@example.org", "GIT_CONFIG_GLOBAL": "/dev/null", "NO_COLOR": "1"] {
                environment[key] = value
            }
            environment.merge(extra) { _, new in new }
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        _ = try shell("git init -q -b main && git add -A && git commit -q -m base && git update-ref refs/remotes/origin/main HEAD && git checkout -q -b change")
        try ##"{ "extra": { "$type": "color", "mint": { "$value": "#00A86B" } } }"##.write(to: repository.appendingPathComponent("content/tokens/extra.tokens.json"), atomically: true, encoding: .utf8)
        _ = try shell("git add -A && git commit -q -m 'Add a token'")

        let summary = work.appendingPathComponent("summary.md")
        let environment = ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_PATH": work.appendingPathComponent("path").path]
        let expressions = ["${{ github.base_ref }}": "main", "${{ github.repository_owner }}": "acme", "${{ github.event.repository.name }}": "design-system"]
        for step in steps where step.name != "Install catalog-build" {
            var script = step.run
            for (expression, value) in expressions { script = script.replacingOccurrences(of: expression, with: value) }
            #expect(!script.contains("${{"), "an expression the test does not stand in for: \(script)")
            let result = try shell(script, environment: environment)
            #expect(result.status == 0, "\(step.job) / \(step.name) failed: \(result.output)")
        }
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.contains("## catalog-build check"), "the check's summary table")
        #expect(written.contains("extra/mint"), "the diff's Markdown report")
        let sarif = try Data(contentsOf: repository.appendingPathComponent("catalog.sarif"))
        #expect((try JSONSerialization.jsonObject(with: sarif) as? [String: Any])?["version"] as? String == "2.1.0")
        let sitemap = try String(contentsOf: repository.appendingPathComponent("public/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://acme.github.io/design-system/components/alpha/</loc>"))
    }
}
