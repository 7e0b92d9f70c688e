import Foundation
import Testing

/// `routekit lint` end to end: the built binary, its output and exit codes.
@Suite struct LintCommandTests {
    static let config = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n"
    static let cleanRoutes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n"
    static let cleanStrings = "en:\n  nav:\n    schedule: Schedule\n"

    func project(routes: String = cleanRoutes, strings: String = cleanStrings, config: String = config) throws -> TemporaryDirectory {
        try TemporaryDirectory().write([".routekit.yml": config, "routes.yml": routes, "strings/en.yml": strings])
    }

    @Test func cleanProjectExitsZeroWithSummary() throws {
        let dir = try project()
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings, 0 infos in 2 files (1 route, 1 locale)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func findingsUseCompilerStyleAndExitOne() throws {
        let dir = try project(routes: "routes:\n  # ü 😀\n  ScheduleScreen:\n    tab: { icon: clock }\n    titel: nav.schedule\n")
        let result = try CLI.run(["lint", dir.url.path, "--quiet"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasSuffix("routes.yml:5:5: error: unknown route field 'titel'; did you mean 'title'? [unknown-field]") })
        #expect(lines.contains { $0.hasSuffix("routes.yml:3:3: error: tab root 'ScheduleScreen' has no title: its tab bar label will be blank [tab-root-missing-title]") })
    }

    @Test func columnsCountScalarsAfterMultibyteText() throws {
        // "Zeitplan 😀 ü" precedes the unknown key on the same line in a flow mapping.
        let dir = try project(routes: "routes:\n  ScheduleScreen: { tab: { icon: \"😀ü\" }, title: nav.schedule, bad: x }\n")
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.count == 1)
        #expect(diagnostics?.first?["line"] as? Int == 2)
        #expect(diagnostics?.first?["column"] as? Int == 63)
        #expect(diagnostics?.first?["file"] as? String == "routes.yml")
    }

