import CYAML

/// Receives the events of a block-mapping document, with libyaml's marks (0-based line and
/// column, the column counted in characters). Returning false stops the scan.
protocol BlockMappingSink {
    mutating func onDocumentStart(_ mark: yaml_mark_t) -> Bool
    mutating func onMappingStart(_ mark: yaml_mark_t) -> Bool
    mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, _ mark: yaml_mark_t) -> Bool
    mutating func onMappingEnd() -> Bool
}

/// A fast path for the YAML that string files are written in: nested block mappings of
/// one-line plain, single- and double-quoted scalars, comments, and an optional leading `---`;
/// as values also simple block scalars (`|`, `|-`, `>`, `>-`) and one-line flow mappings of
/// scalars (`{one: a, other: "b"}`, as Rails plurals are often written).
///
/// It produces exactly the events (values and marks) libyaml produces for such a file, several
/// times faster, because it needs no token queue, no simple-key bookkeeping and no per-event
/// allocation. Anything outside the subset — lists, nested or multi-line flow collections,
/// block scalars with indentation indicators, `+` or odd lines, multi-line scalars, anchors, tags, lists, tabs, CR, unusual escapes, odd indentation, any character
/// libyaml could reject or treat as a line break — makes `scan` return false before it can
/// matter, and the caller reads the file with libyaml instead. It never reports an error itself:
/// every diagnostic comes from libyaml. The differential tests hold it to libyaml's events.
enum BlockMappingScanner {
    /// True when the whole input was in the subset and its events went to `sink`; false when the
    /// input (or the sink) needs libyaml: what the sink received must then be discarded.
    static func scan<Sink: BlockMappingSink>(_ body: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Bool {
        guard let base = body.baseAddress, body.count > 0 else { return false }
        var scanner = Cursor(base: base, end: base + body.count)
        return scanner.run(&sink)
    }
}

private let newline = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")
private let hash = UInt8(ascii: "#")
private let colon = UInt8(ascii: ":")
private let singleQuote = UInt8(ascii: "'")
private let doubleQuote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")

/// Byte classes for the scanning loops.
private enum ByteClass {
    /// Printable ASCII a plain key may hold: letters, digits, `_ - . /`.
    static let keyCharacter: UInt8 = 1
    /// Printable ASCII (0x20–0x7E).
    static let printable: UInt8 = 2
    /// Bytes that cannot start a plain value: indicators (and space).
    static let indicator: UInt8 = 4

    /// Allocated once and never freed: the scanning loops read it through a pointer.
    /// `nonisolated(unsafe)` only because a pointer is not `Sendable`: the table is written by this
    /// initializer alone (run once, thread-safely) and is read-only after.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in 0x20 ... 0x7E { table[byte] |= printable }
        for byte in UInt8(ascii: "a") ... UInt8(ascii: "z") { table[Int(byte)] |= keyCharacter }
        for byte in UInt8(ascii: "A") ... UInt8(ascii: "Z") { table[Int(byte)] |= keyCharacter }
        for byte in UInt8(ascii: "0") ... UInt8(ascii: "9") { table[Int(byte)] |= keyCharacter }
        for byte in "_-./".utf8 { table[Int(byte)] |= keyCharacter }
        for byte in " -?:,[]{}#&*!|>'\"%@`".utf8 { table[Int(byte)] |= indicator }
        return UnsafePointer(table)
    }()
}

private struct Cursor {
    let end: UnsafePointer<UInt8>
    var position: UnsafePointer<UInt8>
    var line = 0
    var lineStart: UnsafePointer<UInt8>
    /// Decoded text of a quoted scalar with escapes.
    var scratch: [UInt8] = []
    let classes: UnsafePointer<UInt8>

    init(base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
        self.end = end
        position = base
        lineStart = base
        classes = ByteClass.table
    }

    func peek(_ offset: Int) -> UInt8? {
        position + offset < end ? position[offset] : nil
    }

