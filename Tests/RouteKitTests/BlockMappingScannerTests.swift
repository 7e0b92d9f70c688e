import Foundation
@testable import RouteKit
import Testing

/// The block-mapping scanner against libyaml, the oracle: whenever the scanner accepts an input,
/// libyaml must accept it too and produce the same events (values, styles, marks).
@Suite struct BlockMappingScannerTests {
    /// The property every test checks; returns whether the scanner accepted.
    @discardableResult
    static func agreesWithLibYAML(_ text: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = EventTrace.scanned(text) else { return false }
        let oracle = EventTrace.libyaml(text)
        #expect(oracle != nil, "scanner accepted what libyaml rejects: \(String(decoding: text, as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        #expect(fast == oracle, "events differ for \(String(decoding: text, as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        return true
    }

    static let accepted: [String] = [
        "en:\n  a: b\n",
        "---\nen:\n  title: Hello\n",
        "--- # strings\nen:\n  a: b",
        "en:\n  a:\n    b: c\n    d: 'e'\n  f: \"g\"\n",
        "en:\n  empty:\n  also_empty: # nothing\n  n: ~\n  x: null\n",
        "en:\n  a: b # comment\n  c: C# and F#\n  url: http://x.y/z?a=1\n",
        "en:\n  q: 'it''s'\n  d: \"say \\\"hi\\\" \\\\ \\/ \\n \\t \\u00e9 \\u4e16\"\n",
        "en:\n  \"quoted key\": v\n  'single key': w\n",
        "# header\n\nen:\n\n  # inside\n  a: b\n      # deeper comment\n  c: d\n",
        "ja:\n  title: 予定表\n  \"キー\": 値 # コメント\n  ar: مرحبا بكم\n  emoji: \"🎉 %{count}\"\n",
        "en:\n  one: '%{count} post'\n  other: \"%{count} posts\"\n  p: 100% sure\n  d: 'a: b'\n",
        "en:\n  a:\n    b:\n      c:\n        d: deep\n  e: shallow\n",
        "en:\n  a:\n",
        "en:\n",
        "  en:\n    a: b\n",
        "en:\n  trailing: spaces   \n  after_quote: 'x'   \n",
        "en:\n  key.with.dots: v\n  key/slash-dash_1: v\n  1: number\n  true: yes\n",
        "en:\n  a: b:c\n  admin:read: all\n  write:follows:\n",
        // Block scalars and one-line flow mappings (issue 32: Rails files in mixed style).
        "en:\n  a: {b: c}\n",
        "en:\n  a: |\n    block\n",
        "en:\n  a: >\n    folded\n",
        "en:\n  n: {one: '%{count} x', other: \"%{count} xs\"}\n  m: {}\n  k: { a: b c , 'd': é }  # c\n",
        "en:\n  a: |-\n    line one\n      indented\n\n    after empty\n\n  b: c\n",
        "en:\n  f: >-\n    folded one\n    folded two  \n  g: >\n    x\n\n\n  h: |\n    last\n",
        "en:\n  a: | # comment\n    text: with # and 'quotes' {x}\n  b: c\n",
        "en:\n  g:\n    a: |\n      deep\n    b: c\n  d: >-\n      one\n      two\ne: f\n",
        "en:\n  p:\n    x: {one: \"%{count} item\", other: \"%{count} items\", few: 設定}\n",
        "en:\n  a: |\n    no final break",
        "en:\n  a: >-\n    no final break",
        // Plain texts stepped over eight bytes at a time: a comment after a space the step
        // took, trailing spaces across steps, `:` and `#` inside, non-ASCII after a run.
        "en:\n  a: abcdefg #c\n  b: abcdefghijklmno #c\n  c: abcdefgh      \n  d: abcdefghijklmnop:q\n",
        "en:\n  e: C# and F# and C++ and more\n  f: 1234567 é 12345678 世界 abcdefgh\n  g: ends with eight bytes",
        "en:\n  h: a b c d e f g h i j k l m n o p   # spaced\n  i: x:y:z abcdefgh:ijklmnop abc\n",
        "ja:\n  \"キー\": 値と値と値と値 abcdefgh\n  k: 設定 abcdefghijkl # コメント\n",
    ]

