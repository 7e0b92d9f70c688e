import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteKit
import Synchronization

/// Exit codes, as DESIGN.md fixes them.
enum ExitCode: Int32 {
    /// Nothing at the failing level.
    case success = 0
    /// Findings at the failing level, or a lookup or step that failed.
    case failure = 1
    /// Could not run: bad arguments, bad config, unreadable input.
    case usage = 2
}

/// Where a command writes. Tests and the binary use the same type.
///
/// A write that fails (a full disk, a closed descriptor, a reader that went away while SIGPIPE is
/// ignored) never crashes: the first failure is kept, later writes to that stream are dropped,
/// and `runMain` turns it into exit 2 with one line on standard error.
final class Console: Sendable {
    private let out: Int32
    private let err: Int32
    let stdoutIsTerminal: Bool
    private struct Failures {
        var output: String?
        var error = false
    }
    /// Held while writing, so writes from two threads never interleave.
    private let failures = Mutex(Failures())
    /// Why writing to standard output failed first (`strerror`), if it did.
    var outputFailure: String? { failures.withLock { $0.output } }
    /// Whether writing to standard error failed (nothing more can be said there).
    var errorFailed: Bool { failures.withLock { $0.error } }

    init(out: Int32 = STDOUT_FILENO, err: Int32 = STDERR_FILENO) {
        self.out = out
        self.err = err
        stdoutIsTerminal = isatty(out) != 0
    }

    /// Whether the text report on standard output is coloured; see `ColorPolicy`.
    var useColor: Bool {
        ColorPolicy.useColor(terminal: stdoutIsTerminal, environment: ProcessInfo.processInfo.environment)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }
    /// Bytes as they are, without a copy (a report can be 20 MB).
    func write(bytes: UnsafeRawBufferPointer) {
        failures.withLock { failures in
            guard failures.output == nil else { return }
            if let reason = Console.writeAll(out, bytes) { failures.output = reason }
        }
    }
    func print(_ text: String) { write(text + "\n") }
    /// Standard error carries messages with input text in them (paths, keys, route names): it
    /// never passes on an escape sequence, a carriage return or a bidi control.
    func error(_ text: String) {
        failures.withLock { failures in
            guard !failures.error else { return }
            var line = TerminalText.keepingLineBreaks(text) + "\n"
            line.withUTF8 { if Console.writeAll(err, UnsafeRawBufferPointer($0)) != nil { failures.error = true } }
        }
    }

    /// Writes every byte to `descriptor`; the failure's reason, or nil.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if written == 0 { return "nothing was written" }
            offset += written
        }
        return nil
    }

    /// Exit 2 when a write failed, with one line on standard error when that still works.
    func finish(_ code: ExitCode) -> ExitCode {
        if let outputFailure {
            error("routekit: cannot write to standard output: \(outputFailure)")
            return .usage
        }
        return errorFailed ? .usage : code
    }
}

/// When output is coloured, by the conventions CI systems and terminals use, first match wins:
/// 1. `NO_COLOR` set and not empty (https://no-color.org): never (`--no-color` does the same
///    for one run).
/// 2. `FORCE_COLOR` set and not empty, `0` or `false`, or `CLICOLOR_FORCE` set and not `0`
///    (https://force-color.org, https://bixense.com/clicolors): always, for CI logs that render
///    ANSI colour (GitHub Actions, GitLab) though standard output is no terminal.
/// 3. `TERM=dumb` or `CLICOLOR=0`: never.
/// 4. Otherwise: only on a terminal.
enum ColorPolicy {
    static func useColor(terminal: Bool, environment: [String: String]) -> Bool {
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        if let value = environment["FORCE_COLOR"], !value.isEmpty, value != "0", value.lowercased() != "false" { return true }
        if let value = environment["CLICOLOR_FORCE"], !value.isEmpty, value != "0" { return true }
        if environment["TERM"] == "dumb" || environment["CLICOLOR"] == "0" { return false }
        return terminal
    }
}

/// One subcommand of `routekit`.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for `routekit --help`.
    static var summary: String { get }
    /// The full `routekit NAME --help` text.
    static var help: String { get }
    /// Every option the command reads: the parser's, help's and completion's one table.
    static var options: [OptionSpec] { get }
    /// What its positional arguments are, for completion.
    static var operands: Operands { get }
    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode
}

#if canImport(Glibc)
/// libc's `write`, named apart from the methods called `write` here.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
