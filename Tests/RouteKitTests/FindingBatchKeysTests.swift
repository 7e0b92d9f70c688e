@testable import RouteKit
import Testing

/// `FindingBatch.Keys` packs its names into one byte array: each name reads back as given, and
/// whether the keys are ordered before a separator agrees with comparing `name + separator` as
/// Strings (the oracle, as it was computed before the packing).
@Suite struct FindingBatchKeysTests {
    static func oracle(_ names: [String], _ separator: Character) -> Bool {
        let byte = separator.asciiValue ?? 0
        let ascii = separator.isASCII && names.allSatisfy { $0.utf8.allSatisfy { (0x20..<0x7F).contains($0) && $0 != byte } }
        let sorted = zip(names, names.dropFirst()).allSatisfy { ($0.0 + String(separator)).utf8.lexicographicallyPrecedes(($0.1 + String(separator)).utf8) }
        return ascii && sorted
    }

    @Test func namesReadBackAndOrderAgreesWithTheOracle() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("!&'()ak.z~é")
        for _ in 0 ..< 3_000 {
            let names = (0 ..< Int.random(in: 0 ... 5, using: &generator)).map { _ in
                String((0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            let sortedNames = names.sorted { ($0 + "'").utf8.lexicographicallyPrecedes(($1 + "'").utf8) }
            for candidate in [names, sortedNames] {
                let keys = FindingBatch.Keys(candidate, sortedBefore: "'")
                #expect(candidate.indices.allSatisfy { keys[$0] == candidate[$0] })
                #expect((keys.orderedBefore != nil) == Self.oracle(candidate, "'"), "\(candidate)")
            }
        }
    }
}
