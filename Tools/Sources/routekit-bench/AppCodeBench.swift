import Foundation
@_spi(Benchmarking) import RouteKit

/// The app's own code (`sources:`, issue 18): tokenizer throughput on generated Kotlin and Swift
/// trees of growing size, and `routekit lint` of the conference app with its sources, end to end.
/// The trees are copies of the conference app's own Kotlin and Swift files (the vendored test
/// fixture), so the token mix is a real app's.
enum AppCodeBench {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf").path
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
}

extension Child {
    static func kotlin(_ directory: String) -> Int32 { timeOverFiles(directory, BenchmarkEntry.tokenizeKotlin) }
    static func swift(_ directory: String) -> Int32 { timeOverFiles(directory, BenchmarkEntry.tokenizeSwift) }
}
