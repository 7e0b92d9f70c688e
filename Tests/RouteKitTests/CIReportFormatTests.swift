import Foundation
import Testing
@testable import RouteKit

/// What CI systems read: SARIF paths, rule metadata and the result cap; the Markdown job
/// summary; JUnit attributes and names; GitLab Code Quality against GitLab's schema.
@Suite struct CIReportFormatTests {
    static let config = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\nlocales: [en, de]\n"
    static let routes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    titel: nav.schedule\n"
    static let strings = "en:\n  nav:\n    schedule: Schedule\n"

    /// `n` findings of `severity` in `strings/de.yml`, on lines `firstLine`….
    static func findings(_ n: Int, _ severity: Severity, rule: String, firstLine: Int = 1, locale: String? = "de") -> [Finding] {
        (0..<n).map { index in
            Finding(rule: rule, severity: severity, message: "\(rule) finding \(index)",
                       location: SourceLocation(file: "/project/strings/de.yml", line: firstLine + index, column: 3),
                       key: "key\(index)", locale: locale)
        }
    }

    static func report(_ diagnostics: [Finding]) -> LintReport {
        var report = ReportFixtures.report
        report.diagnostics = diagnostics
        return report
    }

    // MARK: - SARIF

    /// A project in `mobile/` of a git repository: URIs are relative to the repository root.
    @Test(.requires(.git)) func sarifPathsAreRelativeToTheRepositoryRoot() throws {
        let dir = try TemporaryDirectory().write([
            "mobile/.routekit.yml": Self.config, "mobile/routes.yml": Self.routes, "mobile/strings/en.yml": Self.strings,
        ])
        let git = try ReportFixtures.runTool(["git", "init", "-q", dir.url.path])
        try #require(git.status == 0, "git init failed: \(git.output)")
        let result = try CLI.run(["lint", "mobile", "--format", "sarif"], in: dir.url)
        #expect(result.status == 1, "\(result.stderr)")
        let json = try ReportFixtures.parseJSON(result.stdout) as! [String: Any]
        let run = (json["runs"] as! [[String: Any]])[0]
        let base = (run["originalUriBaseIds"] as! [String: [String: String]])[SARIFReporter.rootBaseID]!["uri"]!
        #expect(base == "file://" + SARIFReporter.percentEncoded(dir.url.path) + "/")
        let uris = (run["results"] as! [[String: Any]]).map { result -> String in
            let location = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            let artifact = location["artifactLocation"] as! [String: String]
            #expect(artifact["uriBaseId"] == SARIFReporter.rootBaseID)
            return artifact["uri"]!
        }
        #expect(uris.contains("mobile/routes.yml"), "\(uris)")
        #expect(uris.allSatisfy { $0 == "mobile/routes.yml" || $0 == "mobile/.routekit.yml" }, "\(uris)")
        // The JSON report keeps paths relative to the config's directory (DESIGN, "JSON report").
        let plain = try CLI.run(["lint", "mobile", "--format", "json"], in: dir.url)
        let diagnostics = (try ReportFixtures.parseJSON(plain.stdout) as! [String: Any])["diagnostics"] as! [[String: Any]]
        #expect(diagnostics.contains { $0["file"] as? String == "routes.yml" })
        #expect(diagnostics.allSatisfy { ($0["file"] as? String)?.hasPrefix("mobile/") != true })
    }

    @Test func repositoryRootIsTheNearestDirectoryWithGit() throws {
        let dir = try TemporaryDirectory().write(["a/b/file": "", "a/.git": "gitdir: elsewhere\n"])
        #expect(RepositoryRoot.find(from: dir.path("a/b")) == dir.path("a"))
        #expect(RepositoryRoot.find(from: dir.path("a")) == dir.path("a"))
        let outside = try TemporaryDirectory()
        #expect(RepositoryRoot.find(from: outside.url.path) == nil)
    }

    @Test func sarifRulesCarryTheMetadataGitHubShows() throws {
        let json = try ReportFixtures.parseJSON(SARIFReporter().render(ReportFixtures.report)) as! [String: Any]
        let run = (json["runs"] as! [[String: Any]])[0]
        let rules = ((run["tool"] as! [String: Any])["driver"] as! [String: Any])["rules"] as! [[String: Any]]
        let unknownField = rules.first { $0["id"] as? String == "unknown-field" }!
        #expect(unknownField["name"] as? String == "UnknownField")
        #expect(unknownField["helpUri"] as? String == "https://github.com/routekit/routekit/blob/main/lint-rules/unknown-field.yml")
        let properties = unknownField["properties"] as! [String: Any]
        #expect(properties["precision"] as? String == "high")
        #expect(properties["problem.severity"] as? String == "error")
        #expect((properties["tags"] as? [String])?.contains("i18n") == true)
        let severities = rules.map { ($0["properties"] as! [String: Any])["problem.severity"] as! String }
        #expect(severities == ["error", "error", "error", "warning", "recommendation", "recommendation"])
    }

