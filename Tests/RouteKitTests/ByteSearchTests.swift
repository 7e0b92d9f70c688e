import Testing
@testable import RouteKit

/// `ByteSearch` (a table's texts told by one search of their file's buffer from one `%` to the
/// next) answers what a search of each text's own bytes answers: texts asked in buffer order,
/// out of order, empty, across files, and a buffer ending in the byte.
@Suite struct ByteSearchTests {
    @Test(arguments: [1, 2, 3, 4, 5])
    func answersAsEachTextsOwnSearch(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var arenas: [[UInt8]] = []
        var refs: [(file: Int32, ref: TextRef)] = []
        for file in 0 ..< 3 {
            var arena: [UInt8] = []
            for _ in 0 ..< 200 {
                let length = Int(random.next() % 12)
                let start = arena.count
                for _ in 0 ..< length { arena.append(random.next() % 9 == 0 ? UInt8(ascii: "%") : UInt8(ascii: "a") + UInt8(random.next() % 3)) }
                refs.append((Int32(file), TextRef(start: Int32(start), length: Int32(length), line: 1, column: 1)))
            }
            if file == 1 { arena.append(UInt8(ascii: "%")) }
            arenas.append(arena)
        }
        let storage = StringStorage(paths: ["a", "b", "c"], arenas: arenas, keys: KeyInterner())
        func expected(_ text: (file: Int32, ref: TextRef)) -> Bool {
            storage.withBytes(text.file, text.ref) { $0.contains(UInt8(ascii: "%")) }
        }
        // In order, then shuffled (files interleaved, texts asked again and backwards).
        var inOrder = ByteSearch(UInt8(ascii: "%"))
        #expect(refs.map { inOrder.contains($0.file, $0.ref, in: storage) } == refs.map(expected))
        var shuffled = refs
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        var anyOrder = ByteSearch(UInt8(ascii: "%"))
        #expect(shuffled.map { anyOrder.contains($0.file, $0.ref, in: storage) } == shuffled.map(expected))
        #expect(refs.contains(where: expected) && refs.contains { !expected($0) })
    }
}
