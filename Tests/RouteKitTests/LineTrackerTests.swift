@testable import RouteKit
import Testing

/// `LineTracker` (offsets asked in increasing order, the line breaks between them found by
/// `memchr`) is held to counting afresh (`TextPosition.locate`) on generated text, asked at gaps
/// of 0 to 40 bytes, and now and then out of order.
@Suite struct LineTrackerTests {
    @Test(arguments: 0 ..< 20) func positionsAgreeWithCountingAfresh(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let pieces = ["a", "bc", " ", "    ", "\n", "\n\n", "é", "日", "\r\n", "<string name=\"k\">text</string>"]
        var text = ""
        for _ in 0 ..< 300 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tracker = LineTracker()
            var offset = 0
            while offset <= buffer.count {
                if offset == buffer.count || buffer[offset] & 0xC0 != 0x80 {
                    let found = tracker.position(of: offset, in: buffer)
                    let expected = TextPosition.locate(offset: offset, in: buffer)
                    #expect(found.line == expected.line && found.column == expected.column, "seed \(seed), offset \(offset)")
                }
                offset += Int(random.next() % 41)
                if random.next() % 50 == 0, offset > 0 {
                    let earlier = Int(random.next() % UInt64(offset))
                    if buffer[earlier] & 0xC0 != 0x80 {
                        let back = tracker.position(of: earlier, in: buffer)
                        let expected = TextPosition.locate(offset: earlier, in: buffer)
                        #expect(back.line == expected.line && back.column == expected.column, "seed \(seed), back at \(earlier)")
                    }
                }
            }
        }
    }
}
