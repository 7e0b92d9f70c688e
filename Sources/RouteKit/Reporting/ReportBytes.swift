#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A byte buffer for reporters, and for readers' hot loops (`StringsFileData.addString`):
/// appending bytes is cheaper than appending many small strings, or many short arrays.
struct ReportBytes {
    /// Room for the bytes, zero past `count`: a write is a copy and a new count. An array's
    /// `append(contentsOf:)` cost about a hundred instructions a call (its generic path checks
    /// the source's iterator after the copy), and a report makes a few dozen writes a finding.
    private var storage: [UInt8] = []
    private(set) var count = 0

    /// The bytes written, as an array.
    var bytes: [UInt8] { count == storage.count ? storage : Array(storage[..<count]) }

    /// Empties the buffer, keeping its room.
    mutating func removeAll() { count = 0 }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // The count read first: a closure that reads it captures the buffer (a retain each call).
        let count = count
        return storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Copies `length` bytes from `source` to the end.
    @inline(__always) private mutating func append(_ source: UnsafeRawPointer?, _ length: Int) {
        guard let source, length > 0 else { return }
        makeRoom(for: length)
        let at = count
        storage.withUnsafeMutableBytes { _ = memcpy($0.baseAddress! + at, source, length) }
        count = at &+ length
    }

    /// Room for `length` more bytes after `count`.
    @inline(__always) private mutating func makeRoom(for length: Int) {
        if length > storage.count &- count { grow(to: count &+ length) }
    }

