import FoundationEssentials
import RouteKit

struct ReportCommand: Command {
    static let name = "report"
    static let summary = "write a self-contained HTML coverage page"
    static let help = """
        Usage: routekit report [PATH] --html FILE [options]

        Writes one HTML page (no scripts, no network): a summary, a routes × locales matrix of
        resolved titles with missing, fallback and too-long cells marked, a tab bar preview per
        locale with labels truncated as the tab bar would, and every finding with file:line.

        Options:
        \(OptionSpec.helpText(options))
        """

    static let options = ProjectOptions.kotlinOptions + [
        ProjectOptions.option,
        OptionSpec("--html", value: .file("FILE"), help: "where to write the page (written atomically)"),
    ]
    static let operands = Operands.directories

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        var projectOptions = try ProjectOptions.read(&arguments, kotlin: true)
        guard let output = try arguments.value("--html") else { throw UsageError("give --html FILE") }
        projectOptions.path = try arguments.finish(maxPositionals: 1).first
        guard let project = projectOptions.load(reportingTo: console) else { return .usage }
        if let refusal = WriteTargets.refusal([output], config: project.config, command: "report") {
            console.error(refusal)
            return .usage
        }
        let lint = Linter.lint(project)
        // Findings link to the code host in GitHub Actions, else to the files beside the page.
        let links = HTMLReport.Links(blob: BlobLinks(environment: ProcessInfo.processInfo.environment),
                                     repositoryRoot: RepositoryRoot.find(from: project.config.root),
                                     outputDirectory: PathUtilities.directory(of: output).isEmpty ? "." : PathUtilities.directory(of: output))
        let page = HTMLReport.render(project: project, lint: lint, matrix: CoverageMatrix.build(project: project), links: links)
        do {
            try AtomicFile.write(page, to: output)
        } catch {
            console.error("routekit report: \(error)")
            return .usage
        }
        console.error("routekit: wrote \(output)")
        return .success
    }
}
