import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteKit

struct InstallHookCommand: Command {
    static let name = "install-hook"
    static let summary = "add a git pre-commit hook that runs routekit lint"
    static let help = """
        Usage: routekit install-hook [PATH] [--force]

        Writes the pre-commit hook of the git repository that contains PATH (default: the
        working directory). The hooks directory is the one git uses: .git/hooks, the main
        repository's hooks for a linked worktree, or core.hooksPath.

        The hook goes to the top of the working tree, so commits from any subdirectory work, and
        runs `routekit lint --quiet` there (on the project directory, when the .routekit.yml
        found from PATH is in a subdirectory). It uses routekit from PATH, or else this binary's
        path as it was at install time. Findings at the failing level, or a config that cannot
        be read, block the commit; `git commit --no-verify` skips the hook once.

        Options:
        \(OptionSpec.helpText(options))

        Exit codes: 0 installed (or already installed), 2 could not install: not in a git
        repository, a hook exists and --force was not given, a file could not be written.
        """

    static let options = [
        OptionSpec("--force", "-f", help: "replace an existing pre-commit hook; it is kept as pre-commit.routekit-backup\n(or pre-commit.routekit-backup.1, .2 … when that exists)"),
    ]
    static let operands = Operands.directories

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        let force = arguments.flag("--force", "-f")
        let pathArgument = try arguments.finish(maxPositionals: 1).first ?? "."
        let cwd = FileManager.default.currentDirectoryPath
        let path = PathUtilities.join(cwd, pathArgument)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            console.error("routekit install-hook: \(pathArgument): no such file or directory")
            return .usage
        }
        let directory = isDirectory ? path : PathUtilities.directory(of: path)

        do {
            let repository = try GitRepository.locate(from: directory)
            let project = projectDirectory(from: directory, repository: repository)
            let script = PreCommitHook.script(projectDirectory: project.relative, fallbackExecutable: currentExecutable(),
                                              stagedFiles: !project.found)
            let installation = try PreCommitHook.install(script, hooksDirectory: repository.hooksDirectory, force: force)
            let hook = PathUtilities.relative(installation.hookPath, to: cwd)
            if installation.unchanged {
                console.print("routekit: \(hook) is already this hook; nothing changed")
            } else {
                console.print("routekit: installed \(hook)")
            }
            if let backup = installation.backupPath {
                console.print("routekit: the previous hook is kept as \(PathUtilities.relative(backup, to: cwd))")
            }
            if project.found {
                let target = project.relative.map { "\($0)/\(ProjectConfig.fileName)" } ?? ProjectConfig.fileName
                console.print("Every commit now runs routekit lint on \(target) (skip once with git commit --no-verify).")
            } else {
                // A monorepo's projects sit below the top (`mobile/.routekit.yml`): the hook lints
                // the projects of the staged files, and a commit that touches none passes.
                console.print("""
                    No \(ProjectConfig.fileName) above \(pathArgument): every commit runs routekit lint on the projects \
                    of its staged files (each file's nearest \(ProjectConfig.fileName)); a commit that touches none passes. \
                    To start a project here, run 'routekit init'.
                    """)
            }
            return .success
        } catch {
            console.error("routekit install-hook: \(error)")
            return .usage
        }
    }

    /// The project the hook lints: the directory of the `.routekit.yml` found from `directory`,
    /// relative to the top of the working tree (nil for the top itself, or a config outside it).
    static func projectDirectory(from directory: String, repository: GitRepository) -> (relative: String?, found: Bool) {
        guard let config = try? ProjectConfig.locate(explicit: nil, directory: directory) else { return (nil, false) }
        let configDirectory = realPath(PathUtilities.directory(of: config))
        let top = realPath(repository.topLevel)
        guard PathUtilities.isInside(configDirectory, root: top), configDirectory != top else { return (nil, true) }
        return (String(configDirectory.dropFirst(top.count + 1)), true)
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return PathUtilities.normalize(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The absolute path this binary was started by: argv[0] made absolute (or found on PATH),
    /// keeping symbolic links, so a package manager's stable link survives upgrades.
    static func currentExecutable() -> String? {
        let fileManager = FileManager.default
        if let argv0 = ProcessArguments.all.first, !argv0.isEmpty {
            if argv0.contains("/") {
                let path = PathUtilities.join(fileManager.currentDirectoryPath, argv0)
                if fileManager.isExecutableFile(atPath: path) { return path }
            } else {
                let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
                for entry in searchPath.split(separator: ":") where entry.hasPrefix("/") {
                    let candidate = PathUtilities.join(String(entry), argv0)
                    if fileManager.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
        }
        // The running binary itself.
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}
