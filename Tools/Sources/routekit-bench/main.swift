import Foundation
import RouteKit

// routekit-bench: generates deterministic projects (S, M, L/2, L) and measures, on the same files,
// the raw libyaml parse (the floor), full lint in-process and as a process, and `title --batch`.
// Every measurement runs in a fresh child (`routekit-bench __measure …`), so peak RSS is its own.
//
//   swift run -c release routekit-bench [--sizes S,M,L/2,L] [--no-mastodon] [--mastodon DIR]
//                                       [--runs N] [--process-runs N] [--markdown FILE] [--work DIR]
//                                       [--no-worst-case] [--worst-cases SHAPE,…] [--keep-worst-cases]
//
// The worst-case rows run `routekit lint` on the inputs with the most memory per byte (duplicate
// keys, short distinct keys, a finding per entry, locale stubs) at the default limits, and check
// they fit 4 GB and how far they are from 4 × input + an empty project's peak. The time worst
// cases (`GrowthBench`: one-line strings.xml, a push of many literals, long unknown names, many
// globs) run each shape at four sizes, each twice the one before, and check the time at most
// doubles (×2.2).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "__measure" {
    exit(Child.run(Array(arguments.dropFirst())))
}
if arguments.first == "__peak", arguments.count >= 2 {
    // Spawned by this small process, the child's peak RSS is its own: spawned by the bench after
    // it generated and linted projects, Linux counts the bench's peak in the child's (`exec`
    // keeps the larger of the old and new high-water marks; `posix_spawn`'s child starts in the
    // parent's memory).
    let run = spawn(arguments[1], Array(arguments.dropFirst(2)), captureOutput: false)
    print(run.maxRSSKilobytes, run.status)
    exit(0)
}
if arguments.first == "__fresh", arguments.count >= 2 {
    // The same for a child that reports its own peak: its output passes through, its status is
    // this process's.
    exit(spawn(arguments[1], Array(arguments.dropFirst(2)), captureOutput: false, passOutput: true).status)
}

/// `program arguments`' own peak RSS and exit status, measured through `__peak`.
func spawnForPeak(_ program: String, _ arguments: [String]) -> (maxRSSKilobytes: Int, status: Int32) {
    let run = spawn("/proc/self/exe", ["__peak", program] + arguments, captureOutput: true)
    let fields = run.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    return fields.count == 2 ? (fields[0], Int32(fields[1])) : (0, -1)
}

struct Options {
    var sizes = SizeSpec.all.map(\.name)
    var mastodon: String? = packageRoot.appendingPathComponent("../shared/corpora/mastodon/locales").standardizedFileURL.path
    var runs = 3
    var processRuns = 20
    var markdown: String?
    var work = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/routekit-bench"
    var binary: String?
    var worstCase = true
    /// The worst shapes to measure (all by default); `--keep-worst-cases` leaves their inputs in `work`.
    var worstShapes = Generator.WorstShape.allCases
    /// The time worst cases to measure (all by default), named among the worst cases too.
    var growthShapes = GrowthBench.Shape.allCases
    var keepWorstCases = false
    /// Tokenizer throughput sizes in MB (issue 18); empty skips the app-code rows.
    var appCodeSizes = [5, 10, 20]
    /// MB of Kotlin and Swift for `sources:` end to end (issue 32); 0 skips.
    var sourcesMegabytes = 25
    /// Native strings (issue 17): MB of Compose XML and of one String Catalog; nil skips.
    var native: (xml: Int, catalog: Int)? = (50, 20)
    /// Issue 20: every report format on the findings-heavy corpus.
    var findingsHeavy = true
    /// Issue 34: the HTML page of a project with 40,000 findings.
    var htmlReport = true
    /// Where Scripts/bench.sh built the C reference parsers (`Tools/References`); nil: none.
    var references: String?
    var languageServer = true
}

