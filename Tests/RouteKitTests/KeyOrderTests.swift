import Testing
@testable import RouteKit

/// `KeyOrder` sorts key ids as `String` sorts `name + "'"`, from bytes; Strings are the oracle.
@Suite struct KeyOrderTests {
    /// Names with prefixes of each other, the terminator, bytes on both sides of it, dots that
    /// nest, and non-NFC text (compared as Strings).
    static let yaml = """
        en:
          a: x
          "a'": x
          "a'b": x
          "a&": x
          "a(": x
          a_c: x
          ab: x
          b: x
          "\u{E9}": x
          "e\u{301}": x
          "e\u{301}z": x
          d: x
          nested:
            deep: x
            "": x
          "nested.deep2": x
        """

    static func table() -> StringTable {
        let (table, findings) = StringsLoader.load([YAMLReader.read(text: yaml, path: "/p/en.yml")], baseLocale: "en")
        #expect(findings.isEmpty)
        return table
    }

    @Test func sortsAsStringsSortNamePlusTerminator() {
        let table = Self.table()
        let ids = table.base!.entries.map(\.key)
        let sorted = KeyOrder.sorted(ids, of: table.storage, before: UInt8(ascii: "'"))
        let expected = ids.map { table.keyName($0) }.sorted { $0 + "'" < $1 + "'" }
        #expect(sorted.map { table.keyName($0) } == expected)
        #expect(Set(sorted) == Set(ids))
    }

    /// `Selection` keeps what `positions(offered).prefix(limit)` has, for every limit (none,
    /// some, all, more than were offered), in any offer order; `tags` ascending.
    @Test func selectionKeepsThePrefixOfTheSortedOrder() {
        let table = Self.table()
        let ids = table.base!.entries.map(\.key)
        var generator = SeededGenerator(seed: 15)
        for round in 0 ..< 30 {
            let offered = round == 0 ? ids : round == 1 ? ids.reversed() : ids.shuffled(using: &generator)
            Self.expectSelectionMatchesSorted(offered, of: table.storage)
        }
    }

    /// Of equal names (a key offered twice; the loader merges names Strings find equal, as
    /// `e\u{301}` and `\u{E9}`), the first offered comes first, as in the stable sort.
    @Test func selectionKeepsTheFirstOfEqualNames() {
        let table = Self.table()
        let ids = table.base!.entries.map(\.key)
        var generator = SeededGenerator(seed: 16)
        for _ in 0 ..< 10 {
            let offered = (ids + ids.prefix(5) + ids.suffix(3)).shuffled(using: &generator)
            Self.expectSelectionMatchesSorted(offered, of: table.storage)
        }
    }

    /// The same over 400 generated names of bytes around the terminator and non-NFC text, so
    /// the heap is several levels deep.
    @Test func selectionMatchesSortedOnGeneratedNames() {
        var generator = SeededGenerator(seed: 20)
        let pieces = ["a", "b", "'", "&", "(", "z", "\u{E9}", "e\u{301}", "e\u{300}", "e"]
        var names: [String] = [], seen = Set<String>()
        while names.count < 400 {
            let name = (0 ..< Int.random(in: 1 ... 4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if seen.insert(name).inserted { names.append(name) }
        }
        let yaml = "en:\n" + names.map { "  \"\($0)\": x\n" }.joined()
        let (table, findings) = StringsLoader.load([YAMLReader.read(text: yaml, path: "/p/en.yml")], baseLocale: "en")
        #expect(findings.isEmpty)
        let ids = table.base!.entries.map(\.key)
        #expect(ids.count == 400)
        for _ in 0 ..< 3 {
            Self.expectSelectionMatchesSorted(ids.shuffled(using: &generator), of: table.storage,
                                              limits: [0, 1, 2, 7, 64, 199, 399, 400, 401, 5000])
        }
    }

    /// Offers `offered` (tag: position) and expects the tags of `positions(offered).prefix(limit)`.
    static func expectSelectionMatchesSorted(_ offered: [Int32], of storage: StringStorage, limits: [Int]? = nil) {
        let sorted = KeyOrder.positions(offered, of: storage, before: UInt8(ascii: "'"))
        for limit in limits ?? Array(0 ... offered.count + 2) {
            var selection = KeyOrder.Selection(limit: limit, of: storage, before: UInt8(ascii: "'"))
            for (tag, id) in offered.enumerated() { selection.offer(id, tag: Int32(tag)) }
            #expect(selection.tags == sorted.prefix(limit).sorted(), "limit \(limit)")
        }
    }

    @Test func precedesMatchesByteOrderOfNamePlusTerminator() {
        let names = ["", "a", "a'", "a''", "a'b", "a&", "a(", "ab", "b", "'", "''"]
        for left in names {
            for right in names {
                let expected = Array((left + "'").utf8).lexicographicallyPrecedes(Array((right + "'").utf8))
                let actual = Array(left.utf8).withUnsafeBufferPointer { l in
                    Array(right.utf8).withUnsafeBufferPointer { r in KeyOrder.precedes(l, r, UInt8(ascii: "'")) }
                }
                #expect(actual == expected, "\(left) vs \(right)")
            }
        }
    }
}
