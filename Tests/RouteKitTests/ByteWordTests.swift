import Testing
@testable import RouteKit

/// `ByteWord`, the eight-bytes-at-a-time tests the scanners share, held to the byte-by-byte rule:
/// every byte value in every lane, beside printable bytes and beside bytes that fail.
@Suite struct ByteWordTests {
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }

    @Test(arguments: [UInt8(ascii: "a"), 0x7F, 0x00, 0xFF, 0x80, 0x0A, 0x09, 0x0D, 0x1F, 0x20])
    func everyByteInEveryLane(filler: UInt8) {
        for lane in 0 ..< 8 {
            for value in 0 ... 255 {
                var bytes = [UInt8](repeating: filler, count: 8)
                bytes[lane] = UInt8(value)
                let word = Self.word(bytes)
                let printable = bytes.allSatisfy { (0x20 ... 0x7E).contains($0) }
                #expect(ByteWord.isPrintableASCII(word) == printable, "lane \(lane), byte \(value), filler \(filler)")
                #expect(ByteWord.isPrintableASCII(word, without: 0x3A, 0x23) == (printable && !bytes.contains(0x3A) && !bytes.contains(0x23)))
                let text = bytes.allSatisfy { $0 < 0x80 && ($0 >= 0x20 || [0x09, 0x0A, 0x0D].contains($0)) }
                #expect(ByteWord.isTextASCII(word, allowControls: false) == text, "lane \(lane), byte \(value), filler \(filler)")
                #expect(ByteWord.isTextASCII(word, allowControls: true) == bytes.allSatisfy { $0 < 0x80 })
                // A name's bytes: exact in every lane.
                let names = ByteWord.nameBytes(word)
                #expect(names & ~ByteWord.highs == 0)
                for (index, byte) in bytes.enumerated() {
                    let isName = (0x30 ... 0x39).contains(byte) || (0x41 ... 0x5A).contains(byte) || (0x61 ... 0x7A).contains(byte) || byte == 0x5F
                    #expect((names >> UInt64(8 * index + 7)) & 1 == (isName ? 1 : 0), "name byte \(byte) in lane \(index), filler \(filler)")
                    #expect(ByteWord.isNameByte(byte) == isName, "name byte \(byte)")
                }
                // The first match is exact, whatever follows it.
                let matches = ByteWord.matches(word, UInt8(value))
                let first = bytes.firstIndex(of: UInt8(value))
                #expect((matches == 0 ? nil : matches.trailingZeroBitCount / 8) == first, "lane \(lane), byte \(value), filler \(filler)")
            }
        }
    }

    /// The two-word test answers as the test of each word: every byte value in every lane of
    /// either word, the other word a filler that passes or fails.
    @Test(arguments: [UInt8(ascii: "a"), 0x00, 0x0A, 0x80, 0x1F])
    func twoWordsAsEachWord(filler: UInt8) {
        for lane in 0 ..< 16 {
            for value in 0 ... 255 {
                var bytes = [UInt8](repeating: filler, count: 16)
                bytes[lane] = UInt8(value)
                let first = Self.word(Array(bytes[0 ..< 8])), second = Self.word(Array(bytes[8 ..< 16]))
                for allowControls in [false, true] {
                    let each = ByteWord.isTextASCII(first, allowControls: allowControls) && ByteWord.isTextASCII(second, allowControls: allowControls)
                    #expect(ByteWord.isTextASCII(first, second, allowControls: allowControls) == each,
                            "lane \(lane), byte \(value), filler \(filler), controls \(allowControls)")
                }
            }
        }
    }

    /// `ColumnCounter.firstNonASCII` (thirty-two bytes a test, then eight, then one) finds the
    /// first high byte wherever it is and from wherever it starts.
    @Test func firstNonASCIIFromEveryStart() {
        for length in [0, 7, 31, 32, 33, 70] {
            for high in [nil] + Array(0 ..< length) {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if let high { bytes[high] = 0x80 | UInt8(high % 64) }
                for start in 0 ... length {
                    let expected = bytes.indices.first { $0 >= start && bytes[$0] >= 0x80 } ?? length
                    let found = bytes.withUnsafeBufferPointer { ColumnCounter.firstNonASCII($0, from: start) }
                    #expect(found == expected, "length \(length), high \(String(describing: high)), start \(start)")
                }
            }
        }
    }

    /// `ColumnCounter.scalarCount` (eight bytes a step, then one) counts what the byte-by-byte
    /// rule counts, a byte that is not a continuation (`10xxxxxx`): every byte value in every lane,
    /// and every range of random UTF-8 and stray bytes.
    @Test func scalarCountCountsWhatEachByteSays() {
        func expected(_ bytes: [UInt8], _ range: Range<Int>) -> Int { bytes[range].count { $0 & 0xC0 != 0x80 } }
        for value in 0 ... 255 {
            for lane in 0 ..< 17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[lane] = UInt8(value)
                for range in [0 ..< 17, 0 ..< 8, 1 ..< 9, lane ..< 17, 0 ..< lane] {
                    let counted = bytes.withUnsafeBufferPointer { ColumnCounter.scalarCount($0, range) }
                    #expect(counted == expected(bytes, range), "byte \(value) at \(lane), \(range)")
                }
            }
        }
        var generator = SeededGenerator(seed: 91)
        let pieces: [[UInt8]] = [Array("abc ".utf8), Array("é".utf8), Array("設定".utf8), Array("😀".utf8), [0x80], [0xBF, 0xC0], [0xFF]]
        for _ in 0 ..< 300 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 30, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let start = Int.random(in: 0 ... bytes.count, using: &generator), end = Int.random(in: start ... bytes.count, using: &generator)
            let counted = bytes.withUnsafeBufferPointer { ColumnCounter.scalarCount($0, start ..< end) }
            #expect(counted == expected(bytes, start ..< end), "\(bytes) \(start) ..< \(end)")
        }
    }

    /// A tokenizer's name run, eight bytes a step, ends where the byte-by-byte rule ends it: every
    /// start in random text of name bytes, other ASCII and UTF-8, with and without `orNonASCII`.
    @Test func aNameRunEndsWhereEachByteSays() {
        var generator = SeededGenerator(seed: 32)
        let pieces: [[UInt8]] = [Array("abc".utf8), Array("Z_9".utf8), Array("é".utf8), Array("設".utf8), Array(" ".utf8), Array(".".utf8),
                                 Array("`".utf8), Array("@".utf8), Array("[".utf8), Array("{".utf8), Array("/".utf8), Array(":".utf8), [0x7F]]
        for _ in 0 ..< 300 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 30, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let tokenizer = SwiftTokenizer(bytes: bytes)
            for orNonASCII in [false, true] {
                for start in 0 ... bytes.count {
                    var end = start
                    func isName(_ byte: UInt8) -> Bool {
                        (0x30 ... 0x39).contains(byte) || (0x41 ... 0x5A).contains(byte) || (0x61 ... 0x7A).contains(byte) || byte == 0x5F
                    }
                    while end < bytes.count, (orNonASCII && bytes[end] >= 0x80) || isName(bytes[end]) { end += 1 }
                    #expect(tokenizer.skipName(from: start, orNonASCII: orNonASCII) == end, "\(bytes) from \(start)")
                }
            }
        }
    }
}