    /// Over the limit: errors first, then warnings, then notes; the rest counted in a notification.
    @Test(.requires(.checkJSONSchema)) func sarifCapKeepsErrorsFirstAndCountsWhatWasLeftOut() throws {
        let diagnostics = Self.findings(4, .info, rule: "unreachable-route") + Self.findings(3, .warning, rule: "missing-translation", firstLine: 10)
            + Self.findings(2, .error, rule: "unknown-field", firstLine: 20) + Self.findings(2, .warning, rule: "missing-translation", firstLine: 30)
        let text = SARIFReporter(maxResults: 6).render(Self.report(diagnostics))
        try SARIFReporterTests().validate(text: text)
        let run = ((try ReportFixtures.parseJSON(text) as! [String: Any])["runs"] as! [[String: Any]])[0]
        let results = run["results"] as! [[String: Any]]
        #expect(results.map { $0["level"] as! String } == ["error", "error", "warning", "warning", "warning", "warning"])
        let lines = results.map { result -> Int in
            let location = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            return (location["region"] as! [String: Any])["startLine"] as! Int
        }
        #expect(lines == [20, 21, 10, 11, 12, 30])
        let invocation = (run["invocations"] as! [[String: Any]])[0]
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notification = (invocation["toolExecutionNotifications"] as! [[String: Any]])[0]
        #expect(notification["level"] as? String == "warning")
        let properties = notification["properties"] as! [String: Int]
        #expect(properties == ["total": 11, "reported": 6, "leftOut": 5])
        #expect(((notification["message"] as! [String: String])["text"] ?? "").contains("leaves out 5"))
        // Under the limit: every result, no invocation.
        let all = ((try ReportFixtures.parseJSON(SARIFReporter().render(Self.report(diagnostics))) as! [String: Any])["runs"] as! [[String: Any]])[0]
        #expect((all["results"] as! [Any]).count == 11)
        #expect(all["invocations"] == nil)
        #expect(SARIFReporter().maxResults == 25_000)
    }

