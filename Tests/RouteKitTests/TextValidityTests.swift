@testable import RouteKit
import Testing

/// `TextValidity.firstProblem` skips sixty-four (`ByteBlock`), sixteen and eight ASCII bytes at a
/// time; held here to a byte-at-a-time reading of the same rules (the oracle), on buffers with a
/// bad byte at every offset of a word and of three blocks, and at random.
@Suite struct TextValidityTests {
    /// One byte (or UTF-8 sequence) at a time, as the rules read.
    static func oracle(_ bytes: UnsafeBufferPointer<UInt8>, allowControls: Bool) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && !allowControls { return index }
                index += 1
                continue
            }
            guard let length = TextValidity.sequenceLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    static func check(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        bytes.withUnsafeBufferPointer { buffer in
            for allowControls in [false, true] {
                let expected = oracle(buffer, allowControls: allowControls)
                #expect(TextValidity.firstProblem(in: buffer, allowControls: allowControls)?.offset == expected, "\(bytes)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aBadByteAtEveryOffsetIsFound() {
        let text = Array("<string name=\"a\">Schedule for day 1 é 設定</string>\n".utf8)
        for bad: UInt8 in [0x00, 0x01, 0x08, 0x0B, 0x1F, 0x7F, 0x80, 0xC0, 0xFF, 0x09, 0x0A, 0x0D, 0x20] {
            for offset in 0 ... 40 {
                var bytes = text
                bytes.insert(bad, at: offset)
                Self.check(bytes)
            }
        }
    }

    /// Every byte value at every offset of three blocks of text (with line breaks, which a block
    /// lets through), and after a first block that stops: the block step stops exactly at the
    /// block that holds it, and the first problem is the oracle's.
    @Test func everyByteInEveryLaneOfABlock() {
        let line = Array("    <string name=\"t0_key_12\">Schedule for day 12</string>\n".utf8)
        let text = Array((line + line + line + line).prefix(3 * ByteBlock.size + 5))
        for value in 0 ... 255 {
            for offset in 0 ..< text.count {
                var bytes = text
                bytes[offset] = UInt8(value)
                bytes.withUnsafeBufferPointer { buffer in
                    for allowControls in [false, true] {
                        let flagged = value >= 0x80 || (!allowControls && value < 0x20 && value != 0x0A)
                        let stop = ByteBlock.endOfTextASCII(buffer, from: 0, before: buffer.count, allowControls: allowControls)
                        let blocks = buffer.count / ByteBlock.size * ByteBlock.size
                        let expectedStop = flagged && offset < blocks ? offset / ByteBlock.size * ByteBlock.size : blocks
                        #expect(stop == expectedStop, "byte \(value) at \(offset), allowControls \(allowControls)")
                        #expect(TextValidity.firstProblem(in: buffer, allowControls: allowControls)?.offset
                                    == Self.oracle(buffer, allowControls: allowControls), "byte \(value) at \(offset)")
                    }
                }
            }
        }
        // From an offset inside a block, and up to a limit inside one: whole blocks only.
        text.withUnsafeBufferPointer { buffer in
            #expect(ByteBlock.endOfTextASCII(buffer, from: 3, before: buffer.count, allowControls: false) == 3 + 3 * ByteBlock.size)
            #expect(ByteBlock.endOfTextASCII(buffer, from: 0, before: ByteBlock.size + 1, allowControls: false) == ByteBlock.size)
            #expect(ByteBlock.endOfTextASCII(buffer, from: 0, before: 10 * ByteBlock.size, allowControls: false) == 3 * ByteBlock.size)
        }
    }

    @Test func randomBuffersAgreeWithTheOracle() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("abc ".utf8), Array("é".utf8), Array("設".utf8), Array("😀".utf8), [0x0A], [0x09], [0x0D, 0x0A],
                                 [0x00], [0x1B], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC1, 0xBF]]
        for _ in 0 ..< 2_000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... (generator.next() % 4 == 0 ? 120 : 40), using: &generator) {
                // Mostly well-formed text: a bad piece one time in ten.
                let piece = Int.random(in: 0 ..< 10, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : pieces[Int.random(in: 0 ... 6, using: &generator)]
                bytes += piece
            }
            Self.check(bytes)
        }
    }
}

/// A JSON file's text check: the parse checks the UTF-8 of every string as it scans it, and the
/// whole file is checked only where the parse stops. The first problem in the bytes is what is
/// reported, wherever the parse would have stopped, as when the file was checked first (the
/// oracle): for a bad byte at every offset, inside strings and out, on the one-core path and on
/// the path of a large String Catalog (the sink on another core).
@Suite struct JSONTextValidityTests {
    static let catalog = Array("""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Grüße %@" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "設定 😀 \\"é\\"" } } } },
        "b" : { "comment" : "ñ", "localizations" : { "ja" : { "stringUnit" : { "value" : "x" } } } }
      },
      "version" : "1.0"
    }

    """.utf8)

    /// The outcome the oracle expects: the first problem in the bytes, else the parse's own.
    static func expected(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let problem = TextValidity.firstProblem(in: bytes) else { return nil }
        let (line, column) = TextPosition.locate(offset: problem.offset, in: bytes)
        return "\(line):\(column) \(problem.message) is not allowed here: JSON text is UTF-8"
    }

    static func parsed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        do throws(NativeSyntaxError) {
            _ = try JSONDocument.parse(bytes, outline: .stringCatalog)
            return nil
        } catch {
            return "\(error.line):\(error.column) \(error.message)"
        }
    }

    @Test func theFirstProblemInTheBytesIsReportedWhereverTheParseStops() {
        for bad: [UInt8] in [[0x00], [0x01], [0x1F], [0x80], [0xC0], [0xC3], [0xE8, 0xA8], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xFF], [0x7F]] {
            for offset in 0 ... Self.catalog.count {
                var bytes = Self.catalog
                bytes.insert(contentsOf: bad, at: offset)
                bytes.withUnsafeBufferPointer { buffer in
                    let oracle = Self.expected(buffer)
                    let outcome = Self.parsed(buffer)
                    if let oracle {
                        #expect(outcome == oracle, "\(bad) at \(offset)")
                    } else {
                        // Well-formed text: never refused as text by the parse.
                        #expect(outcome.map { !$0.hasSuffix("JSON text is UTF-8") && !$0.hasSuffix("invalid UTF-8") } ?? true, "\(bad) at \(offset)")
                    }
                    // The large file's path, the sink beside the parse: the same findings.
                    let limits = InputLimits()
                    let oneCore = XCStringsReader.read(buffer: buffer, path: "L.xcstrings", baseLocale: "en", limits: limits, besideFrom: .max)
                    let twoCores = XCStringsReader.read(buffer: buffer, path: "L.xcstrings", baseLocale: "en", limits: limits, besideFrom: 0)
                    #expect(oneCore.file.diagnostics.map(\.message) == twoCores.file.diagnostics.map(\.message), "\(bad) at \(offset)")
                    if let oracle {
                        #expect(twoCores.file.diagnostics.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == oracle,
                                "\(bad) at \(offset)")
                    }
                }
            }
        }
    }
}
