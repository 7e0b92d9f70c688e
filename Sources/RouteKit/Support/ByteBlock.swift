/// Sixty-four bytes of text tested at once with vector compares (`SIMD16` lanes, which the
/// compiler turns into SSE2 compares, one mask for the block): the whole-file checks' step,
/// where `ByteWord` tests eight bytes. A block that fails is read again by the word and byte
/// steps, which say exactly where and why.
enum ByteBlock {
    static let size = 64

    /// The offset of the first block of `size` bytes from `index` on that holds a byte the
    /// text checks look at twice (one not ASCII, or a control byte other than LF, or when
    /// `allowControls` any byte not ASCII); `limit` when no such block starts before it. Every
    /// byte before the offset returned is ASCII text (`ByteWord.isTextASCII`); the bytes from
    /// it on are not read.
    @inline(__always)
    static func endOfTextASCII(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, before limit: Int,
                               allowControls: Bool) -> Int {
        guard let base = bytes.baseAddress else { return index }
        let raw = UnsafeRawPointer(base)
        let end = Swift.min(limit, bytes.count)
        var at = index
        // Signed: a byte ≥ 0x80 reads as negative, so one compare finds it and the controls.
        let lowest = SIMD16<Int8>(repeating: allowControls ? 0 : 0x20)
        let lineFeed = SIMD16<Int8>(repeating: 0x0A)
        while at + size <= end {
            @inline(__always) func flagged(_ offset: Int) -> SIMDMask<SIMD16<Int8>> {
                let lanes = (raw + at + offset).loadUnaligned(as: SIMD16<Int8>.self)
                return (lanes .< lowest) .& (lanes .!= lineFeed)
            }
            let any = unsafeBitCast(flagged(0) .| flagged(16) .| flagged(32) .| flagged(48), to: SIMD2<UInt64>.self)
            if any[0] | any[1] != 0 { return at }
            at += size
        }
        return at
    }
}
