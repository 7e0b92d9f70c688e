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
