extension Array {
    /// Keeps `self[order[0]], self[order[1]], …`, in that order, and drops the other elements.
    /// Elements are moved, never copied; no index may appear twice in `order`.
    mutating func rearrange(keeping order: [Int]) {
        // Where each element goes: the kept ones to their position, the others after them.
        var destination = [Int](repeating: -1, count: count)
        for (position, source) in order.enumerated() {
            precondition(destination[source] < 0, "index \(source) kept twice")
            destination[source] = position
        }
        var next = order.count
        for index in destination.indices where destination[index] < 0 {
            destination[index] = next
            next += 1
        }
        // Each swap puts one element in its final place.
        withUnsafeMutableBufferPointer { elements in
            for index in elements.indices {
                while destination[index] != index {
                    let target = destination[index]
                    elements.swapAt(index, target)
                    destination.swapAt(index, target)
                }
            }
        }
        removeLast(count - order.count)
    }
}