var options = Options()
var index = 0
@MainActor func nextValue() -> String {
    index += 1
    guard index < arguments.count else {
        FileHandle.standardError.write("routekit-bench: \(arguments[index - 1]) needs a value\n".data(using: .utf8)!)
        exit(2)
    }
    return arguments[index]
}
while index < arguments.count {
    switch arguments[index] {
    case "--sizes": options.sizes = nextValue().split(separator: ",").map(String.init)
    case "--no-mastodon": options.mastodon = nil
    case "--mastodon": options.mastodon = nextValue()
    case "--runs": options.runs = max(1, Int(nextValue()) ?? 3)
    case "--process-runs": options.processRuns = max(1, Int(nextValue()) ?? 20)
    case "--markdown": options.markdown = nextValue()
    case "--work": options.work = nextValue()
    case "--binary": options.binary = nextValue()
    case "--no-worst-case": options.worstCase = false
    case "--worst-cases":
        let names = nextValue().split(separator: ",").map(String.init)
        options.worstShapes = names.compactMap(Generator.WorstShape.init(rawValue:))
        options.growthShapes = names.compactMap(GrowthBench.Shape.init(rawValue:))
        if options.worstShapes.count + options.growthShapes.count != names.count {
            let known = (Generator.WorstShape.allCases.map(\.rawValue) + GrowthBench.Shape.allCases.map(\.rawValue)).joined(separator: ", ")
            FileHandle.standardError.write("routekit-bench: --worst-cases takes some of: \(known)\n".data(using: .utf8)!)
            exit(2)
        }
    case "--keep-worst-cases": options.keepWorstCases = true
    case "--app-code-sizes": options.appCodeSizes = nextValue().split(separator: ",").compactMap { Int($0) }
    case "--no-native": options.native = nil
    case "--no-findings-heavy": options.findingsHeavy = false
    case "--no-html-report": options.htmlReport = false
    case "--only-html-report":
        options.sizes = []
        options.mastodon = nil
        options.worstCase = false
        options.appCodeSizes = []
        options.native = nil
        options.findingsHeavy = false
    case "--only-findings-heavy":
        options.sizes = []
        options.mastodon = nil
        options.worstCase = false
        options.appCodeSizes = []
        options.native = nil
        options.htmlReport = false
    case "--references": options.references = nextValue()
    case "--no-lsp": options.languageServer = false
    case "--sources-size": options.sourcesMegabytes = max(0, Int(nextValue()) ?? 25)
    case "--native-sizes":
        let sizes = nextValue().split(separator: ",").compactMap { Int($0) }
        options.native = sizes.count == 2 ? (sizes[0], sizes[1]) : nil
    case "--help", "-h":
        print("""
            Usage: routekit-bench [--sizes S,M,L/2,L] [--no-mastodon] [--mastodon DIR] [--runs N]
                                  [--process-runs N] [--markdown FILE] [--work DIR] [--binary PATH]
                                  [--no-worst-case] [--worst-cases SHAPE,…] [--keep-worst-cases]
                                  [--app-code-sizes MB,MB,… (empty: none)]
                                  [--no-native] [--native-sizes XML_MB,CATALOG_MB (default 50,20)]
                                  [--no-findings-heavy] [--only-findings-heavy]
                                  [--no-html-report] [--only-html-report]
                                  [--references DIR (the C reference parsers Scripts/bench.sh builds)]
                                  [--sources-size MB (sources: end to end; 0: none; default 25)]
                                  [--no-lsp (no routekit lsp rows: conference app, and L when measured)]
            """)
        exit(0)
    default:
        FileHandle.standardError.write("routekit-bench: unknown option \(arguments[index])\n".data(using: .utf8)!)
        exit(2)
    }
    index += 1
}

let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
// Beside the bench, else the root package's release build (Tools/.build/release/routekit-bench →
// .build/release/routekit).
let binary = options.binary ?? {
    let beside = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("routekit").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("../../../.build/release/routekit").standardized.path
}()
if !FileManager.default.isExecutableFile(atPath: binary) {
    FileHandle.standardError.write("routekit-bench: no routekit binary at \(binary) (build it: swift build -c release)\n".data(using: .utf8)!)
    exit(2)
}

func log(_ text: String) { FileHandle.standardError.write((text + "\n").data(using: .utf8)!) }

struct ChildResult {
    var seconds: Double
    var bytes: Int
    var rssKilobytes: Int
    var count: Int
}

