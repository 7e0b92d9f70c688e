import FoundationEssentials
import RouteKit

struct LintCommand: Command {
    static let name = "lint"
    static let summary = "check the route catalog and string resources"
    static let help = """
        Usage: routekit lint [PATH | FILE...] [options]

        Lints the project whose .routekit.yml is found from PATH (a directory or a .routekit.yml),
        or from the working directory upwards. Given files (as pre-commit passes them), lints each
        project that holds one of them (the nearest .routekit.yml above it) once, and ignores
        files in no project: with none left, there is nothing to lint and the exit code is 0.

        Options:
        \(OptionSpec.helpText(options))

        Colour (text format on standard output): on a terminal unless NO_COLOR is set, TERM is
        dumb or --no-color is given; FORCE_COLOR or CLICOLOR_FORCE (not 0) turn it on anywhere.

        Exit codes: 0 no findings at the failing level, 1 findings at the failing level
        (errors; warnings too with --strict), 2 could not run.
        """

    static let options = ProjectOptions.kotlinOptions + [
        ProjectOptions.option,
        OptionSpec("--format", "-f", value: .choice("FMT[:FILE]", ReporterRegistry.formats),
                   help: "output format: \(ReporterRegistry.formats.joined(separator: ", ")) (default text);\nrepeat for several; :FILE writes that format to a file"),
        OptionSpec("--strict", help: "warnings fail the run too (exit 1)"),
        OptionSpec("--quiet", "-q", help: "print findings only, no summary"),
        OptionSpec("--baseline", value: .file("F"), help: "hide the findings recorded in F (default: `baseline:` in the config)"),
        OptionSpec("--write-baseline", value: .file("F"), help: "record every current finding in F, then report with it applied"),
        OptionSpec("--strict-baseline", help: "baseline entries that no longer occur fail the run (exit 1)"),
        OptionSpec("--only", value: .rule("RULE"), help: "run only this rule (repeatable)"),
        OptionSpec("--disable", value: .rule("RULE"), help: "do not run this rule (repeatable)"),
        OptionSpec("--no-color", help: "no colour, even where FORCE_COLOR or CLICOLOR_FORCE asks for it"),
    ]
    static let operands = Operands.files

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        // An option (or an option's value) that is also a file here is refused before anything is
        // read or written: pre-commit appends staged file names after the options, so a committed
        // file named `--format=json:docker-compose.yml` would otherwise overwrite that file.
        if let named = arguments.optionNamingAFile(exists: { FileManager.default.fileExists(atPath: $0) }) {
            console.error("routekit lint: '\(TerminalText.line(named))' is a file here and would be read as an option; refusing to run (end the options with --: routekit lint [options] -- FILE...)")
            return .usage
        }
        var projectOptions = try ProjectOptions.read(&arguments, kotlin: true)
        let formats = try arguments.values("--format", "-f")
        let strict = arguments.flag("--strict")
        let quiet = arguments.flag("--quiet", "-q")
        let baselinePath = try arguments.value("--baseline")
        let writeBaselinePath = try arguments.value("--write-baseline")
        let strictBaseline = arguments.flag("--strict-baseline")
        let noColor = arguments.flag("--no-color")
        let only = try arguments.values("--only")
        let disabled = try arguments.values("--disable")
        let paths = try arguments.finish(maxPositionals: projectOptions.config == nil ? Int.max : 1)
        for id in only + disabled where !RuleDocs.ids.contains(id) {
            let hint = closestMatch(to: id, among: RuleDocs.ids).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown rule '\(id)'\(hint) See 'routekit rules'.")
        }
        let outputs = try OutputSpec.parse(formats.isEmpty ? ["text"] : formats,
                                           options: ReporterOptions(color: !noColor && console.useColor, quiet: quiet, strict: strict,
                                                                    links: BlobLinks(environment: ProcessInfo.processInfo.environment)))
        let options = Options(outputs: outputs, strict: strict, baselinePath: baselinePath, writeBaselinePath: writeBaselinePath,
                              strictBaseline: strictBaseline, selection: LintSelection(only: Set(only), disabled: Set(disabled)))

