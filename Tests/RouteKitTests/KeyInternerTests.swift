import Testing
@testable import RouteKit

/// `KeyInterner` gives one id per dotted key however it is written, and keeps naming keys
/// without its table (as a merged string table holds it); the table made again finds every key.
@Suite struct KeyInternerTests {
    static func intern(_ interner: inout KeyInterner, _ key: String) -> Int32 {
        var key = key
        return key.withUTF8 { interner.intern(0, $0) }
    }

    @Test func aTableRemovedAndRestoredFindsTheSameIds() {
        var interner = KeyInterner()
        var ids: [String: Int32] = [:]
        for index in 0 ..< 20_000 {
            let key = index % 3 == 0 ? "group\(index % 97).k\(index)" : "k\(index)"
            ids[key] = Self.intern(&interner, key)
        }
        #expect(Self.intern(&interner, "group0.k0") == ids["group0.k0"])
        interner.removeTable()
        // Names need no table.
        #expect(ids.allSatisfy { interner.name($0.value) == $0.key })
        // The bytes lent to a closure are the name's (no String made), the root's none.
        #expect(ids.allSatisfy { entry in interner.withName(entry.value) { Array($0) } == Array(entry.key.utf8) })
        #expect(interner.withName(0) { $0.count } == 0)
        interner.restoreTable()
        #expect(ids.allSatisfy { interner.id(of: $0.key) == $0.value })
        #expect(interner.id(of: "group1") != nil && interner.id(of: "k20000") == nil)
        // Interning goes on where it left off.
        let count = interner.count
        #expect(Self.intern(&interner, "k5") == ids["k5"] && interner.count == count)
        #expect(Self.intern(&interner, "new.key") == Int32(count + 1) && interner.name(Int32(count + 1)) == "new.key")
    }

    /// The look-up's shortcut (the id after the last one found) says yes only for the key itself:
    /// same parent, same bytes; a dotted key, another parent or a prefix is never it.
    @Test func anIdIsTheKeyOnlyWhenParentAndBytesAgree() {
        var interner = KeyInterner()
        let a = Self.intern(&interner, "a"), ab = Self.intern(&interner, "a.b"), b = Self.intern(&interner, "b")
        let empty = [UInt8]().withUnsafeBufferPointer { interner.intern(0, $0) }
        func isID(_ id: Int32, _ key: String, under parent: Int32) -> Bool {
            var key = key
            return key.withUTF8 { interner.isID(id, of: $0, under: parent) }
        }
        #expect(isID(a, "a", under: 0) && isID(ab, "b", under: a) && isID(b, "b", under: 0))
        #expect(isID(empty, "", under: 0) && !isID(empty, "a", under: 0))
        #expect(!isID(ab, "b", under: 0), "another parent")
        #expect(!isID(ab, "a.b", under: 0) && !isID(ab, "a.b", under: a), "a dotted key is no segment")
        #expect(!isID(b, "bb", under: 0) && !isID(b, "", under: 0) && !isID(a, "b", under: 0))
        #expect(!isID(0, "", under: -1) && !isID(Int32(interner.count), "b", under: 0) && !isID(-1, "a", under: 0), "no such id")
    }
}