func measure(_ kind: String, _ directory: String, runs: Int) -> ChildResult {
    var results: [ChildResult] = []
    for _ in 0..<runs {
        // Through `__fresh`, so the peak RSS the child reports is its own.
        let spawned = spawn(selfPath, ["__fresh", selfPath, "__measure", kind, directory], captureOutput: true)
        let fields = spawned.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard spawned.status == 0, fields.count >= 4 else {
            log("measurement \(kind) failed in \(directory): status \(spawned.status)")
            exit(1)
        }
        results.append(ChildResult(seconds: Double(fields[0]) ?? 0, bytes: Int(fields[1]) ?? 0,
                                   rssKilobytes: Int(fields[2]) ?? 0, count: Int(fields[3]) ?? 0))
    }
    return medianResult(results)
}

/// The median time and peak of `results`, with the first one's bytes and count.
func medianResult(_ results: [ChildResult]) -> ChildResult {
    let rss = results.map { Double($0.rssKilobytes) }
    return ChildResult(seconds: median(results.map(\.seconds)), bytes: results[0].bytes, rssKilobytes: Int(median(rss)),
                       count: results[0].count)
}

/// `runs` rounds of every measurement in `measures`, one run each per round, the order turned
/// round by round; the median of each. A ratio between two of them (lint / raw) then holds: this
/// machine has slow spells of seconds (the same binary took 71 and 108 ms on one catalog), and
/// medians taken one after the other put a spell on one side of the ratio only.
func interleaved(runs: Int, _ measures: [() -> ChildResult]) -> [ChildResult] {
    var results = [[ChildResult]](repeating: [], count: measures.count)
    for round in 0..<runs {
        for index in (round % 2 == 0 ? Array(measures.indices) : measures.indices.reversed()) {
            results[index].append(measures[index]())
        }
        TwoCoreCheck.sample()
    }
    return results.map(medianResult)
}

struct Row {
    var corpus: String
    var files: Int
    var bytes: Int
    var raw: ChildResult
    var scan: ChildResult
    var lint: ChildResult
    var process: Double
    var processRSS: Int
    var titleInProcess: Double?
    var titleBinary: Double?
}

