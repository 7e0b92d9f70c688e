#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input read in large blocks and cut into lines, handed out as byte ranges (without
/// `\n` or `\r\n`), so `title --batch` reads a request without making a `String` of the line.
/// The last line may lack its newline; a read error ends the input, as it ends `readLine()`.
final class StandardInputLines {
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The unread bytes are `buffer[start ..< end]`.
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// Calls `body` with every whole line already read (reading until there is one), as ranges
    /// of the bytes it is given, each without `\n` or `\r\n`; nil at the end of input. A piped
    /// file gives a block of lines at a time, an interactive caller a line at a time.
    func nextLines<Result>(_ body: (UnsafeBufferPointer<UInt8>, [Range<Int>]) -> Result) -> Result? {
        var searched = start
        while true {
            if let last = buffer[searched ..< end].lastIndex(of: 0x0A) {
                var lines: [Range<Int>] = []
                var lineStart = start
                while lineStart <= last {
                    let newline = buffer[lineStart ... last].firstIndex(of: 0x0A) ?? last
                    lines.append(lineStart ..< (newline > lineStart && buffer[newline - 1] == 0x0D ? newline - 1 : newline))
                    lineStart = newline + 1
                }
                start = last + 1
                return buffer.withUnsafeBufferPointer { body($0, lines) }
            }
            searched = end
            if atEnd {
                guard start < end else { return nil }
                let line = start ..< end
                start = end
                return buffer.withUnsafeBufferPointer { body($0, [line]) }
            }
            searched -= start
            fill()
        }
    }

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
