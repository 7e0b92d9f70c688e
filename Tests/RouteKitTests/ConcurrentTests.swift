import Synchronization
import Testing
@testable import RouteKit

/// The thread pool under `Concurrent`: every index exactly once, results in order, nested calls,
/// and many calls in a row (a report makes a hundred).
@Suite struct ConcurrentTests {
    @Test(arguments: [0, 1, 2, 3, 64, 10_000])
    func mapComputesEveryIndexOnceInOrder(count: Int) {
        let calls = Atomic<Int>(0)
        let results = Concurrent.map(count: count) { index -> Int in
            calls.wrappingAdd(1, ordering: .relaxed)
            return index * index
        }
        #expect(results == (0..<count).map { $0 * $0 })
        #expect(calls.load(ordering: .relaxed) == count)
    }

    @Test func nestedCallsFinishAndKeepTheirOrder() {
        // Outer indices each run an inner map: helpers idle in one call join the other.
        let results = Concurrent.map(count: 8) { outer in
            Concurrent.map(count: 100) { inner in outer * 1_000 + inner }.reduce(0, +)
        }
        #expect(results == (0..<8).map { outer in (0..<100).reduce(0) { $0 + outer * 1_000 + $1 } })
    }

    @Test func manyCallsInARowEachFinish() {
        for round in 0..<2_000 {
            let results = Concurrent.map(count: 3) { $0 + round }
            #expect(results == [round, round + 1, round + 2])
        }
    }

    @Test func forEachChangesOnlyItsOwnElement() {
        var buffers = Array(repeating: [Int](), count: 5)
        Concurrent.forEach(&buffers) { index, buffer in buffer = Array(repeating: index, count: index) }
        #expect(buffers == (0..<5).map { Array(repeating: $0, count: $0) })
    }

    @Test func pairRunsBothSides() {
        var moved = Array(0..<1_000)
        let (sum, count) = Concurrent.pair({ (0..<100).reduce(0, +) }, {
            let count = moved.count
            moved.removeAll()
            return count
        })
        #expect(sum == 4_950 && count == 1_000 && moved.isEmpty)
    }

    @Test func aSlowIndexDoesNotHoldUpTheRest() {
        // With two threads or more, the other indices are taken by whoever is free while index 0
        // spins: it sees them all done before it finishes (or gives up after 30 s, failing).
        guard Concurrent.threadLimit > 1 else { return }
        let done = Atomic<Int>(0)
        let sawOthers = Concurrent.map(count: 50) { index -> Bool in
            if index == 0 {
                let deadline = ContinuousClock.now + .seconds(30)
                while done.load(ordering: .acquiring) < 49 {
                    if ContinuousClock.now > deadline { return false }
                }
                return true
            }
            done.wrappingAdd(1, ordering: .releasing)
            return false
        }
        #expect(sawOthers[0])
    }
}
