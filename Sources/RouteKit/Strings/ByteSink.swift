/// Where a reader writes the bytes of keys and texts: an array, or the buffer that the merge then
/// keeps as the file's texts (`TextBuffer`, the Android reader's: `StringsFileData.keptArena`).
protocol ByteSink {
    var count: Int { get }
    subscript(index: Int) -> UInt8 { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
    /// Appends the UTF-8 bytes of `text`, from its buffer.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

extension Array: ByteSink where Element == UInt8 {}

extension TextBuffer: ByteSink {}