    static let rejected: [String] = [
        "",
        "# only a comment\n",
        "plain text\n",
        "en:\n  a: [1, 2]\n",
        "en:\n  a: |+\n    keep\n",
        "en:\n  a: |2\n    x\n",
        "en:\n  a: >\n    x\n      more\n",
        "en:\n  a: >\n    x\n\n    y\n",
        "en:\n  a: |\n\n    leading empty\n",
        "en:\n  a: |\n  b: c\n",
        "en:\n  a: |\n    x\n   \n  b: c\n",
        "en:\n  a: {b: {c: d}}\n",
        "en:\n  a: {b: c,}\n",
        "en:\n  a: {b: c\n",
        "en:\n  a: {b: [c]}\n",
        "en:\n  a: {b: c:d}\n",
        "en:\n  a: {b: -1}\n",
        "en:\n  a: {b}\n",
        "en:\n  a: multi\n    line\n",
        "en:\n  a: &anchor v\n  b: *anchor\n",
        "en:\n  a: !tag v\n",
        "en:\n  - item\n",
        "en:\n\ta: tab\n",
        "en:\r\n  a: b\r\n",
        "en:\n  a: b: c\n",
        "en:\n  a: b:\n",
        "en:\n   a: b\n  c: d\n",
        "en:\n  a: b\n ...\n",
        "---\nen: x\n---\nde: y\n",
        "en:\n  a: 'unterminated\n",
        "en:\n  a: \"bad \\x escape\"\n",
        "en:\n  a: \"x\" y\n",
        "en:\n  key with space: v\n",
        "en:\n  a: %oops\n",
        "en:\n  a: @oops\n",
        "en:\n  a: x\u{2028}y\n",
        "en:\n  a: x\u{85}y\n",
        "en:\n  a: x\u{FEFF}y\n",
        "en:\n  ? complex\n  : key\n",
        "en:\n  <<: merge\n",
        "en:\n  a:b\n",
        "en:\n  e: -\n",
        "en:\n  a:: b\n",
    ]

