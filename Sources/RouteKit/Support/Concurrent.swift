import Dispatch

/// Work spread over all cores, with results in index order.
///
/// How routekit shares mutable state between threads: a value several threads read and write
/// lives in a `Mutex` (Synchronization); work that runs on all cores goes through these helpers,
/// which hand each worker its own slot, so the workers share nothing mutable. The helpers are the
/// only place that writes through `nonisolated(unsafe)`: the slots are disjoint, and
/// `concurrentPerform` returns only when every worker is done, so the caller then reads them all.
enum Concurrent {
    /// `transform(0)`, `transform(1)`, … `transform(count - 1)`, computed on all cores.
    static func map<Result>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.baseAddress! + index).initialize(to: transform(index))
            }
            initialized = count
        }
    }

    /// `body(index, &elements[index])` for every element, on all cores: each call changes only its
    /// own element (e.g. a reusable buffer per worker).
    static func forEach<Element>(_ elements: inout [Element], _ body: @Sendable (Int, inout Element) -> Void) {
        elements.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: slots.count) { index in
                body(index, &slots[index])
            }
        }
    }

    /// `first()` and `second()`, computed side by side. The two must share nothing mutable; unlike
    /// `map`'s, they need not be `@Sendable`, so `second` may consume a value the caller moves in
    /// (an `inout` array it frees as it goes) instead of copying it.
    static func pair<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) let first = first, second = second
                nonisolated(unsafe) var firstResult: First?, secondResult: Second?
                DispatchQueue.concurrentPerform(iterations: 2) { part in
                    if part == 0 { firstResult = first() } else { secondResult = second() }
                }
                return (firstResult!, secondResult!)
            }
        }
    }
}
