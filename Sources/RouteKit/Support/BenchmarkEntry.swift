import CYAML

/// Entry points for `routekit-bench` (see BENCHMARKS.md). Not API: `@_spi`.
@_spi(Benchmarking) public enum BenchmarkEntry {
    /// Counts events and nothing else, so the scan alone is measured.
    private struct CountingSink: BlockMappingSink {
        var events = 0
        mutating func onDocumentStart(_ mark: yaml_mark_t) -> Bool { events += 1; return true }
        mutating func onMappingStart(_ mark: yaml_mark_t) -> Bool { events += 1; return true }
        mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, _ mark: yaml_mark_t) -> Bool {
            events += 1
            return true
        }
        mutating func onMappingEnd() -> Bool { events += 1; return true }
    }

    /// The block-mapping scanner over one file's bytes: its event count, or nil when it leaves the
    /// file to libyaml.
    public static func scanEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var sink = CountingSink()
        return BlockMappingScanner.scan(bytes, into: &sink) ? sink.events : nil
    }
}

extension BenchmarkEntry {
    /// A Kotlin file as `sources:` reads it: UTF-8 validated, tokenized. Returns the token count.
    public static func tokenizeKotlin(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
        return KotlinTokenizer(text).tokens.count
    }

    /// A Swift file as `sources:` reads it: UTF-8 validated, tokenized. Returns the token count.
    public static func tokenizeSwift(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
        var tokenizer = SwiftTokenizer(text)
        var count = 0
        while tokenizer.next() != nil { count += 1 }
        return count
    }
}
