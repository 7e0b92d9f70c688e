import Testing
@testable import RouteKit

/// `RawItems` gives back every record as stored, packed or (when it does not fit) on the side,
/// across its chunks; records past a released chunk stay readable.
@Suite struct RawItemsTests {
    static func record(_ index: Int) -> RawItem {
        let start = Int32(index * 10), line = Int32(index + 1)
        switch index % 6 {
        case 0: // A group, its end set later.
            return RawItem(keyStart: start, keyLength: 3, value: TextRef(start: 0, length: 2, line: 0, column: 0),
                           keyLine: line, keyColumn: 3, flags: RawItem.group | RawItem.allScalar)
        case 1: // A text on the line after its key's (`key:` then the value): packed.
            return RawItem(keyStart: start, keyLength: 4, value: TextRef(start: start + 4, length: 5, line: line + 1, column: 5),
                           keyLine: line, keyColumn: 3, flags: 0)
        case 5: // A text two lines down: kept on the side.
            return RawItem(keyStart: start, keyLength: 4, value: TextRef(start: start + 4, length: 5, line: line + 2, column: 5),
                           keyLine: line, keyColumn: 3, flags: 0)
        case 2: // A key column past 13 bits: on the side.
            return RawItem(keyStart: start, keyLength: 2, value: TextRef(start: start + 2, length: 1, line: line, column: 9_000),
                           keyLine: line, keyColumn: 8_500, flags: 0)
        default: // A text after its key on its line: packed.
            return RawItem(keyStart: start, keyLength: 6, value: TextRef(start: start + 6, length: 3, line: line, column: 11),
                           keyLine: line, keyColumn: 3, flags: 0)
        }
    }

    static func same(_ a: RawItem, _ b: RawItem) -> Bool {
        a.keyStart == b.keyStart && a.keyLength == b.keyLength && a.keyLine == b.keyLine && a.keyColumn == b.keyColumn
            && a.flags == b.flags && a.value.start == b.value.start && a.value.length == b.value.length
            && (a.isGroup || (a.value.line == b.value.line && a.value.column == b.value.column))
    }

    @Test func recordsComeBackAsStoredAcrossChunksAndReleases() {
        let count = 3 * RawItems.chunkSize + 7
        var items = RawItems()
        items.reserveCapacity(100)
        var expected: [RawItem] = []
        for index in 0 ..< count {
            items.append(Self.record(index))
            expected.append(Self.record(index))
        }
        // Groups get their end once their children are read, as the readers do.
        for index in stride(from: 0, to: count, by: 6) {
            var group = items[index]
            group.value.start = Int32(Swift.min(index + 3, count))
            items[index] = group
            expected[index].value.start = group.value.start
        }
        #expect(items.count == count)
        // Only the key columns past 13 bits and the texts two lines down are on the side.
        #expect(items.sideCount == (0 ..< count).count { $0 % 6 == 2 || $0 % 6 == 5 })
        #expect((0 ..< count).allSatisfy { Self.same(items[$0], expected[$0]) })
        items.release(below: 2 * RawItems.chunkSize + 1)
        #expect((2 * RawItems.chunkSize ..< count).allSatisfy { Self.same(items[$0], expected[$0]) })
    }
}
