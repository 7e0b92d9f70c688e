/// Where a reader writes the bytes of keys and texts: an array, or the buffer that the merge then
/// keeps as the file's texts (`TextBuffer`, the Android reader's: `StringsFileData.keptArena`).
protocol ByteSink {
    var count: Int { get }
    subscript(index: Int) -> UInt8 { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// The bytes written, to change in place (a text decoded where it was appended).
    mutating func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R
    /// Forgets the bytes from `offset` on.
    mutating func removeLast(from offset: Int)
}

extension ByteSink {
    /// Appends `bytes`; where they are.
    @inline(__always)
    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int32, length: Int32) {
        let start = Int32(count)
        append(contentsOf: bytes)
        return (start, Int32(bytes.count))
    }

    /// Appends the UTF-8 bytes of `text`, from its buffer.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { try body($0) }
    }

    mutating func removeLast(from offset: Int) { removeSubrange(offset...) }
}

extension TextBuffer: ByteSink {}
