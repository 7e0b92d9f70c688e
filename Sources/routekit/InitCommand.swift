import FoundationEssentials
import RouteKit

struct InitCommand: Command {
    static let name = "init"
    static let summary = "write a starter .routekit.yml for the inputs found"
    static let help = """
        Usage: routekit init [DIR] [--print] [--all-modules] [--route-interface NAME]
               routekit init --update [DIR] [--print]

        Writes a starter \(ProjectConfig.fileName) in DIR (default: the working directory), set up for
        the inputs already there:
          catalog      routes.yml, *routes*.yml or catalog.yml with a top-level `routes:`,
                       up to \(InputDetector.catalogDepth) directories deep
          strings      Compose/Android strings.xml trees (one resource set each), String Catalogs,
                       and Rails-layout YAML, as one glob per directory
          base-locale  en when present, else the locale with the most keys
          locales      every locale found
          sources      the Kotlin source sets that declare a sealed route hierarchy, and the Swift
                       app (its TabView or NavigationStack, else the app hosting the shared UI)
        With Kotlin routes and no catalog, it imports them into routes.yml and completes it: tab
        order, icons and label keys from the Swift TabView, entry routes from the push sites
        (nothing pushes them). It prints what it inferred and what is left. Server, backend,
        admin, desktop, wear and car modules are left out unless --all-modules.
        Every field is explained in a comment; the optional ones are commented out.
        Run `routekit lint` right after: the config works as written.

        It never overwrites: when DIR already has \(ProjectConfig.fileName), nothing is written
        and the exit code is 2. Remove the file first to start over.

        --update brings the catalog of an existing config up to date with the Kotlin code: routes
        new in the code are appended (completed as above), routes gone from it get a TODO comment;
        every other line, hand edits and comments included, stays. Differences within a route are
        catalog-drift's to report.

        Options:
        \(OptionSpec.helpText(options))

        Exit codes: 0 written, 2 could not run (the file exists, DIR is missing, bad arguments).
        """

