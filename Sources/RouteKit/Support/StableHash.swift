/// FNV-1a 64-bit: a stable, dependency-free hash for fingerprints (Swift's `Hasher` is seeded per process).
public enum StableHash {
    public static func value(_ text: String) -> UInt64 {
        var stream = Stream()
        stream.add(text)
        return stream.hash
    }

    public static func hex(_ text: String) -> String {
        let digits = String(value(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension StableHash {
    /// FNV-1a state, fed piece by piece: the same value as hashing the joined text. The one
    /// FNV-1a loop of fingerprints (the string table's interning hashes are another function).
    struct Stream {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        @inline(__always) mutating func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { add($0) }
        }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            var h = hash
            for byte in bytes {
                h ^= UInt64(byte)
                h &*= 0x0000_0100_0000_01b3
            }
            hash = h
        }

        mutating func add(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { add($0) }
        }

        /// 16 lowercase hex digits, as `StableHash.hex`, appended at once.
        func write(into out: inout ReportBytes) {
            var digits: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &digits) { buffer in
                for index in 0 ..< 16 {
                    let digit = UInt8(truncatingIfNeeded: (hash >> UInt64(60 - 4 * index)) & 0xF)
                    buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                }
                out.write(UnsafeRawBufferPointer(buffer))
            }
        }
    }
}
