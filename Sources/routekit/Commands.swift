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
    ]
}
