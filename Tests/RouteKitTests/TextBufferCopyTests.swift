import Testing
@testable import RouteKit

/// `TextBuffer.copy`, which moves up to 64 bytes in overlapping loads and stores, held to a byte
/// by byte copy at every length across its cases, at every misalignment of source and target;
/// and appends through it grow the buffer as before.
@Suite struct TextBufferCopyTests {
    @Test func copiesExactlyTheBytesAtEveryLength() {
        let source = (0 ..< 200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0 ... 130 {
            for offset in 0 ..< 3 {
                // A target of sentinels: nothing before or after the copied bytes may change.
                var target = [UInt8](repeating: 0xEE, count: count + 8)
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in
                        TextBuffer.copy(from.baseAddress! + offset, to: to.baseAddress! + 4, count: count)
                    }
                }
                let expected = [UInt8](repeating: 0xEE, count: 4) + source[offset ..< offset + count] + [UInt8](repeating: 0xEE, count: 4)
                #expect(target == expected, "length \(count), offset \(offset)")
            }
        }
    }

    @Test func appendsGrowTheBufferAndKeepEveryByte() {
        let buffer = TextBuffer(capacity: 16)
        var expected: [UInt8] = []
        for length in 0 ... 70 {
            let piece = (0 ..< length).map { UInt8(truncatingIfNeeded: length &+ $0) }
            piece.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
            expected += piece
        }
        #expect(buffer.withBytes { Array($0) } == expected)
    }
}