    /// A finding on a YAML key carries the key's extent: `titel` on line 4 from column 5 ends
    /// (exclusive) at column 10. The report stays schema-valid; a finding without an extent
    /// (strings files, project-wide) has no end.
    @Test(.requires(.checkJSONSchema)) func sarifRegionsCarryTheExtentOfTheKey() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": Self.config, "routes.yml": Self.routes, "strings/en.yml": Self.strings,
        ])
        let result = try CLI.run(["lint", "--format", "sarif"], in: dir.url)
        #expect(result.status == 1, "\(result.stderr)")
        try SARIFReporterTests().validate(text: result.stdout)
        let run = ((try ReportFixtures.parseJSON(result.stdout) as! [String: Any])["runs"] as! [[String: Any]])[0]
        let unknownField = try #require((run["results"] as! [[String: Any]]).first { $0["ruleId"] as? String == "unknown-field" })
        let location = (unknownField["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
        let region = location["region"] as! [String: Int]
        #expect(region == ["startLine": 4, "startColumn": 5, "endLine": 4, "endColumn": 10])
        // The golden findings have no extent: their regions are unchanged.
        #expect(!SARIFReporter().render(ReportFixtures.report).contains("endColumn"))
    }

    @Test func yamlScalarsKnowTheirExtent() throws {
        let text = "a:\n  key: \"quoted é\"\n  plain: two words\n"
        let file = YAMLReader.read(text: text, path: "f.yml")
        #expect(file.diagnostics.isEmpty)
        let mapping = try #require(file.root?.mapping?["a"]?.mapping)
        let key = mapping.entries[0].key.location
        #expect([key.line, key.column, key.endLine, key.endColumn] == [2, 3, 2, 6])
        let quoted = mapping.entries[0].value.location
        #expect([quoted.line, quoted.column, quoted.endLine, quoted.endColumn] == [2, 8, 2, 18])
        let plain = mapping.entries[1].value.location
        #expect([plain.line, plain.column, plain.endLine, plain.endColumn] == [3, 10, 3, 19])
        // The extent is detail: a location equals one without it.
        #expect(key == SourceLocation(file: "f.yml", line: 2, column: 3))
    }

    // MARK: - Markdown

    /// More findings than rows, errors last in file order: every error is still shown.
    @Test func markdownShowsErrorsFirstWithCountsPerRuleAndLocale() {
        let diagnostics = Self.findings(30, .warning, rule: "missing-translation") + Self.findings(4, .error, rule: "unknown-field", firstLine: 100, locale: nil)
            + Self.findings(2, .info, rule: "untranslated", firstLine: 200, locale: "fr")
        let output = MarkdownReporter(maxFindings: 10).render(Self.report(diagnostics))
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| strings/") }
        #expect(rows.count == 10)
        #expect(rows.prefix(4).allSatisfy { $0.contains("| error | unknown-field |") }, "\(rows)")
        #expect(rows.dropFirst(4).allSatisfy { $0.contains("| warning |") })
        #expect(output.contains("…and 26 more findings (24 warnings, 2 infos): see the full report."))
        #expect(output.contains("| Rule | Errors | Warnings | Infos |\n| --- | ---: | ---: | ---: |\n| missing-translation | 0 | 30 | 0 |\n| unknown-field | 4 | 0 | 0 |\n| untranslated | 0 | 0 | 2 |\n"))
        #expect(output.contains("| Locale | Errors | Warnings | Infos |\n| --- | ---: | ---: | ---: |\n| de | 0 | 30 | 0 |\n| fr | 0 | 0 | 2 |\n"))
    }

    @Test func markdownLinksToTheFileOnGitHub() throws {
        let links = try #require(BlobLinks(environment: [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abcd",
        ]))
        var report = ReportFixtures.report
        report.repositoryRoot = "/"
        let output = MarkdownReporter(links: links).render(report)
        #expect(output.contains("| [routes.yml:3](https://github.com/acme/app/blob/0123abcd/project/routes.yml#L3) | error |"))
        #expect(output.contains("| [strings/ja.yml](https://github.com/acme/app/blob/0123abcd/project/strings/ja.yml) |"))
        #expect(output.contains("| (project) | error | invalid-locale |"))
        // Missing or odd variables: no links.
        #expect(BlobLinks(environment: ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app"]) == nil)
        #expect(BlobLinks(environment: ["GITHUB_SERVER_URL": "https://x)y", "GITHUB_REPOSITORY": "a/b", "GITHUB_SHA": "ab"]) == nil)
        #expect(BlobLinks(environment: ["GITHUB_SERVER_URL": "javascript:x", "GITHUB_REPOSITORY": "a/b", "GITHUB_SHA": "ab"]) == nil)
        #expect(!MarkdownReporter().render(report).contains("](http"))
    }

    @Test(.requires(.git)) func markdownLinksEndToEnd() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": Self.config, "routes.yml": Self.routes, "strings/en.yml": Self.strings])
        _ = try ReportFixtures.runTool(["git", "init", "-q", dir.url.path])
        let result = try CLI.run(["lint", "--format", "markdown"], in: dir.url, environment: [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abcd",
        ])
        #expect(result.stdout.contains("](https://github.com/acme/app/blob/0123abcd/routes.yml#L4)"), "\(result.stdout)")
    }

    // MARK: - JUnit

    static let junitScript = """
        import sys, json, junitparser
        xml = junitparser.JUnitXml.fromfile(sys.argv[1])
        suites = [xml] if isinstance(xml, junitparser.TestSuite) else list(xml)
        out = []
        for suite in suites:
            for case in suite:
                out.append({"name": case.name, "file": case._elem.get("file"), "line": case._elem.get("line"),
                            "passed": case.is_passed, "suiteFailures": suite.failures,
                            "out": case.system_out})
        print(json.dumps(out))
        """

    static func junitCases(_ xml: String) throws -> [[String: Any]] {
        let file = try ReportFixtures.temporaryFile(xml, suffix: ".xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ReportFixtures.runTool(["python3", "-c", junitScript, file.path])
        try #require(result.status == 0, "junitparser failed: \(result.output)")
        return try ReportFixtures.parseJSON(result.output) as! [[String: Any]]
    }

    @Test(.requires(.python3, .junitparser)) func junitCasesHaveFileAndLineAndStableNames() throws {
        let cases = try Self.junitCases(JUnitReporter().render(ReportFixtures.report))
        let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0["name"] as! String, $0) })
        #expect(Set(byName.keys) == [
            "routekit invalid-locale xx-YY", "routes.yml unknown-field SettingsScreen",
            "routes.yml unknown-string-key RoomScreen room_title", "routes.yml unreachable-route FinalistScreen",
            "strings/de.yml missing-translation nav.info de", "strings/ja.yml missing-translation nav.info ja",
        ])
        let field = byName["routes.yml unknown-field SettingsScreen"]!
        #expect(field["file"] as? String == "routes.yml" && field["line"] as? String == "3")
        let ja = byName["strings/ja.yml missing-translation nav.info ja"]!
        #expect(ja["file"] as? String == "strings/ja.yml" && ja["line"] is NSNull)
        #expect(byName["routekit invalid-locale xx-YY"]!["file"] is NSNull)
        // Moving a finding to another line keeps its name.
        var moved = ReportFixtures.report
        moved.diagnostics[1].location?.line = 40
        let movedNames = try Self.junitCases(JUnitReporter().render(moved)).map { $0["name"] as! String }
        #expect(Set(movedNames) == Set(byName.keys))
    }

    @Test(.requires(.python3, .junitparser)) func junitWarningsFailOnlyWhenStrict() throws {
        let plain = try Self.junitCases(JUnitReporter().render(ReportFixtures.report))
        let failing = plain.filter { !($0["passed"] as! Bool) }.map { $0["name"] as! String }
        #expect(failing.count == 3)   // the three errors
        let warning = plain.first { $0["name"] as? String == "strings/de.yml missing-translation nav.info de" }!
        #expect(warning["passed"] as? Bool == true)
        #expect((warning["out"] as? String)?.contains("warning: 'nav.info' has no German translation") == true)
        let strict = try Self.junitCases(JUnitReporter(strict: true).render(ReportFixtures.report))
        #expect(strict.filter { !($0["passed"] as! Bool) }.count == 5)   // errors and warnings; the info passes
        // End to end: --strict reaches the reporter.
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": Self.config, "routes.yml": "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n",
            "strings/en.yml": Self.strings, "strings/de.yml": "de:\n  other: x\n",
        ])
        let lax = try CLI.run(["lint", "--format", "junit"], in: dir.url)
        #expect(lax.status == 0 && lax.stdout.contains("failures=\"0\""), "\(lax.stdout)")
        let strictRun = try CLI.run(["lint", "--strict", "--format", "junit"], in: dir.url)
        #expect(strictRun.status == 1 && strictRun.stdout.contains("<failure"), "\(strictRun.stdout)")
    }

    // MARK: - GitLab Code Quality

    static var gitLabSchema: URL {
        ReportFixtures.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/Schemas/gitlab-codeclimate.json")
    }

    /// Validates every issue against GitLab's schema (it describes one issue) and returns them.
    static func validateGitLab(_ text: String) throws -> [[String: Any]] {
        let issues = try ReportFixtures.parseJSON(text) as! [[String: Any]]
        var files: [URL] = []
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for issue in issues {
            let data = try JSONSerialization.data(withJSONObject: issue)
            files.append(try ReportFixtures.temporaryFile(String(decoding: data, as: UTF8.self), suffix: ".json"))
        }
        if !files.isEmpty {
            let result = try ReportFixtures.runTool(["check-jsonschema", "--schemafile", gitLabSchema.path] + files.map(\.path))
            #expect(result.status == 0, "check-jsonschema failed:\n\(result.output)")
        }
        return issues
    }

    @Test(.requires(.checkJSONSchema)) func gitLabReportFollowsGitLabsSchema() throws {
        for report in [ReportFixtures.report, ReportFixtures.cleanReport, HostileText.report] {
            let issues = try Self.validateGitLab(GitLabReporter().render(report))
            #expect(issues.count == report.diagnostics.count)
            // What GitLab's widget needs beyond the schema's required fields.
            for issue in issues {
                #expect(issue["check_name"] is String && issue["type"] as? String == "issue")
                #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as! String))
                let location = issue["location"] as! [String: Any]
                #expect(location["path"] is String)
                #expect(((location["lines"] as! [String: Any])["begin"] as! Int) >= 1)
            }
            #expect(Set(issues.map { $0["fingerprint"] as! String }).count == issues.count)
        }
        let issues = try Self.validateGitLab(GitLabReporter().render(ReportFixtures.report))
        #expect(issues.map { $0["severity"] as! String } == ["major", "major", "major", "info", "minor", "minor"])
        #expect(issues.map { ($0["location"] as! [String: Any])["path"] as! String }
            == [".routekit.yml", "routes.yml", "routes.yml", "routes.yml", "strings/de.yml", "strings/ja.yml"])
        #expect(issues[1]["fingerprint"] as? String == ReportFixtures.diagnostics[1].fingerprint(relativeTo: "/project"))
    }

    @Test(.requires(.checkJSONSchema)) func gitLabFingerprintsAreUniqueForRepeatedFindings() throws {
        let twice = ReportFixtures.diagnostics[1]
        let issues = try Self.validateGitLab(GitLabReporter().render(Self.report([twice, twice, twice])))
        #expect(Set(issues.map { $0["fingerprint"] as! String }).count == 3)
        #expect(issues[0]["fingerprint"] as? String == twice.fingerprint(relativeTo: "/project"))
    }

    @Test(.requires(.checkJSONSchema)) func gitLabPathsAreRelativeToTheRepositoryRoot() throws {
        var report = ReportFixtures.report
        report.repositoryRoot = "/"
        let issues = try Self.validateGitLab(GitLabReporter().render(report))
        #expect(issues.map { ($0["location"] as! [String: Any])["path"] as! String }.allSatisfy { $0.hasPrefix("project/") })
    }
}
