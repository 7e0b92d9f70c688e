import Testing
@testable import RouteKit

/// `KeyIndex` answers as a dictionary does, dense or sparse, and turns sparse when a locale holds
/// few of the ids below its largest.
@Suite struct KeyIndexTests {
    @Test(arguments: [(1, 2_000), (7, 2_000_000), (42, 300)])
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
