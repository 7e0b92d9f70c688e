import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteKit

struct TitleCommand: Command {
    static let name = "title"
    static let summary = "resolve a route's title and subtitle as the app does at push time"
    static let help = """
        Usage: routekit title ROUTE [--locale L]... [--param K=V]... [--json] [--isolate] [PATH options]
               routekit title --batch [--isolate]

        Resolves ROUTE's title and subtitle for a list of preferred locales (first wins; the
        base locale is always the last resort), filling placeholders from --param values.

        Options:
        \(OptionSpec.helpText(options))

        Exit codes: 0 found, 1 a lookup failed, 2 usage or config error.
        """

    static let options = [
        ProjectOptions.option,
        OptionSpec("--project", value: .directory("DIR"), help: "find .routekit.yml from DIR instead of the working directory"),
        OptionSpec("--locale", "-l", value: .text("L"), help: "a preferred locale; repeat for a preference list (default: the base locale)"),
        OptionSpec("--param", "-p", value: .text("K=V"), help: "a route param; repeatable"),
        OptionSpec("--json", help: """
            print {"route","title","subtitle","locale","fallback"}; "fallback" is
            true when a title or subtitle string is not in the language of the
            first --locale (the base locale when none is given)
            """),
        OptionSpec("--isolate", help: "wrap param values in Unicode isolates (U+2068…U+2069)"),
        OptionSpec("--batch", help: """
            read JSON lines {"route","locale"|"locales","params"} from standard
            input and write one JSON line per input line (an "error" member
            on failure; the batch goes on)
            """),
    ]
    static let operands = Operands.none

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        var projectOptions = try ProjectOptions.read(&arguments)
        projectOptions.path = try arguments.value("--project")
        let locales = try arguments.values("--locale", "-l")
        let params = try arguments.values("--param", "-p")
        let json = arguments.flag("--json")
        let isolate = arguments.flag("--isolate")
        let batch = arguments.flag("--batch")
        let positionals = try arguments.finish(maxPositionals: 1)
        if batch && (!positionals.isEmpty || !locales.isEmpty || !params.isEmpty) {
            throw UsageError("--batch reads routes, locales and params from standard input; give no ROUTE, --locale or --param")
        }
        guard batch || !positionals.isEmpty else { throw UsageError("give a ROUTE, or --batch") }
        var values: [String: String] = [:]
        for param in params {
            guard let equals = param.firstIndex(of: "="), equals != param.startIndex else {
                throw UsageError("--param takes NAME=VALUE, got '\(param)'")
            }
            values[String(param[..<equals])] = String(param[param.index(after: equals)...])
        }
        guard let project = projectOptions.load(reportingTo: console) else { return .usage }
        let resolver = TitleResolver(project: project, isolateUserValues: isolate)
        if batch { return runBatch(resolver, console: console) }

        let route = positionals[0]
        do {
            let entry = try resolver.push(route, params: values, locales: locales)
            if json {
                console.print(TitleLookup.json(entry))
            } else {
                // One line each, whatever the strings hold (--json gives the exact text).
                console.print(TerminalText.line(entry.displayTitle))
                if let subtitle = entry.subtitle { console.print(TerminalText.line(subtitle.text)) }
            }
            return .success
        } catch {
            if json { console.print(TitleLookup.json(error: error, route: route)) }
            console.error("routekit title: " + TerminalText.line(error.message))
            return .failure
        }
    }

    /// One JSON line out per line in, written as soon as it is resolved: the lines waiting are
    /// answered together (on all cores when there are many), then written in order.
    private static func runBatch(_ resolver: TitleResolver, console: Console) -> ExitCode {
        var failed = false
        let input = StandardInputLines()
        // Every whole line read is answered in one block: what may still wait is on the descriptor.
        let output = LineWriter(console, inputIsWaiting: LineWriter.descriptorIsReadable)
        var first = true
        func answer(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>]) {
            var lines = lines
            // A byte order mark before the first line (files saved by some editors) is not JSON.
            if first, let line = lines.first, UnsafeBufferPointer(rebasing: bytes[line]).starts(with: [0xEF, 0xBB, 0xBF]) {
                lines[0] = line.lowerBound + 3 ..< line.upperBound
            }
            first = false
            output.writeLines { if !TitleLookup.answer(lines: lines, of: bytes, resolver: resolver, into: &$0) { failed = true } }
        }
        // A reader that went away (a broken pipe with SIGPIPE ignored) ends the batch at once.
        while console.outputFailure == nil, input.nextLines(answer) != nil {}
        output.flush()
        return failed ? .failure : .success
    }
}

/// Buffered standard output that flushes whenever standard input has nothing more waiting, so an
/// interactive caller gets each answer at once and a piped batch is not slowed by one write per line.
final class LineWriter {
    private let console: Console
    private let inputIsWaiting: () -> Bool
    private var buffer: [UInt8] = []

    init(_ console: Console, inputIsWaiting: @escaping () -> Bool) {
        self.console = console
        self.inputIsWaiting = inputIsWaiting
        buffer.reserveCapacity(1 << 16)
    }

    /// Lines `write` appends to the buffer, each with its newline (no `String` made for them).
    func writeLines(_ write: (inout [UInt8]) -> Void) {
        write(&buffer)
        if buffer.count >= 1 << 16 || !inputIsWaiting() { flush() }
    }

    /// A failure is kept by the console (exit 2), which stops the batch.
    func flush() {
        buffer.withUnsafeBytes { console.write(bytes: $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// True when standard input's descriptor is readable now.
    static func descriptorIsReadable() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
