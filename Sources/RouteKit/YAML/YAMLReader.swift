import CYAML

/// What reading one YAML file gives: the tree (if any), the findings, and its suppression comments.
public struct YAMLFile: Sendable {
    public var path: String
    /// `nil` for an empty file or one that could not be read.
    public var root: YAMLNode?
    public var diagnostics: [Finding]
    public var suppressions: Suppressions
    /// Size in bytes, for summaries and the total-size limit.
    public var byteCount: Int
    /// Findings at single nodes of a strings file (a key given again, a tag, an alias), stored
    /// compactly and listed across files by `Project.load` (`NodeFindings`); not in `diagnostics`.
    var nodeFindings: [NodeFindings] = []
}

/// Reads YAML through libyaml's event API into a `YAMLNode` tree with positions.
///
/// Everything that can go wrong becomes a diagnostic with file, line and column: parser errors
/// (`yaml-syntax`), duplicate keys (`duplicate-key`), invalid UTF-8 and NUL bytes (libyaml reports a
/// byte offset; it is converted), UTF-16 input, aliases (never expanded), tags, keys that are not
/// scalars, a second document, and the limits of `InputLimits`. No input makes it crash or recurse.
public enum YAMLReader {
    public static func read(bytes: [UInt8], path: String, limits: InputLimits = .default) -> YAMLFile {
        bytes.withUnsafeBufferPointer { read(buffer: $0, path: path, limits: limits) }
    }

    public static func read(text: String, path: String, limits: InputLimits = .default) -> YAMLFile {
        read(bytes: Array(text.utf8), path: path, limits: limits)
    }

    public static func read(buffer: UnsafeBufferPointer<UInt8>, path: String, limits: InputLimits = .default) -> YAMLFile {
        var file = YAMLFile(path: path, root: nil, diagnostics: [], suppressions: Suppressions(), byteCount: buffer.count)
        let (prepared, problem) = prepare(buffer, path: path, limits: limits)
        guard let body = prepared else {
            file.diagnostics.append(problem!)
            return file
        }
        file.suppressions = Suppressions.scan(body)
        var builder = TreeBuilder(path: path, body: body, limits: limits)
        builder.run()
        file.root = builder.root
        file.diagnostics += builder.diagnostics
        return file
    }

    /// The bytes libyaml reads: without a UTF-8 BOM; UTF-16/32 and oversized files are findings.
    static func prepare(_ buffer: UnsafeBufferPointer<UInt8>, path: String, limits: InputLimits) -> (UnsafeBufferPointer<UInt8>?, Finding?) {
        var body = buffer
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            body = UnsafeBufferPointer(rebasing: buffer[3...])
        } else if let encoding = utf16or32(buffer) {
            return (nil, syntax("the file is \(encoding); routekit reads UTF-8 only: save it as UTF-8", path, 1, 1))
        }
        if body.count > limits.fileSize {
            return (nil, syntax(
                "the file is \(body.count) bytes, over the limit of \(limits.fileSize) (limits.file-size)", path, 1, 1))
        }
        return (body, nil)
    }

    static func syntax(_ message: String, _ path: String, _ line: Int, _ column: Int) -> Finding {
        Finding(rule: "yaml-syntax", severity: .error, message: message,
                   location: SourceLocation(file: path, line: line, column: column))
    }

    /// UTF-16 and UTF-32, with or without a BOM: libyaml would decode some of them silently.
    private static func utf16or32(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        // Without a BOM, ASCII text in UTF-32 has three NULs around every byte.
        if bytes.count >= 4 {
            if bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] != 0 { return "UTF-32 (big-endian, no BOM)" }
            if bytes[0] != 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0 { return "UTF-32 (little-endian, no BOM)" }
        }
        // Without a BOM, ASCII text in UTF-16 has a NUL in every other byte.
        if bytes.count >= 4 {
            if bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0 { return "UTF-16 (big-endian, no BOM)" }
            if bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0 { return "UTF-16 (little-endian, no BOM)" }
        }
        return nil
    }
}

/// Turns libyaml events into a tree with an explicit stack: depth is bounded by a limit, never
/// by the call stack.
private struct TreeBuilder {
    /// One open mapping or sequence. Frames are mutated in place (`frames[top].entries.append`),
    /// so a mapping of n entries costs O(n), not O(n²) copies.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var entries: [YAMLMapping.Entry] = []
        var items: [YAMLNode] = []
        var pendingKey: YAMLScalar?
        var skipNextValue = false
        /// The keys so far, as bytes: YAML keys are equal when their characters are, where Swift's
        /// `String` would also call `"é"` and `"e\u{301}"` equal (and the streaming strings reader
        /// compares bytes too). Made once the mapping has `fewKeys` entries: before, the entries'
        /// keys (which are the keys seen) are compared one by one (a set and an array a key were
        /// most of reading a catalog of small mappings).
        var seen: Set<[UInt8]> = []

        static let fewKeys = 8

