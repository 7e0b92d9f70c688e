extension UnsafeBufferPointer where Element == UInt8 {
    /// Where `part` starts in these bytes, when it lies wholly in them (a name or text the XML
    /// scanner handed over as it is written in the file, not decoded elsewhere); nil otherwise.
    @inline(__always)
    func offset(of part: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let start = baseAddress, let partStart = part.baseAddress, partStart >= start,
              partStart + part.count <= start + count else { return nil }
        return start.distance(to: partStart)
    }
}
