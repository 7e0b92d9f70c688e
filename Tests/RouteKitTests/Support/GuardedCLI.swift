import Foundation
import Testing

/// Runs the built binary with a deadline, so a hang fails the test instead of stalling the suite;
/// `wrapper` runs it under another program (a privilege drop, a resource limit).
enum GuardedCLI {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
        /// True when the process ended by a signal (a crash) rather than `exit`.
        var signaled: Bool
        var timedOut: Bool
        var seconds: Double
    }

    static func run(_ arguments: [String], in directory: URL, stdin: String? = nil, timeout: Double = 120,
                    wrapper: [String] = [], environment: [String: String] = [:], executable: String? = nil) throws -> Result {
        let process = Process()
        if let executable {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else if wrapper.isEmpty {
            process.executableURL = CLI.binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: wrapper[0])
            process.arguments = Array(wrapper.dropFirst()) + [CLI.binary.path] + arguments
        }
        process.currentDirectoryURL = directory
        let (out, err, input) = CLI.attach(process, environment: environment)
        let start = Date()
        try process.run()
        let outReader = PipeReader(out), errReader = PipeReader(err)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let outData = outReader.wait(), errData = errReader.wait()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                      timedOut: timedOut, seconds: Date().timeIntervalSince(start))
    }

    /// A committed fixture's bytes.
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/BadInput/\(name)"))
    }
}
