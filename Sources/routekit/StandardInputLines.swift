#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input read in large blocks and cut into lines, each handed out as its bytes (without
/// `\n` or `\r\n`), so `title --batch` reads a request without making a `String` of the line.
/// The last line may lack its newline; a read error ends the input, as it ends `readLine()`.
final class StandardInputLines {
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The unread bytes are `buffer[start ..< end]`.
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// Calls `body` with the next line; nil at the end of input.
    func next<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var searched = start
        while true {
            if let newline = buffer[searched ..< end].firstIndex(of: 0x0A) {
                let lineEnd = newline > start && buffer[newline - 1] == 0x0D ? newline - 1 : newline
                let line = start
                start = newline + 1
                return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[line ..< lineEnd])) }
            }
            searched = end
            if atEnd {
                guard start < end else { return nil }
                let line = start
                start = end
                return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[line ..< end])) }
            }
            searched -= start
            fill()
        }
    }

    /// True when a whole line is already read and waiting.
    var hasWaitingLine: Bool { buffer[start ..< end].contains(0x0A) }

    /// Moves the unread bytes to the front (growing the buffer when they fill it) and reads more.
    private func fill() {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                read(0, bytes.baseAddress! + end, bytes.count - end)
            }
            if count > 0 {
                end += count
                return
            }
            if count < 0, errno == EINTR { continue }
            atEnd = true
            return
        }
    }
}
