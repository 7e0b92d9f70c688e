import FoundationEssentials

/// Large reports rendered on all cores, a chunk of findings per core, written in order.
enum ChunkedRender {
    /// Findings per chunk: enough to keep a core busy, few enough that its buffer stays small.
    static let chunkSize = 1024

    /// Writes `head`, then `count` findings rendered in chunks on all cores (`body` renders one
    /// range into a buffer), then `tail`. Chunks are rendered a round at a time and written in
    /// order; their buffers are reused, so a 20 MB report never takes 20 MB of fresh memory.
    static func render(count: Int, head: [UInt8], tail: [UInt8], into output: ReportOutput,
                       _ body: @Sendable (Range<Int>, inout ReportBytes) -> Void) {
        output.write(head)
        let workers = max(1, min(Concurrent.threadLimit, (count + chunkSize - 1) / chunkSize))
        var buffers = [ReportBytes](repeating: ReportBytes(), count: workers)
        var start = 0
        while start < count {
            let roundStart = start
            let roundCount = min(count - start, workers * chunkSize)
            Concurrent.forEach(&buffers) { worker, buffer in
                let lower = roundStart + roundCount * worker / workers
                let upper = roundStart + roundCount * (worker + 1) / workers
                buffer.removeAll()
                body(lower..<upper, &buffer)
            }
            for buffer in buffers { buffer.withBytes(output.write) }
            start += roundCount
        }
        output.write(tail)
    }
}
