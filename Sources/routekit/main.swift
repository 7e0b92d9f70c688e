import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteKit

func mainHelp() -> String {
    var lines = [
        "routekit \(RouteKitInfo.version): lint and resolve route titles of native-navigation apps",
        "",
        "Usage: routekit <command> [options]",
        "",
        "Commands:",
    ]
    let commands = Commands.all.map { ($0.name, $0.summary) }
    let options = [("--help, -h", "show help (also: routekit help <command>, routekit <command> --help)"),
                   ("--version", "print the version")]
    // One column for both lists.
    let width = (commands + options).map(\.0.count).max()! + 3
    lines += alignedColumns(commands, width: width)
    lines += ["", "Options:"]
    lines += alignedColumns(options, width: width)
    lines += [
        "",
        "Exit codes: 0 clean, 1 findings at the failing level, 2 could not run.",
    ]
    return lines.joined(separator: "\n")
}

func runMain(_ argv: [String], console: Console) -> ExitCode {
    guard let first = argv.first else {
        console.error(mainHelp())
        return .usage
    }
    switch first {
    case "--help", "-h":
        console.print(mainHelp())
        return .success
    case "--version", "version":
        // `routekit version`, as `git version` and `swift version` answer it.
        console.print(RouteKitInfo.version)
        return .success
    default:
        break
    }
    guard let command = Commands.named(first) else {
        if first.hasPrefix("-") {
            let hint = closestMatch(to: first, among: ["--help", "--version"]).map { "; did you mean '\($0)'?" } ?? ""
            console.error("routekit: unknown option \(first)\(hint)\nRun 'routekit --help' for usage.")
        } else {
            console.error(Commands.unknown(first))
        }
        return .usage
    }
    var arguments = Arguments(Array(argv.dropFirst()), options: command.options)
    if arguments.flag("--help", "-h") {
        console.print(command.help)
        return .success
    }
    do {
        try arguments.checkDeclared()
        return try command.run(&arguments, console: console)
    } catch let error as UsageError {
        console.error("routekit \(command.name): \(error.message)\nRun 'routekit \(command.name) --help' for usage.")
        return .usage
    } catch {
        console.error("routekit \(command.name): \(error)")
        return .usage
    }
}

/// A standard descriptor the caller closed (`>&-`, `2>&-`) would be the next file routekit
/// opens, and messages would land in a report. Hold each closed slot with /dev/null opened for
/// reading: nothing else can take it, and writes there still fail (EBADF) as writes to a closed
/// descriptor do, so they are reported as write failures.
func reserveClosedStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let opened = open("/dev/null", O_RDONLY)
        if opened >= 0 && opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
    }
}

reserveClosedStandardDescriptors()
SystemAllocator.returnLargeBlocksPromptly()
let console = Console()
// Not even the program's name: the command line could not be read, and running without it would
// answer another question than the one asked.
if ProcessArguments.all.isEmpty {
    console.error("routekit: cannot read its command line (no /proc, and the C library passed no argv)")
    exit(console.finish(.usage).rawValue)
}
exit(console.finish(runMain(Array(ProcessArguments.all.dropFirst()), console: console)).rawValue)
