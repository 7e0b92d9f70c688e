import Foundation
import Testing
@testable import RouteKit

/// `routekit install-hook` with real git repositories and real commits.
@Suite(.requires(.git)) struct InstallHookCommandTests {
    static let config = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n"
    static let cleanRoutes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n"
    static let brokenRoutes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    titel: nav.schedule\n"
    static let strings = "en:\n  nav:\n    schedule: Schedule\n"

    /// A fresh repository with a clean project committed (no hook yet).
    func repository(project: String = "") throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let prefix = project.isEmpty ? "" : project + "/"
        try dir.write([
            prefix + ".routekit.yml": Self.config, prefix + "routes.yml": Self.cleanRoutes,
            prefix + "strings/en.yml": Self.strings, "README": "hello\n",
        ])
        try HookGit.run(["init", "-q", "-b", "main"], in: dir.url)
        try HookGit.run(["add", "-A"], in: dir.url)
        try HookGit.run(["commit", "-q", "-m", "initial"], in: dir.url)
        return dir
    }

    func installHook(_ arguments: [String] = [], in directory: URL) throws -> CLI.Result {
        try CLI.run(["install-hook"] + arguments, in: directory, environment: HookGit.environment)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test func blocksACommitWithADefectAndPassesAFixedOne() throws {
        let dir = try repository()
        let install = try installHook(in: dir.url)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed .git/hooks/pre-commit"))
        #expect(mode(dir.path(".git/hooks/pre-commit")) == 0o755)

        try dir.write(["routes.yml": Self.brokenRoutes])
        try HookGit.run(["add", "-A"], in: dir.url)
        let blocked = try HookGit.run(["commit", "-m", "broken"], in: dir.url, check: false)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[unknown-field]"), "\(blocked.output)")
        #expect(blocked.output.contains("commit blocked"))
        #expect(try HookGit.run(["rev-list", "--count", "HEAD"], in: dir.url).output == "1\n")

        try dir.write(["routes.yml": Self.cleanRoutes.replacingOccurrences(of: "clock", with: "calendar")])
        try HookGit.run(["add", "-A"], in: dir.url)
        let passed = try HookGit.run(["commit", "-m", "fixed"], in: dir.url, check: false)
        #expect(passed.status == 0, "\(passed.output)")
        #expect(try HookGit.run(["rev-list", "--count", "HEAD"], in: dir.url).output == "2\n")
    }

    @Test func worksFromASubdirectory() throws {
        let dir = try repository()
        #expect(try installHook(in: dir.url.appendingPathComponent("strings")).status == 0)
        try dir.write(["strings/en.yml": "en:\n  nav:\n    schedule: \"  \"\n"])
        try HookGit.run(["add", "-A"], in: dir.url)
        let blocked = try HookGit.run(["commit", "-m", "blank"], in: dir.url.appendingPathComponent("strings"), check: false)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[empty-translation]"), "\(blocked.output)")
    }

    @Test func projectInASubdirectoryIsLintedThere() throws {
        let dir = try repository(project: "app/meta")
        let install = try installHook(in: dir.url.appendingPathComponent("app/meta"))
        #expect(install.status == 0, "\(install.stderr)")
        let hook = try String(contentsOfFile: dir.path(".git/hooks/pre-commit"), encoding: .utf8)
        #expect(hook.contains("lint --quiet -- 'app/meta'"))
        try dir.write(["app/meta/routes.yml": Self.brokenRoutes])
        try HookGit.run(["add", "-A"], in: dir.url)
        let blocked = try HookGit.run(["commit", "-m", "broken"], in: dir.url, check: false)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[unknown-field]"), "\(blocked.output)")
    }

    @Test func worksInALinkedWorktree() throws {
        let dir = try repository()
        let worktree = dir.url.appendingPathComponent("../" + dir.url.lastPathComponent + "-wt").standardizedFileURL
        defer { try? FileManager.default.removeItem(at: worktree) }
        try HookGit.run(["worktree", "add", "-q", "-b", "feature", worktree.path], in: dir.url)
        let install = try installHook(in: worktree)
        #expect(install.status == 0, "\(install.stderr)")
        // Hooks live in the common directory, shared by every worktree.
        #expect(FileManager.default.fileExists(atPath: dir.path(".git/hooks/pre-commit")))
        try Data(Self.brokenRoutes.utf8).write(to: worktree.appendingPathComponent("routes.yml"))
        try HookGit.run(["add", "-A"], in: worktree)
        let blocked = try HookGit.run(["commit", "-m", "broken"], in: worktree, check: false)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[unknown-field]"), "\(blocked.output)")
    }

    @Test func followsCoreHooksPath() throws {
        let dir = try repository()
        try HookGit.run(["config", "core.hooksPath", ".githooks"], in: dir.url)
        let install = try installHook(in: dir.url.appendingPathComponent("strings"))
        #expect(install.status == 0, "\(install.stderr)")
        #expect(mode(dir.path(".githooks/pre-commit")) == 0o755)
        #expect(!FileManager.default.fileExists(atPath: dir.path(".git/hooks/pre-commit")))
        try dir.write(["routes.yml": Self.brokenRoutes])
        try HookGit.run(["add", "routes.yml"], in: dir.url)
        #expect(try HookGit.run(["commit", "-m", "broken"], in: dir.url, check: false).status != 0)
    }

    @Test func refusesToOverwriteAnExistingHook() throws {
        let dir = try repository()
        let existing = "#!/bin/sh\necho mine\n"
        try dir.write([".git/hooks/pre-commit": existing])
        let result = try installHook(in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("pre-commit already exists"), "\(result.stderr)")
        #expect(result.stderr.contains("--force"))
        #expect(try String(contentsOfFile: dir.path(".git/hooks/pre-commit"), encoding: .utf8) == existing)
        #expect(!FileManager.default.fileExists(atPath: dir.path(".git/hooks/pre-commit.routekit-backup")))
    }

    @Test func forceKeepsNumberedBackups() throws {
        let dir = try repository()
        let hooks = dir.path(".git/hooks")
        try dir.write([".git/hooks/pre-commit": "#!/bin/sh\necho first\n"])
        chmod(hooks + "/pre-commit", 0o700)
        let first = try installHook(["--force"], in: dir.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("pre-commit.routekit-backup"))
        #expect(try String(contentsOfFile: hooks + "/pre-commit.routekit-backup", encoding: .utf8) == "#!/bin/sh\necho first\n")
        #expect(mode(hooks + "/pre-commit.routekit-backup") == 0o700)
        #expect(mode(hooks + "/pre-commit") == 0o755)
        #expect(try String(contentsOfFile: hooks + "/pre-commit", encoding: .utf8).contains(PreCommitHook.marker))

        // The same hook again: nothing to do, no backup.
        let again = try installHook(["--force"], in: dir.url)
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing changed"))
        #expect(!FileManager.default.fileExists(atPath: hooks + "/pre-commit.routekit-backup.1"))

        try dir.write([".git/hooks/pre-commit": "#!/bin/sh\necho second\n"])
        #expect(try installHook(in: dir.url).status == 2)
        #expect(try installHook(["--force"], in: dir.url).status == 0)
        #expect(try String(contentsOfFile: hooks + "/pre-commit.routekit-backup", encoding: .utf8) == "#!/bin/sh\necho first\n")
        #expect(try String(contentsOfFile: hooks + "/pre-commit.routekit-backup.1", encoding: .utf8) == "#!/bin/sh\necho second\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: hooks).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func usesTheInstallingBinaryWhenRoutekitIsNotOnPath() throws {
        let dir = try repository()
        #expect(try installHook(in: dir.url).status == 0)
        try dir.write(["routes.yml": Self.brokenRoutes])
        try HookGit.run(["add", "-A"], in: dir.url)
        let blocked = try HookGit.run(["commit", "-m", "broken"], in: dir.url, check: false, path: "/usr/bin:/bin")
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[unknown-field]"), "\(blocked.output)")
    }

    @Test func outsideAGitRepositoryIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        var environment = HookGit.environment
        environment["GIT_CEILING_DIRECTORIES"] = dir.url.deletingLastPathComponent().path
        let result = try CLI.run(["install-hook"], in: dir.url, environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not inside a git repository"), "\(result.stderr)")
    }

    /// Issue 31 item 5: the project lives in `mobile/`, the hook is installed at the root. A commit
    /// touching only the README passes; a defect in the project is blocked (it blocked every commit).
    @Test func aRootHookLintsTheProjectsOfTheStagedFiles() throws {
        let dir = try repository(project: "mobile")
        let install = try installHook(in: dir.url)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("every commit runs routekit lint on the projects of its staged files"), "\(install.stdout)")
        try dir.write(["README": "hello again\n"])
        try HookGit.run(["add", "-A"], in: dir.url)
        let readme = try HookGit.run(["commit", "-m", "readme"], in: dir.url, check: false)
        #expect(readme.status == 0, "\(readme.output)")

        try dir.write(["mobile/routes.yml": Self.brokenRoutes])
        try HookGit.run(["add", "-A"], in: dir.url)
        let blocked = try HookGit.run(["commit", "-m", "broken"], in: dir.url, check: false)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[unknown-field]"), "\(blocked.output)")
        #expect(try HookGit.run(["rev-list", "--count", "HEAD"], in: dir.url).output == "2\n")
    }

    @Test func scriptQuotesPaths() {
        let script = PreCommitHook.script(projectDirectory: "it's here", fallbackExecutable: "/opt/my tools/routekit")
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("lint --quiet -- 'it'\\''s here'"))
        #expect(script.contains("[ -x '/opt/my tools/routekit' ]"))
        let plain = PreCommitHook.script(projectDirectory: nil, fallbackExecutable: nil)
        #expect(plain.contains("\"$routekit\" lint --quiet --\n"))
        #expect(!plain.contains("elif"))
    }
}

/// Runs git for the hook tests, isolated from the user's and the system's git config.
enum HookGit {
    struct Output {
        var status: Int32
        /// Standard output and error together (git prints hook output on standard error).
        var output: String
    }

    static let environment: [String: String] = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "NO_COLOR": "1",
    ]

    /// The built `routekit` first on PATH, as a user who installed it would have it.
    static var defaultPath: String {
        CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL, check: Bool = true, path: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        for (key, value) in environment { env[key] = value }
        env["PATH"] = path ?? defaultPath
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = Output(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        if check, output.status != 0 {
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed (\(output.status)): \(output.output)")
        }
        return output
    }
}
