import Foundation
import RouteKit

struct LintCommand: Command {
    static let name = "lint"
    static let summary = "check the route catalog and string resources"
    static let help = """
        Usage: routekit lint [PATH] [options]

        Lints the project whose .routekit.yml is found from PATH (a directory or a config file),
        or from the working directory upwards.

        Options:
        \(ProjectOptions.help)
          --format, -f FMT[:FILE]  output format: \(ReporterRegistry.formats.joined(separator: ", ")) (default text);
                                   repeat for several; :FILE writes that format to a file
          --strict                 warnings fail the run too (exit 1)
          --quiet, -q              print findings only, no summary
          --only RULE              run only this rule (repeatable)
          --disable RULE           do not run this rule (repeatable)

        Exit codes: 0 no findings at the failing level, 1 findings at the failing level
        (errors; warnings too with --strict), 2 could not run.
        """

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        var projectOptions = try ProjectOptions.read(&arguments)
        let formats = try arguments.values("--format", "-f")
        let strict = arguments.flag("--strict")
        let quiet = arguments.flag("--quiet", "-q")
        let only = try arguments.values("--only")
        let disabled = try arguments.values("--disable")
        projectOptions.path = try arguments.finish(maxPositionals: 1).first
        for id in only + disabled where !RuleCatalog.ids.contains(id) {
            throw UsageError("unknown rule '\(id)'; see 'routekit rules'")
        }
        let outputs = try OutputSpec.parse(formats.isEmpty ? ["text"] : formats,
                                           options: ReporterOptions(color: console.useColor, quiet: quiet))

        let project: Project
        do {
            project = try projectOptions.load()
        } catch {
            console.error(error.description)
            return .usage
        }
        let result = Linter.lint(project, selection: LintSelection(only: Set(only), disabled: Set(disabled)))
        let report = result.report(root: project.config.root)
        for output in outputs {
            let text = output.reporter.render(report)
            if let file = output.file {
                do {
                    try AtomicFile.write(text, to: file)
                } catch {
                    console.error("routekit lint: \(error)")
                    return .usage
                }
            } else {
                console.write(text)
            }
        }
        let failing = result.summary.errors > 0 || (strict && result.summary.warnings > 0)
        return failing ? .failure : .success
    }
}

/// One `--format FMT[:FILE]`.
struct OutputSpec {
    var reporter: any Reporter
    var file: String?

    static func parse(_ specs: [String], options: ReporterOptions) throws(UsageError) -> [OutputSpec] {
        var outputs: [OutputSpec] = []
        for spec in specs {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            let format = parts.first ?? ""
            let file = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
            var formatOptions = options
            if file != nil { formatOptions.color = false }
            guard let reporter = ReporterRegistry.make(format: format, options: formatOptions) else {
                throw UsageError("unknown format '\(format)'; use one of \(ReporterRegistry.formats.joined(separator: ", "))")
            }
            outputs.append(OutputSpec(reporter: reporter, file: file))
        }
        if outputs.filter({ $0.file == nil }).count > 1 {
            throw UsageError("only one format can go to standard output; give the others a file (--format FMT:FILE)")
        }
        return outputs
    }
}
