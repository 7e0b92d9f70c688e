import FoundationEssentials
import RouteKit

struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "run a navigation script and show the stacks and titles"
    static let help = """
        Usage: routekit replay FLOW.yml [--locale L]... [--json] [options]

        Runs the steps of FLOW.yml (activate, navigate, back, set) through the navigation model,
        resolving each pushed route's title at that moment, and prints every step with the
        selected tab's stack. An `expect:` block is checked after the last step.

        Options:
        \(OptionSpec.helpText(options))

        Exit codes: 0 every step ran and every expectation held, 1 a step failed, a route is
        unknown or an expectation failed, 2 usage, config or unreadable flow file.
        """

    static let options = [
        ProjectOptions.option,
        OptionSpec("--project", value: .directory("DIR"), help: "find .routekit.yml from DIR (default: the working directory and its\nparents, else the flow file's directory and its parents)"),
        OptionSpec("--locale", "-l", value: .text("L"), help: "preferred locales, overriding the flow's `locale:` (repeatable)"),
        OptionSpec("--json", help: "print the final state as JSON"),
        OptionSpec("--isolate", help: "wrap param values in Unicode isolates (U+2068…U+2069)"),
    ]
    static let operands = Operands.files

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        var projectOptions = try ProjectOptions.read(&arguments)
        let projectDirectory = try arguments.value("--project")
        let locales = try arguments.values("--locale", "-l")
        let json = arguments.flag("--json")
        let isolate = arguments.flag("--isolate")
        guard let flowPath = try arguments.finish(maxPositionals: 1).first else { throw UsageError("give a flow file") }
        let bytes: [UInt8]
        switch InputFile.read(flowPath) {
        case .success(let read): bytes = read
        case .failure(let failure):
            console.error(TerminalText.line("\(flowPath): error: \(failure.message)"))
            return .usage
        }
        // As every command: --config, --project, the working directory and its parents; then, for
        // a flow run from outside any project, the flow file's directory and its parents.
        projectOptions.path = projectDirectory
        if projectDirectory == nil, projectOptions.config == nil,
           (try? ProjectConfig.locate(explicit: nil, directory: ".")) == nil {
            projectOptions.path = PathUtilities.directory(of: flowPath).nonEmpty ?? "."
        }
        guard let project = projectOptions.load(reportingTo: console) else { return .usage }
        let (flow, loadDiagnostics) = FlowLoader.load(YAMLReader.read(bytes: bytes, path: flowPath))
        if !loadDiagnostics.isEmpty {
            printFindings(loadDiagnostics, console: console)
            return .failure
        }
        let result = Replay.run(flow, resolver: TitleResolver(project: project, isolateUserValues: isolate), locales: locales)
        if json, let model = result.model {
            console.print(Replay.json(model))
        } else if !json {
            for (index, record) in result.records.enumerated() {
                let step = record.step
                let route = step.action.route.map { " " + TerminalText.line($0.value) } ?? ""
                console.print("\(index + 1). \(step.action.verb)\(route)")
                let path = ([record.tab.root] + record.tab.stack).map { Self.show($0.displayTitle) }
                console.print("   \(path.joined(separator: " › "))" + (record.note.map { "   (\(TerminalText.line($0)))" } ?? ""))
            }
            if let model = result.model {
                let bar = model.tabBar.map { $0.isSelected ? "[\(Self.show($0.label))]" : Self.show($0.label) }
                console.print("tab bar: \(bar.joined(separator: " | "))")
                console.print("back menu: \(model.backStackMenu.map(Self.show).joined(separator: ", "))")
            }
        }
        printFindings(result.diagnostics, console: console)
        return result.diagnostics.isEmpty ? .success : .failure
    }

    /// A blank title is shown visibly, as the user would notice it; control characters, ANSI
    /// escapes and bidi controls from the strings are shown as visible escapes.
    private static func show(_ title: String) -> String { title.isEmpty ? "(blank)" : TerminalText.line(title) }

    /// Findings in the same `file:line:col: severity: message [rule]` form as `lint`, on stderr.
    private static func printFindings(_ diagnostics: [Finding], console: Console) {
        guard !diagnostics.isEmpty else { return }
        let report = LintReport(diagnostics: diagnostics, summary: LintSummary(), rules: [], root: ".")
        var text = TextReporter(quiet: true).render(report)
        if text.hasSuffix("\n") { text.removeLast() }
        console.error(text)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
