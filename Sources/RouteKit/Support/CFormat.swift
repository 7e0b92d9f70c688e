#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C's `snprintf` for one number: what `String(format:)` did for routekit (the C locale, no
/// Foundation).
enum CFormat {
    /// `format` (one conversion, such as `%.2f` or `\\x%02X`) applied to `value`.
    static func format(_ format: String, _ value: some CVarArg) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = withVaList([value]) { arguments in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
            }
            if needed < 0 { return "" }
            if Int(needed) < buffer.count {
                return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