    /// Room for `needed` bytes at least, doubling.
    @inline(never) private mutating func grow(to needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: Swift.max(needed, 2 * storage.count, 256) - storage.count))
    }

    @inline(__always) mutating func write(_ text: String) {
        if let _ = text.utf8.withContiguousStorageIfAvailable({ append($0.baseAddress, $0.count) }) { return }
        var text = text
        text.withUTF8 { append($0.baseAddress, $0.count) }
    }

    @inline(__always) mutating func write(_ byte: UInt8) {
        makeRoom(for: 1)
        storage[count] = byte
        count &+= 1
    }

    /// Through its buffer: `append(contentsOf:)` of the array itself retains it, a cost per
    /// finding where reporters write their kept pieces.
    @inline(__always) mutating func write(_ more: [UInt8]) { more.withUnsafeBufferPointer { append($0.baseAddress, $0.count) } }

    @inline(__always) mutating func write(_ more: UnsafeRawBufferPointer) { append(more.baseAddress, more.count) }

    @inline(__always) mutating func write(_ more: UnsafeBufferPointer<UInt8>) { append(more.baseAddress, more.count) }

    /// Another buffer's bytes.
    mutating func write(_ other: ReportBytes) { other.withBytes { append($0.baseAddress, $0.count) } }

    /// A literal's bytes, without going through a String.
    @inline(__always) mutating func writeLiteral(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// `ReportText.neutralized(text)`, without making a string when there is nothing to escape.
    mutating func writeNeutralized(_ text: String) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { source in
            guard ReportText.isPrintableASCII(source) else { return false }
            write(source)
            return true
        }
        if done != true { write(ReportText.neutralized(text)) }
    }

    /// `writeNeutralized` of the UTF-8 text `text`: printable ASCII as it is, anything else
    /// through the `String` path.
    mutating func writeNeutralized(bytes text: UnsafeBufferPointer<UInt8>) {
        guard ReportText.isPrintableASCII(text) else { return writeNeutralized(String(decoding: text, as: UTF8.self)) }
        write(text)
    }

    /// A non-negative decimal number (negative numbers fall back to `String`), its digits written
    /// in place from the last (through a word-sized buffer and a copy, a line and column took 140
    /// instructions a finding).
    mutating func writeNumber(_ value: Int) {
        guard value >= 0 else { return write(String(value)) }
        var rest = UInt64(value)
        // Int.max has 19 digits: 10^19 still fits a UInt64.
        var length = 1, limit: UInt64 = 10
        while length < 19 && rest >= limit {
            length += 1
            limit &*= 10
        }
        makeRoom(for: length)
        let end = count &+ length
        storage.withUnsafeMutableBufferPointer { buffer in
            var position = end
            repeat {
                position &-= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
        }
        count = end
    }

    /// `text` XML-escaped, exactly as `XMLText.escaped(text, quotes:, breaks: true)` gives it,
    /// without making a String on the common paths (printable ASCII, with or without specials).
    /// Escaping is per character, so a text may be written in pieces.
    mutating func writeXML(_ text: String, quotes: Bool) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { writePrintableXML($0, quotes: quotes) }
        if done == true { return }
        write(XMLText.escaped(text, quotes: quotes, breaks: true))
    }

    /// `writeXML` of the UTF-8 text `text` (a batch's key, read where it is stored).
    mutating func writeXML(bytes text: UnsafeBufferPointer<UInt8>, quotes: Bool) {
        if writePrintableXML(text, quotes: quotes) { return }
        write(XMLText.escaped(String(decoding: text, as: UTF8.self), quotes: quotes, breaks: true))
    }

    /// Whether printable ASCII `source` holds a byte XML escapes (`&`, `<`, `>`, `"`, `'`); nil
    /// when it is not printable ASCII. Without one, it is written as it is, quoted or not.
    static func xmlSpecials(_ source: UnsafeBufferPointer<UInt8>) -> Bool? {
        var special = false
        for byte in source {
            if byte < 0x20 || byte >= 0x7F { return nil }
            if byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 { special = true }
        }
        return special
    }

    /// Writes `source` XML-escaped when it is printable ASCII (specials become references);
    /// false, writing nothing, for any other text.
    private mutating func writePrintableXML(_ source: UnsafeBufferPointer<UInt8>, quotes: Bool) -> Bool {
        guard let special = Self.xmlSpecials(source) else { return false }
        guard special else {
            write(source)
            return true
        }
        for byte in source {
            switch byte {
            case 0x26: writeLiteral("&amp;")
            case 0x3C: writeLiteral("&lt;")
            case 0x3E: writeLiteral("&gt;")
            case 0x22 where quotes: writeLiteral("&quot;")
            case 0x27 where quotes: writeLiteral("&apos;")
            default: write(byte)
            }
        }
        return true
    }

    /// A finding's message as a JSON string, written piece by piece (a batch's findings share all
    /// but their key): the bytes of `writeJSONString(diagnostic.message)` without making the
    /// message (JSON escaping is per character).
    mutating func writeJSONMessage(_ diagnostic: Finding) {
        write(UInt8(ascii: "\""))
        diagnostic.forEachMessagePiece { writeJSONStringBody($0) }
        write(UInt8(ascii: "\""))
    }

    /// A piece of a JSON string's contents, escaped as `JSONValue.writeString` escapes it, without
    /// the quotes.
    mutating func writeJSONStringBody(_ piece: String) {
        let done: Bool? = piece.utf8.withContiguousStorageIfAvailable { source in
            for byte in source where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            write(source)
            return true
        }
        if done == true { return }
        var escaped = ""
        JSONValue.writeString(piece, into: &escaped)
        escaped.withUTF8 { write(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
    }

    /// `writeJSONStringBody` of the text whose UTF-8 is `piece` (a message gathered from its
    /// pieces once, for its fingerprint and its JSON).
    mutating func writeJSONStringBody(utf8 piece: [UInt8]) {
        let plain = piece.withUnsafeBufferPointer { source in
            for byte in source where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            return true
        }
        if plain {
            write(piece)
        } else {
            writeJSONStringBody(String(decoding: piece, as: UTF8.self))
        }
    }

    /// `text` as a JSON string, exactly as `JSONValue.writeString` writes it.
    mutating func writeJSONString(_ text: String) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { source in
            for byte in source where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            write(UInt8(ascii: "\""))
            write(source)
            write(UInt8(ascii: "\""))
            return true
        }
        if done == true { return }
        var escaped = ""
        JSONValue.writeString(text, into: &escaped)
        write(escaped)
    }
}