    func isClass(_ byte: UInt8, _ mask: UInt8) -> Bool { classes[Int(byte)] & mask != 0 }

    /// The mark of `pointer` on the current line: libyaml counts columns in characters (every
    /// byte that does not continue a UTF-8 sequence), counted eight bytes at a time.
    func mark(_ pointer: UnsafePointer<UInt8>) -> yaml_mark_t {
        var column = 0
        var scan = lineStart
        while pointer - scan >= 8 {
            column += 8 - PlainRun.continuationCount(UnsafeRawPointer(scan).loadUnaligned(as: UInt64.self))
            scan += 8
        }
        while scan < pointer {
            if scan.pointee & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return yaml_mark_t(index: 0, line: line, column: column)
    }

    /// The length of the UTF-8 character at `pointer` (lead byte ≥ 0x80), or 0 when it is invalid,
    /// a character libyaml rejects (C1 controls, U+FFFE, U+FFFF) or one it treats specially (NEL,
    /// LINE and PARAGRAPH SEPARATOR break lines; a BOM).
    func characterLength(at pointer: UnsafePointer<UInt8>) -> Int {
        let lead = pointer.pointee
        func continuation(_ offset: Int) -> UInt32? {
            guard pointer + offset < end else { return nil }
            let byte = pointer[offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2 ... 0xDF:
            guard let b1 = continuation(1) else { return 0 }
            let scalar = UInt32(lead & 0x1F) << 6 | b1
            return scalar >= 0xA0 ? 2 : 0
        case 0xE0 ... 0xEF:
            guard let b1 = continuation(1), let b2 = continuation(2) else { return 0 }
            let scalar = UInt32(lead & 0x0F) << 12 | b1 << 6 | b2
            guard scalar >= 0x800, !(0xD800 ... 0xDFFF).contains(scalar), scalar <= 0xFFFD,
                  scalar != 0x2028, scalar != 0x2029, scalar != 0xFEFF else { return 0 }
            return 3
        case 0xF0 ... 0xF4:
            guard let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else { return 0 }
            let scalar = UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            return (0x10000 ... 0x10FFFF).contains(scalar) ? 4 : 0
        default:
            return 0
        }
    }

    /// Skips to the end of the line (not the newline): a comment, or a block scalar's line;
    /// false on a character libyaml rejects.
    mutating func skipRestOfLine() -> Bool {
        while position < end {
            let byte = position.pointee
            if byte == newline { return true }
            if byte < 0x80 {
                guard isClass(byte, ByteClass.printable) else { return false }
                position += 1
            } else {
                let length = characterLength(at: position)
                guard length > 0 else { return false }
                position += length
            }
        }
        return true
    }

    /// After a value or key: spaces, then an optional comment, then the end of the line.
    mutating func finishLine() -> Bool {
        var spaced = false
        while position < end, position.pointee == space {
            position += 1
            spaced = true
        }
        guard position < end else { return true }
        if position.pointee == hash && spaced { return skipRestOfLine() }
        return position.pointee == newline
    }

    mutating func run<Sink: BlockMappingSink>(_ sink: inout Sink) -> Bool {
        var indents: [Int] = []
        indents.reserveCapacity(16)
        /// A key whose value may be a nested mapping (next line deeper) or empty: the mark after its `:`.
        var pendingEmpty: yaml_mark_t?
        var documentStarted = false
        let empty = UnsafeBufferPointer<UInt8>(start: end, count: 0)

        while position < end {
            lineStart = position
            while position < end, position.pointee == space { position += 1 }
            let indent = position - lineStart
            guard position < end else { break }
            let first = position.pointee
            if first == newline {
                position += 1
                line += 1
                continue
            }
            if first == hash {
                guard skipRestOfLine() else { return false }
                continue
            }
            if indent == 0 && first == UInt8(ascii: "-") && peek(1) == UInt8(ascii: "-") && peek(2) == UInt8(ascii: "-") {
                // `---`: allowed once, before any content.
                let after = peek(3)
                guard !documentStarted, after == nil || after == space || after == newline else { return false }
                documentStarted = true
                guard sink.onDocumentStart(mark(position)) else { return false }
                position += 3
                guard finishLine() else { return false }
                continue
            }
            if !documentStarted {
                documentStarted = true
                guard sink.onDocumentStart(mark(position)) else { return false }
            }

            // A key line: open, close or continue mappings by its indentation.
            if let pending = pendingEmpty {
                pendingEmpty = nil
                if indent > indents[indents.count - 1] {
                    indents.append(indent)
                    guard sink.onMappingStart(yaml_mark_t(index: 0, line: line, column: indent)) else { return false }
                } else {
                    guard sink.onScalar(empty, plain: true, pending) else { return false }
                }
            } else if indents.isEmpty {
                indents.append(indent)
                guard sink.onMappingStart(yaml_mark_t(index: 0, line: line, column: indent)) else { return false }
            }
            while indent < indents[indents.count - 1] {
                indents.removeLast()
                guard sink.onMappingEnd() else { return false }
                guard !indents.isEmpty else { return false }
            }
            guard indent == indents[indents.count - 1] else { return false }

            // The key.
            let keyMark = yaml_mark_t(index: 0, line: line, column: indent)
            if first == singleQuote || first == doubleQuote {
                guard let key = quoted(first) else { return false }
                // A quoted key is at most one line; libyaml caps simple keys at 1024 characters.
                guard key.source <= 1000, emit(key, keyMark, &sink) else { return false }
                guard position < end, position.pointee == colon else { return false }
            } else {
                let keyStart = position
                guard isClass(first, ByteClass.keyCharacter), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else { return false }
                // A `:` followed by more key characters is part of the key (`admin:read:`).
                while position < end {
                    if isClass(position.pointee, ByteClass.keyCharacter) {
                        position += 1
                    } else if position.pointee == colon, position + 1 < end, isClass(position[1], ByteClass.keyCharacter) {
                        position += 2
                    } else {
                        break
                    }
                }
                guard position < end, position.pointee == colon, position - keyStart <= 1000 else { return false }
                guard sink.onScalar(UnsafeBufferPointer(start: keyStart, count: position - keyStart), plain: true, keyMark) else { return false }
            }
            // `:` then a space or the end of the line.
            position += 1
            let afterColon = position
            guard position >= end || position.pointee == space || position.pointee == newline else { return false }
            while position < end, position.pointee == space { position += 1 }

            // The value: nothing (a nested mapping or null, decided by the next line), or one scalar.
            if position >= end || position.pointee == newline || position.pointee == hash {
                if position < end, position.pointee == hash {
                    guard skipRestOfLine() else { return false }
                }
                pendingEmpty = mark(afterColon)
                continue
            }
            let valueStart = position
            let valueMark = mark(valueStart)
            let byte = position.pointee
            if byte == singleQuote || byte == doubleQuote {
                guard let value = quoted(byte), emit(value, valueMark, &sink) else { return false }
                guard finishLine() else { return false }
            } else if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">") {
                guard blockScalar(keyIndent: indents[indents.count - 1]) else { return false }
                guard scratch.withUnsafeBufferPointer({ sink.onScalar($0, plain: false, valueMark) }) else { return false }
            } else if byte == UInt8(ascii: "{") {
                guard flowMapping(&sink), finishLine() else { return false }
            } else {
                guard let text = plainValue() else { return false }
                guard sink.onScalar(text, plain: true, valueMark) else { return false }
            }
        }
        guard documentStarted, !indents.isEmpty else { return false }
        if let pending = pendingEmpty {
            guard sink.onScalar(empty, plain: true, pending) else { return false }
        }
        while !indents.isEmpty {
            indents.removeLast()
            guard sink.onMappingEnd() else { return false }
        }
        return true
    }

    /// A block scalar at `position` (its `|` or `>`): clipped or stripped (`-`), its lines all
    /// at one indentation deeper than its key (a literal's may go deeper: the extra spaces are
    /// text), empty lines only between a literal's lines or after the last line. Its text goes
    /// to `scratch`; `position` ends at the start of the
    /// line after it. False for anything else (libyaml reads it).
    @inline(never)
    mutating func blockScalar(keyIndent: Int) -> Bool {
        let literal = position.pointee == UInt8(ascii: "|")
        position += 1
        let strip = position < end && position.pointee == UInt8(ascii: "-")
        if strip { position += 1 }
        // The header ends its line (a comment may follow).
        guard position >= end || position.pointee == space || position.pointee == newline, finishLine(), position < end else { return false }
        position += 1
        line += 1
        scratch.removeAll(keepingCapacity: true)
        var indent = -1
        var lines = 0
        var emptyLines = 0
        var finalBreak = true
        while position < end {
            let start = position
            var text = position
            while text < end, text.pointee == space { text += 1 }
            guard text < end else { return false }
            if text.pointee == newline {
                // An empty line: none before the first line, none of spaces only.
                guard text == start, lines > 0 else { return false }
                emptyLines += 1
                position += 1
                line += 1
                continue
            }
            let lineIndent = text - start
            if indent < 0 {
                guard lineIndent > keyIndent else { return false }
                indent = lineIndent
            }
            // A line less indented ends the scalar: it is the next key's (or a comment).
            if lineIndent < indent {
                position = start
                break
            }
            guard literal || lineIndent == indent else { return false }
            if lines > 0 {
                if literal {
                    for _ in 0 ... emptyLines { scratch.append(newline) }
                } else {
                    guard emptyLines == 0 else { return false }
                    scratch.append(space)
                }
            }
            emptyLines = 0
            position = start + indent
            let contentStart = position
            guard skipRestOfLine() else { return false }
            scratch.append(contentsOf: UnsafeBufferPointer(start: contentStart, count: position - contentStart))
            lines += 1
            // The file may end without a line break: then there is none to keep.
            finalBreak = position < end
            guard finalBreak else { break }
            position += 1
            line += 1
        }
        guard lines > 0 else { return false }
        if !strip && finalBreak { scratch.append(newline) }
        return true
    }

    /// A flow mapping closed on its line, at `position` (its `{`): `key: value` pairs after
    /// `, `, each key plain (key characters) or quoted, each value quoted or a plain scalar
    /// without flow indicators, `:` or `#`. Its events go to `sink`; `position` ends after the `}`.
    @inline(never)
    mutating func flowMapping<Sink: BlockMappingSink>(_ sink: inout Sink) -> Bool {
        guard sink.onMappingStart(mark(position)) else { return false }
        position += 1
        skipSpaces()
        if position < end, position.pointee == UInt8(ascii: "}") {
            position += 1
            return sink.onMappingEnd()
        }
        while true {
            guard position < end else { return false }
            let keyMark = mark(position)
            let first = position.pointee
            if first == singleQuote || first == doubleQuote {
                guard let key = quoted(first), key.source <= 1000, emit(key, keyMark, &sink) else { return false }
            } else {
                let keyStart = position
                guard isClass(first, ByteClass.keyCharacter), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else { return false }
                while position < end, isClass(position.pointee, ByteClass.keyCharacter) { position += 1 }
                guard position - keyStart <= 1000,
                      sink.onScalar(UnsafeBufferPointer(start: keyStart, count: position - keyStart), plain: true, keyMark) else { return false }
            }
            guard position + 1 < end, position.pointee == colon, position[1] == space else { return false }
            position += 2
            skipSpaces()
            guard position < end else { return false }
            let valueMark = mark(position)
            let byte = position.pointee
            if byte == singleQuote || byte == doubleQuote {
                guard let value = quoted(byte), emit(value, valueMark, &sink) else { return false }
            } else {
                guard let text = plainValue(inFlow: true), sink.onScalar(text, plain: true, valueMark) else { return false }
            }
            skipSpaces()
            guard position < end else { return false }
            if position.pointee == UInt8(ascii: "}") {
                position += 1
                return sink.onMappingEnd()
            }
            guard position + 1 < end, position.pointee == UInt8(ascii: ","), position[1] == space else { return false }
            position += 2
            skipSpaces()
        }
    }

    mutating func skipSpaces() {
        while position < end, position.pointee == space { position += 1 }
    }

    /// A plain scalar that ends with its line: up to a ` #` comment, trailing spaces trimmed.
    /// Nil for anything libyaml could read differently (`: ` inside, a trailing `:`, an indicator first).
    /// `inFlow`: a value in a flow mapping instead, up to its `,` or `}`; nil when it holds `:`,
    /// `#` or a bracket, or its line ends first.
    mutating func plainValue(inFlow: Bool = false) -> UnsafeBufferPointer<UInt8>? {
        let start = position
        let first = position.pointee
        if first < 0x80 && isClass(first, ByteClass.indicator) { return nil }
        var textEnd = position
        while position < end {
            // Eight bytes at a time while they are printable ASCII other than `:` and `#` (most
            // of a text): nothing to do but move the end past the last that is not a space.
            if !inFlow {
                while end - position >= 8, case let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self)),
                      PlainRun.isPlain(word) {
                    let kept = PlainRun.lengthToLastNonSpace(word)
                    if kept > 0 { textEnd = position + kept }
                    position += 8
                }
                guard position < end else { break }
            }
            let byte = position.pointee
            if byte < 0x80 {
                if inFlow {
                    switch byte {
                    case UInt8(ascii: ","), UInt8(ascii: "}"):
                        position = textEnd
                        return UnsafeBufferPointer(start: start, count: textEnd - start)
                    case colon, hash, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"):
                        return nil
                    default:
                        break
                    }
                } else if byte == newline {
                    break
                }
                guard isClass(byte, ByteClass.printable) else { return nil }
                if byte == hash, !inFlow, position > start, position[-1] == space {
                    // ` #` with its space stepped over in a run of eight: a comment, as below.
                    guard skipRestOfLine() else { return nil }
                    break
                }
                if byte == space {
                    if !inFlow, position + 1 < end, position[1] == hash {
                        position += 1
                        guard skipRestOfLine() else { return nil }
                        break
                    }
                    position += 1
                    continue
                }
                if byte == colon {
                    // `: ` or a final `:` would make this a key (an error after a key); libyaml reports it.
                    if position + 1 >= end || position[1] == space || position[1] == newline { return nil }
                }
                position += 1
                textEnd = position
            } else {
                let length = characterLength(at: position)
                guard length > 0 else { return nil }
                position += length
                textEnd = position
            }
        }
        return inFlow ? nil : UnsafeBufferPointer(start: start, count: textEnd - start)
    }

    /// A quoted scalar's text: a span of the input, or (when it had escapes) `scratch`.
    struct Quoted {
        var span: UnsafeBufferPointer<UInt8>?
        /// Its length in the file, quotes included.
        var source: Int
    }

    func emit<Sink: BlockMappingSink>(_ quoted: Quoted, _ mark: yaml_mark_t, _ sink: inout Sink) -> Bool {
        if let span = quoted.span { return sink.onScalar(span, plain: false, mark) }
        return scratch.withUnsafeBufferPointer { sink.onScalar($0, plain: false, mark) }
    }

    /// A quoted scalar closed on the same line, at `position` (its opening quote); leaves
    /// `position` after the closing quote.
    mutating func quoted(_ quote: UInt8) -> Quoted? {
        let opening = position
        position += 1
        let start = position
        var decoding = false
        while position < end {
            // Eight bytes at a time while there is nothing to do but step over them: printable
            // ASCII, no quote, no backslash (most texts are one such run).
            if !decoding {
                while end - position >= 8, QuotedRun.isPlain(UnsafeRawPointer(position).loadUnaligned(as: UInt64.self), quote) {
                    position += 8
                }
                // The text may end right after them (no closing quote).
                guard position < end else { break }
            }
            let byte = position.pointee
            if byte == quote {
                if quote == singleQuote, position + 1 < end, position[1] == singleQuote {
                    // `''` is one quote.
                    if !decoding { beginDecoding(from: start) }
                    decoding = true
                    scratch.append(singleQuote)
                    position += 2
                    continue
                }
                let span = decoding ? nil : UnsafeBufferPointer(start: start, count: position - start)
                position += 1
                return Quoted(span: span, source: position - opening)
            }
            if byte < 0x80 {
                guard isClass(byte, ByteClass.printable) else { return nil }
                if byte == backslash && quote == doubleQuote {
                    if !decoding { beginDecoding(from: start) }
                    decoding = true
                    guard escape() else { return nil }
                    continue
                }
                if decoding { scratch.append(byte) }
                position += 1
            } else {
                let length = characterLength(at: position)
                guard length > 0 else { return nil }
                if decoding { scratch.append(contentsOf: UnsafeBufferPointer(start: position, count: length)) }
                position += length
            }
        }
        return nil
    }

    private mutating func beginDecoding(from start: UnsafePointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: start, count: position - start))
    }

    /// The common escapes of a double-quoted scalar: `\\ \" \/ \n \t` and `\uXXXX`; any other
    /// is left to libyaml.
    private mutating func escape() -> Bool {
        guard let kind = peek(1) else { return false }
        switch kind {
        case backslash, doubleQuote, UInt8(ascii: "/"):
            scratch.append(kind)
        case UInt8(ascii: "n"):
            scratch.append(newline)
        case UInt8(ascii: "t"):
            scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar: UInt32 = 0
            for offset in 2 ..< 6 {
                guard let digit = peek(offset), let value = Self.hexValue(digit) else { return false }
                scalar = scalar << 4 | value
            }
            guard scalar != 0, !(0xD800 ... 0xDFFF).contains(scalar), let unicode = Unicode.Scalar(scalar) else { return false }
            scratch.append(contentsOf: UTF8.encode(unicode)!)
            position += 6
            return true
        default:
            return false
        }
        position += 2
        return true
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// Eight bytes of a plain text at once (`plainValue`), and of a line (`mark`).
enum PlainRun {
    /// True when each of the eight bytes of `word` is printable ASCII (0x20–0x7E) and neither
    /// `:` nor `#`: what `plainValue` steps over one at a time (a space before `#` is a comment,
    /// which the step leaves to the `#`).
    @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool { ByteWord.isPrintableASCII(word, without: colon, hash) }

    /// How many of the eight bytes (in memory order) run up to the last that is not a space; 0
    /// when all are spaces. Exact per byte (no borrow crosses a byte).
    @inline(__always)
    static func lengthToLastNonSpace(_ word: UInt64) -> Int {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ 0x2020_2020_2020_2020
        // The high bit of each byte that is a space.
        let spaces = ~(((x & lows) &+ lows) | x | lows)
        let others = ~spaces & 0x8080_8080_8080_8080
        return others == 0 ? 0 : (63 - others.leadingZeroBitCount) / 8 + 1
    }

    /// The bytes of `word` that continue a UTF-8 sequence (`10xxxxxx`).
    @inline(__always)
    static func continuationCount(_ word: UInt64) -> Int {
        (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
    }
}

/// The fast path of a quoted scalar (`Cursor.quoted`), on its own for its test against the byte
/// by byte rule.
enum QuotedRun {
    /// True when each of the eight bytes of `word` is printable ASCII (0x20–0x7E) and neither
    /// `quote` nor a backslash: what `quoted` steps over one at a time.
    @inline(__always)
    static func isPlain(_ word: UInt64, _ quote: UInt8) -> Bool { ByteWord.isPrintableASCII(word, without: quote, backslash) }
}
