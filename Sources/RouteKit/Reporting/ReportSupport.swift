import Foundation
import Dispatch

// Helpers shared by the reporters: neutralizing hostile text, XML escaping, a tiny deterministic
// JSON writer, and the place of a finding as each format wants it.
//
// Ordering: every reporter prints findings in the order `LintReport.diagnostics` holds them. The
// lint engine sorts them (file, line, column, rule) before reporting; reporters never re-sort,
// except where a format groups findings (JUnit by rule, Checkstyle by file), and then they keep
// the given order inside each group.

// MARK: - Text neutralization

enum ReportText {
    /// True for scalars that can move a terminal cursor, forge a line, recolour output or reorder
    /// displayed text: C0 controls, DEL, C1 controls (including the 8-bit CSI), the Unicode line
    /// and paragraph separators, bidi embeddings/overrides/isolates, and the noncharacters
    /// U+FFFE/U+FFFF, and the bidi marks U+200E, U+200F and U+061C (they reorder neighbouring
    /// text as an embedding does).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The visible spelling of an unsafe scalar: `\n`, `\r`, `\t`, otherwise `\u{1B}`.
    static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// `text` with every unsafe scalar replaced by its visible escape; `keep` lists scalars that
    /// stay as they are (e.g. newlines a format encodes itself).
    static func neutralized(_ text: String, keeping keep: Set<Unicode.Scalar> = []) -> String {
        // Fast path: printable ASCII (most messages) has nothing to escape.
        if text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) == true { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !keep.contains($0) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !keep.contains(scalar) {
                result += visibleEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when every byte is printable ASCII (0x20 to 0x7E): text that needs no escaping. Eight
    /// bytes at a time, as reports check every message.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            // A byte's high bit is set in `below` when it is under 0x20, in `delete` when it is
            // 0x7F (zero after the XOR), and in `word` itself when it is not ASCII.
            let below = (word &- 0x20 &* ones) & ~word
            let xored = word ^ (0x7F &* ones)
            let delete = (xored &- ones) & ~xored
            if (word | below | delete) & highs != 0 { return false }
            offset += 8
        }
        for byte in bytes[offset...] where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// `2 errors, 1 warning, 0 infos in 5 files (17 routes, 3 locales)`
    static func summaryLine(_ summary: LintSummary) -> String {
        plural(summary.errors, "error", "errors") + ", "
            + plural(summary.warnings, "warning", "warnings") + ", "
            + plural(summary.infos, "info", "infos") + " in "
            + plural(summary.files, "file", "files") + " ("
            + plural(summary.routes, "route", "routes") + ", "
            + plural(summary.locales, "locale", "locales") + ")"
    }

    /// `3 findings suppressed by the baseline, 1 baseline entry no longer occurs`
    static func baselineLine(_ outcome: BaselineOutcome) -> String {
        var line = plural(outcome.suppressed, "finding", "findings") + " suppressed by the baseline"
        let stale = outcome.stale.reduce(0) { $0 + $1.count }
        if stale > 0 {
            line += ", " + plural(stale, "baseline entry no longer occurs", "baseline entries no longer occur")
                + " (refresh it with --write-baseline)"
        }
        return line
    }
}

// MARK: - XML

enum XMLText {
    /// True for scalars XML 1.0 allows: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Escaped XML text. `quotes`: `"` and `'` as entities (attribute values). `breaks`: newline
    /// and tab as character references, so untrusted text never starts a physical line of the
    /// file (a log that shows the file cannot read a forged `::error::` line from it); a parser
    /// still reads them back as newlines and tabs. CR is always a reference (parsers would
    /// otherwise normalize it away). Scalars XML 1.0 forbids, and other terminal-unsafe ones,
    /// become visible `\u{…}` text.
    static func escaped(_ text: String, quotes: Bool, breaks: Bool) -> String {
        // Fast path: printable ASCII without `&`, `<`, `>`, `"` or `'` stays as it is.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x26 || byte == 0x3C || byte == 0x3E
                || byte == 0x22 || byte == 0x27 { return false }
            return true
        }
        if plain == true { return text }
        // Printable ASCII with specials (the common case: messages quote names with `'`).
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            func add(_ literal: StaticString) { literal.withUTF8Buffer { result.append(contentsOf: $0) } }
            for byte in bytes {
                switch byte {
                case 0x26: add("&amp;")
                case 0x3C: add("&lt;")
                case 0x3E: add("&gt;")
                case 0x22 where quotes: add("&quot;")
                case 0x27 where quotes: add("&apos;")
                case 0x20..<0x7F: result.append(byte)
                default: return nil   // controls, DEL and non-ASCII: the general path below
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        if let ascii = ascii ?? nil { return ascii }
        // Built as bytes: appending to a String scalar by scalar dominated large reports.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        func add(_ literal: StaticString) {
            literal.withUTF8Buffer { result.append(contentsOf: $0) }
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": add("&amp;")
            case "<": add("&lt;")
            case ">": add("&gt;")
            case "\"" where quotes: add("&quot;")
            case "'" where quotes: add("&apos;")
            case "\n": if breaks { add("&#10;") } else { result.append(0x0A) }
            case "\r": add("&#13;")
            case "\t": if breaks { add("&#9;") } else { result.append(0x09) }
            default:
                if !isAllowed(scalar) || ReportText.isUnsafe(scalar) {
                    result.append(contentsOf: ReportText.visibleEscape(scalar).utf8)
                } else if scalar.isASCII {
                    result.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { result.append($0) }
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// For a double-quoted attribute value.
    static func attribute(_ text: String) -> String { escaped(text, quotes: true, breaks: true) }
    /// For element text: line breaks inside stay references.
    static func text(_ text: String) -> String { escaped(text, quotes: false, breaks: true) }
}

// MARK: - Where a finding is

/// A finding's place, as reporters print it.
struct FindingPlace {
    /// The path as the diagnostic gives it, if any.
    var file: String?
    /// 1-based, when known.
    var line: Int?
    /// 1-based, when the line is known.
    var column: Int?
    /// Where the finding's text ends (exclusive), when the reader knew it.
    var endLine: Int?
    var endColumn: Int?

    init(_ diagnostic: borrowing Finding) {
        file = diagnostic.file ?? diagnostic.location?.file
        if let location = diagnostic.location {
            line = max(1, location.line)
            column = max(1, location.column)
            if let endLine = location.endLine, let endColumn = location.endColumn {
                self.endLine = endLine
                self.endColumn = endColumn
            }
        }
    }
}

extension Finding {
    /// A finding's identity, the same on every checkout and from every working directory: rule,
    /// file relative to `root`, route, key, locale and message — never a line. Reports (JSON,
    /// SARIF) and baselines use it, so moving lines breaks neither.
    public func fingerprint(relativeTo root: String) -> String {
        let path = (file ?? location?.file).map { PathUtilities.relative($0, to: root) } ?? ""
        let identity = [rule, path, route ?? "", key ?? "", locale ?? "", message].joined(separator: "\u{1F}")
        return StableHash.hex(identity)
    }
}

extension PathUtilities {
    /// `path` relative to `directory` when it lies inside it; otherwise `path` as given.
    static func displayPath(_ path: String, from directory: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = join(cwd, path)
        let base = join(cwd, directory)
        guard isInside(absolute, root: base) else { return path }
        return relative(absolute, to: base)
    }
}

// MARK: - Rendering many findings

/// A byte buffer for reporters: appending bytes is cheaper than appending many small strings.
struct ReportBytes {
    var bytes: [UInt8] = []

    @inline(__always) mutating func write(_ text: String) {
        if let _ = text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) { return }
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always) mutating func write(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always) mutating func write(_ more: [UInt8]) { bytes.append(contentsOf: more) }

    /// `ReportText.neutralized(text)`, without making a string when there is nothing to escape.
    mutating func writeNeutralized(_ text: String) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { source in
            guard ReportText.isPrintableASCII(source) else { return false }
            bytes.append(contentsOf: source)
            return true
        }
        if done != true { write(ReportText.neutralized(text)) }
    }

    /// A non-negative decimal number (negative numbers fall back to `String`).
    mutating func writeNumber(_ value: Int) {
        guard value >= 0 else { return write(String(value)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// `text` XML-escaped, exactly as `XMLText.escaped(text, quotes:, breaks: true)` gives it,
    /// without making a String on the common paths (printable ASCII, with or without specials).
    /// Escaping is per character, so a text may be written in pieces.
    mutating func writeXML(_ text: String, quotes: Bool) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { source in
            var special = false
            for byte in source {
                if byte < 0x20 || byte >= 0x7F { return false }
                if byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 { special = true }
            }
            guard special else {
                bytes.append(contentsOf: source)
                return true
            }
            for byte in source {
                switch byte {
                case 0x26: bytes.append(contentsOf: "&amp;".utf8)
                case 0x3C: bytes.append(contentsOf: "&lt;".utf8)
                case 0x3E: bytes.append(contentsOf: "&gt;".utf8)
                case 0x22 where quotes: bytes.append(contentsOf: "&quot;".utf8)
                case 0x27 where quotes: bytes.append(contentsOf: "&apos;".utf8)
                default: bytes.append(byte)
                }
            }
            return true
        }
        if done == true { return }
        write(XMLText.escaped(text, quotes: quotes, breaks: true))
    }

    /// A finding's message as a JSON string, written piece by piece (a batch's findings share all
    /// but their key): the bytes of `writeJSONString(diagnostic.message)` without making the
    /// message (JSON escaping is per character).
    mutating func writeJSONMessage(_ diagnostic: Finding) {
        bytes.append(UInt8(ascii: "\""))
        diagnostic.forEachMessagePiece { writeJSONStringBody($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A piece of a JSON string's contents, escaped as `JSONValue.writeString` escapes it, without
    /// the quotes.
    mutating func writeJSONStringBody(_ piece: String) {
        let done: Bool? = piece.utf8.withContiguousStorageIfAvailable { source in
            for byte in source where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            bytes.append(contentsOf: source)
            return true
        }
        if done == true { return }
        var escaped = ""
        JSONValue.writeString(piece, into: &escaped)
        bytes.append(contentsOf: escaped.utf8.dropFirst().dropLast())
    }

    /// `text` as a JSON string, exactly as `JSONValue.writeString` writes it.
    mutating func writeJSONString(_ text: String) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { source in
            for byte in source where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: source)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if done == true { return }
        var escaped = ""
        JSONValue.writeString(text, into: &escaped)
        write(escaped)
    }
}

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

enum ChunkedRender {
    /// Findings per chunk: enough to keep a core busy, few enough that its buffer stays small.
    static let chunkSize = 4096

    /// Writes `head`, then `count` findings rendered in chunks on all cores (`body` renders one
    /// range into a buffer), then `tail`. Chunks are rendered a round at a time and written in
    /// order; their buffers are reused, so a 20 MB report never takes 20 MB of fresh memory.
    static func render(count: Int, head: [UInt8], tail: [UInt8], into output: ReportOutput,
                       _ body: @Sendable (Range<Int>, inout ReportBytes) -> Void) {
        output.write(head)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (count + chunkSize - 1) / chunkSize))
        var buffers = [ReportBytes](repeating: ReportBytes(), count: workers)
        var start = 0
        while start < count {
            let roundStart = start
            let roundCount = min(count - start, workers * chunkSize)
            buffers.withUnsafeMutableBufferPointer { buffers in
                nonisolated(unsafe) let slots = buffers
                // One iteration runs on the calling thread.
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let lower = roundStart + roundCount * worker / workers
                    let upper = roundStart + roundCount * (worker + 1) / workers
                    slots[worker].bytes.removeAll(keepingCapacity: true)
                    body(lower..<upper, &slots[worker])
                }
            }
            for buffer in buffers { output.write(buffer.bytes) }
            start += roundCount
        }
        output.write(tail)
    }
}

/// Paths worked out once per file (findings come sorted by file, so the last one usually hits).
struct PerFileCache<Value> {
    private var cache: [String: Value] = [:]
    private var lastFile: String?
    private var lastValue: Value?
    let make: (String) -> Value

    init(_ make: @escaping (String) -> Value) { self.make = make }

    mutating func callAsFunction(_ file: String) -> Value {
        if file == lastFile, let lastValue { return lastValue }
        let value: Value
        if let cached = cache[file] {
            value = cached
        } else {
            value = make(file)
            cache[file] = value
        }
        lastFile = file
        lastValue = value
        return value
    }
}