        if projectOptions.config != nil || paths.isEmpty {
            projectOptions.path = paths.first
            guard let project = projectOptions.load(reportingTo: console) else { return .usage }
            return try lint(project, options, console: console)
        }
        let grouped: ProjectsOfFiles
        do {
            grouped = try ProjectsOfFiles(paths)
        } catch {
            console.error(error.description)
            return .usage
        }
        // A file outside every project is ignored (pre-commit passes every staged file), unless it
        // is itself a routekit input: then passing would be passing without linting it.
        for path in grouped.outside {
            guard let kind = InputKind.of(path) else { continue }
            console.error("routekit lint: \(path) is \(kind.rawValue), but no \(ProjectConfig.fileName) is above it, so nothing lints it; "
                + "run 'routekit init' in the project's directory, or pass --config FILE")
            return .usage
        }
        if grouped.configs.isEmpty {
            if !quiet { console.error("routekit: no .routekit.yml above the \(paths.count) given path(s); nothing to lint") }
            return .success
        }
        if grouped.configs.count > 1, let problem = options.problemWithSeveralProjects {
            throw UsageError("the files belong to \(grouped.configs.count) projects (\(grouped.configs.map { PathUtilities.relative($0, to: ".") }.joined(separator: ", "))): \(problem)")
        }
        var exit = ExitCode.success
        for config in grouped.configs {
            let located = ProjectOptions(config: config, routeInterface: projectOptions.routeInterface, tabInterface: projectOptions.tabInterface)
            guard let project = located.load(reportingTo: console) else { return .usage }
            let code = try lint(project, options, console: console)
            if code == .usage { return code }
            if code == .failure { exit = .failure }
        }
        return exit
    }

    /// What `lint` was asked to do, whichever projects it runs on.
    struct Options {
        var outputs: [OutputSpec]
        var strict: Bool
        var baselinePath: String?
        var writeBaselinePath: String?
        var strictBaseline: Bool
        var selection: LintSelection

        /// Why these options cannot serve several projects in one run, or nil when they can: a
        /// report file or a baseline belongs to one project, and only line formats can follow
        /// one another on standard output.
        var problemWithSeveralProjects: String? {
            if outputs.contains(where: { $0.file != nil }) { return "a report file (--format FMT:FILE) holds one project; run once per project" }
            if baselinePath != nil || writeBaselinePath != nil { return "a baseline file belongs to one project; run once per project" }
            if outputs.contains(where: { !["text", "github"].contains($0.format) }) {
                return "only text and github output can hold several projects; run once per project"
            }
            return nil
        }
    }

    static func lint(_ project: Project, _ options: Options, console: Console) throws -> ExitCode {
        let (outputs, strict, baselinePath, writeBaselinePath, strictBaseline, selection) = (
            options.outputs, options.strict, options.baselinePath, options.writeBaselinePath, options.strictBaseline, options.selection)
        if let refusal = WriteTargets.refusal(outputs.compactMap(\.file) + [writeBaselinePath].compactMap { $0 },
                                              config: project.config, command: "lint") {
            console.error(refusal)
            return .usage
        }
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
        // One output that cannot be written does not stop the others; the run then exits 2.
        var writeFailed = false
        for output in outputs {
            if let file = output.file {
                do {
                    try AtomicFile.write(to: file) { write in output.reporter.render(report, into: ReportOutput(write)) }
                } catch {
                    console.error("routekit lint: \(error)")
                    writeFailed = true
                }
            } else {
                // Written a part at a time as it is rendered, as files are: no 20 MB string.
                output.reporter.render(report, into: ReportOutput(console.write(bytes:)))
            }
        }
        if writeFailed { return .usage }
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
    var format: String
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
            outputs.append(OutputSpec(format: format, reporter: reporter, file: file))
        }
        // Two formats written to one file: the second would silently replace the first.
        var seen: [String: String] = [:]
        let cwd = FileManager.default.currentDirectoryPath
        for (spec, output) in zip(specs, outputs) {
            guard let file = output.file else { continue }
            let key = PathUtilities.normalize(PathUtilities.join(cwd, file))
            if let first = seen[key] {
                throw UsageError("--format \(first) and --format \(spec) write to the same file; give each format its own file")
            }
            seen[key] = spec
        }
        if outputs.filter({ $0.file == nil }).count > 1 {
            throw UsageError("only one format can go to standard output; give the others a file (--format FMT:FILE)")
        }
        return outputs
    }
}