var rows: [Row] = []
var corpora: [(name: String, directory: String)] = []
for name in options.sizes {
    guard let spec = SizeSpec.all.first(where: { $0.name == name }) else {
        log("routekit-bench: unknown size \(name); use \(SizeSpec.all.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    let directory = options.work + "/" + spec.directoryName
    log("generating \(name) in \(directory)…")
    do { try Generator.generate(spec, into: directory) } catch {
        log("routekit-bench: cannot generate \(name): \(error)")
        exit(2)
    }
    corpora.append((name, directory))
}
if let mastodon = options.mastodon {
    if FileManager.default.fileExists(atPath: mastodon) {
        let directory = options.work + "/mastodon"
        do { try Generator.mastodon(corpus: mastodon, into: directory) } catch {
            log("routekit-bench: cannot set up the Mastodon corpus: \(error)")
            exit(2)
        }
        corpora.append(("mastodon", directory))
    } else {
        log("routekit-bench: no Mastodon corpus at \(mastodon); skipped (give --mastodon DIR)")
    }
}

for (name, directory) in corpora {
    log("measuring \(name)…")
    let files = readLines(directory + "/files.txt").count
    let timed = interleaved(runs: options.runs, ["raw", "scan", "lint"].map { kind in { measure(kind, directory, runs: 1) } })
    let (raw, scan, lint) = (timed[0], timed[1], timed[2])
    let processRuns = name == "S" ? options.processRuns : options.runs
    var processTimes: [Double] = [], processRSS: [Double] = []
    for _ in 0..<processRuns {
        processTimes.append(spawn(binary, ["lint", directory], captureOutput: false).seconds)
    }
    // Timed runs are spawned directly (a helper would add its start-up); the peak comes from
    // runs through `__peak`, where it is the binary's own.
    for _ in 0..<options.runs {
        processRSS.append(Double(spawnForPeak(binary, ["lint", directory]).maxRSSKilobytes))
    }
    var titleInProcess: Double?, titleBinary: Double?
    if FileManager.default.fileExists(atPath: directory + "/requests.jsonl") {
        let title = measure("title", directory, runs: options.runs)
        titleInProcess = Double(title.count) / title.seconds
        let requests = readLines(directory + "/requests.jsonl").count
        var times: [Double] = []
        for _ in 0..<options.runs {
            times.append(spawn(binary, ["title", "--batch", "--project", directory],
                               stdin: directory + "/requests.jsonl", captureOutput: false).seconds)
        }
        titleBinary = Double(requests) / median(times)
    }
    rows.append(Row(corpus: name, files: files, bytes: raw.bytes, raw: raw, scan: scan, lint: lint, process: median(processTimes),
                    processRSS: Int(median(processRSS)), titleInProcess: titleInProcess, titleBinary: titleBinary))
}
// The language server on the largest generated project measured (L when it is).
var languageServerRows: [LanguageServerBench.Row] = []
if options.languageServer, let largest = corpora.last(where: { $0.name != "mastodon" }) {
    log("measuring routekit lsp on \(largest.name)…")
    languageServerRows.append(orExit("routekit lsp on \(largest.name)") {
        try LanguageServerBench.measure(name: "generated \(largest.name)", project: largest.directory, binary: binary, runs: options.runs)
    })
}

// MARK: - Memory worst case

/// Each worst shape at the default limits, and an empty project for the constant.
var worstCases: [(shape: Generator.WorstShape, bytes: Int, rssKilobytes: Int, status: Int32)] = []
var constantKilobytes = 0
if options.worstCase {
    do {
        let empty = options.work + "/worst-case-empty"
        try Generator.emptyProject(into: empty)
        constantKilobytes = spawnForPeak(binary, ["lint", empty, "--quiet", "--format", "json:/dev/null"]).maxRSSKilobytes
        for shape in options.worstShapes {
            let directory = options.work + "/worst-case-" + shape.rawValue
            log("measuring the memory worst case '\(shape.rawValue)' in \(directory)…")
            let bytes = try Generator.worstCase(shape, limits: .default, into: directory)
            let run = spawnForPeak(binary, shape.arguments(directory))
            worstCases.append((shape, bytes, run.maxRSSKilobytes, run.status))
            if !options.keepWorstCases { try? FileManager.default.removeItem(atPath: directory) }
        }
    } catch {
        log("routekit-bench: cannot generate the worst case: \(error)")
        exit(2)
    }
}

/// `body`'s result, or the run ends (exit 2) saying which corpus could not be set up.
func orExit<T>(_ what: String, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        log("routekit-bench: cannot set up \(what): \(error)")
        exit(2)
    }
}

// MARK: - Time worst case

var growthRows: [GrowthBench.Row] = []
if options.worstCase && !options.growthShapes.isEmpty {
    growthRows = orExit("the time worst cases") {
        try GrowthBench.measure(options.growthShapes, binary: binary, work: options.work, runs: options.runs)
    }
}

// MARK: - The app's own code

var appCodeRows: [AppCodeBench.Row] = []
var conferenceLint: (seconds: Double, runs: Int, status: Int32)?
var sourcesRow: AppCodeBench.SourcesRow?
if !options.appCodeSizes.isEmpty {
    do {
        appCodeRows = try AppCodeBench.measureTokenizers(sizes: options.appCodeSizes, work: options.work, runs: options.runs)
        let app = try AppCodeBench.conferenceApp(into: options.work + "/app-code/kotlinconf")
        log("measuring routekit lint of the conference app with sources…")
        var times: [Double] = []
        var status: Int32 = 0
        for _ in 0..<options.processRuns {
            let run = spawn(binary, ["lint", app], captureOutput: false)
            times.append(run.seconds)
            status = run.status
        }
        conferenceLint = (median(times), options.processRuns, status)
        if options.languageServer {
            log("measuring routekit lsp on the conference app…")
            languageServerRows.insert(try LanguageServerBench.measure(name: "conference app", project: app, binary: binary,
                                                                      runs: options.processRuns), at: 0)
        }
        if options.sourcesMegabytes > 0 {
            sourcesRow = try AppCodeBench.sourcesEndToEnd(megabytes: options.sourcesMegabytes, work: options.work,
                                                          runs: options.runs, binary: binary)
        }
    } catch {
        log("routekit-bench: cannot set up the app-code rows: \(error)")
        exit(2)
    }
}

// MARK: - Strings in their native formats

var nativeRows: [NativeStringsBench.Row] = []
if let native = options.native {
    nativeRows = orExit("the native strings rows") {
        try NativeStringsBench.measureAll(work: options.work, runs: options.runs, xmlMegabytes: native.xml, catalogMegabytes: native.catalog,
                                            references: options.references)
    }
}

// MARK: - Report formats on a findings-heavy project

var findingsHeavy: FindingsHeavyBench.Result?
if options.findingsHeavy {
    findingsHeavy = orExit("the findings-heavy corpus") {
        try FindingsHeavyBench.measure(binary: binary, work: options.work, runs: max(options.runs, 5),
                                       findings: { measure("lint", $0, runs: 1).count },
                                       raw: { measure("raw", $0, runs: max(options.runs, 5)).seconds })
    }
}

// MARK: - The HTML page of a project with 40,000 findings (issue 34)

var htmlReport: HTMLReportBench.Result?
if options.htmlReport {
    htmlReport = orExit("the HTML report corpus") {
        try HTMLReportBench.measure(binary: binary, work: options.work, runs: max(options.runs, 3)) { measure("lint", $0, runs: 1).count }
    }
}

// MARK: - Report

func mb(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1_000_000) }
func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
func rate(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.1f", Double(bytes) / 1_000_000 / seconds) }
func perSecond(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "–" }

var out = ""
if !rows.isEmpty {
    out += "| corpus | files | input MB | raw parse ms (MB/s) | scanner ms (MB/s), files scanned | lint ms (MB/s) | lint / raw | peak RSS MB | RSS / input | findings | `routekit lint` process ms | title/s in-process | title/s `--batch` binary |\n"
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    for row in rows {
        let rss = row.lint.rssKilobytes * 1024
        out += "| \(row.corpus) | \(row.files) | \(mb(row.bytes)) | \(ms(row.raw.seconds)) (\(rate(row.bytes, row.raw.seconds))) "
            + "| \(ms(row.scan.seconds)) (\(rate(row.bytes, row.scan.seconds))), \(row.scan.count) "
            + "| \(ms(row.lint.seconds)) (\(rate(row.bytes, row.lint.seconds))) | \(String(format: "%.2f", row.lint.seconds / row.raw.seconds)) "
            + "| \(mb(rss)) | \(String(format: "%.2f", Double(rss) / Double(row.bytes))) | \(row.lint.count) | \(ms(row.process)) "
            + "| \(perSecond(row.titleInProcess)) | \(perSecond(row.titleBinary)) |\n"
    }
}

if !worstCases.isEmpty {
    let constant = constantKilobytes * 1024
    out += "\n| memory worst case (default limits) | input MB | peak RSS MB | (RSS − \(mb(constant)) MB) / input | bounded by | exit |\n|---|---:|---:|---:|---|---:|\n"
    for run in worstCases {
        let rss = run.rssKilobytes * 1024
        out += "| \(run.shape.summary) | \(mb(run.bytes)) | \(mb(rss)) | \(String(format: "%.1f", Double(rss - constant) / Double(run.bytes))) "
            + "| \(run.shape.boundedBy.map { "`\($0)`" } ?? "total") | \(run.status) |\n"
    }
}

out += GrowthBench.markdown(growthRows)

if !appCodeRows.isEmpty {
    out += "\n| sources: tokenizer | input MB | files | ms | MB/s | tokens |\n|---|---:|---:|---:|---:|---:|\n"
    for row in appCodeRows {
        let files = readLines("\(options.work)/app-code/\(row.language)-\(row.megabytes)MB/files.txt").count
        out += "| \(row.language) | \(mb(row.result.bytes)) | \(files) | \(ms(row.result.seconds)) "
            + "| \(rate(row.result.bytes, row.result.seconds)) | \(row.result.count) |\n"
    }
}
if let conferenceLint {
    out += "\n| conference app: catalog, strings in place, `sources:` | `routekit lint` process ms | exit |\n|---|---:|---:|\n"
    out += "| median of \(conferenceLint.runs) | \(ms(conferenceLint.seconds)) | \(conferenceLint.status) |\n"
}

if let row = sourcesRow {
    out += "\n| `sources:` end to end | Kotlin MB | Swift MB | files | lint without ms | lint with ms | added ms (MB/s) | cores used | `cat` ms (MB/s) |\n"
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    out += "| conference app + copies of its code | \(mb(row.kotlinBytes)) | \(mb(row.swiftBytes)) | \(row.files) | \(ms(row.without)) | \(ms(row.with)) "
        + "| \(ms(row.added)) (\(rate(row.bytes, row.added))) | \(String(format: "%.2f", row.coresUsed)) | \(ms(row.cat)) (\(rate(row.bytes, row.cat))) |\n"
}
if !languageServerRows.isEmpty { out += LanguageServerBench.markdown(languageServerRows) }
if !nativeRows.isEmpty { out += NativeStringsBench.markdown(nativeRows) }
if let findingsHeavy { out += FindingsHeavyBench.markdown(findingsHeavy) }
if let htmlReport { out += HTMLReportBench.markdown(htmlReport) }

var checks: [(String, Bool, String)] = []
checks += GrowthBench.checks(growthRows)
if let findingsHeavy { checks += FindingsHeavyBench.checks(findingsHeavy) }
checks += LanguageServerBench.checks(languageServerRows)
if let htmlReport { checks += HTMLReportBench.checks(htmlReport) }
for row in nativeRows {
    let ratio = row.lint.seconds / row.raw
    checks.append(("\(row.name) (\(mb(row.bytes)) MB): lint ≤ \(String(format: "%.1f", row.goal))× \(row.rawLabel)", ratio <= row.goal,
                   String(format: "%.2f×", ratio)))
}
for language in ["kotlin", "swift"] {
    let rows = appCodeRows.filter { $0.language == language }.sorted { $0.megabytes < $1.megabytes }
    guard let smallest = rows.first, let largest = rows.last else { continue }
    let slowest = rows.map { Double($0.result.bytes) / $0.result.seconds }.min() ?? 0
    let goal = language == "swift" ? 200.0 : 100.0
    checks.append(("\(language) tokenizer ≥ \(Int(goal)) MB/s single-threaded", slowest >= goal * 1_000_000,
                   String(format: "%.0f MB/s (slowest size)", slowest / 1_000_000)))
    if largest.megabytes > smallest.megabytes {
        let input = Double(largest.result.bytes) / Double(smallest.result.bytes)
        let time = largest.result.seconds / smallest.result.seconds
        checks.append(("\(language) tokenizer linear in size (± 25%)", abs(time / input - 1) <= 0.25,
                       String(format: "input ×%.2f, time ×%.2f", input, time)))
    }
}
if let row = sourcesRow {
    let added = Double(row.bytes) / row.added / 1_000_000
    checks.append(("`sources:` end to end ≥ 100 MB/s on both cores (time added over the lint without)", added >= 100 && row.coresUsed >= 1.6,
                   String(format: "%.1f MB/s, %.2f cores", added, row.coresUsed)))
}
if let conferenceLint {
    checks.append(("conference app with sources: `routekit lint` < 30 ms", conferenceLint.seconds < 0.030,
                   ms(conferenceLint.seconds) + " ms (median of \(conferenceLint.runs))"))
}
if !worstCases.isEmpty {
    let constant = constantKilobytes * 1024
    let worst = worstCases.map { $0.rssKilobytes * 1024 }.max()!
    checks.append(("worst cases at the default limits: peak RSS < 4 GB, exit 0 or 1",
                   worst < 4_000_000_000 && worstCases.allSatisfy { $0.status <= 1 }, mb(worst) + " MB at most"))
    // Rows that grow with the total: 4 bytes per input byte. Rows bounded by a limit of their
    // own (a catalog, listed findings) are the rest of the constant: at most 100 MB above the
    // empty project's.
    let growing = worstCases.filter { $0.shape.boundedBy == nil }
    let ratio = growing.map { Double($0.rssKilobytes * 1024 - constant) / Double($0.bytes) }.max() ?? 0
    checks.append(("worst cases growing with limits.total-size: peak ≤ 4 × input + the empty project's (issue 15)", ratio <= 4,
                   String(format: "%.1f × at most", ratio)))
    let bounded = worstCases.filter { $0.shape.boundedBy != nil }.map { $0.rssKilobytes * 1024 - constant }.max() ?? 0
    checks.append(("worst cases bounded by a limit of their own: peak ≤ 100 MB + the empty project's", bounded <= 100_000_000,
                   mb(bounded) + " MB above it at most"))
}
if let l = rows.first(where: { $0.corpus == "L" }) {
    let ratio = l.lint.seconds / l.raw.seconds
    checks.append(("L: lint ≤ 0.5× raw libyaml (issue 32)", ratio <= 0.5, String(format: "%.2f×", ratio)))
    let memory = Double(l.lint.rssKilobytes * 1024) / Double(l.bytes)
    checks.append(("L: peak RSS ≤ 3× input", memory <= 3.0, String(format: "%.2f×", memory)))
    if let half = rows.first(where: { $0.corpus == "L/2" }) {
        let time = l.lint.seconds / half.lint.seconds
        let rss = Double(l.lint.rssKilobytes) / Double(half.lint.rssKilobytes)
        let input = Double(l.bytes) / Double(half.bytes)
        checks.append(("L vs L/2: lint time grows linearly (×2 ± 25%)", abs(time / input - 1) <= 0.25,
                       String(format: "input ×%.2f, time ×%.2f", input, time)))
        // At most linearly: a peak measured as the process's own (not the bench's, as before
        // stop 52) has a constant part, and grows by less than the input; more than linear
        // growth is what this check is for.
        checks.append(("L vs L/2: peak RSS grows at most linearly (≤ ×2 + 25%)", rss / input - 1 <= 0.25,
                       String(format: "input ×%.2f, RSS ×%.2f", input, rss)))
    }
}
if let mixed = rows.first(where: { $0.corpus == "L-mixed" }) {
    let ratio = mixed.lint.seconds / mixed.raw.seconds
    checks.append(("L-mixed (flow plurals, block scalars: read by libyaml): lint ≤ 1.0× raw libyaml (issue 32)", ratio <= 1.0,
                   String(format: "%.2f×", ratio)))
}
if let m = rows.first(where: { $0.corpus == "mastodon" }) {
    let ratio = m.lint.seconds / m.raw.seconds
    checks.append(("Mastodon: lint ≤ 1.2× raw single-threaded parse", ratio <= 1.2, String(format: "%.2f×", ratio)))
}
if let s = rows.first(where: { $0.corpus == "S" }) {
    checks.append(("S: `routekit lint` process < 30 ms", s.process < 0.030, ms(s.process) + " ms (median of \(options.processRuns))"))
}
if let m = rows.first(where: { $0.corpus == "M" }), let inProcess = m.titleInProcess, let binaryRate = m.titleBinary {
    checks.append(("M: title --batch ≥ 200,000 lookups/s (in-process)", inProcess >= 200_000, perSecond(inProcess) + "/s"))
    checks.append(("M: title --batch ≥ 200,000 lookups/s (binary, piped file)", binaryRate >= 200_000, perSecond(binaryRate) + "/s"))
}
if !checks.isEmpty {
    out += "\n| target | met | measured |\n|---|---|---|\n"
    for (target, met, measured) in checks { out += "| \(target) | \(met ? "yes" : "**no**") | \(measured) |\n" }
}
var machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores"
if let cpu = readLines("/proc/cpuinfo").first(where: { $0.hasPrefix("model name") }) {
    machine += ", " + (cpu.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
}
out += "\nMedian of \(options.runs) runs (process lint of S: \(options.processRuns)); each in a fresh process. \(machine).\n"
if let spin = TwoCoreCheck.summary {
    // Whether the ratios above were measured with both cores free: a lint uses both, its
    // reference one.
    out += String(format: "Two threads against one, after each interleaved round (%d rounds; about 1.0 at idle): arithmetic %.2f× "
                    + "(largest %.2f×), writing fresh pages %.2f× (largest %.2f×).\n",
                  TwoCoreCheck.arithmetic.count, spin.arithmetic.median, spin.arithmetic.max, spin.freshPages.median, spin.freshPages.max)
}
print(out, terminator: "")
if let markdown = options.markdown {
    try? out.write(toFile: markdown, atomically: true, encoding: .utf8)
}
