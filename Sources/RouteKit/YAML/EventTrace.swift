import CYAML

/// Both event sources in one comparable form — the block-mapping scanner's and libyaml's, the
/// oracle — for the differential tests and the fuzzer.
enum EventTrace {
    struct Recorder: BlockMappingSink {
        var events: [String] = []
        mutating func onDocumentStart(_ mark: yaml_mark_t) -> Bool { events.append("doc"); return true }
        mutating func onMappingStart(_ mark: yaml_mark_t) -> Bool { events.append("map \(mark.line):\(mark.column)"); return true }
        mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, _ mark: yaml_mark_t) -> Bool {
            events.append("\(plain ? "plain" : "quoted") \(mark.line):\(mark.column) \(Array(bytes))")
            return true
        }
        mutating func onMappingEnd() -> Bool { events.append("end"); return true }
    }

    /// The scanner's events, or nil when it leaves the input to libyaml.
    static func scanned(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { scanned($0) }
    }

    /// The same of bytes in place: a test can put a byte right after them that the scanner must
    /// not read.
    static func scanned(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var recorder = Recorder()
        return BlockMappingScanner.scan(bytes, into: &recorder) ? recorder.events : nil
    }

    /// libyaml's events in the same words; nil when libyaml reports an error. What the scanner
    /// never produces (lists, aliases, tags, anchors) is recorded as itself.
    static func libyaml(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer -> [String]? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            let empty: [UInt8] = [0]
            return empty.withUnsafeBufferPointer { fallback -> [String]? in
                yaml_parser_set_input_string(&parser, buffer.baseAddress ?? fallback.baseAddress!, buffer.count)
                var events: [String] = []
                var event = yaml_event_t()
                while true {
                    guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                    defer { yaml_event_delete(&event) }
                    let mark = event.start_mark
                    switch event.type {
                    case YAML_STREAM_END_EVENT: return events
                    case YAML_DOCUMENT_START_EVENT: events.append("doc")
                    case YAML_MAPPING_START_EVENT:
                        let start = event.data.mapping_start
                        events.append(start.tag != nil || start.anchor != nil ? "tagged map" : "map \(mark.line):\(mark.column)")
                    case YAML_MAPPING_END_EVENT: events.append("end")
                    case YAML_SCALAR_EVENT:
                        let scalar = event.data.scalar
                        let style: String
                        switch scalar.style {
                        case YAML_PLAIN_SCALAR_STYLE: style = "plain"
                        // A sink tells plain scalars from the others only: block scalars are "quoted" too.
                        default: style = "quoted"
                        }
                        let value = Array(UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)))
                        let decoration = scalar.tag != nil || scalar.anchor != nil ? "tagged " : ""
                        events.append("\(decoration)\(style) \(mark.line):\(mark.column) \(value)")
                    case YAML_SEQUENCE_START_EVENT: events.append("seq")
                    case YAML_SEQUENCE_END_EVENT: events.append("seq end")
                    case YAML_ALIAS_EVENT: events.append("alias")
                    default: break
                    }
                }
            }
        }
    }

    /// True unless the scanner accepted `bytes` and libyaml disagrees (rejects it, or reads other events).
    static func scannerAgrees(_ bytes: [UInt8]) -> Bool {
        guard let fast = scanned(bytes) else { return true }
        return libyaml(bytes) == fast
    }
}
