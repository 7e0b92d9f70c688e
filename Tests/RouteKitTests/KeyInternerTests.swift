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
        interner.restoreTable()
        #expect(ids.allSatisfy { interner.id(of: $0.key) == $0.value })
        #expect(interner.id(of: "group1") != nil && interner.id(of: "k20000") == nil)
        // Interning goes on where it left off.
        let count = interner.count
        #expect(Self.intern(&interner, "k5") == ids["k5"] && interner.count == count)
        #expect(Self.intern(&interner, "new.key") == Int32(count + 1) && interner.name(Int32(count + 1)) == "new.key")
    }
}