        /// Adds `key` to the keys seen; false when the mapping has it already.
        mutating func insertKey(_ key: String) -> Bool {
            if seen.isEmpty {
                if entries.contains(where: { $0.key.value.utf8.elementsEqual(key.utf8) }) { return false }
                guard entries.count + 1 >= Self.fewKeys else { return true }
                for entry in entries { seen.insert(Array(entry.key.value.utf8)) }
            }
            return seen.insert(Array(key.utf8)).inserted
        }
    }

    let path: String
    let body: UnsafeBufferPointer<UInt8>
    let limits: InputLimits
    private(set) var root: YAMLNode?
    private(set) var diagnostics: [Finding] = []
    private var frames: [Frame] = []
    private var nodeCount = 0
    private var documents = 0

    init(path: String, body: UnsafeBufferPointer<UInt8>, limits: InputLimits) {
        self.path = path
        self.body = body
        self.limits = limits
    }

    /// A `yaml-syntax` finding at one node (its start).
    private mutating func nodeProblem(_ problem: YAMLReader.NodeProblem, _ text: String, at: SourceLocation) {
        let template = YAMLReader.nodeProblemTemplates[problem.rawValue]
        diagnostics.append(YAMLReader.syntax(template.prefix + text + template.suffix, path, at.line, at.column))
    }

    mutating func run() {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            diagnostics.append(YAMLReader.syntax("libyaml could not start (out of memory)", path, 1, 1))
            return
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        // An empty buffer may have a nil base address; libyaml needs a valid pointer.
        let empty: [UInt8] = [0]
        empty.withUnsafeBufferPointer { fallback in
            let base = body.baseAddress ?? fallback.baseAddress!
            yaml_parser_set_input_string(&parser, base, body.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    diagnostics.append(YAMLReader.parserError(parser, body: body, path: path))
                    root = nil
                    return
                }
                let keepGoing = handle(event)
                let type = event.type
                yaml_event_delete(&event)
                if !keepGoing || type == YAML_STREAM_END_EVENT { return }
            }
        }
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// Returns false to stop reading the file.
    private mutating func handle(_ event: yaml_event_t) -> Bool {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                let at = location(event.start_mark)
                diagnostics.append(YAMLReader.syntax(
                    "a second YAML document starts here; routekit reads one document per file", path, at.line, at.column))
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            var at = location(event.start_mark)
            // The scalar's extent, for reports that show a region (SARIF endLine/endColumn).
            let end = location(event.end_mark)
            at = SourceLocation(file: path, line: at.line, column: at.column, endLine: end.line, endColumn: end.column)
            guard count(at) else { return false }
            guard Int(scalar.length) <= limits.scalarLength else {
                diagnostics.append(YAMLReader.syntax(
                    "a value of \(scalar.length) bytes is over the limit of \(limits.scalarLength) (limits.scalar-length)",
                    path, at.line, at.column))
                return false
            }
            checkTag(scalar.tag, at: at)
            if scalar.style == YAML_PLAIN_SCALAR_STYLE, scalar.length == 2, let bytes = scalar.value,
               bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "<"), isAtKeyPosition {
                nodeProblem(.mergeKey, "", at: at)
            }
            let value = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self)
            } ?? ""
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
            let isNull = isPlain && scalar.tag == nil && (value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL")
            attach(.scalar(YAMLScalar(value: value, isNull: isNull, location: at)))
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let at = location(event.start_mark)
            guard count(at) else { return false }
            guard frames.count < limits.depth else {
                diagnostics.append(YAMLReader.syntax(
                    "nesting deeper than \(limits.depth) levels (limits.depth)", path, at.line, at.column))
                root = nil
                return false
            }
            if event.type == YAML_MAPPING_START_EVENT {
                checkTag(event.data.mapping_start.tag, at: at)
                frames.append(Frame(isMapping: true, location: at))
            } else {
                checkTag(event.data.sequence_start.tag, at: at)
                frames.append(Frame(isMapping: false, location: at))
            }
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            let frame = frames.removeLast()
            if frame.isMapping {
                attach(.mapping(YAMLMapping(entries: frame.entries, location: frame.location)))
            } else {
                attach(.sequence(YAMLSequence(items: frame.items, location: frame.location)))
            }
        case YAML_ALIAS_EVENT:
            let at = location(event.start_mark)
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            nodeProblem(.alias, name, at: at)
            attach(.scalar(YAMLScalar(value: "", isNull: true, location: at)))
        default:
            break
        }
        return true
    }

    /// True when the next node attached becomes a mapping key.
    private var isAtKeyPosition: Bool {
        guard let top = frames.last else { return false }
        return top.isMapping && top.pendingKey == nil && !top.skipNextValue
    }

    private mutating func count(_ at: SourceLocation) -> Bool {
        nodeCount += 1
        if nodeCount > limits.nodeCount {
            diagnostics.append(YAMLReader.syntax(
                "more than \(limits.nodeCount) values in one file (limits.node-count)", path, at.line, at.column))
            root = nil
            return false
        }
        return true
    }

    private mutating func checkTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, at: SourceLocation) {
        if let shown = YAMLReader.unsupportedTag(tag) { nodeProblem(.tag, shown, at: at) }
    }

    private mutating func attach(_ node: YAMLNode) {
        let top = frames.count - 1
        guard top >= 0 else {
            if documents <= 1 { root = node }
            return
        }
        if !frames[top].isMapping {
            frames[top].items.append(node)
            return
        }
        if frames[top].skipNextValue {
            frames[top].skipNextValue = false
        } else if let key = frames[top].pendingKey {
            frames[top].pendingKey = nil
            frames[top].entries.append(YAMLMapping.Entry(key: key, value: node))
        } else if case .scalar(let key) = node {
            // A key given again is reported when it is read, as the streaming strings reader
            // reports it (a value broken later must not hide it), and its value is dropped.
            if frames[top].insertKey(key.value) {
                frames[top].pendingKey = key
            } else {
                diagnostics.append(Finding(rule: "duplicate-key", severity: .error,
                                           message: YAMLReader.duplicateKeyTemplate.prefix + key.value + YAMLReader.duplicateKeyTemplate.suffix,
                                           location: key.location, key: key.value))
                frames[top].skipNextValue = true
            }
        } else {
            diagnostics.append(YAMLReader.syntax(
                "a key must be a plain value, not \(node.kindName)", path, node.location.line, node.location.column))
            frames[top].skipNextValue = true
        }
    }
}

