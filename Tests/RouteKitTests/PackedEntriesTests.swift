import Testing
@testable import RouteKit

/// `PackedEntries` gives back every entry as stored; the common shapes (a text after its key on
/// its line, or on the next line) pack into 16 bytes, the rest is kept whole on the side.
@Suite struct PackedEntriesTests {
    static func entry(_ index: Int) -> CompactEntry {
        let key = Int32(index), line = Int32(2 * index + 1), start = Int32(index * 8)
        func text(line: Int32, column: Int32, length: Int32 = 3) -> TextRef {
            TextRef(start: start, length: length, line: line, column: column)
        }
        switch index % 6 {
        case 0: // `  key: text`
            return CompactEntry(key: key, file: 0, keyLine: line, keyColumn: 3, text: text(line: line, column: 8), isPlural: false)
        case 1: // `  key:` and the text on the next line (or a block scalar)
            return CompactEntry(key: key, file: 0, keyLine: line, keyColumn: 3, text: text(line: line + 1, column: 5), isPlural: false)
        case 2: // a text two lines down: on the side
            return CompactEntry(key: key, file: 1, keyLine: line, keyColumn: 3, text: text(line: line + 2, column: 5), isPlural: false)
        case 3: // a key column past 255: on the side
            return CompactEntry(key: key, file: 1, keyLine: line, keyColumn: 300, text: text(line: line, column: 305), isPlural: false)
        case 4: // a text 300 columns after its key: on the side
            return CompactEntry(key: key, file: 1, keyLine: line, keyColumn: 3, text: text(line: line, column: 303), isPlural: false)
        default: // a plural: its forms
            return CompactEntry(key: key, file: 1, keyLine: line, keyColumn: 3,
                                text: TextRef(start: 7, length: 2, line: 0, column: 0), isPlural: true)
        }
    }

    static func same(_ a: CompactEntry, _ b: CompactEntry) -> Bool {
        a.key == b.key && a.file == b.file && a.keyLine == b.keyLine && a.keyColumn == b.keyColumn && a.isPlural == b.isPlural
            && a.text.start == b.text.start && a.text.length == b.text.length
            && a.text.line == b.text.line && a.text.column == b.text.column
    }

    @Test func entriesComeBackAsStoredAndTheCommonShapesPack() {
        let count = 600
        var entries = PackedEntries()
        for index in 0 ..< count { entries.append(Self.entry(index)) }
        #expect(entries.count == count)
        #expect((0 ..< count).allSatisfy { Self.same(entries[$0], Self.entry($0)) })
        #expect(zip(entries, 0 ..< count).allSatisfy { Self.same($0, Self.entry($1)) })
        #expect(entries.sideCount == (0 ..< count).count { [2, 3, 4].contains($0 % 6) })
    }
}
