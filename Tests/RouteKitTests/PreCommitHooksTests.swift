import Foundation
import Testing
import RouteKit

/// `.pre-commit-hooks.yaml` says what pre-commit needs to build and run routekit. The
/// end-to-end run with the real framework is `Scripts/test-pre-commit.sh` (in `.ci/run`).
@Suite struct PreCommitHooksTests {
    static func hook(_ id: String = "routekit") throws -> [String: String] {
        let path = CLI.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml").path
        let file = YAMLReader.read(text: try String(contentsOfFile: path, encoding: .utf8), path: path)
        #expect(file.diagnostics.isEmpty)
        let hooks = try #require(file.root?.sequence?.items)
        let routekit = try #require(hooks.first { $0.mapping?["id"]?.scalar?.value == id }?.mapping)
        var fields: [String: String] = [:]
        for entry in routekit.entries { fields[entry.key.value] = entry.value.scalar?.value }
        return fields
    }

    /// Both hooks pass the staged files: `routekit lint FILE...` lints each project holding one once.
    @Test(arguments: [("routekit", "swift"), ("routekit-system", "system")])
    func hookPassesFilesToLint(_ id: String, _ language: String) throws {
        let hook = try Self.hook(id)
        #expect(hook["language"] == language)
        #expect(hook["entry"] == "routekit lint")
        #expect(hook["pass_filenames"] == "true")
        #expect(hook["require_serial"] == "true")
        #expect(hook["name"] != nil)
        #expect(hook["files"] == (try Self.hook("routekit")["files"]))
    }

    @Test func filesPatternMatchesEveryInput() throws {
        let pattern = try #require(try Self.hook()["files"])
        // pre-commit applies it with Python's re.search; this pattern means the same in ICU.
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ path: String) -> Bool {
            regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        for path in [".routekit.yml", "routes.yml", "strings/en.yml", "config/locales/de.yaml", "app/.routekit.yml",
                     "composeResources/values-de/strings.xml", "iosApp/Localizable.xcstrings", "shared/Routes.kt", "iosApp/ContentView.swift"] {
            #expect(matches(path), "\(path)")
        }
        for path in ["README.md", "routes.yml.orig", "notes.ymlx", "build.gradle.kts", "icon.png"] {
            #expect(!matches(path), "\(path)")
        }
    }

    @Test func endToEndScriptIsExecutableAndRunByCI() throws {
        let script = CLI.packageRoot.appendingPathComponent("Scripts/test-pre-commit.sh").path
        #expect(FileManager.default.isExecutableFile(atPath: script))
        let ci = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("Scripts/test-pre-commit.sh"))
    }

    @Test func documentedConfigUsesTheHookId() throws {
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/USING.md"), encoding: .utf8)
        #expect(docs.contains("- id: routekit\n"))
        #expect(docs.contains("- id: routekit-system "))
        #expect(docs.contains("verbose: true"))
        #expect(docs.contains(".pre-commit-config.yaml"))
    }
}
