/// Where a reporter writes: pieces of its output, in order.
public struct ReportOutput {
    private let sink: (UnsafeRawBufferPointer) -> Void

    public init(_ sink: @escaping (UnsafeRawBufferPointer) -> Void) { self.sink = sink }

    /// Empty pieces are not passed on.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        if !bytes.isEmpty { sink(bytes) }
    }

    func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes(write) }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Everything `render` writes, as one string. The pieces are kept, then copied once into a
    /// string of the right size (growing one buffer instead copies a 20 MB report several times).
    static func collect(_ render: (ReportOutput) -> Void) -> String {
        var pieces: [[UInt8]] = []
        render(ReportOutput { pieces.append(Array($0)) })
        return String(unsafeUninitializedCapacity: pieces.reduce(0) { $0 + $1.count }) { target in
            var offset = 0
            for piece in pieces {
                _ = UnsafeMutableBufferPointer(rebasing: target[offset...]).initialize(from: piece)
                offset += piece.count
            }
            return offset
        }
    }
}
