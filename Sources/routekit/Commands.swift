import RouteKit

/// Every subcommand, in the order `routekit --help` lists them. Add a command here and nowhere else.
enum Commands {
    static let all: [any Command.Type] = [
        LintCommand.self,
        RulesCommand.self,
        TitleCommand.self,
        ReplayCommand.self,
        ReportCommand.self,
        ImportCommand.self,
        InitCommand.self,
        InstallHookCommand.self,
        LSPCommand.self,
        CompletionsCommand.self,
        HelpCommand.self,
    ]

    static func named(_ name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }

    /// "unknown command 'lnt'; did you mean 'lint'?" and where to look.
    static func unknown(_ name: String) -> String {
        let hint = closestMatch(to: name, among: all.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
        return "routekit: unknown command '\(name)'\(hint)\nRun 'routekit --help' for the list of commands."
    }
}
