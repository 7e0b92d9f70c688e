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

    /// A mapping of thousands of keys, whose table places its keys again from their stored bytes
    /// as it grows, reads the same both ways (the scanner's path); and with keys given again
    /// thousands of keys later, in the big mapping and in a plural's forms (which hands the file
    /// to libyaml).
    @Test func keysAcrossTheStoredBlocksReadTheSameBothWays() {
        for (style, again) in [("plain", false), ("quoted", false), ("plain", true), ("quoted", true)] {
            var lines = ["en:"]
            for index in 0 ..< 6_000 {
                let key = style == "plain" ? "key_\(index)" : "'key_\(index)'"
                lines.append("  \(key): text number \(index) with some words to fill the block")
                // The same key again, thousands of keys (and a block move or more) later.
                if again, index % 97 == 0, index >= 3_000 { lines.append("  key_\(index - 2_900): again") }
                if index % 1_000 == 0 { lines.append("  plural_\(index):\n    one: one\n    other: other" + (again ? "\n    one: again" : "")) }
            }
            lines.append("de:\n  key_1: eins" + (again ? "\n  key_1: wieder" : ""))
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            #expect(bytes.count > 3 << 16)
            if let difference = Self.difference(bytes) { Issue.record("\(style), again: \(again):\n\(difference)") }
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

    /// What the tree path drops — a key given again with its value, a list's contents, a key that
    /// is not a scalar and the value after it — is read by the stream for its findings only: the
    /// same findings (a key given again inside what is dropped, a merge key, an alias, a tag) at
    /// the same places, and no records.
    @Test func droppedNodesReadTheSameBothWays() {
        let texts = [
            "en:\n  a: x\n  a: y\n  a: z\n",
            "en:\n  a: x\n  a:\n    b: 1\n    b: 2\n    c: !t 3\n  a: [1, {d: 1, d: 2}]\n",
            "en:\n  a: x\nen:\n  b: y\nde:\n  a: z\nde: w\n",
            "en:\n  ? [k]\n  : v\n  ? {k: 1, k: 2}\n  : {x: 1}\n  b: c\n",
            "en:\n  ? [k]\n  b: c\n",
            "- {a: 1, a: 2, <<: *x}\n- [{b: 1}, {b: 1, b: 2}]\n",
            "en:\n  base: &b {t: x}\n  copy:\n    <<: *b\n    <<: *b\n  *b : v\n  \"<<\": q\n  ? *b\n  : w\n",
            "en:\n  list:\n    - a: 1\n      a: 2\n    - !x [z]\n  list: again\n  \"q\": 1\n  'q': 2\n  q: 3\n",
            "en:\n  \"é\": 1\n  \"\\u00e9\": 2\n  ü: 3\n  ü: 4\n",
            "en: {a: 1, a: {b: 2}, c: [1, 2], c: 3}\n",
            // Keys are equal when their characters are: a precomposed é and e + U+0301 are two keys
            // (a Swift String would call them equal), the escaped and the literal e + U+0301 one.
            "en:\n  \"\u{E9}\": 1\n  \"e\\u0301\": 2\n  e\u{301}: 3\n",
        ]
        for text in texts {
            if let difference = Self.difference(Array(text.utf8)) { Issue.record("\(text):\n\(difference)") }
        }
        // The cases above are read by the stream with the findings the tree path makes.
        let streamed = StringsReader.read(bytes: Array(texts[1].utf8), path: "t.yml", limits: .default)
        #expect(streamed.file.allDiagnostics.map(\.rule).sorted() == ["duplicate-key", "duplicate-key", "duplicate-key", "duplicate-key", "yaml-syntax"])
        let accents = StringsReader.read(bytes: Array(texts[texts.count - 1].utf8), path: "t.yml", limits: .default)
        #expect(accents.file.allDiagnostics.map(\.rule) == ["duplicate-key"])
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