extension YAMLReader {
    /// A tag other than `!!str` or `!`, as written (`!!int`): reported, the value is still read as text.
    static func unsupportedTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let tag else { return nil }
        let name = String(cString: tag)
        if name == "tag:yaml.org,2002:str" || name == "!" { return nil }
        return name.hasPrefix("tag:yaml.org,2002:") ? "!!" + name.dropFirst("tag:yaml.org,2002:".count) : name
    }

    /// The `yaml-syntax` findings at single nodes: their messages are `prefix + text + suffix`.
    enum NodeProblem: Int {
        case tag, alias, mergeKey
    }

    static let nodeProblemTemplates: [NodeFindings.Template] = [
        .init(prefix: "tags (", suffix: ") are not supported: every value is text"),
        .init(prefix: "aliases (*", suffix: ") are not supported: write the value out in full"),
        .init(prefix: "merge keys (<<) are not supported: write the entries out in full", suffix: ""),
    ]

    static func nodeSyntaxFindings(path: String, limit: Int) -> NodeFindings {
        NodeFindings(rule: "yaml-syntax", path: path, templates: nodeProblemTemplates, limit: limit)
    }

    /// Keys given again in one mapping.
    static func duplicateKeyFindings(path: String, limit: Int) -> NodeFindings {
        NodeFindings(rule: "duplicate-key", path: path, templates: [duplicateKeyTemplate], limit: limit, hasExtents: true)
    }

    static let duplicateKeyTemplate = NodeFindings.Template(prefix: "key '", suffix: "' is already defined earlier in this mapping", textIsKey: true)

    /// The `yaml-syntax` finding for a parser that failed, at the exact line and column.
    static func parserError(_ parser: yaml_parser_t, body: UnsafeBufferPointer<UInt8>, path: String) -> Finding {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            var offset = Int(parser.problem_offset)
            if problem.hasPrefix("invalid trailing") {
                // libyaml points at the bad continuation byte; the sequence starts at its lead byte.
                var lead = offset - 1
                while lead > 0, offset - lead < 4, body[lead] & 0xC0 == 0x80 { lead -= 1 }
                if lead >= 0, body[lead] >= 0xC0 { offset = lead }
            }
            let (line, column) = TextPosition.locate(offset: offset, in: body)
            let message: String
            switch (problem, parser.problem_value) {
            case ("control characters are not allowed", 0):
                message = "a NUL byte is not allowed in YAML text"
            case ("control characters are not allowed", let value):
                message = "control character U+\(hex(value, width: 4)) is not allowed in YAML text"
            case ("invalid Unicode character", let value) where value >= 0:
                // libyaml gives the decoded code point here (a surrogate or one above U+10FFFF), not a byte.
                message = "invalid UTF-8: \(problem) (U+\(hex(value, width: 4)))"
            case (_, let value) where value >= 0:
                message = "invalid UTF-8: \(problem) (byte 0x\(hex(value, width: 2)))"
            default:
                message = "invalid UTF-8: \(problem)"
            }
            return syntax(message, path, line, column)
        }
        let line = Int(parser.problem_mark.line) + 1, column = Int(parser.problem_mark.column) + 1
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextLine = Int(parser.context_mark.line) + 1, contextColumn = Int(parser.context_mark.column) + 1
            message += " \(context)"
            if contextLine != line || contextColumn != column {
                message += " (started at line \(contextLine), column \(contextColumn))"
            }
        }
        if TextPosition.scalar(atLine: line, column: column, in: body) == "\t" {
            message += "; YAML cannot be indented with tabs: use spaces"
        }
        return syntax(message, path, line, column)
    }

    private static func hex(_ value: Int32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
