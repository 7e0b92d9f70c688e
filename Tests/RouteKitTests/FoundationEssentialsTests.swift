import Foundation
import Testing

/// What ships (the RouteKit library and the `routekit` CLI) imports FoundationEssentials, never
/// Foundation: Foundation brings 34 MB of ICU data into the static binary (61.5 MB stripped then,
/// 18 MB without). Tests, the bench and the fuzzer may use Foundation.
@Suite struct FoundationEssentialsTests {
    @Test func shippedSourcesDoNotImportFoundation() throws {
        var offenders: [String] = []
        for target in ["Sources/RouteKit", "Sources/routekit"] {
            let directory = CLI.packageRoot.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            #expect(files.count > 10, "\(target) has Swift files")
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import Foundation") && !line.hasPrefix("import FoundationEssentials") {
                    offenders.append("\(target)/\(file): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
