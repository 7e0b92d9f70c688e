#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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

    /// A call of two indices whose first waits (up to 30 s) for another thread to take the
    /// second: true if one did.
    static func callNeedingTwoThreads() -> Bool {
        let started = Atomic<Int>(0)
        return Concurrent.map(count: 2) { index -> Bool in
            started.wrappingAdd(1, ordering: .releasing)
            return index == 0 ? spinUntilAnotherThreadJoins(started) : true
        }[0]
    }

    /// Waits (up to 30 s) until another thread has started an index of the same call: true if one did.
    static func spinUntilAnotherThreadJoins(_ started: borrowing Atomic<Int>) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while started.load(ordering: .acquiring) < 2 {
            if ContinuousClock.now > deadline { return false }
        }
        return true
    }

    /// A call nested in an index a helper took (the strings merge inside `pair`) gets the caller
    /// too, which is waiting for that helper: it had one core before.
    @Test func aCallerWaitingForItsHelperWorksOnTheCallNestedThere() {
        guard Concurrent.threadLimit > 1 else { return }
        // The first side waits for the second to start on the helper, so the caller cannot take both.
        let secondStarted = Atomic<Int>(1)
        let (_, joined) = Concurrent.pair({ Self.spinUntilAnotherThreadJoins(secondStarted) }, { () -> Bool in
            secondStarted.wrappingAdd(1, ordering: .releasing)
            return Self.callNeedingTwoThreads()
        })
        #expect(joined)
    }

    /// A thread that asks for a `Once` value being made works on the making's nested call instead
    /// of waiting idle; the value is made once and every asker gets it.
    @Test func aThreadWaitingForAOnceValueHelpsMakeIt() {
        guard Concurrent.threadLimit > 1 else { return }
        let once = Concurrent.Once<Bool>()
        let makings = Atomic<Int>(0)
        let values = Concurrent.map(count: 2) { _ in
            once.value {
                makings.wrappingAdd(1, ordering: .relaxed)
                return Self.callNeedingTwoThreads()
            }
        }
        #expect(values == [true, true])
        #expect(makings.load(ordering: .relaxed) == 1)
    }

    /// A thread making a `Once` value takes no other work while it waits inside the making (here
    /// for another value, which another thread makes): a call's later index asks for the value
    /// it is making, and it would wait for itself. A lint's rules did: the texts' shared reading,
    /// made by one rule, waited for the key arguments another rule was making, and its thread took
    /// the next rule, which asked for the reading. Run on a thread of its own and waited for, so a
    /// deadlock fails the test instead of hanging the suite.
    @Test func aThreadMakingAOnceValueTakesNoOtherWorkMeanwhile() {
        guard Concurrent.threadLimit > 1 else { return }
        final class Outcome: Sendable {
            let finished = Atomic<Bool>(false)
            let values = Mutex<[Int]>([])
        }
        let outcome = Outcome()
        Thread.detachNewThread {
            let inner = Concurrent.Once<Int>(), outer = Concurrent.Once<Int>()
            // Index 0 makes `inner`, slowly; the helper takes index 1, whose making of `outer`
            // waits for `inner`; the later indices ask for `outer`.
            let values = Concurrent.map(count: 6) { index in
                if index == 0 {
                    return inner.value {
                        usleep(100_000)
                        return 1
                    }
                }
                return outer.value { inner.value { 1 } + 1 }
            }
            outcome.values.withLock { $0 = values }
            outcome.finished.store(true, ordering: .releasing)
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while !outcome.finished.load(ordering: .acquiring), ContinuousClock.now < deadline { usleep(1_000) }
        let finished = outcome.finished.load(ordering: .acquiring)
        #expect(finished, "deadlocked")
        #expect(outcome.values.withLock { $0 } == [1, 2, 2, 2, 2, 2])
    }

    /// `IdleSpin`: a waiting thread looks again (the lock released and taken back) until it has
    /// looked for `lookAgainFor`, then is told to sleep; work coming starts the count again.
    @Test func anIdleThreadLooksAgainForAWhileThenSleeps() {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        defer {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
        pthread_mutex_lock(lock)
        var idle = Concurrent.IdleSpin()
        let start = ContinuousClock.now
        var looks = 0
        // Bounded, so a spin that never ends fails here instead of hanging the suite.
        while looks < 10_000_000, idle.looksAgain(releasing: lock) { looks += 1 }
        let looked = start.duration(to: .now)
        #expect(looks > 0 && looks < 10_000_000)
        #expect(looked >= Concurrent.IdleSpin.lookAgainFor)
        // Told to sleep, it stays told until work comes.
        let stillSleeps = idle.looksAgain(releasing: lock)
        #expect(!stillSleeps)
        idle.reset()
        let looksAfterWork = idle.looksAgain(releasing: lock)
        #expect(looksAfterWork)
        // The lock is held again after each look: another thread cannot take it now.
        #expect(pthread_mutex_trylock(lock) != 0)
        pthread_mutex_unlock(lock)
    }
}