/// `ByteWord.equal`, which compares up to sixteen bytes in overlapping loads, held to a byte by
/// byte comparison at every length across its cases: equal bytes with different bytes around
/// them compare equal (nothing outside `count` is read into the answer), and a difference at any
/// one position is found.
@Suite struct ByteWordEqualTests {
    @Test func equalAtEveryLengthWhateverLiesAround() {
        let text = (0 ..< 40).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
        for count in 0 ... 34 {
            for offset in 0 ..< 3 {
                // The same bytes, with different sentinels before and after on each side.
                let a = [UInt8](repeating: 0xAA, count: 8) + text[offset ..< offset + count] + [UInt8](repeating: 0xAA, count: 8)
                let b = [UInt8](repeating: 0xBB, count: 8 + offset) + text[offset ..< offset + count] + [UInt8](repeating: 0xBB, count: 8)
                a.withUnsafeBytes { a in
                    b.withUnsafeBytes { b in
                        #expect(ByteWord.equal(a.baseAddress! + 8, b.baseAddress! + 8 + offset, count: count), "length \(count), offset \(offset)")
                    }
                }
            }
        }
    }

    @Test func findsADifferenceAtEveryPosition() {
        let text = (0 ..< 40).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
        for count in 1 ... 34 {
            for position in 0 ..< count {
                var changed = Array(text[..<count])
                changed[position] ^= 0x40
                let original = Array(text[..<count])
                original.withUnsafeBytes { a in
                    changed.withUnsafeBytes { b in
                        #expect(!ByteWord.equal(a.baseAddress!, b.baseAddress!, count: count), "length \(count), position \(position)")
                    }
                }
            }
        }
    }
}
