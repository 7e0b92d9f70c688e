/// The base protocol of the Language Server Protocol: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ending in CRLF, then an empty line)
/// and N bytes of JSON. Bytes are fed in as they arrive; complete messages come out.
///
/// Bad framing never stops the reader for long: a header without a length, or a length over the
/// limit, is reported and its body skipped (the length known) or the header dropped (unknown),
/// so the next well-framed message is read as usual.
struct MessageFraming {
    enum Piece: Equatable {
        case message([UInt8])
        /// A framing problem, for the server to log; reading goes on.
        case problem(String)
    }

    /// The largest body accepted; a larger one is skipped without being held.
    var maxBody: Int
    /// The longest header block accepted.
    var maxHeader = 8 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header just read, while its body is awaited.
    private var expected: Int?
    /// Bytes of an over-long body still to drop.
    private var skipping = 0

    init(maxBody: Int = 64 << 20) { self.maxBody = maxBody }

    /// Takes more bytes; returns the messages and problems they complete, in order.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Piece] {
        var incoming = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, incoming.count)
            skipping -= dropped
            incoming = incoming.dropFirst(dropped)
        }
        buffer.append(contentsOf: incoming)
        var pieces: [Piece] = []
        while let piece = next() { pieces.append(piece) }
        // Consumed bytes are dropped once they are most of the buffer, not on every message.
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeSubrange(..<start)
            start = 0
        }
        return pieces
    }

    private mutating func next() -> Piece? {
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            skipping -= dropped
            start += dropped
            if skipping > 0 { return nil }
        }
        if let length = expected {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start ..< start + length])
            start += length
            expected = nil
            return .message(body)
        }
        // A header block ends at the first empty line (CRLF CRLF; a bare LF LF is accepted too).
        guard let end = headerEnd() else {
            if buffer.count - start > maxHeader {
                start = buffer.count
                return .problem("a header block longer than \(maxHeader) bytes without an end; dropped")
            }
            return nil
        }
        let header = String(decoding: buffer[start ..< end.headerEnd], as: UTF8.self)
        start = end.bodyStart
        var length: Int?
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmed(of: " \t").lowercased()
            let value = line[line.index(after: colon)...].trimmed(of: " \t")
            if name == "content-length" { length = Int(value) }
        }
        guard let length, length >= 0 else { return .problem("a message without a valid Content-Length header; skipped") }
        if length > maxBody {
            skipping = length
            return .problem("a message of \(length) bytes, over the limit of \(maxBody); skipped")
        }
        expected = length
        return next()
    }

    private func headerEnd() -> (headerEnd: Int, bodyStart: Int)? {
        var index = start
        let limit = min(buffer.count, start + maxHeader + 4)
        while index < limit {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count && buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count && buffer[index + 1] == 0x0D && buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// `body` framed for sending.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
