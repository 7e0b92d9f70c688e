import Testing
@testable import RouteKit

/// `KeyIndex` answers as a dictionary does, dense or sparse, and turns sparse when a locale holds
/// few of the ids below its largest.
@Suite struct KeyIndexTests {
    @Test(arguments: [(1, 2_000), (7, 2_000_000), (42, 300), (11, 6_000)])
    func answersAsADictionary(seed: UInt64, idRange: Int) {
        var random = SeededGenerator(seed: seed)
        var index = KeyIndex()
        var oracle: [Int32: Int32] = [:]
        for _ in 0 ..< 5_000 {
            let id = Int32(random.next() % UInt64(idRange))
            if oracle[id] == nil {
                oracle[id] = Int32(oracle.count + 1)
                index.set(id, oracle[id]!, count: oracle.count)
            }
        }
        for id in Int32(0) ..< Int32(min(idRange, 50_000)) { #expect(index[id] == (oracle[id] ?? 0)) }
        for (id, value) in oracle { #expect(index[id] == value) }
    }

    /// A translation whose first key is new to the project (a high id) starts sparse; filled with
    /// the base keys it turns dense (four bytes an id), answering the same throughout.
    @Test func aSparseIndexThatFillsUpTurnsDense() {
        var index = KeyIndex()
        index.set(99_999, 1, count: 1)
        #expect(index.storedSlots < 64)
        for id in Int32(0) ..< 60_000 {
            index.set(id, id + 2, count: Int(id) + 2)
            if id % 9_973 == 0 { #expect(index[id] == id + 2 && index[99_999] == 1 && index[id + 1] == 0) }
        }
        #expect(index.storedSlots == 100_000)
        #expect((Int32(0) ..< 60_000).allSatisfy { index[$0] == $0 + 2 } && index[99_999] == 1 && index[60_000] == 0)
    }

    /// Ids set one after another with the next entry numbers (a flat file of new keys) store
    /// nothing; the first id out of step stores the run, and the index answers the same throughout.
    @Test(arguments: [Int32(2), 500_000])
    func aRunStoresNothingUntilBroken(first: Int32) {
        var index = KeyIndex()
        for number in Int32(1) ... 50_000 { index.set(first + number - 1, number, count: Int(number)) }
        #expect(index.storedSlots == 0)
        #expect(index[first] == 1 && index[first + 49_999] == 50_000 && index[first - 1] == 0 && index[first + 50_000] == 0)
        index.set(1, 50_001, count: 50_001)
        #expect(index.storedSlots > 0)
        #expect((Int32(0) ..< 50_000).allSatisfy { index[first + $0] == $0 + 1 })
        #expect(index[1] == 50_001 && index[first + 50_000] == 0 && (first == 2 || index[2] == 0))
    }

    @Test func aLocaleWithOneHighIdStaysSmall() {
        var index = KeyIndex()
        index.set(1_999_999, 1, count: 1)
        #expect(index[1_999_999] == 1 && index[0] == 0 && index[1_999_998] == 0)
        #expect(index.storedSlots < 64)
        var dense = KeyIndex()
        for id in Int32(0) ..< 1_000 { dense.set(id, id + 1, count: Int(id) + 1) }
        #expect(dense.storedSlots < 2_000 && dense[999] == 1_000)
    }
}
