#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Eight bytes of text read as one little-endian word and tested at once: the steps of the
/// scanners' fast paths (plain and quoted YAML texts, `strings.xml` names and texts, a byte's
/// first index). Each test answers for the word exactly; `matches` marks its first match exactly
/// (a borrow may mark bytes after it).
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is `byte`: exact up to the first such byte.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let diff = word ^ (UInt64(byte) &* ones)
        return (diff &- ones) & ~diff & highs
    }

    /// Whether the `count` bytes at `a` and at `b` are the same. Up to sixteen are compared here,
    /// in two loads from each side that may overlap and never reach past either's `count` bytes;
    /// more through `memcmp`. What the readers compare is mostly short (member names, keys,
    /// locales), and for those `memcmp`'s call cost more than the comparison.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        switch count {
        case ...0:
            return true
        case 1 ... 3:
            // The first, middle and last byte: every byte of one to three.
            let middle = count >> 1
            return a.load(as: UInt8.self) == b.load(as: UInt8.self)
                && a.load(fromByteOffset: middle, as: UInt8.self) == b.load(fromByteOffset: middle, as: UInt8.self)
                && a.load(fromByteOffset: count - 1, as: UInt8.self) == b.load(fromByteOffset: count - 1, as: UInt8.self)
        case 4 ... 8:
            let first = a.loadUnaligned(as: UInt32.self) ^ b.loadUnaligned(as: UInt32.self)
            let last = a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) ^ b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return first | last == 0
        case 9 ... 16:
            let first = a.loadUnaligned(as: UInt64.self) ^ b.loadUnaligned(as: UInt64.self)
            let last = a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return first | last == 0
        default:
            return memcmp(a, b, count) == 0
        }
    }

    /// True when each byte of `word` is printable ASCII (0x20–0x7E).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        // A byte ≥ 0x80, or 0x7F (its high bit set once one is added; no carry leaves a byte < 0x80).
        if (word | (word &+ ones)) & highs != 0 { return false }
        // A byte < 0x20: subtracting 0x20 borrows into its high bit.
        return (word &- 0x2020_2020_2020_2020) & ~word & highs == 0
    }

    /// True when each byte of `word` is ASCII and no control character but tab, LF and CR (any
    /// control when `allowControls`): what XML and JSON allow between their markup.
    @inline(__always)
    static func isTextASCII(_ word: UInt64, allowControls: Bool) -> Bool {
        guard word & highs == 0 else { return false }
        if allowControls { return true }
        // Each byte is under 0x80 now, so no sum below carries into the next byte: adding 0x60
        // sets the high bit of each byte ≥ 0x20, and adding 0x7F that of each byte not 0 after
        // the exclusive or (each exact per byte).
        let controls = ~(word &+ 0x6060_6060_6060_6060) & highs
        guard controls != 0 else { return true }
        func equal(_ byte: UInt8) -> UInt64 { ~((word ^ (UInt64(byte) &* ones)) &+ 0x7F7F_7F7F_7F7F_7F7F) & highs }
        // Line feeds are nearly all the control bytes a file has: one comparison tells them.
        let others = controls & ~equal(0x0A)
        return others == 0 || others & ~(equal(0x09) | equal(0x0D)) == 0
    }

    /// `isTextASCII` of two words at once: one test for both when neither has a control
    /// character (a line break, in about one word in nine, takes the test of each).
    @inline(__always)
    static func isTextASCII(_ first: UInt64, _ second: UInt64, allowControls: Bool) -> Bool {
        guard (first | second) & highs == 0 else { return false }
        if allowControls { return true }
        guard (~(first &+ 0x6060_6060_6060_6060) | ~(second &+ 0x6060_6060_6060_6060)) & highs != 0 else { return true }
        return isTextASCII(first, allowControls: false) && isTextASCII(second, allowControls: false)
    }

    /// The index of the first byte of `buffer` from `index` on that is not a space (the end when
    /// none): a line's indentation, eight bytes a step.
    @inline(__always)
    static func endOfSpaces(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var at = index
        if let base = buffer.baseAddress {
            while at + 8 <= buffer.count {
                let others = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                guard others == 0 else { return at + others.trailingZeroBitCount >> 3 }
                at += 8
            }
        }
        while at < buffer.count, buffer[at] == 0x20 { at += 1 }
        return at
    }

    /// Whether `byte` is an ASCII letter, digit or `_`: `nameBytes` of one byte.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        let digits: UInt64 = 0x03FF_0000_0000_0000  // 0x30...0x39
        let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE  // 0x41...0x5A, 0x5F, 0x61...0x7A
        return byte < 64 ? (digits >> byte) & 1 != 0 : byte < 128 && (letters >> (byte & 63)) & 1 != 0
    }

    /// The high bit of each byte of `word` that is an ASCII letter, digit or `_` (a name's
    /// bytes in Kotlin and Swift), exact in every lane.
    @inline(__always)
    static func nameBytes(_ word: UInt64) -> UInt64 {
        // Each byte without its high bit: no sum below carries into the next byte. Adding
        // 0x80 - lo sets the high bit of a byte ≥ lo, adding 0x7F - hi that of a byte > hi.
        let low = word & ~highs
        @inline(__always) func within(_ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (low &+ (0x80 - lo) &* ones) & ~(low &+ (0x7F - hi) &* ones)
        }
        let underscore = ~((low ^ 0x5F5F_5F5F_5F5F_5F5F) &+ 0x7F7F_7F7F_7F7F_7F7F)
        // A byte with its high bit set is none of these, whatever its low bits.
        return (within(0x30, 0x39) | within(0x41, 0x5A) | within(0x61, 0x7A) | underscore) & ~word & highs
    }

    /// True when each byte of `word` is printable ASCII and neither `first` nor `second`.
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64, without first: UInt8, _ second: UInt8) -> Bool {
        isPrintableASCII(word) && matches(word, first) | matches(word, second) == 0
    }
}
