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
                // The first match is exact, whatever follows it.
                let matches = ByteWord.matches(word, UInt8(value))
                let first = bytes.firstIndex(of: UInt8(value))
                #expect((matches == 0 ? nil : matches.trailingZeroBitCount / 8) == first, "lane \(lane), byte \(value), filler \(filler)")
            }
        }
    }
}
