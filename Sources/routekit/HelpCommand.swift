/// `routekit help [COMMAND]`: the same text as `routekit --help` or `routekit COMMAND --help`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "show help for routekit or one command"
    static let help = """
        Usage: routekit help [COMMAND]

        Without COMMAND: the list of commands. With COMMAND: its help, as `routekit COMMAND --help`.

        Options:
        \(OptionSpec.helpText(options))
        """
    static let options: [OptionSpec] = []
    static let operands = Operands.commands

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        guard let name = try arguments.finish(maxPositionals: 1).first else {
            console.print(mainHelp())
            return .success
        }
        guard let command = Commands.named(name) else {
            console.error(Commands.unknown(name))
            return .usage
        }
        console.print(command.help)
        return .success
    }
}