    /// The eight-byte step over a quoted scalar holds to the byte-by-byte rule, on every byte
    /// next to a boundary (0x1F/0x20, 0x7E/0x7F/0x80, the quotes, a backslash) and random words.
    @Test func quotedRunsStepOverExactlyThePlainBytes() {
        func byByte(_ word: UInt64, _ quote: UInt8) -> Bool {
            (0 ..< 8).allSatisfy { index in
                let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
                return (0x20 ... 0x7E).contains(byte) && byte != quote && byte != UInt8(ascii: "\\")
            }
        }
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x27, 0x5C, 0x7E, 0x7F, 0x80, 0xC3, 0xFF, 0x61]
        var generator = SystemRandomNumberGenerator()
        var words: [UInt64] = []
        for edge in edges {
            for position in 0 ..< 8 {
                // Plain letters around one edge byte, and the same after a plain run of `~`.
                let letters: UInt64 = 0x6161_6161_6161_6161, tildes: UInt64 = 0x7E7E_7E7E_7E7E_7E7E
                for base in [letters, tildes] {
                    words.append(base & ~(0xFF << (8 * UInt64(position))) | UInt64(edge) << (8 * UInt64(position)))
                }
            }
        }
        for _ in 0 ..< 20_000 {
            var word: UInt64 = 0
            for index in 0 ..< 8 {
                let byte = Bool.random(using: &generator) ? edges.randomElement(using: &generator)! : UInt8.random(in: 0x20 ... 0x7E, using: &generator)
                word |= UInt64(byte) << (8 * UInt64(index))
            }
            words.append(word)
        }
        for word in words {
            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                #expect(QuotedRun.isPlain(word, quote) == byByte(word, quote), "word \(String(word, radix: 16)), quote \(quote)")
            }
        }
    }

    /// The eight-byte steps over a plain text and a line hold to the byte rules: the plain bytes
    /// (printable ASCII, not `:` or `#`), the length up to the last byte that is not a space, and
    /// the bytes that continue a UTF-8 sequence; on every edge byte at every place and random words.
    @Test func plainRunsStepOverExactlyThePlainBytes() {
        func bytes(_ word: UInt64) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x23, 0x3A, 0x7E, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xFF, 0x61]
        var generator = SeededGenerator(seed: 0x9A1)
        var words: [UInt64] = []
        for edge in edges {
            for position in 0 ..< 8 {
                for base: UInt64 in [0x6161_6161_6161_6161, 0x2020_2020_2020_2020, 0x7E7E_7E7E_7E7E_7E7E] {
                    words.append(base & ~(0xFF << (8 * UInt64(position))) | UInt64(edge) << (8 * UInt64(position)))
                }
            }
        }
        for _ in 0 ..< 20_000 {
            var word: UInt64 = 0
            for index in 0 ..< 8 {
                let byte = generator.next() % 2 == 0 ? edges[Int(generator.next() % UInt64(edges.count))] : UInt8(0x20 + generator.next() % 0x5F)
                word |= UInt64(byte) << (8 * UInt64(index))
            }
            words.append(word)
        }
        for word in words {
            let b = bytes(word)
            let plain = b.allSatisfy { (0x20 ... 0x7E).contains($0) && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "#") }
            #expect(PlainRun.isPlain(word) == plain, "word \(String(word, radix: 16))")
            #expect(PlainRun.lengthToLastNonSpace(word) == (b.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? 0), "word \(String(word, radix: 16))")
            #expect(PlainRun.continuationCount(word) == b.count { $0 & 0xC0 == 0x80 }, "word \(String(word, radix: 16))")
        }
    }

    /// A quoted text left open whose plain bytes end the input in whole eight-byte steps: the
    /// byte after the input (a quote here) is not read (found by the `strings` fuzzer under ASan;
    /// the step read it, and took it for the closing quote).
    @Test func aQuotedTextOpenToTheEndIsNotClosedByTheByteAfterIt() {
        for plain in 1 ... 24 {
            let open = Array("en:\n  a: \"".utf8) + Array(repeating: UInt8(ascii: "x"), count: plain)
            let closedInMemory = open + [UInt8(ascii: "\""), 0x0A]
            closedInMemory.withUnsafeBufferPointer { all in
                #expect(EventTrace.scanned(UnsafeBufferPointer(rebasing: all[..<open.count])) == nil, "\(plain) plain bytes")
            }
        }
    }

    @Test func acceptsTheSubsetWithLibYAMLsEvents() {
        for text in Self.accepted {
            #expect(Self.agreesWithLibYAML(Array(text.utf8)), "not accepted: \(text.debugDescription)")
        }
    }

    @Test func leavesEverythingElseToLibYAML() {
        for text in Self.rejected {
            #expect(EventTrace.scanned(Array(text.utf8)) == nil, "accepted: \(text.debugDescription)")
        }
        // Bytes that are not UTF-8, and control characters.
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0x00], [0x07], [0x7F], [0xC2, 0x80]] {
            #expect(EventTrace.scanned(Array("en:\n  a: x".utf8) + bad + [0x0A]) == nil, "accepted \(bad)")
        }
    }

    /// Random edits of valid files (a fixed seed, so every run checks the same inputs): each one
    /// the scanner accepts must be accepted by libyaml with the same events.
    @Test func randomEditsAgreeWithLibYAML() {
        let alphabet: [[UInt8]] = [" ", "\n", ":", "#", "'", "\"", "-", "\\", "a", "\t", "{", "[", "&", "!", "|", ">", "?", "%",
                                   ".", "~", "é", "世", "\u{2028}", "\\u00", "---", "...", ": ", " #", "  "].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0x00], [0x0D]]
        var generator = SeededGenerator(seed: 0x5EED)
        var accepted = 0, total = 0
        for seed in Self.accepted.map({ Array($0.utf8) }) where !seed.isEmpty {
            for _ in 0 ..< 400 {
                var text = seed
                for _ in 0 ..< Int(generator.next() % 3) + 1 {
                    let position = Int(generator.next() % UInt64(text.count + 1))
                    switch generator.next() % 3 {
                    case 0: text.insert(contentsOf: alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                    case 1: if position < text.count { text.remove(at: position) }
                    default:
                        if position < text.count {
                            text.replaceSubrange(position ... position, with: alphabet[Int(generator.next() % UInt64(alphabet.count))])
                        }
                    }
                }
                total += 1
                if Self.agreesWithLibYAML(text) { accepted += 1 }
            }
        }
        // Not vacuous: a good share of the edits stay in the subset.
        #expect(accepted * 5 > total, "only \(accepted) of \(total) edits were scanned")
    }

    /// Generated Rails-style locale files (`GeneratedLocaleCorpus`), so the differential test runs
    /// on every clone: each file libyaml reads; the scanner takes every file in its subset with
    /// libyaml's events and declines every file with a construct outside it.
    @Test func generatedLocaleCorpusAgreesWithLibYAML() throws {
        let files = GeneratedLocaleCorpus.files()
        #expect(files.count == 120)
        var lines = 0
        for file in files {
            lines += file.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let text = String(decoding: file.bytes, as: UTF8.self)
            #expect(EventTrace.libyaml(file.bytes) != nil, "libyaml rejects \(file.name):\n\(text)")
            if file.inSubset {
                #expect(Self.agreesWithLibYAML(file.bytes), "not scanned: \(file.name):\n\(text)")
            } else {
                #expect(EventTrace.scanned(file.bytes) == nil, "scanned a file outside the subset: \(file.name):\n\(text)")
            }
        }
        // Not vacuous: files of a real locale file's size.
        #expect(lines > 120 * 40, "only \(lines) lines")
    }

    static let mastodon = CLI.packageRoot.appendingPathComponent("../shared/corpora/mastodon/locales").standardized

    /// The real corpus: nearly every file is in the subset, and each agrees with libyaml. Mastodon's
    /// licence does not allow vendoring it, so it runs only where `../shared` lies beside the checkout.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: mastodon.path), "skipped: the Mastodon corpus (../shared/corpora/mastodon) is absent"))
    func mastodonLocalesAgreeWithLibYAML() throws {
        let directory = Self.mastodon
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(names.count > 500)
        var accepted = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            if Self.agreesWithLibYAML(bytes) { accepted += 1 }
        }
        #expect(accepted * 100 >= names.count * 95, "only \(accepted) of \(names.count) files were scanned")
    }
}
