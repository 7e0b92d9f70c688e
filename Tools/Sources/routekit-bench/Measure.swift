import Foundation
@_spi(Benchmarking) import RouteKit

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

extension rusage {
    /// User and system CPU time, in seconds.
    var cpuSeconds: Double {
        Double(ru_utime.tv_sec + ru_stime.tv_sec) + Double(ru_utime.tv_usec + ru_stime.tv_usec) / 1e6
    }
}

/// User and system CPU time of the whole process so far (all threads).
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.cpuSeconds
}

func peakRSSKilobytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
}

func readLines(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
}

func readBytes(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
}

/// The hidden subcommand run in a fresh child per measurement, so each peak RSS is its own.
/// Prints `seconds bytes rss_kb count`.
enum Child {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return 2 }
        let kind = arguments[0], directory = arguments[1]
        // What the CLI asks of the allocator first (`Sources/routekit/main.swift`), so routekit's
        // own work measured in-process runs, and peaks, as `routekit lint` does: without it glibc
        // keeps freed big blocks in the heap, and L peaked at 155 MB here against the binary's 106.
        // The references (libyaml, Foundation) run as any program would.
        if !["raw", "foundation-json"].contains(kind) { SystemAllocator.returnLargeBlocksPromptly() }
        switch kind {
        case "raw": return raw(directory)
        case "scan": return scan(directory)
        case "lint": return lint(directory)
        case "title": return title(directory)
        case "phases": return phases(directory)
        case "kotlin": return kotlin(directory)
        case "swift": return swift(directory)
        case "json": return json(directory)
        case "foundation-json": return foundationJSON(directory)
        default: return 2
        }
    }

    /// Times `work` over every file's bytes (already in memory), one thread; prints
    /// `seconds bytes rss_kb total` where total sums what `work` returned.
    static func timeOverFiles(_ directory: String, _ work: (UnsafeBufferPointer<UInt8>) -> Int) -> Int32 {
        let contents = readLines(directory + "/files.txt").map(readBytes)
        let bytes = contents.reduce(0) { $0 + $1.count }
        let start = now()
        var total = 0
        for content in contents { total += content.withUnsafeBufferPointer(work) }
        let seconds = now() - start
        print(seconds, bytes, peakRSSKilobytes(), total)
        return 0
    }

    /// The floor: every event of every file through `yaml_parser_parse`. Total: events.
    static func raw(_ directory: String) -> Int32 {
        timeOverFiles(directory) { BenchmarkEntry.libyamlEvents($0) }
    }

    /// What lint uses instead where it can: the block-mapping scanner. Total: the files it reads
    /// (those it leaves to libyaml are not timed again).
    static func scan(_ directory: String) -> Int32 {
        timeOverFiles(directory) { BenchmarkEntry.scanEvents($0) == nil ? 0 : 1 }
    }

    /// Full lint in-process: config, load, lint, and the text report.
    static func lint(_ directory: String) -> Int32 {
        let bytes = readLines(directory + "/files.txt").reduce(0) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
        }
        let start = now()
        do {
            let config = try ProjectConfig.load(path: directory + "/.routekit.yml")
            let project = try Project.load(config: config)
            let result = Linter.lint(project)
            let written = writeTextReport(result, config: config, directory: directory)
            let seconds = now() - start
            print(seconds, bytes, peakRSSKilobytes(), result.diagnostics.count, written)
        } catch {
            FileHandle.standardError.write("lint failed: \(error)\n".data(using: .utf8)!)
            return 1
        }
        return 0
    }

    /// The text report as `routekit lint` writes it — a part at a time as rendered — to /dev/null.
    /// Returns the bytes written.
    static func writeTextReport(_ result: LintResult, config: ProjectConfig, directory: String) -> Int {
        let sink = open("/dev/null", O_WRONLY)
        defer { close(sink) }
        var written = 0
        TextReporter(workingDirectory: directory).render(result.report(config: config), into: ReportOutput { bytes in
            written += write(sink, bytes.baseAddress, bytes.count)
        })
        return written
    }

    /// Where lint time goes: config, load (read + parse + merge), rules, text report.
    static func phases(_ directory: String) -> Int32 {
        do {
            var t = now(), cpu = processCPUSeconds()
            var line = ""
            // Wall and CPU time of each phase: CPU over wall says how well it used the cores.
            func lap(_ name: String) {
                let next = now(), nextCPU = processCPUSeconds()
                line += String(format: "%@ %.1f ms (cpu %.1f)  ", name, (next - t) * 1000, (nextCPU - cpu) * 1000)
                (t, cpu) = (next, nextCPU)
            }
            let config = try ProjectConfig.load(path: directory + "/.routekit.yml")
            lap("config")
            let project = try Project.load(config: config)
            lap("load")
            let result = Linter.lint(project)
            lap("lint")
            let written = writeTextReport(result, config: config, directory: directory)
            lap("render")
            print(line, written)
        } catch {
            return 1
        }
        return 0
    }

    /// `title --batch` in-process: parse each request line, resolve, write the answer line.
    static func title(_ directory: String) -> Int32 {
        do {
            let config = try ProjectConfig.load(path: directory + "/.routekit.yml")
            let resolver = TitleResolver(project: try Project.load(config: config))
            let lines = readLines(directory + "/requests.jsonl")
            var output = 0, failures = 0
            let start = now()
            for line in lines {
                switch TitleLookup.request(fromJSONLine: line) {
                case .success(let request):
                    do {
                        let entry = try resolver.push(request.route, params: request.params, locales: request.locales)
                        output &+= TitleLookup.json(entry).utf8.count
                    } catch {
                        failures += 1
                        output &+= TitleLookup.json(error: error, route: request.route).utf8.count
                    }
                case .failure(let error):
                    failures += 1
                    output &+= TitleLookup.json(error: error, route: nil).utf8.count
                }
            }
            let seconds = now() - start
            print(seconds, output, peakRSSKilobytes(), lines.count, failures)
        } catch {
            FileHandle.standardError.write("title failed: \(error)\n".data(using: .utf8)!)
            return 1
        }
        return 0
    }
}

/// Runs a program, optionally with stdin from a file and stdout to /dev/null; returns wall seconds,
/// the child's peak RSS (wait4) and its captured stdout when asked.
struct Spawned {
    var seconds: Double
    /// User and system CPU time (wait4): steadier than wall time on a loaded machine.
    var cpuSeconds: Double = 0
    var maxRSSKilobytes: Int
    var status: Int32
    var output: String
}

/// `passOutput`: the child writes to this process's standard output (neither captured nor dropped).
func spawn(_ program: String, _ arguments: [String], stdin: String? = nil, captureOutput: Bool, passOutput: Bool = false) -> Spawned {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeFDs: [Int32] = [0, 0]
    if captureOutput {
        _ = pipeFDs.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
    } else if !passOutput {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = now()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else { return Spawned(seconds: 0, maxRSSKilobytes: 0, status: -1, output: "") }
    var output: [UInt8] = []
    if captureOutput {
        close(pipeFDs[1])
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeFDs[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(pipeFDs[0])
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = now() - start
    return Spawned(seconds: seconds, cpuSeconds: usage.cpuSeconds, maxRSSKilobytes: Int(usage.ru_maxrss), status: (status >> 8) & 0xFF,
                   output: String(decoding: output, as: UTF8.self))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The root package's checkout: this file is `Tools/Sources/routekit-bench/Measure.swift`.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