    /// Colour only on a terminal, and never with NO_COLOR: run under a pseudo-terminal with `script`.
    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let dir = try project(routes: "routes:\n  ScheduleScreen:\n    tab: {}\n")
        func onTTY(_ environment: String) throws -> String {
            let command = "env -u NO_COLOR \(environment) '\(CLI.binary.path)' lint"
            return try runScript(command, in: dir)
        }
        let coloured = try onTTY("")
        #expect(coloured.contains("\u{1B}["), "\(coloured.debugDescription)")
        #expect(coloured.contains("tab-root-missing-title"))
        let plain = try onTTY("NO_COLOR=1")
        #expect(!plain.contains("\u{1B}[") && plain.contains("tab-root-missing-title"))
        let piped = try CLI.run(["lint"], in: dir.url, environment: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains("\u{1B}["))
    }

    private func runScript(_ command: String, in dir: TemporaryDirectory) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = dir.url
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let dir = try project(routes: Self.cleanRoutes + "  Detail:\n    params: { id: String }\n")
        #expect(try CLI.run(["lint"], in: dir.url).status == 0)
        #expect(try CLI.run(["lint", "--strict"], in: dir.url).status == 1)
    }

    @Test func configSeverityOnlyAndDisable() throws {
        let routes = "routes:\n  ScheduleScreen:\n    tab: {}\n"
        let dir = try project(routes: routes, config: Self.config + "rules:\n  tab-missing-icon: error\n  tab-root-missing-title: off\n")
        let result = try CLI.run(["lint", "-q"], in: dir.url)
        #expect(result.stdout.contains("error: tab root 'ScheduleScreen' has no icon [tab-missing-icon]"))
        #expect(!result.stdout.contains("tab-root-missing-title"))
        #expect(result.status == 1)
        let only = try CLI.run(["lint", "-q", "--only", "tab-root-missing-title"], in: dir.url)
        #expect(only.stdout.contains("[tab-root-missing-title]") && !only.stdout.contains("[tab-missing-icon]"))
        let disabled = try CLI.run(["lint", "-q", "--disable", "tab-missing-icon"], in: dir.url)
        #expect(disabled.stdout.isEmpty && disabled.status == 0)
    }

    @Test func suppressionCommentsAndRouteIgnore() throws {
        let routes = """
        routes:
          # routekit:disable-next-line tab-root-missing-title
          ScheduleScreen:
            tab: {} # routekit:disable-line
          Detail:
            lint: { ignore: [detail-missing-title] }
        """
        let dir = try project(routes: routes)
        let result = try CLI.run(["lint", "--strict"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func findsConfigFromASubdirectory() throws {
        let dir = try project()
        let sub = dir.url.appendingPathComponent("strings")
        let result = try CLI.run(["lint"], in: sub)
        #expect(result.status == 0)
    }

    @Test func noConfigIsExitTwo() throws {
        let dir = try TemporaryDirectory()
        let result = try CLI.run(["lint", dir.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no .routekit.yml"))
    }

    @Test func invalidConfigPointsAtTheLine() throws {
        let dir = try project(config: Self.config + "rulez: {}\n")
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix(".routekit.yml:4:1: error: unknown config field 'rulez'; did you mean 'rules'?\n"))
        let badSeverity = try project(config: Self.config + "rules:\n  literal-title: loud\n")
        let second = try CLI.run(["lint"], in: badSeverity.url)
        #expect(second.status == 2)
        #expect(second.stderr.contains(".routekit.yml:5:18: error: rule 'literal-title': 'loud' is not one of off, info, warning, error"))
    }

    @Test func usageErrorsAreExitTwo() throws {
        let dir = try project()
        #expect(try CLI.run(["lint", "--frobnicate"], in: dir.url).status == 2)
        #expect(try CLI.run(["lint", "--only", "no-such-rule"], in: dir.url).status == 2)
        #expect(try CLI.run(["lint", "--format", "yaml"], in: dir.url).status == 2)
        #expect(try CLI.run(["lint", "--format", "json", "--format", "text"], in: dir.url).status == 2)
    }

    @Test func formatToFileAndStdout() throws {
        let dir = try project()
        let result = try CLI.run(["lint", "--format", "json:report.json", "--format", "text"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("0 errors"))
        let json = try String(contentsOfFile: dir.path("report.json"), encoding: .utf8)
        #expect(json.contains("\"summary\""))
    }

    @Test func baselineSurvivesMovedLinesAndReportsStaleEntries() throws {
        let routes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n  InfoScreen:\n    tab: {}\n"
        let dir = try project(routes: routes)
        let write = try CLI.run(["lint", "--write-baseline", "baseline.json"], in: dir.url)
        #expect(write.status == 0)
        #expect(write.stderr.contains("wrote 3 finding(s)"))
        // Reorder the routes and add blank lines: nothing new appears.
        try dir.write(["routes.yml": "routes:\n\n  InfoScreen:\n    tab: {}\n\n  ScheduleScreen:\n    tab: { icon: clock }\n"])
        let moved = try CLI.run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: dir.url)
        #expect(moved.status == 0, "\(moved.stdout)")
        // Fix one finding: its entry is stale, which only --strict-baseline fails on.
        try dir.write(["routes.yml": "routes:\n  InfoScreen:\n    tab: {}\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n"])
        #expect(try CLI.run(["lint", "--baseline", "baseline.json"], in: dir.url).status == 0)
        let stale = try CLI.run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: dir.url)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("no longer occur"))
        // A new finding still fails.
        try dir.write(["routes.yml": routes + "    titel: x\n"])
        #expect(try CLI.run(["lint", "--baseline", "baseline.json"], in: dir.url).status == 1)
        #expect(try CLI.run(["lint", "--baseline", "missing.json"], in: dir.url).status == 2)
    }

    @Test func helpForEveryCommand() throws {
        let main = try CLI.run(["--help"])
        #expect(main.status == 0)
        let names = main.stdout.split(separator: "\n").drop { !$0.hasPrefix("Commands:") }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= 5)
        for command in names {
            #expect(main.stdout.contains("  \(command) "))
            let help = try CLI.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("Usage:") && help.stdout.contains("routekit \(command)"))
        }
    }

    @Test func rulesListsAndExplains() throws {
        let list = try CLI.run(["rules"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("tab-root-missing-title"))
        let one = try CLI.run(["rules", "tab-root-missing-title"])
        #expect(one.stdout.hasPrefix("tab-root-missing-title (default: error)"))
        #expect(one.stdout.contains("triggers at routes.yml:2:3"))
        #expect(try CLI.run(["rules", "nope"]).status == 2)
    }

    @Test func bundledExampleReportsItsDeliberateDefects() throws {
        let result = try CLI.run(["lint", "Resources/Examples/Conference", "--format", "json"], in: CLI.packageRoot)
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let rules = Set((object?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        for rule in ["tab-root-missing-title", "data-object-needs-instance-title", "unknown-string-key", "literal-title"] {
            #expect(rules.contains(rule), "\(rule) missing from \(rules)")
        }
    }
}
