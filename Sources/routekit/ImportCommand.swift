import FoundationEssentials
import RouteKit

/// `routekit import compose|xcstrings|kotlin-routes`: brings existing sources in as routekit YAML.
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "bring existing sources in (Compose strings, xcstrings, Kotlin routes)"
    static let help = """
        Usage:
          routekit import compose DIR... --out DIR [--base-locale en] [--flavor auto|android|compose] [--force]
          routekit import xcstrings FILE... --out DIR [--force]
          routekit import kotlin-routes FILE|DIR... --out FILE [--route-interface NAME] [--tab-interface NAME] [--force]

        compose        Reads every values*/*.xml under each DIR (Compose Multiplatform `composeResources` or
                       Android `res`; several resource trees, and several DIRs, are merged) and writes <out>/<locale>.yml
                       in Rails layout. `values` is the base locale (--base-locale, default en);
                       `values-de` → de, `values-zh-rTW` → zh-TW, `values-b+sr+Latn` → sr-Latn; other
                       qualifiers (-night, -v21, -land, …) are skipped. <plurals> become plural maps;
                       <string-array> and translatable="false" entries are skipped.
                       --flavor: text rules. `android` (aapt2): escapes decoded, "quoted" text keeps
                       its whitespace, other whitespace collapses. `compose` (Compose Multiplatform):
                       text as written, only \\n \\t \\uXXXX \\\\ decoded. `auto` (default): compose
                       for trees under a `composeResources` directory, android otherwise.
        xcstrings      Reads an Apple String Catalog and writes <out>/<locale>.yml per locale; the
                       source language is the base locale. Plural variations become plural maps; a
                       string around one plural substitution (%#@name@) is expanded into a plural
                       map; other substitutions are kept as written. States `new` and `needs_review`
                       are marked with a comment; shouldTranslate: false entries are skipped.
        kotlin-routes  Reads Kotlin sources (directories: every .kt file under them) and writes a
                       route catalog skeleton: the routes of the sealed route interface, tab roots
                       (those implementing its sealed tab-root sub-interface), params, `declaration:
                       object` for objects, titles from constructor properties or getters, and TODO
                       comments where a title must be added.
                       --route-interface / --tab-interface: use these names instead of detecting them.

        Options:
        \(OptionSpec.helpText(options))

        Existing output files are never overwritten without --force. Files are written atomically.
        Exit codes: 0 imported, 2 bad arguments, unreadable input or an output file in the way.
        """

    static let kinds = ["compose", "xcstrings", "kotlin-routes"]
    static let options = [
        OptionSpec("--out", "-o", value: .file("PATH"), help: "the output directory (compose, xcstrings) or file (kotlin-routes)"),
        OptionSpec("--force", "-f", help: "overwrite existing output files"),
        OptionSpec("--base-locale", value: .text("L"), help: "compose: the locale of `values` (default en)"),
        OptionSpec("--flavor", value: .choice("F", ["auto", "android", "compose"]), help: "compose: text rules (default auto)"),
        OptionSpec("--route-interface", value: .text("NAME"), help: "kotlin-routes: the sealed route interface"),
        OptionSpec("--tab-interface", value: .text("NAME"), help: "kotlin-routes: the tab-root sub-interface"),
    ]
    static let operands = Operands.words(kinds, thenFiles: true)

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        let out = try arguments.value("--out", "-o")
        let force = arguments.flag("--force", "-f")
        let baseLocale = try arguments.value("--base-locale")
        let flavor = try arguments.value("--flavor")
        let routeInterface = try arguments.value("--route-interface")
        let tabInterface = try arguments.value("--tab-interface")
        let positionals = try arguments.finish(maxPositionals: Int.max)
        guard let kind = positionals.first else {
            throw UsageError("say what to import: compose, xcstrings or kotlin-routes")
        }
        let inputs = Array(positionals.dropFirst())
        func only(_ option: String, _ value: String?, for kinds: [String]) throws(UsageError) {
            if value != nil, !kinds.contains(kind) {
                throw UsageError("\(option) applies to import \(kinds.joined(separator: " and ")) only")
            }
        }
        try only("--base-locale", baseLocale, for: ["compose"])
        try only("--flavor", flavor, for: ["compose"])
        try only("--route-interface", routeInterface, for: ["kotlin-routes"])
        try only("--tab-interface", tabInterface, for: ["kotlin-routes"])
        guard ["compose", "xcstrings", "kotlin-routes"].contains(kind) else {
            throw UsageError("unknown import source '\(kind)': expected compose, xcstrings or kotlin-routes")
        }
        guard let out, !out.isEmpty else { throw UsageError("--out is required") }
        switch kind {
        case "compose", "xcstrings":
            guard !inputs.isEmpty else {
                throw UsageError("missing the \(kind == "compose" ? "resource directory" : ".xcstrings file")")
            }
            let strings: ImportedStrings
            do {
                if kind == "compose" {
                    let locale = baseLocale ?? "en"
                    guard ImportLocaleTag.isValid(locale) else {
                        throw UsageError("--base-locale '\(locale)' is not a locale tag like en or pt-BR")
                    }
                    guard let choice = ComposeResourcesImporter.FlavorChoice(rawValue: flavor ?? "auto") else {
                        throw UsageError("--flavor must be auto, android or compose")
                    }
                    strings = try ComposeResourcesImporter(baseLocale: locale, flavor: choice).importDirectories(inputs)
                } else {
                    strings = try XCStringsImporter().importFiles(inputs)
                }
            } catch let error as ImportError {
                console.error("routekit import: \(error.message)")
                return .usage
            }
            return writeStrings(strings, kind: kind, to: out, force: force, console: console)
        default:
            guard !inputs.isEmpty else { throw UsageError("missing the Kotlin files to read") }
            let catalog: ImportedRouteCatalog
            do {
                catalog = try KotlinRouteImporter(routeInterface: routeInterface, tabInterface: tabInterface)
                    .importFiles(inputs)
            } catch {
                console.error("routekit import: \(error.message)")
                return .usage
            }
            return writeCatalog(catalog, to: out, force: force, console: console)
        }
    }

    // MARK: - Writing

    /// Refuses to overwrite without `--force` (nothing is written then), then writes each file atomically.
    private static func write(_ files: [(path: String, text: String)], force: Bool, console: Console) -> Bool {
        let manager = FileManager.default
        var blocked = false
        for file in files {
            var isDirectory = false
            guard manager.fileExists(atPath: file.path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                console.error("routekit import: \(file.path) is a directory")
                blocked = true
            } else if !force {
                console.error("routekit import: \(file.path) already exists; pass --force to overwrite it")
                blocked = true
            }
        }
        if blocked { return false }
        for file in files {
            do {
                try AtomicFile.write(file.text, to: file.path)
            } catch {
                console.error("routekit import: \(error)")
                return false
            }
        }
        return true
    }

    private static func writeStrings(
        _ strings: ImportedStrings, kind: String, to directory: String, force: Bool, console: Console
    ) -> ExitCode {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory {
            console.error("routekit import: --out \(directory) is a file; import \(kind) writes a directory of <locale>.yml files")
            return .usage
        }
        let header = ["Imported by `routekit import \(kind)`."]
        let files = strings.locales.map { locale in
            (PathUtilities.appending(directory, "\(locale).yml"), strings.yaml(for: locale, header: header))
        }
        guard !files.isEmpty else {
            console.error("routekit import: nothing to import")
            return .usage
        }
        let existing = files.contains { FileManager.default.fileExists(atPath: $0.0) }
        if !existing || force {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                console.error("routekit import: cannot create \(directory): \(error)")
                return .usage
            }
        }
        guard write(files, force: force, console: console) else { return .usage }

        var lines: [String] = []
        let plural = strings.filesRead.count == 1 ? "file" : "files"
        lines.append("Read \(strings.filesRead.count) \(plural) from \(strings.source):")
        lines += strings.filesRead.map { "  " + $0 }
        lines += strings.info.map { "  " + $0 }
        lines.append("Locales: " + strings.locales.map { $0 == strings.baseLocale ? "\($0) (base)" : $0 }
            .joined(separator: ", "))
        for (locale, file) in zip(strings.locales, files) {
            let table = strings.table(locale)
            let count = table?.count ?? 0
            var line = "  \(locale): \(count) key\(count == 1 ? "" : "s")"
            if let plurals = table?.pluralCount, plurals > 0 { line += " (\(plurals) plural\(plurals == 1 ? "" : "s"))" }
            line += " → \(file.0)"
            let missing = strings.missingKeys(in: locale)
            if !missing.isEmpty {
                let shown = missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
                line += "; lacks \(missing.count) base key\(missing.count == 1 ? "" : "s"): \(shown)"
            }
            lines.append(line)
        }
        lines += noteLines(strings.notes)
        console.print(lines.joined(separator: "\n"))
        return .success
    }

    private static func writeCatalog(
        _ catalog: ImportedRouteCatalog, to path: String, force: Bool, console: Console
    ) -> ExitCode {
        let directory = PathUtilities.directory(of: path)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            console.error("routekit import: directory \(directory) does not exist")
            return .usage
        }
        guard write([(path, catalog.yaml())], force: force, console: console) else { return .usage }
        var lines: [String] = []
        let plural = catalog.filesRead.count == 1 ? "file" : "files"
        lines.append("Read \(catalog.filesRead.count) Kotlin \(plural):")
        lines += catalog.filesRead.map { "  " + $0 }
        lines.append("Route interface: \(catalog.routeInterface); tab-root interface: \(catalog.tabInterface ?? "none")")
        let tabs = catalog.routes.filter(\.isTab).count
        lines.append("\(catalog.routes.count) route\(catalog.routes.count == 1 ? "" : "s") (\(tabs) tab root\(tabs == 1 ? "" : "s")) → \(path)")
        for route in catalog.routes {
            var facts: [String] = []
            if route.isTab { facts.append("tab") }
            facts.append(route.isObject ? "object" : "class")
            if !route.params.isEmpty { facts.append("params " + route.params.map(\.name).joined(separator: ", ")) }
            switch route.title {
            case nil: facts.append("no title (TODO)")
            case .key(let key)?: facts.append("title key \(key)")
            case .param(let name)?: facts.append("title from param \(name)")
            case .text?: facts.append("literal title")
            case .computed?: facts.append("computed title (TODO)")
            }
            lines.append("  \(route.name): " + facts.joined(separator: ", "))
        }
        lines += noteLines(catalog.notes)
        console.print(lines.joined(separator: "\n"))
        return .success
    }

    private static func noteLines(_ notes: [ImportNote]) -> [String] {
        var lines: [String] = []
        let skipped = notes.filter { $0.kind == .skipped }
        let other = notes.filter { $0.kind == .note }
        if !skipped.isEmpty {
            lines.append("Skipped (\(skipped.count)):")
            lines += skipped.map { "  " + $0.description }
        }
        if !other.isEmpty {
            lines.append("Notes (\(other.count)):")
            lines += other.map { "  " + $0.description }
        }
        return lines
    }
}
