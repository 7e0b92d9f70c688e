import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `init` or `install-hook` could not do its work (the command exits with 2).
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

/// The git repository a hook is installed into, as git itself resolves it.
public struct GitRepository: Sendable, Equatable {
    /// The top of the working tree (absolute).
    public var topLevel: String
    /// Where git looks for hooks (absolute): `.git/hooks`, the common directory's `hooks` in a
    /// linked worktree, or `core.hooksPath`.
    public var hooksDirectory: String

    /// Asks git about the repository that contains `directory`.
    public static func locate(from directory: String) throws(SetupError) -> GitRepository {
        let gitDirectory = try git(["rev-parse", "--git-dir"], in: directory)
        guard gitDirectory.status == 0 else {
            throw SetupError("\(directory) is not inside a git repository (run 'git init' first)")
        }
        let top = try git(["rev-parse", "--show-toplevel"], in: directory)
        guard top.status == 0, !top.output.isEmpty else {
            throw SetupError("\(directory) is not inside a git working tree (a bare repository has no files to lint)")
        }
        let hooks = try git(["rev-parse", "--git-path", "hooks"], in: directory)
        guard hooks.status == 0, !hooks.output.isEmpty else {
            throw SetupError("git could not name the hooks directory: \(hooks.error)")
        }
        // Relative answers (including a relative `core.hooksPath`) are relative to `directory`.
        return GitRepository(topLevel: top.output, hooksDirectory: PathUtilities.join(directory, hooks.output))
    }

    private struct Output {
        var status: Int32
        var output: String
        var error: String
    }

    private static func git(_ arguments: [String], in directory: String) throws(SetupError) -> Output {
        let run: Subprocess.Result
        do {
            run = try Subprocess.run("git", ["-C", directory] + arguments)
        } catch {
            throw SetupError("cannot run git: \(error.message)")
        }
        if run.status == 127 {
            throw SetupError("git is not installed or not on PATH")
        }
        return Output(
            status: run.status,
            output: String(decoding: run.output, as: UTF8.self).trimmingWhitespaceAndNewlines(),
            error: String(decoding: run.error, as: UTF8.self).trimmingWhitespaceAndNewlines())
    }
}

/// The git pre-commit hook `routekit install-hook` writes.
public enum PreCommitHook {
    public static let fileName = "pre-commit"
    public static let backupName = "pre-commit.routekit-backup"
    /// Marks hooks routekit wrote, so a re-install can tell its own hook from someone else's.
    public static let marker = "# routekit pre-commit hook"

    /// The hook script. It `cd`s to the top of the working tree, so commits from any
    /// subdirectory work; runs `routekit` from PATH, or `fallbackExecutable` (the binary that
    /// installed it) when PATH has none; lints `projectDirectory` (relative to the top, nil for
    /// the top itself) and blocks the commit on any non-zero exit.
    /// `stagedFiles`: lint the projects of the staged files instead (`lint -- FILE...`), for a
    /// repository whose projects sit below its top (`mobile/.routekit.yml`): a commit that touches
    /// no project passes, one that touches a project lints it.
    public static func script(projectDirectory: String?, fallbackExecutable: String?, stagedFiles: Bool = false) -> String {
        var lines = [
            "#!/bin/sh",
            "\(marker): lints route metadata before every commit.",
            "# Written by `routekit install-hook`; a failing `routekit lint` blocks the commit.",
            "# It checks the files in the working tree. Skip it once with `git commit --no-verify`;",
            "# delete this file to remove it.",
            "top=$(git rev-parse --show-toplevel) || exit 2",
            "cd \"$top\" || exit 2",
            "if command -v routekit >/dev/null 2>&1; then",
            "    routekit=routekit",
        ]
        if let fallbackExecutable {
            lines += [
                "elif [ -x \(shellQuote(fallbackExecutable)) ]; then",
                "    routekit=\(shellQuote(fallbackExecutable))",
            ]
        }
        let notFound = "routekit pre-commit hook: routekit is not on PATH"
            + (fallbackExecutable.map { " (nor at \($0))" } ?? "")
            + "; install it, or commit with --no-verify"
        lines += [
            "else",
            "    echo \(shellQuote(notFound)) >&2",
            "    exit 2",
            "fi",
        ]
        // `--` ends the options whether or not a directory follows.
        var command = "\"$routekit\" lint --quiet --"
        if let projectDirectory, projectDirectory != "." { command += " " + shellQuote(projectDirectory) }
        if stagedFiles {
            // NUL-separated names (any name is safe); no staged file runs nothing. xargs reports a
            // failed run as 123: any failure blocks the commit.
            command = "git diff --cached --name-only --diff-filter=ACMR -z | xargs -0 -r \"$routekit\" lint --quiet --"
        }
        lines += [
            command,
            "status=$?",
            "if [ \"$status\" -ne 0 ]; then",
            "    echo \"routekit: commit blocked (routekit lint exited with $status); fix the findings above or commit with --no-verify\" >&2",
            "fi",
            "exit \"$status\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `install` did.
    public struct Installation: Sendable, Equatable {
        public var hookPath: String
        /// Where the replaced hook was saved (`--force` only).
        public var backupPath: String?
        /// The same hook was already installed: nothing was written.
        public var unchanged: Bool
    }

    /// Writes `script` as `hooksDirectory/pre-commit` (mode 0755, atomically). An existing hook
    /// is only replaced with `force`, after copying it to `pre-commit.routekit-backup` (or
    /// `.1`, `.2`… when that name is taken).
    public static func install(_ script: String, hooksDirectory: String, force: Bool) throws(SetupError) -> Installation {
        let hook = PathUtilities.join(hooksDirectory, fileName)
        do {
            try FileManager.default.createDirectory(atPath: hooksDirectory, withIntermediateDirectories: true)
        } catch {
            throw SetupError("cannot create the hooks directory \(hooksDirectory): \(error)")
        }
        var backup: String?
        if SetupFile.exists(hook) {
            if case .success(let bytes) = InputFile.read(hook), bytes == Array(script.utf8), isExecutable(hook) {
                return Installation(hookPath: hook, backupPath: nil, unchanged: true)
            }
            guard force else {
                throw SetupError("""
                    \(hook) already exists\(isRoutekitHook(hook) ? " (an earlier routekit hook)" : ""); \
                    it was left unchanged. Use --force to replace it (a backup is kept as \(backupName)), \
                    or call routekit from that hook yourself.
                    """)
            }
            do {
                backup = try SetupFile.backUp(hook, as: PathUtilities.join(hooksDirectory, backupName))
            } catch {
                throw SetupError("cannot back up the existing hook, so it was left unchanged: \(error)")
            }
        }
        do {
            try SetupFile.write(script, to: hook, mode: 0o755, overwrite: force)
        } catch {
            throw SetupError(error.description)
        }
        return Installation(hookPath: hook, backupPath: backup, unchanged: false)
    }

    static func isRoutekitHook(_ path: String) -> Bool {
        guard case .success(let bytes) = InputFile.read(path, maxSize: 1 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).contains(marker)
    }

    static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// `'text'` for `sh`, with embedded single quotes spliced in as `'\''`.
    public static func shellQuote(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
