import Foundation
@_spi(Benchmarking) import RouteKit

/// The app's own code (`sources:`, issue 18): tokenizer throughput on generated Kotlin and Swift
/// trees of growing size, and `routekit lint` of the conference app with its sources, end to end.
/// The trees are copies of the conference app's own Kotlin and Swift files (the vendored test
/// fixture), so the token mix is a real app's.
enum AppCodeBench {
    static let fixture = packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf").path
    static let kotlinRoots = ["app/shared/src/commonMain/kotlin", "app/shared/src/iosMain/kotlin"]
    static let swiftRoot = "app/iosApp"

    struct Row {
        var language: String
        var megabytes: Int
        var result: ChildResult
    }

    /// Files under `root` (relative to the fixture) ending in `suffix`, with their bytes.
    static func files(under root: String, suffix: String) -> [(path: String, bytes: Data)] {
        let base = fixture + "/" + root
        let paths = (FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(suffix) }.sorted()
        return paths.compactMap { path in
            (try? Data(contentsOf: URL(fileURLWithPath: base + "/" + path))).map { (root + "/" + path, $0) }
        }
    }

    /// Copies `sources` into `directory/copyN/…` until at least `megabytes` MB are written, and
    /// lists the copies in `directory/files.txt` (the format the measuring child reads).
    static func generate(_ sources: [(path: String, bytes: Data)], megabytes: Int, into directory: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        var list: [String] = []
        var written = 0
        var copy = 0
        while written < megabytes * 1_000_000 && !sources.isEmpty {
            for source in sources {
                let path = "\(directory)/copy\(copy)/\(source.path)"
                try manager.createDirectory(atPath: PathUtilities.directory(of: path), withIntermediateDirectories: true)
                try source.bytes.write(to: URL(fileURLWithPath: path))
                list.append(path)
                written += source.bytes.count
            }
            copy += 1
        }
        try (list.joined(separator: "\n") + "\n").write(toFile: directory + "/files.txt", atomically: true, encoding: .utf8)
    }

    static func measureTokenizers(sizes: [Int], work: String, runs: Int) throws -> [Row] {
        let kotlin = kotlinRoots.flatMap { files(under: $0, suffix: ".kt") }
        let swift = files(under: swiftRoot, suffix: ".swift")
        var rows: [Row] = []
        for size in sizes {
            for (language, sources) in [("kotlin", kotlin), ("swift", swift)] {
                let directory = "\(work)/app-code/\(language)-\(size)MB"
                log("generating \(size) MB of \(language) in \(directory)…")
                try generate(sources, megabytes: size, into: directory)
                rows.append(Row(language: language, megabytes: size, result: measure(language, directory, runs: runs)))
            }
        }
        return rows
    }

    /// The conference app as it ships, from the vendored fixture and its own `.routekit.yml`: the
    /// catalog, the strings read in place (both Compose trees and the String Catalog) and
    /// `sources:` over its Kotlin and Swift.
    static func conferenceApp(into directory: String) throws -> String {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["app", "routes.yml", ".routekit.yml"] {
            try manager.copyItem(atPath: fixture + "/" + name, toPath: directory + "/" + name)
        }
        return directory
    }
    /// `sources:` end to end: the conference app with `megabytes` MB of copies of its Kotlin and
    /// Swift added to `sources:`, linted as a process with and without `sources:`; what the
    /// sources add, against `cat` of the same files (reading them, the floor).
    struct SourcesRow {
        var kotlinBytes: Int
        var swiftBytes: Int
        var files: Int
        var with: Double
        var without: Double
        /// CPU seconds over wall seconds of the time the sources add: 2 when both cores work.
        var coresUsed: Double
        var cat: Double
        var bytes: Int { kotlinBytes + swiftBytes }
        var added: Double { max(with - without, 1e-6) }
    }

    static func sourcesEndToEnd(megabytes: Int, work: String, runs: Int, binary: String) throws -> SourcesRow {
        let directory = try conferenceApp(into: "\(work)/app-code/sources-\(megabytes)MB")
        let kotlin = kotlinRoots.flatMap { files(under: $0, suffix: ".kt") }
        let swift = files(under: swiftRoot, suffix: ".swift")
        // Three parts Kotlin to one of Swift, as in the conference app.
        try generate(kotlin, megabytes: max(1, megabytes * 3 / 4), into: directory + "/copies/kotlin")
        try generate(swift, megabytes: max(1, megabytes / 4), into: directory + "/copies/swift")
        let kotlinFiles = readLines(directory + "/copies/kotlin/files.txt")
        let swiftFiles = readLines(directory + "/copies/swift/files.txt")
        let size = { (paths: [String]) in paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) } }
        let config = try String(contentsOfFile: directory + "/.routekit.yml", encoding: .utf8)
        let withoutSources = String(config[..<config.range(of: "sources:")!.lowerBound])
        let withSources = withoutSources + """
            sources:
              kotlin: [app/shared/src/commonMain/kotlin/**/*.kt, app/shared/src/iosMain/kotlin/**/*.kt, copies/kotlin/**/*.kt]
              swift: [app/iosApp/**/*.swift, copies/swift/**/*.swift]
            limits: { total-size: 1073741824 }

            """
        try withoutSources.write(toFile: directory + "/without.routekit.yml", atomically: true, encoding: .utf8)
        try withSources.write(toFile: directory + "/with.routekit.yml", atomically: true, encoding: .utf8)
        log("measuring sources: end to end (\(megabytes) MB of Kotlin and Swift) and cat of the same files…")
        var with: [Spawned] = [], without: [Spawned] = [], cat: [Double] = []
        for _ in 0 ..< runs {
            with.append(spawn(binary, ["lint", directory, "--config", directory + "/with.routekit.yml"], captureOutput: false))
            without.append(spawn(binary, ["lint", directory, "--config", directory + "/without.routekit.yml"], captureOutput: false))
            cat.append(spawn("/bin/cat", kotlinFiles + swiftFiles, captureOutput: true).seconds)
        }
        let withWall = median(with.map(\.seconds)), withoutWall = median(without.map(\.seconds))
        let withCPU = median(with.map(\.cpuSeconds)), withoutCPU = median(without.map(\.cpuSeconds))
        return SourcesRow(kotlinBytes: size(kotlinFiles), swiftBytes: size(swiftFiles), files: kotlinFiles.count + swiftFiles.count,
                          with: withWall, without: withoutWall,
                          coresUsed: max(withCPU - withoutCPU, 0) / max(withWall - withoutWall, 1e-6), cat: median(cat))
    }
}

extension Child {
    static func kotlin(_ directory: String) -> Int32 { timeOverFiles(directory, BenchmarkEntry.tokenizeKotlin) }
    static func swift(_ directory: String) -> Int32 { timeOverFiles(directory, BenchmarkEntry.tokenizeSwift) }
}
