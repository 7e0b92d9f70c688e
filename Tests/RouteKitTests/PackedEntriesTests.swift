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
        case 3: // a key column past 254: packed wide on the first 255 lines (line and column share a word), else on the side
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
        // Walked with their indices, the files' runs followed along (files 0 and 1 alternate).
        #expect(entries.indexed.map(\.index) == Array(0 ..< count))
        #expect(entries.indexed.allSatisfy { Self.same($0.entry, Self.entry($0.index)) })
        #expect(entries.sideCount == (0 ..< count).count { [2, 4].contains($0 % 6) || ($0 % 6 == 3 && 2 * $0 + 1 > 255) })
    }

    /// A String Catalog on one line: every key past column 254, on line 1. Such keys pack (each
    /// went on the side before, 32 bytes and the side's growth); a column past 24 bits, or a
    /// line past 255, still goes on the side.
    @Test func keysOfALongLinePack() {
        let places: [(line: Int32, column: Int32, packs: Bool)] = [
            (1, 254, true), (1, 255, true), (1, 70_000, true), (255, 0xFF_FFFF, true), (256, 300, false), (1, 0x100_0000, false),
        ]
        var entries = PackedEntries()
        for (index, place) in places.enumerated() {
            entries.append(CompactEntry(key: Int32(index), file: 0, keyLine: place.line, keyColumn: place.column,
                                        text: TextRef(start: Int32(index), length: 5, line: place.line, column: place.column), isPlural: false))
        }
        #expect(entries.sideCount == places.count { !$0.packs })
        for (index, place) in places.enumerated() {
            let entry = entries[index]
            #expect(entry.keyLine == place.line && entry.keyColumn == place.column && entry.text.line == place.line
                    && entry.text.column == place.column && entry.text.length == 5 && entry.text.start == Int32(index))
        }
    }
}

/// `PackedForms` gives back every plural form as stored; a form whose text follows its category
/// on its line or the next packs into 16 bytes, the rest is kept whole on the side.
@Suite struct PackedFormsTests {
    static func form(_ index: Int) -> CompactForm {
        let start = Int32(index * 16), line = Int32(index + 2)
        let category = TextRef(start: start, length: 3, line: line, column: 6)
        switch index % 5 {
        case 0: // `one: text` (flow or block)
            return CompactForm(category: category, text: TextRef(start: start + 3, length: 4, line: line, column: 11))
        case 1: // `one:` and the text on the next line
            return CompactForm(category: category, text: TextRef(start: start + 3, length: 4, line: line + 1, column: 8))
        case 2: // a text two lines down: on the side
            return CompactForm(category: category, text: TextRef(start: start + 3, length: 4, line: line + 2, column: 8))
        case 3: // a text not right after its category in the arena: on the side
            return CompactForm(category: category, text: TextRef(start: start + 5, length: 4, line: line, column: 11))
        default: // a column past 4095: on the side
            return CompactForm(category: category, text: TextRef(start: start + 3, length: 4, line: line, column: 5_000))
        }
    }

    @Test func formsComeBackAsStoredAndTheCommonShapesPack() {
        let count = 500
        var forms = PackedForms()
        forms.append(contentsOf: (0 ..< count).map(Self.form))
        func same(_ a: TextRef, _ b: TextRef) -> Bool {
            a.start == b.start && a.length == b.length && a.line == b.line && a.column == b.column
        }
        #expect(forms.count == count)
        #expect((0 ..< count).allSatisfy { same(forms[$0].category, Self.form($0).category) && same(forms[$0].text, Self.form($0).text) })
        #expect(forms.sideCount == (0 ..< count).count { [2, 3, 4].contains($0 % 5) })
    }

    /// A form's entry, found through the block index, is the one a walk of every entry finds:
    /// plurals of no forms, of one, and of more than a block's sixty-four, with texts between.
    @Test func aFormsEntryIsTheOneThatHoldsIt() {
        let formCounts = [3, 0, 1, 64, 0, 0, 70, 2, 130, 1, 0, 63, 65, 5]
        var table = LocaleStrings(locale: "en")
        var expected: [Int] = []
        for (index, formCount) in formCounts.enumerated() {
            if index % 3 == 1 {
                table.add(CompactEntry(key: Int32(table.count), file: 0, keyLine: 1, keyColumn: 1,
                                       text: TextRef(start: 0, length: 1, line: 1, column: 4), isPlural: false))
            }
            let form = CompactForm(category: TextRef(start: 0, length: 3, line: 2, column: 3), text: TextRef(start: 5, length: 1, line: 2, column: 8))
            expected += Array(repeating: table.count, count: formCount)
            table.add(CompactEntry(key: Int32(table.count), file: 0, keyLine: 1, keyColumn: 1,
                                   text: TextRef(start: 0, length: 0, line: 0, column: 0), isPlural: true),
                      forms: ArraySlice(Array(repeating: form, count: formCount)))
        }
        #expect(table.forms.count == expected.count)
        #expect(table.forms.indices.map { table.entryIndex(ofForm: $0) } == expected)
    }
}

/// `Finding.sharesRuleAndFile`, which lets the sort and the summary skip making paths: true only
/// for findings of one group whose entries are in one file, at entries or at plural forms.
@Suite struct SharedRuleAndFileTests {
    @Test func findingsShareAFileOnlyWhenTheirEntriesDo() {
        var table = LocaleStrings(locale: "de")
        let form = CompactForm(category: TextRef(start: 0, length: 3, line: 2, column: 3), text: TextRef(start: 5, length: 1, line: 2, column: 8))
        // Entries 0 and 1 in file 0, a plural (entry 2) and entry 3 in file 1.
        for (index, file) in [0, 0, 1, 1].enumerated() {
            table.add(CompactEntry(key: Int32(index), file: Int32(file), keyLine: Int32(index + 1), keyColumn: 1,
                                   text: TextRef(start: 0, length: 1, line: Int32(index + 1), column: 4), isPlural: index == 2),
                      forms: index == 2 ? [form, form] : [])
        }
        let group = EntryFindings(rule: "rule", table: table, place: .key, message: .made { _, _, _ in "m" })
        let other = EntryFindings(rule: "rule", table: table, place: .key, message: .made { _, _, _ in "m" })
        var findings: [Finding] = []
        group.add(entry: 0, to: &findings)
        group.add(entry: 1, to: &findings)
        group.add(entry: 2, form: 0, to: &findings)
        group.add(entry: 2, form: 1, to: &findings)
        group.add(entry: 3, to: &findings)
        other.add(entry: 3, to: &findings)
        #expect(zip(findings, findings.dropFirst()).map { $0.sharesRuleAndFile(with: $1) } == [true, false, true, true, false])
        // One file: every pair of the group, wherever its entries are.
        var oneFile = LocaleStrings(locale: "de")
        for index in 0 ..< 3 {
            oneFile.add(CompactEntry(key: Int32(index), file: 4, keyLine: 1, keyColumn: 1, text: TextRef(start: 0, length: 1, line: 1, column: 4),
                                     isPlural: false))
        }
        let single = EntryFindings(rule: "rule", table: oneFile, place: .text, message: .made { _, _, _ in "m" })
        var singles: [Finding] = []
        for index in [2, 0, 1] { single.add(entry: index, to: &singles) }
        #expect(zip(singles, singles.dropFirst()).allSatisfy { $0.sharesRuleAndFile(with: $1) })
    }
}
