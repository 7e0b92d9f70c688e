import Foundation
import Testing
@testable import RouteKit

/// Issue 30, item 1: a committed file name is never an option. pre-commit runs the hook's entry,
/// then its `args`, then the staged file names; a root-level file named
/// `--format=json:docker-compose.yml` made `routekit lint` overwrite `docker-compose.yml`.
/// Seen to fail before the fix: the first test's victim file was replaced by a JSON report and
/// the run exited 1.
@Suite struct OptionLikeFileNameTests {
    static let project = [
        ".routekit.yml": "strings: [strings.yml]\nbase-locale: en\n",
        "strings.yml": "en:\n  a: A\n",
        "docker-compose.yml": "services: {}\n",
        "--format=json:docker-compose.yml": "x: y\n",
    ]

    /// As pre-commit ran the hook before: `routekit lint FILE...` with the hostile name among the files.
    @Test func anOptionThatIsAFileIsRefused() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let result = try CLI.run(["lint", "--format=json:docker-compose.yml", "strings.yml"], in: dir.url)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("routekit lint: '--format=json:docker-compose.yml' is a file here and would be read as an option; refusing to run"),
                "\(result.stderr)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("docker-compose.yml"), encoding: .utf8) == "services: {}\n")
        #expect(result.stdout.isEmpty)
    }

    /// The two-argument form: a file named like the option, followed by a file named like its value.
    @Test func anOptionsValueThatIsAFileIsRefused() throws {
        var layout = Self.project
        layout["--write-baseline"] = "x\n"
        layout["victim.json"] = "{}\n"
        let dir = try TemporaryDirectory().write(layout)
        for arguments in [["lint", "--write-baseline", "victim.json"], ["lint", "strings.yml", "--write-baseline", "victim.json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOf: dir.url.appendingPathComponent("victim.json"), encoding: .utf8) == "{}\n")
    }

    /// As the hooks run now (`args: ["--"]`): after `--` the name is a file, linted with its project.
    @Test func afterDoubleDashItIsAFile() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let result = try CLI.run(["lint", "--", "--format=json:docker-compose.yml", "strings.yml"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("docker-compose.yml"), encoding: .utf8) == "services: {}\n")
    }

    /// An option that is not a file is read as before.
    @Test func optionsThatAreNoFilesStillWork() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let result = try CLI.run(["lint", "--format=json:report.json", "strings.yml"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("report.json").path))
    }

    /// Every hook ends its options: the pre-commit hooks' args, the installed git hook and the
    /// build-tool plugin.
    @Test func everyHookEndsItsOptions() throws {
        let path = CLI.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml").path
        let file = YAMLReader.read(text: try String(contentsOfFile: path, encoding: .utf8), path: path)
        let hooks = try #require(file.root?.sequence?.items)
        #expect(hooks.count == 2)
        for hook in hooks {
            let args = hook.mapping?["args"]?.sequence?.items.compactMap { $0.scalar?.value }
            #expect(args == ["--"], "\(String(describing: hook.mapping?["id"]?.scalar?.value)): args \(String(describing: args))")
            #expect(hook.mapping?["entry"]?.scalar?.value == "routekit lint")
        }
        for directory in [nil, ".", "app"] {
            let script = PreCommitHook.script(projectDirectory: directory, fallbackExecutable: nil)
            #expect(script.contains("lint --quiet --"), "\(script)")
        }
        let plugin = try String(contentsOf: CLI.packageRoot.appendingPathComponent(
            "BuildToolPlugin/Plugins/RouteKitBuildToolPlugin/RouteKitBuildToolPlugin.swift"), encoding: .utf8)
        #expect(plugin.contains("arguments: [\"lint\", \"--\", directory.path]"))
    }
}
