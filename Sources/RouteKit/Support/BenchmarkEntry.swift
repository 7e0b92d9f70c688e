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

    /// The floor: every libyaml event of one file's bytes through `yaml_parser_parse`, counted.
    public static func libyamlEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var parser = yaml_parser_t()
        yaml_parser_initialize(&parser)
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var event = yaml_event_t()
        var events = 0
        while yaml_parser_parse(&parser, &event) == 1 {
            events += 1
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if done { break }
        }
        return events
    }

    /// The block-mapping scanner over one file's bytes: its event count, or nil when it leaves the
    /// file to libyaml.
    public static func scanEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var sink = CountingSink()
        return BlockMappingScanner.scan(bytes, into: &sink) ? sink.events : nil
    }
}

extension BenchmarkEntry {
    /// A Kotlin file as `sources:` reads it: UTF-8 validated, tokenized a token at a time (the
    /// tokenizer its scanners pull from, which keeps no token). Returns the token count. Until
    /// stop 76 this kept every token in an array, which lint never does, and the array's fresh
    /// pages made the row swing with the machine's page faults (on 2026-12-08: 161 and 166 MB/s at
    /// 5 and 10 MB, 284 at 20 MB).
    public static func tokenizeKotlin(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
        var tokenizer = KotlinTokenizer(pulling: Array(text.utf8))
        var count = 0
        while tokenizer.next() != nil { count += 1 }
        return count
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
