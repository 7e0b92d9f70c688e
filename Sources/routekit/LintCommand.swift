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
          --baseline F             hide the findings recorded in F (default: `baseline:` in the config)
          --write-baseline F       record every current finding in F, then report with it applied
          --strict-baseline        baseline entries that no longer occur fail the run (exit 1)
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
        let baselinePath = try arguments.value("--baseline")
        let writeBaselinePath = try arguments.value("--write-baseline")
        let strictBaseline = arguments.flag("--strict-baseline")
        let only = try arguments.values("--only")
        let disabled = try arguments.values("--disable")
        projectOptions.path = try arguments.finish(maxPositionals: 1).first
        for id in only + disabled where !RuleCatalog.ids.contains(id) {
            throw UsageError("unknown rule '\(id)'; see 'routekit rules'")
        }
        let outputs = try OutputSpec.parse(formats.isEmpty ? ["text"] : formats,
                                           options: ReporterOptions(color: console.useColor, quiet: quiet, strict: strict,
                                                                    links: BlobLinks(environment: ProcessInfo.processInfo.environment)))

        guard let project = projectOptions.load(reportingTo: console) else { return .usage }
        let selection = LintSelection(only: Set(only), disabled: Set(disabled))
        var baseline: Baseline?
        if let writeBaselinePath {
            let current = Linter.lint(project, selection: selection)
            baseline = Baseline.make(from: current.unbaselined, root: project.config.root)
            do {
                try AtomicFile.write(baseline!.encoded(), to: writeBaselinePath)
            } catch {
                console.error("routekit lint: \(error)")
                return .usage
            }
            console.error("routekit: wrote \(current.unbaselined.count) finding(s) to baseline \(writeBaselinePath)")
        } else if let path = baselinePath ?? project.config.baseline.map({ PathUtilities.join(project.config.root, $0.value) }) {
            do {
                baseline = try Self.readBaseline(path)
            } catch {
                console.error(TerminalText.line("\(path): error: \(error)"))
                return .usage
            }
        }
        let result = Linter.lint(project, selection: selection, baseline: baseline)
        let report = result.report(config: project.config)
        for output in outputs {
            if let file = output.file {
                do {
                    try AtomicFile.write(to: file) { write in output.reporter.render(report, into: ReportOutput(write)) }
                } catch {
                    console.error("routekit lint: \(error)")
                    return .usage
                }
            } else {
                // Written a part at a time as it is rendered, as files are: no 20 MB string.
                output.reporter.render(report, into: ReportOutput(console.write(bytes:)))
            }
        }
        let stale = !(result.baseline?.stale.isEmpty ?? true)
        let failing = result.summary.errors > 0 || (strict && result.summary.warnings > 0) || (strictBaseline && stale)
        return failing ? .failure : .success
    }
}

extension LintCommand {
    static func readBaseline(_ path: String) throws -> Baseline {
        switch InputFile.read(path) {
        case .success(let bytes):
            return try Baseline.decode(String(decoding: bytes, as: UTF8.self))
        case .failure(let failure):
            throw UsageError("cannot read the baseline: \(failure.message) (create it with --write-baseline)")
        }
    }
}

/// One `--format FMT[:FILE]`.
struct OutputSpec {
    var reporter: any Reporter
    var file: String?

    static func parse(_ specs: [String], options: ReporterOptions) throws(UsageError) -> [OutputSpec] {
        var outputs: [OutputSpec] = []
        for spec in specs {
            let (format, file) = ReporterRegistry.parseSpecifier(spec)
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
