import Foundation
import Testing

/// A write that fails — a full device, a closed descriptor, a reader that went away while SIGPIPE
/// is ignored (as CI runners and Python's `subprocess` often leave it) — ends every command with
/// exit 2 and one line on standard error (when standard error still works), never a crash; and a
/// broken pipe ends `title --batch` at once instead of reading standard input forever. Each case
/// runs the real binary under `/bin/sh`, which sets up the redirections.
@Suite struct WriteFailureTests {
    /// Runs `script` with `sh -c`; `$0` is the routekit binary, `$1` the project directory.
    static func shell(_ script: String, project: String = "/nonexistent") throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, CLI.binary.path, project]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errReader = PipeReader(err)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errReader.wait()
        process.waitUntilExit()
        return CLI.Result(stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
    }

    /// A project whose text report (about 5,000 findings) is far larger than a pipe's buffer.
    static func bigProject() throws -> TemporaryDirectory {
        var english = "en:\n"
        for index in 0..<5000 { english += "  key\(index): Text \(index)\n" }
        return try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [\"*.strings.yml\"]\nlocales: [en, de]\n",
            "routes.yml": "routes:\n  Home:\n    title: key1\n",
            "en.strings.yml": english,
            "de.strings.yml": "de:\n  key1: Start\n",
        ])
    }

    static func expectOneErrorLine(_ result: CLI.Result, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "status \(result.status), stderr: \(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "\(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("routekit: cannot write to standard output: \(reason)"), "\(result.stderr.prefix(300))",
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "skipped: no /dev/full"))
    func fullDeviceOnStandardOutput() throws {
        let project = try Self.bigProject()
        Self.expectOneErrorLine(try Self.shell(#""$0" --help > /dev/full"#), "No space left on device")
        Self.expectOneErrorLine(try Self.shell(#""$0" --version > /dev/full"#), "No space left on device")
        Self.expectOneErrorLine(try Self.shell(#""$0" lint "$1" > /dev/full"#, project: project.url.path), "No space left on device")
        Self.expectOneErrorLine(try Self.shell(#""$0" rules > /dev/full"#), "No space left on device")
        Self.expectOneErrorLine(try Self.shell(#""$0" title Home --project "$1" --json > /dev/full"#, project: project.url.path),
                                "No space left on device")
    }

    @Test func closedStandardOutput() throws {
        let project = try Self.bigProject()
        Self.expectOneErrorLine(try Self.shell(#""$0" lint "$1" --format sarif >&-"#, project: project.url.path), "Bad file descriptor")
        Self.expectOneErrorLine(try Self.shell(#""$0" --help >&-"#), "Bad file descriptor")
        // A report file written while standard output is closed lands in its file, not in fd 1.
        let written = try Self.shell(#""$0" lint "$1" --format json:"$1/r.json" >&-"#, project: project.url.path)
        #expect(written.status == 0, "\(written.stderr)")  // missing translations are warnings
        let report = try Data(contentsOf: project.url.appendingPathComponent("r.json"))
        #expect(try JSONSerialization.jsonObject(with: report) is [String: Any])
    }

    @Test func closedStandardError() throws {
        // Nothing can be said, but the exit code says it: 2, no crash (a crash is 132 or 134).
        #expect(try Self.shell(#""$0" lint "$1/missing" 2>&-"#).status == 2)
        #expect(try Self.shell(#""$0" --bogus 2>&-"#).status == 2)
        // A finding-free run whose stderr is closed but writes nothing there keeps its status.
        #expect(try Self.shell(#""$0" --version 2>&-"#).status == 0)
    }

    @Test func brokenPipeWithSIGPIPEIgnored() throws {
        let project = try Self.bigProject()
        let result = try Self.shell(#"trap "" PIPE; { "$0" lint "$1"; echo "status=$?" >&2; } | head -1 > /dev/null"#,
                                    project: project.url.path)
        #expect(result.stderr.contains("routekit: cannot write to standard output: Broken pipe"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.hasSuffix("status=2\n"), "\(result.stderr.suffix(300))")
    }

    @Test func brokenPipeEndsTheBatch() throws {
        let project = try Self.bigProject()
        // Endless input; the reader takes one line and leaves. Without the fix the batch keeps
        // reading until `timeout` kills it (status 124).
        let result = try Self.shell(
            #"trap "" PIPE; yes '{"route":"Home"}' | { timeout 120 "$0" title --batch --project "$1"; echo "status=$?" >&2; } | head -1 > /dev/null"#,
            project: project.url.path)
        #expect(result.stderr.contains("routekit: cannot write to standard output: Broken pipe"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("status=2\n"), "\(result.stderr.suffix(300))")
    }
}
