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

        Exit codes: 0 after the client's shutdown and exit, 1 when the input ends or exit comes
        without shutdown.
        """
    static let options = [
        OptionSpec("--stdio", help: "talk over standard input and output (the only transport; accepted as editors pass it)"),
    ]
    static let operands = Operands.none

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        _ = arguments.flag("--stdio")
        _ = try arguments.finish(maxPositionals: 0)
        return LanguageServerLoop.run(input: 0, output: 1) == 0 ? .success : .failure
    }
}
