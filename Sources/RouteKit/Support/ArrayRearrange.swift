extension Array {
    /// Keeps `self[order[0]], self[order[1]], …`, in that order, and drops the other elements.
    /// Elements are moved, never copied; no index may appear twice in `order`.
    mutating func rearrange(keeping order: [Int]) {
        if order.count == count && order.elementsEqual(indices) { return }
        // Places are filled front to back; the element a swap displaces goes where the placed
        // one was. When `order` is mostly ascending (sorted runs merged), displaced elements stay
        // just ahead of the front, so memory is walked once, nearly in sequence (following
        // cycles instead jumps across the whole array at every step).
        var position = [Int](indices)   // where the element first at an index is now
        var occupant = [Int](indices)   // which element (by first index) is at a place now
        withUnsafeMutableBufferPointer { elements in
            for (target, source) in order.enumerated() {
                let current = position[source]
                precondition(current >= target, "index \(source) kept twice")
                position[source] = target
                guard current != target else { continue }
                elements.swapAt(target, current)
                let displaced = occupant[target]
                position[displaced] = current
                occupant[current] = displaced
            }
        }
        removeLast(count - order.count)
    }
}
