import FoundationEssentials
import RouteKit

/// `routekit lsp`: the language server on standard input and output.
struct LSPCommand: Command {
    static let name = "lsp"
    static let summary = "language server (LSP 3.17 over stdio) for editors"
    static let help = """
        Usage: routekit lsp [--stdio]

        Speaks the Language Server Protocol on standard input and output: the findings of
        'routekit lint' as diagnostics while you type (with the editor's unsaved text), each
        locale's text on hover over a key, a route or a tab, definitions and references of keys
        and routes, quick fixes, and key completion. Projects are found from the workspace
        folders (every .routekit.yml in them) and from each open file (the nearest above it).
        Setup for VS Code, Neovim, Zed, Helix and Android Studio: docs/EDITORS.md.

        Options:
        \(OptionSpec.helpText(options))

        The server runs in a child process: if it crashes, the request it was handling fails
        and a new one takes over with the open documents (ROUTEKIT_LSP_CHILD=1 runs the server
        in this process instead).

        Exit codes: 0 after the client's shutdown and exit, 1 when the input ends or exit comes
        without shutdown, or when the server keeps crashing.
        """
    static let options = [
        OptionSpec("--stdio", help: "talk over standard input and output (the only transport; accepted as editors pass it)"),
    ]
    static let operands = Operands.none
    /// Set in the server's own process by the supervisor.
    static let childVariable = "ROUTEKIT_LSP_CHILD"

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        _ = arguments.flag("--stdio")
        _ = try arguments.finish(maxPositionals: 0)
        let status: Int32
        if ProcessInfo.processInfo.environment[childVariable] != nil {
            status = LanguageServerLoop.run(input: 0, output: 1)
        } else if let executable = InstallHookCommand.currentExecutable() {
            status = LanguageServerSupervisor.run(input: 0, output: 1, command: [executable, name, "--stdio"], environment: [childVariable: "1"])
        } else {
            // Nowhere to start a child from: serve in this process, without crash isolation.
            status = LanguageServerLoop.run(input: 0, output: 1)
        }
        return status == 0 ? .success : .failure
    }
}
