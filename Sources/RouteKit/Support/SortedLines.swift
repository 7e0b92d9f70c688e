/// Generated lines sorted by their key (the first `keyFields` space-separated fields, in byte
/// order), searched where they lie: a table of thousands of entries costs nothing at start-up
/// and a binary search when asked, where a dictionary would be built (and hashed) first.
///
///     let parents = SortedLines("en-AU en-001\nes-MX es-419\n")
///     parents.value(for: "es-MX")  // "es-419"
struct SortedLines: Sendable {
    private let text: String
    private let keyFields: Int

    init(_ text: String, keyFields: Int = 1) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        self.keyFields = keyFields
    }

    /// What follows the key of the line whose key is `key` (after one space), or nil.
    func value(for key: String) -> Substring? {
        var key = key
        return key.withUTF8 { key in
            text.utf8.withContiguousStorageIfAvailable { lines -> Substring? in
                var low = 0, high = lines.count  // both at a line's start (or the end)
                while low < high {
                    var start = (low + high) / 2
                    while start > low && lines[start - 1] != newline { start -= 1 }
                    var end = start
                    while end < high && lines[end] != newline { end += 1 }
                    let keyEnd = self.keyEnd(lines, from: start, to: end)
                    let lineKey = UnsafeBufferPointer(rebasing: lines[start ..< keyEnd])
                    if lineKey.elementsEqual(key) {
                        // Decoded from the bytes: a String index walked from the start would
                        // cost as much as the search saves.
                        return Substring(String(decoding: UnsafeBufferPointer(rebasing: lines[min(keyEnd + 1, end) ..< end]), as: UTF8.self))
                    }
                    if lineKey.lexicographicallyPrecedes(key) { low = min(end + 1, high) } else { high = start }
                }
                return nil
            } ?? nil
        }
    }

    /// Every line whose key starts with `keyPrefix`, as its key without the prefix and what
    /// follows the key, in order.
    func forEach(keyPrefix: String = "", _ body: (_ key: String, _ value: Substring) -> Void) {
        var prefix = keyPrefix
        prefix.withUTF8 { prefix in
            _ = text.utf8.withContiguousStorageIfAvailable { bytes in
                func string(_ range: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != newline { end += 1 }
                    if end - start >= prefix.count, UnsafeBufferPointer(rebasing: bytes[start ..< start + prefix.count]).elementsEqual(prefix) {
                        let keyEnd = self.keyEnd(bytes, from: start, to: end)
                        body(string(start + prefix.count ..< keyEnd), Substring(string(min(keyEnd + 1, end) ..< end)))
                    }
                    start = end + 1
                }
            }
        }
    }

    /// Whether the keys are in strictly increasing byte order (what the generator promises).
    var isSorted: Bool {
        var previous: [UInt8]?
        var sorted = true
        forEach { key, _ in
            let bytes = Array(key.utf8)
            if let previous, !previous.lexicographicallyPrecedes(bytes) { sorted = false }
            previous = bytes
        }
        return sorted
    }

    private var newline: UInt8 { UInt8(ascii: "\n") }

    private func keyEnd(_ lines: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var spaces = 0
        for index in start ..< end where lines[index] == UInt8(ascii: " ") {
            spaces += 1
            if spaces == keyFields { return index }
        }
        return end
    }
}
