import Foundation
@testable import RouteKit
import Testing

/// The streaming strings reader (`StringsReader`: libyaml events or the block-mapping scanner,
/// straight into records) against the plain path (`YAMLReader`'s tree, then
/// `StringsFileData(tree:)`): the same findings with the same positions, and the same records —
/// every locale, key, text, flag and position — on every input the tests have.
@Suite struct StringsReaderDifferentialTests {
    static func difference(_ bytes: [UInt8], limits: InputLimits = .default) -> String? {
        StringsRecordDump.difference(bytes, limits: limits)
    }

    static func yamlFiles(under directory: URL) -> [(name: String, bytes: [UInt8])] {
        let names = (FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
        return names.compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { (name, [UInt8]($0)) }
        }
    }

    @Test func everyFixtureReadsTheSameBothWays() {
        let fixtures = Self.yamlFiles(under: CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures"))
            + Self.yamlFiles(under: CLI.packageRoot.appendingPathComponent("Resources"))
        #expect(fixtures.count > 400)
        for (name, bytes) in fixtures {
            if let difference = Self.difference(bytes) { Issue.record("\(name):\n\(difference)") }
        }
    }

    @Test func theGeneratedLocaleCorpusReadsTheSameBothWays() {
        for file in GeneratedLocaleCorpus.files() {
            if let difference = Self.difference(file.bytes) { Issue.record("\(file.name):\n\(difference)") }
        }
    }

    @Test func limitsAreReportedTheSameBothWays() {
        var limits = InputLimits()
        limits.scalarLength = 8
        limits.depth = 3
        limits.nodeCount = 12
        for text in ["en:\n  a: 123456789\n", "en:\n  a:\n    b:\n      c: d\n", "en:\n" + (0..<20).map { "  k\($0): v\n" }.joined()] {
            if let difference = Self.difference(Array(text.utf8), limits: limits) { Issue.record("\(text):\n\(difference)") }
        }
    }

    /// Small edits of a typical file: both paths agree wherever the edit lands.
    @Test func editedFilesReadTheSameBothWays() {
        let base = Array("""
            en:
              nav:
                title: "Schedule"   # routekit:disable-line
                talks:
                  one: "%{count} talk"
                  other: '%{count} talks'
              empty:
              list: [a, b]
              multi: |
                two
                lines
            de:
              nav: { title: Plan }

            """.utf8)
        let alphabet = Array(" :-#'\"\n\t{}[],|>&*!%@`?a\u{00}".utf8)
        var generator = SeededGenerator(seed: 0x5EED)
        var compared = 0
        for position in base.indices {
            for _ in 0..<8 {
                var bytes = base
                bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                compared += 1
                if let difference = Self.difference(bytes) {
                    Issue.record("edit at \(position):\n\(String(decoding: bytes, as: UTF8.self))\n\(difference)")
                    return
                }
            }
        }
        #expect(compared > 1500)
    }
}
