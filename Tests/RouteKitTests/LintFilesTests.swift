import Foundation
import Testing
@testable import RouteKit

/// `routekit lint FILE...`, as pre-commit calls it: each file belongs to the project of the nearest
/// `.routekit.yml` above it; each such project is linted once; files in no project are ignored.
@Suite struct LintFilesTests {
    static let broken = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    titel: nav.schedule\n"
    static let clean = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n"

    /// A repository with projects in `mobile/` and `admin/` and YAML that belongs to neither.
    static func repository(mobile: String = clean, admin: String = clean) throws -> TemporaryDirectory {
        let config = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n"
        let strings = "en:\n  nav:\n    schedule: Schedule\n"
        return try TemporaryDirectory().write([
            "mobile/.routekit.yml": config, "mobile/routes.yml": mobile, "mobile/strings/en.yml": strings,
            "mobile/strings/de.yml": "de:\n  nav:\n    schedule: Programm\n",
            "admin/.routekit.yml": config, "admin/routes.yml": admin, "admin/strings/en.yml": strings,
            ".github/workflows/ci.yml": "on: push\n", "docs/notes.yml": "a: b\n",
        ])
    }

    static func summaries(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(" errors, ") || $0.contains(" error, ") }
    }

    @Test func aFileInASubdirectoryProjectLintsThatProject() throws {
        let dir = try Self.repository(mobile: Self.broken)
        let result = try CLI.run(["lint", "mobile/strings/de.yml"], in: dir.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("\nmobile/routes.yml:4:5: error: unknown route field 'titel'"), "\(result.stdout)")
        #expect(Self.summaries(result.stdout).count == 1)
    }

    @Test func eachProjectIsLintedOnceAndFilesOutsideAreIgnored() throws {
        let dir = try Self.repository(mobile: Self.broken)
        let files = ["mobile/routes.yml", "mobile/strings/en.yml", ".github/workflows/ci.yml", "admin/strings/en.yml",
                     "mobile/strings/de.yml", "docs/notes.yml", "admin/.routekit.yml"]
        let result = try CLI.run(["lint"] + files, in: dir.url)
        #expect(result.status == 1)
        // mobile first (named first), then admin; one summary each.
        #expect(Self.summaries(result.stdout) == [
            "2 errors, 0 warnings, 0 infos in 3 files (1 route, 2 locales)",
            "0 errors, 0 warnings, 0 infos in 2 files (1 route, 1 locale)",
        ], "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "[unknown-field]").count == 2)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func cleanProjectsPassTogether() throws {
        let dir = try Self.repository()
        let result = try CLI.run(["lint", "--quiet", "admin/routes.yml", "mobile/routes.yml"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func onlyFilesInNoProjectIsNothingToLint() throws {
        let dir = try Self.repository(mobile: Self.broken)
        let result = try CLI.run(["lint", ".github/workflows/ci.yml", "docs/notes.yml"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "routekit: no .routekit.yml above the 2 given path(s); nothing to lint\n")
        let quiet = try CLI.run(["lint", "-q", "docs/notes.yml"], in: dir.url)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func aMissingFileCannotRun() throws {
        let dir = try Self.repository()
        let result = try CLI.run(["lint", "mobile/routes.yml", "mobile/nope.yml"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("mobile/nope.yml: error: no such file or directory"), "\(result.stderr)")
    }

    @Test func aDirectoryStillNamesItsProject() throws {
        let dir = try Self.repository(mobile: Self.broken)
        #expect(try CLI.run(["lint", "mobile"], in: dir.url).status == 1)
        #expect(try CLI.run(["lint", "mobile/strings"], in: dir.url).status == 1)
        // A directory in no project is an explicit request that cannot be met.
        let outside = try CLI.run(["lint", "docs"], in: dir.url)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("no .routekit.yml in"))
    }

    @Test func severalProjectsNeedALineFormatOnStandardOutput() throws {
        let dir = try Self.repository()
        for options in [["--format", "json"], ["--format", "sarif:out.sarif"], ["--baseline", "b.json"]] {
            let result = try CLI.run(["lint", "mobile/routes.yml", "admin/routes.yml"] + options, in: dir.url)
            #expect(result.status == 2, "\(options)")
            #expect(result.stderr.contains("the files belong to 2 projects (mobile/.routekit.yml, admin/.routekit.yml)"), "\(result.stderr)")
        }
        // One project: every option as usual.
        let json = try CLI.run(["lint", "mobile/routes.yml", "mobile/strings/en.yml", "--format", "json"], in: dir.url)
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{"))
        let github = try CLI.run(["lint", "mobile/routes.yml", "admin/routes.yml", "--format", "github"], in: dir.url)
        #expect(github.status == 0)
    }

    @Test func groupsPathsByNearestConfig() throws {
        let dir = try Self.repository()
        let cwd = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        let grouped = try ProjectsOfFiles([
            dir.path("admin/strings/en.yml"), dir.path("mobile/.routekit.yml"), dir.path("docs/notes.yml"),
            dir.path("admin"), dir.path("mobile/strings/de.yml"),
        ])
        let root = dir.url.resolvingSymlinksInPath().path
        #expect(grouped.configs.map { $0.replacingOccurrences(of: root, with: "").replacingOccurrences(of: dir.url.path, with: "") }
                == ["/admin/.routekit.yml", "/mobile/.routekit.yml"])
        #expect(grouped.outside == [dir.path("docs/notes.yml")])
    }
}
