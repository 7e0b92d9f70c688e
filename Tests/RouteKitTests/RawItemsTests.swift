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

    /// A text that is its key, at the key's place (a String Catalog key with no source text),
    /// packs with its bytes once and any column: a catalog on one line has columns past 13 bits.
    /// Before, such a record took its text's bytes again, and one past column 8,191 went on the
    /// side (36 bytes, and the side array's growth).
    @Test func aTextThatIsItsKeyPacksAtAnyColumn() {
        var items = RawItems()
        let columns: [Int32] = [1, 8_191, 8_192, 70_000, 16_000_000]
        for (index, column) in columns.enumerated() {
            let start = Int32(index * 8)
            items.append(RawItem(keyStart: start, keyLength: 8, value: TextRef(start: start, length: 8, line: 1, column: column),
                                 keyLine: 1, keyColumn: column, flags: 0))
        }
        #expect(items.sideCount == 0)
        for (index, column) in columns.enumerated() {
            let item = items[index]
            #expect(item.keyColumn == column && item.value.column == column && item.value.start == item.keyStart
                    && item.value.length == 8 && item.value.line == 1 && item.flags == 0)
        }
    }

    /// A text up to three bytes past its key's end packs (the Android reader names a mapped
    /// file's `name="KEY">TEXT` where it lies: two bytes between them); further on, or before its
    /// key, it goes on the side, as does a key of 16 KiB or more.
    @Test func aTextAFewBytesPastItsKeyPacks() {
        var items = RawItems()
        let cases: [(keyLength: Int32, gap: Int32, packs: Bool)] = [
            (5, 0, true), (5, 1, true), (5, 2, true), (5, 3, true), (5, 4, false), (5, -1, false),
            (16_383, 2, true), (16_384, 0, false), (16_384, 2, false),
        ]
        for (index, c) in cases.enumerated() {
            let start = Int32(index * 40_000)
            items.append(RawItem(keyStart: start, keyLength: c.keyLength,
                                 value: TextRef(start: start + c.keyLength + c.gap, length: 7, line: 3, column: 20),
                                 keyLine: 3, keyColumn: 5, flags: 0))
        }
        #expect(items.sideCount == cases.count { !$0.packs })
        for (index, c) in cases.enumerated() {
            let start = Int32(index * 40_000)
            let item = items[index]
            #expect(item.keyStart == start && item.keyLength == c.keyLength && item.value.start == start + c.keyLength + c.gap
                    && item.value.length == 7 && item.value.line == 3 && item.value.column == 20 && item.keyColumn == 5,
                    "key of \(c.keyLength), gap \(c.gap)")
        }
    }

    /// `remove(recordsAt:)` drops records with their descendants; the rest move down, a group's
    /// end with it, packed or kept on the side (where its end is an index).
    @Test func removingRecordsMovesTheRestWithTheirGroups() {
        var items = RawItems()
        var expected: [RawItem] = []
        func leaf(_ start: Int32) -> RawItem {
            RawItem(keyStart: start, keyLength: 2, value: TextRef(start: start + 2, length: 3, line: 1, column: 5), keyLine: 1, keyColumn: 1, flags: 0)
        }
        func group(_ start: Int32, column: Int32) -> RawItem {
            RawItem(keyStart: start, keyLength: 2, value: TextRef(start: 0, length: 2, line: 0, column: 0), keyLine: 1, keyColumn: column,
                    flags: RawItem.group | RawItem.allScalar)
        }
        // Leaf 0, group 1 (2 forms), leaf 4, side group 5 (2 forms), leaf 8, group 9 (2 forms), leaf 12.
        for (index, record) in [leaf(0), group(10, column: 3), leaf(20), leaf(30), leaf(40), group(50, column: 9_000), leaf(60), leaf(70),
                                leaf(80), group(90, column: 3), leaf(100), leaf(110), leaf(120)].enumerated() {
            var record = record
            if record.isGroup { record.value.start = Int32(index + 3) }
            items.append(record)
            expected.append(record)
        }
        #expect(items.sideCount == 1)
        items.remove(recordsAt: [1, 8])
        let kept = [0, 4, 5, 6, 7, 9, 10, 11, 12]
        #expect(items.count == kept.count)
        for (position, index) in kept.enumerated() {
            var record = expected[index]
            if record.isGroup { record.value.start = Int32(position + 3) }
            #expect(Self.same(items[position], record), "record \(index), now \(position)")
        }
    }

    /// `truncate` drops records from a count on, keeping the chunk that is written next;
    /// `append(moving:)` joins lists with each group's end moved with it (the String Catalog
    /// reader's lists by locale).
    @Test func listsTruncateAndJoin() {
        var first = RawItems(), second = RawItems()
        let count = RawItems.chunkSize + 10
        for index in 0 ..< count { first.append(Self.record(index)) }
        first.truncate(to: RawItems.chunkSize + 3)
        #expect(first.count == RawItems.chunkSize + 3)
        first.truncate(to: RawItems.chunkSize)
        first.append(Self.record(1))
        #expect(Self.same(first[RawItems.chunkSize], Self.record(1)))
        first.truncate(to: 5)
        #expect(first.count == 5 && (0 ..< 5).allSatisfy { Self.same(first[$0], Self.record($0)) })
        // A group of two children, then a leaf.
        second.append(RawItem(keyStart: 0, keyLength: 1, value: TextRef(start: 0, length: 2, line: 0, column: 0), keyLine: 1, keyColumn: 1,
                              flags: RawItem.group | RawItem.allScalar))
        for index in [3, 4, 3] { second.append(Self.record(index)) }
        second[0].value.start = 3
        // One kept on the side (a column past 13 bits): it moves to the joined list's side.
        let wide = RawItem(keyStart: 7, keyLength: 2, value: TextRef(start: 9, length: 3, line: 4, column: 0x3005), keyLine: 4,
                           keyColumn: 0x3000, flags: 0)
        second.append(wide)
        #expect(second.sideCount == 1)
        let sideBefore = first.sideCount
        first.append(moving: &second)
        #expect(second.count == 0 && first.count == 10 && first.sideCount == sideBefore + 1)
        #expect(first[5].isGroup && first[5].value.start == 8 && first[5].value.length == 2)
        #expect(Self.same(first[8], Self.record(3)) && Self.same(first[9], wide))
    }

    /// Joining across chunks, in runs: a list ending inside a chunk, at a chunk's end (the next
    /// list's whole chunks then move), or empty; records on the side among those joined. Every
    /// record reads as it was stored.
    @Test func listsJoinAcrossChunks() {
        for firstCount in [0, 5, RawItems.chunkSize - 7, RawItems.chunkSize, 2 * RawItems.chunkSize] {
            var first = RawItems(), second = RawItems()
            var expected: [RawItem] = []
            for index in 0 ..< firstCount {
                first.append(Self.record(index))
                expected.append(Self.record(index))
            }
            for index in 0 ..< 2 * RawItems.chunkSize + 5 {
                second.append(Self.record(index + 1))
                expected.append(Self.record(index + 1))
            }
            let sideBefore = first.sideCount, sideMoved = second.sideCount
            first.append(moving: &second)
            #expect(second.count == 0 && first.count == expected.count && first.sideCount == sideBefore + sideMoved)
            #expect(expected.indices.allSatisfy { Self.same(first[$0], expected[$0]) }, "after \(firstCount) records")
            // The joined list goes on: appended to, and joined again (a third locale's list, short).
            for index in 0 ..< 3 {
                first.append(Self.record(index + 7))
                expected.append(Self.record(index + 7))
            }
            var third = RawItems()
            for index in 0 ..< RawItems.chunkSize / 2 {
                third.append(Self.record(index + 2))
                expected.append(Self.record(index + 2))
            }
            first.append(moving: &third)
            #expect(first.count == expected.count && expected.indices.allSatisfy { Self.same(first[$0], expected[$0]) },
                    "after \(firstCount) records, appended to and joined again")
        }
    }
}