    static let options = ProjectOptions.kotlinOptions + [
        OptionSpec("--print", help: "write the config to standard output instead of the file"),
        OptionSpec("--update", help: "bring the catalog up to date with the Kotlin code: add new routes, mark gone ones; hand edits stay"),
        OptionSpec("--all-modules", help: "also read server, backend, admin, desktop, wear and car modules"),
        // Accepted only to say why init has none.
        OptionSpec("--force", "-f", help: "", hidden: true),
    ]
    static let operands = Operands.directories

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        let printOnly = arguments.flag("--print")
        let allModules = arguments.flag("--all-modules")
        let update = arguments.flag("--update")
        let routeInterface = try arguments.value("--route-interface")
        let tabInterface = try arguments.value("--tab-interface")
        if arguments.flag("--force", "-f") {
            throw UsageError("init never overwrites a config, so it has no --force; remove \(ProjectConfig.fileName) first to start over")
        }
        let directoryArgument = try arguments.finish(maxPositionals: 1).first ?? "."
        let directory = PathUtilities.join(FileManager.default.currentDirectoryPath, directoryArgument)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
            console.error("routekit init: \(directoryArgument) is not a directory")
            return .usage
        }
        let configPath = PathUtilities.join(directory, ProjectConfig.fileName)
        let shownPath = directoryArgument == "." ? ProjectConfig.fileName
            : PathUtilities.join(directoryArgument, ProjectConfig.fileName)
        if update {
            return runUpdate(configPath: configPath, shownDirectory: directoryArgument, printOnly: printOnly, console: console)
        }
        if !printOnly, SetupFile.exists(configPath) {
            console.error(existsMessage(shownPath))
            return .usage
        }

        let setup = ProjectSetup.plan(root: directory, allModules: allModules, routeInterface: routeInterface, tabInterface: tabInterface)
        if printOnly {
            console.write(setup.configText)
            return .success
        }
        do {
            // The catalog first: the config names it, and a config is never left pointing at nothing.
            if let catalog = setup.catalog {
                try SetupFile.write(catalog.text, to: PathUtilities.join(directory, catalog.path), overwrite: false)
            }
            try SetupFile.write(setup.configText, to: configPath, overwrite: false)
        } catch .exists {
            console.error(existsMessage(shownPath))
            return .usage
        } catch {
            console.error("routekit init: \(error)")
            return .usage
        }
        let shown = { (path: String) in directoryArgument == "." ? path : PathUtilities.join(directoryArgument, path) }
        console.print("routekit: wrote \(shownPath)" + (setup.catalog.map { " and \(shown($0.path))" } ?? ""))
        console.print(summary(setup.inputs, sources: setup.sources))
        if !setup.inferred.isEmpty {
            console.print("Inferred:")
            for line in setup.inferred { console.print("  " + line) }
        }
        if !setup.left.isEmpty {
            console.print("Left to you" + (setup.catalog == nil ? ":" : " (TODO comments in the catalog):"))
            for line in setup.left { console.print("  " + line) }
        }
        let leftOut = Array(Set(setup.inputs.leftOut + setup.sources.leftOut)).sorted()
        if !leftOut.isEmpty {
            console.print("Left out (not part of the iOS app; --all-modules reads them): " + leftOut.joined(separator: ", "))
        }
        console.print("Next: run 'routekit lint\(directoryArgument == "." ? "" : " " + directoryArgument)'.")
        return .success
    }

    /// `init --update`: the catalog's text edited in place (atomically), or printed with --print.
    static func runUpdate(configPath: String, shownDirectory: String, printOnly: Bool, console: Console) -> ExitCode {
        guard SetupFile.exists(configPath) else {
            console.error("routekit init --update: no \(ProjectConfig.fileName) here; run routekit init first")
            return .usage
        }
        let update: CatalogUpdate
        do {
            update = try CatalogUpdate.plan(configPath: configPath)
        } catch {
            console.error("routekit init --update: \(error.description)")
            return .usage
        }
        if printOnly {
            console.write(update.text)
            return .success
        }
        let shown = shownDirectory == "." ? update.path : PathUtilities.join(shownDirectory, update.path)
        if update.added.isEmpty && update.gone.isEmpty {
            console.print("routekit: \(shown) is up to date with the Kotlin code (differences within routes: run routekit lint, catalog-drift)")
            return .success
        }
        do {
            try SetupFile.write(update.text, to: PathUtilities.join(PathUtilities.directory(of: configPath), update.path), overwrite: true)
        } catch {
            console.error("routekit init --update: \(error)")
            return .usage
        }
        console.print("routekit: updated \(shown)")
        if !update.added.isEmpty { console.print("  added:  " + update.added.joined(separator: ", ")) }
        if !update.gone.isEmpty { console.print("  marked: " + update.gone.joined(separator: ", ") + " (no longer declared in the Kotlin code)") }
        for line in update.inferred { console.print("  " + line) }
        for line in update.left { console.print("  left: " + line) }
        console.print("Next: run 'routekit lint\(shownDirectory == "." ? "" : " " + shownDirectory)'.")
        return .success
    }

    static func existsMessage(_ path: String) -> String {
        """
        routekit init: \(path) already exists; init never overwrites it.
        Edit it, or remove it (rm \(PreCommitHook.shellQuote(path))) and run routekit init again.
        """
    }

    static func summary(_ inputs: DetectedInputs, sources: DetectedSources = DetectedSources()) -> String {
        var lines: [String] = []
        lines.append("  catalog:     " + (inputs.catalogs.isEmpty ? "none found (strings only)" : inputs.catalogs.joined(separator: ", ")))
        if inputs.strings.isEmpty {
            lines.append("  strings:     none found; the config expects \(StarterConfig.defaultStringsGlob)")
        } else {
            let count = inputs.stringFiles.count
            lines.append("  strings:     \(inputs.strings.joined(separator: ", ")) (\(count) file\(count == 1 ? "" : "s"))")
        }
        lines.append("  base-locale: \(inputs.baseLocale ?? StarterConfig.defaultBaseLocale)")
        if !inputs.locales.isEmpty { lines.append("  locales:     \(inputs.locales.joined(separator: ", "))") }
        if !sources.kotlin.isEmpty { lines.append("  kotlin:      \(sources.kotlin.joined(separator: ", "))") }
        if !sources.swift.isEmpty { lines.append("  swift:       \(sources.swift.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }
}
