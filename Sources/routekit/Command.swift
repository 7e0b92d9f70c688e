import Foundation
import RouteKit

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
final class Console: @unchecked Sendable {
    private let out: FileHandle
    private let err: FileHandle
    let stdoutIsTerminal: Bool

    init(out: FileHandle = .standardOutput, err: FileHandle = .standardError) {
        self.out = out
        self.err = err
        stdoutIsTerminal = isatty(out.fileDescriptor) != 0
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    var useColor: Bool {
        stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    func write(_ text: String) { out.write(Data(text.utf8)) }
    /// Bytes as they are, without a copy (a report can be 20 MB); fails like `write(_:)`.
    func write(bytes: UnsafeRawBufferPointer) { try! out.write(contentsOf: bytes) }
    func print(_ text: String) { write(text + "\n") }
    /// Standard error carries messages with input text in them (paths, keys, route names): it
    /// never passes on an escape sequence, a carriage return or a bidi control.
    func error(_ text: String) { err.write(Data((TerminalText.keepingLineBreaks(text) + "\n").utf8)) }
}

/// One subcommand of `routekit`.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for `routekit --help`.
    static var summary: String { get }
    /// The full `routekit NAME --help` text.
    static var help: String { get }
    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode
}
