import Testing
@testable import RouteKit

/// `KeyTable`, held to a dictionary of the same keys: the first eight in place, then a table that
/// grows; and emptied for another file (`removeAll(expectedKeys:)`, which keeps its slots when they
/// are enough), where no key of the file before may be found again.
@Suite struct KeyTableTests {
    /// Adds `keys` (with their index as the payload) to `table`, checking each answer against the
    /// dictionary; `arena` receives the keys' bytes.
    static func add(_ keys: [String], to table: inout KeyTable, arena: inout [UInt8], oracle: inout [String: UInt32],
                    hash: (UnsafeBufferPointer<UInt8>) -> UInt32 = KeyHash.of,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (index, key) in keys.enumerated() {
            let start = Int32(arena.count)
            arena.append(contentsOf: key.utf8)
            let payload = UInt32(index + 1)
            let earlier = arena.withUnsafeBufferPointer {
                table.update(start: start, length: Int32(key.utf8.count),
                             hash: hash(UnsafeBufferPointer(rebasing: $0[Int(start) ..< Int(start) + key.utf8.count])),
                             payload: payload, in: $0)
            }
            #expect(earlier == oracle[key], "\(key)", sourceLocation: sourceLocation)
            oracle[key] = payload
        }
    }

    static func keys(_ count: Int, prefix: String, repeating every: Int) -> [String] {
        (0 ..< count).map { "\(prefix)_\($0 % every == 0 ? 0 : $0)" }
    }

    @Test(arguments: [0, 5, 8, 9, 100, 5_000])
    func answersAsADictionaryDoes(count: Int) {
        var table = KeyTable(expectedKeys: count / 2)
        var arena: [UInt8] = [], oracle: [String: UInt32] = [:]
        Self.add(Self.keys(count, prefix: "key", repeating: 7), to: &table, arena: &arena, oracle: &oracle)
    }

    /// How the hashes of `answersAsADictionaryDoesWhenHashesCollide` collide.
    enum Collision: CaseIterable, Sendable {
        case oneHash, oneTagManyHomes, oneHomeManyTags, fourHashes

        func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            switch self {
            case .oneHash: 0xFFFF_FFFF
            case .oneTagManyHomes: KeyHash.of(bytes) & 0xFFFF_FF80 | 0x15
            case .oneHomeManyTags: 0xFFFF_FF00 | KeyHash.of(bytes) & 0x7F
            case .fourHashes: KeyHash.of(bytes) % 4 &* 0x4000_0001
            }
        }
    }

    /// Keys whose hashes collide, in part or whole: a slot whose tag (seven bits of the hash)
    /// matches is not yet the key, nor is one with the same hash; probing wraps at the end.
    @Test(arguments: Collision.allCases)
    func answersAsADictionaryDoesWhenHashesCollide(_ collision: Collision) {
        var table = KeyTable(expectedKeys: 16)
        var arena: [UInt8] = [], oracle: [String: UInt32] = [:]
        // Keys of equal length too: the bytes tell them apart.
        let keys = Self.keys(700, prefix: "k", repeating: 3) + Self.keys(700, prefix: "k", repeating: 11)
        Self.add(keys, to: &table, arena: &arena, oracle: &oracle, hash: collision.hash)
        #expect(oracle.count == Set(keys).count)
    }

    @Test func emptiedForAnotherFileForgetsEveryKey() {
        var table = KeyTable(expectedKeys: 4_000)
        // Larger, smaller, much smaller and much larger than the slots: each file starts empty.
        for (round, count) in [3_000, 200, 6, 20_000, 1_000].enumerated() {
            table.removeAll(expectedKeys: count)
            var arena: [UInt8] = [], oracle: [String: UInt32] = [:]
            // The same names in every round: a key of the round before must not be found.
            Self.add(Self.keys(count, prefix: "name", repeating: 5), to: &table, arena: &arena, oracle: &oracle)
            #expect(oracle.count == Set(Self.keys(count, prefix: "name", repeating: 5)).count, "round \(round)")
        }
    }

    @Test func aScratchPoolKeepsAFewSmallOnes() {
        let pool = ScratchPool<[UInt8]>(limit: 2, maxBytes: 100) { $0.count }
        #expect(pool.take() == nil)
        pool.give([1])
        pool.give([UInt8](repeating: 2, count: 101))
        pool.give([3])
        pool.give([4])
        // The large one is dropped, the fourth finds the pool full; the last given comes first.
        #expect(pool.take() == [3])
        #expect(pool.take() == [1])
        #expect(pool.take() == nil)
    }
}
