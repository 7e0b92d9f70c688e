import Foundation

/// Runs the built `routekit` binary, as a user would, and captures what it prints.
enum CLI {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `routekit` executable beside the test bundle (SwiftPM builds it: the tests depend on it).
    static let binary: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("routekit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        for configuration in ["debug", "release"] {
            let candidate = packageRoot.appendingPathComponent(".build/\(configuration)/routekit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("routekit binary not found; run `swift build` first")
    }()

    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Result {
        try run(executable: binary, arguments, in: directory, stdin: stdin, environment: environment)
    }

    /// Another program (found on PATH), with the same environment handling as `run`.
    static func runProgram(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Result {
        try run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory, stdin: stdin, environment: environment)
    }

    /// Gives `process` the test environment (`NO_COLOR=1`, then `environment`) and a fresh pipe
    /// for each standard stream.
    static func attach(_ process: Process, environment: [String: String]) -> (out: Pipe, err: Pipe, input: Pipe) {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        return (out, err, input)
    }

    private static func run(
        executable: URL, _ arguments: [String], in directory: URL?, stdin: String?,
        environment: [String: String]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let (out, err, input) = attach(process, environment: environment)
        try process.run()
        // Read both pipes while standard input is written, so a large output never blocks the
        // child before it has read all its input (a pipe holds 64 KB).
        let outReader = PipeReader(out), errReader = PipeReader(err)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let outData = outReader.wait()
        let errData = errReader.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

/// A scratch directory removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `files` (relative path → contents), creating folders as needed.
    @discardableResult
    func write(_ files: [String: String]) throws -> TemporaryDirectory {
        for (path, contents) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        }
        return self
    }

    /// A scratch copy of `items` (files or folders) of a fixture: a test changes the copy, never the fixture.
    convenience init(copying items: [String], of fixture: URL) throws {
        try self.init()
        for item in items {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: url.appendingPathComponent(item))
        }
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
