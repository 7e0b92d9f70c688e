import FoundationEssentials

/// Large reports rendered on all cores in chunks of findings, each taken by whichever core is
/// free, written in order.
enum ChunkedRender {
    /// Findings per chunk: enough to keep a core busy, few enough that its buffer stays small.
    /// (A chunk is made of its findings' shared parts once: JUnit's cases took 12% more
    /// instructions in chunks of 256.)
    static let chunkSize = 1024
    /// Chunks a round holds per core: taken one at a time by whichever core is free, so a core
    /// whose findings cost less is not left idle until the other's chunk is done (with one chunk
    /// per core, a catalog's second core rendered some 60% of the time).
    static let chunksPerCore = 4

    /// Writes `head`, then `count` findings rendered in chunks on all cores (`body` renders one
    /// range into a buffer), then `tail`. Chunks are rendered a round at a time and written in
    /// order; their buffers are reused, so a 20 MB report never takes 20 MB of fresh memory.
    static func render(count: Int, head: [UInt8], tail: [UInt8], into output: ReportOutput,
                       _ body: @Sendable (Range<Int>, inout ReportBytes) -> Void) {
        output.write(head)
        let chunks = max(1, min(Concurrent.threadLimit * chunksPerCore, (count + chunkSize - 1) / chunkSize))
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
