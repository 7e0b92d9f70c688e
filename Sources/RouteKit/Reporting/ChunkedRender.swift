import FoundationEssentials

/// Large reports rendered on all cores, in chunks of findings the cores claim, written in order.
enum ChunkedRender {
    /// Findings per chunk: enough to keep a core busy, few enough that its buffer stays small.
    static let chunkSize = 256
    /// Chunks in a round per core. The cores claim a round's chunks one at a time, so one whose
    /// chunks were quicker takes another, and both stay busy until about the round's end (with
    /// one chunk each, one core waited for the other's at the end of every round). A round holds
    /// as many findings as it did then, so its buffers take no more memory.
    static let chunksPerCore = 4
    /// Fewer findings are rendered on one core: a helper woken for them costs more than it saves.
    static let parallelMinimum = 1024

    /// Writes `head`, then `count` findings rendered in chunks on all cores (`body` renders one
    /// range into a buffer), then `tail`. Chunks are rendered a round at a time and written in
    /// order; their buffers are reused, so a 20 MB report never takes 20 MB of fresh memory.
    static func render(count: Int, head: [UInt8], tail: [UInt8], into output: ReportOutput,
                       _ body: @Sendable (Range<Int>, inout ReportBytes) -> Void) {
        output.write(head)
        let chunks = count <= parallelMinimum ? 1 : min(Concurrent.threadLimit * chunksPerCore, count / chunkSize)
        var buffers = [ReportBytes](repeating: ReportBytes(), count: chunks)
        var start = 0
        while start < count {
            let roundStart = start
            let roundCount = min(count - start, chunks * chunkSize)
            Concurrent.forEach(&buffers) { chunk, buffer in
                let lower = roundStart + roundCount * chunk / chunks
                let upper = roundStart + roundCount * (chunk + 1) / chunks
                buffer.removeAll()
                body(lower..<upper, &buffer)
            }
            for buffer in buffers { buffer.withBytes(output.write) }
            start += roundCount
        }
        output.write(tail)
    }
}
