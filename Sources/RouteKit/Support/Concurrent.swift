import Dispatch

/// Work spread over all cores, with results in index order.
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

    /// Parts joined in order: part `i` has `counts[i]` elements, which `fill(i, &writer)` appends.
    /// The parts are filled on all cores straight into the result: no part is built apart and
    /// then copied (for 100k findings, copies cost retains and fresh memory).
    static func joined<Element>(partCounts counts: [Int], _ fill: @Sendable (Int, inout PartWriter<Element>) -> Void) -> [Element] {
        precondition(counts.allSatisfy { $0 >= 0 }, "a part cannot have a negative count")
        let starts = counts.reduce(into: [0]) { $0.append($0.last! + $1) }
        let total = starts.last!
        return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let target = buffer
            DispatchQueue.concurrentPerform(iterations: counts.count) { part in
                let slice = UnsafeMutableBufferPointer(rebasing: target[starts[part] ..< starts[part] + counts[part]])
                var writer = PartWriter(slice)
                fill(part, &writer)
                // Every slot must be initialized before the array owns it.
                precondition(writer.count == slice.count, "part \(part) has \(writer.count) elements, not \(slice.count)")
            }
            initialized = total
        }
    }
}

/// Appends the elements of one part of `Concurrent.joined`, in place.
struct PartWriter<Element>: ~Copyable {
    private let slots: UnsafeMutableBufferPointer<Element>
    private(set) var count = 0

    fileprivate init(_ slots: UnsafeMutableBufferPointer<Element>) { self.slots = slots }

    mutating func append(_ element: consuming Element) {
        precondition(count < slots.count, "a part got more elements than its count")
        (slots.baseAddress! + count).initialize(to: element)
        count += 1
    }
}
