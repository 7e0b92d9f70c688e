#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A problem that stops reading a native strings file, at the place it was found.
public struct NativeSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Turns byte offsets into 1-based lines and columns (Unicode scalars, as `SourceLocation`
/// counts them) for offsets asked in increasing order: `memchr` for line breaks, `ColumnCounter`
/// for the column, so each byte is looked at once. A lone CR is not a line break here (XML and
/// JSON files use LF or CRLF).
struct LineTracker {
    private(set) var line = 1
    /// Line breaks are found up to here.
    private var searched = 0
    private var columns = ColumnCounter()
    /// Bytes looked at to count columns, for tests: at most one per byte of the file.
    var columnBytesCounted: Int { columns.bytesCounted }

    mutating func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        if end < searched {
            // Asked out of order (an error pointing back at an element): count afresh.
            return TextPosition.locate(offset: end, in: bytes)
        }
        if let base = bytes.baseAddress {
            while searched < end, let found = memchr(base + searched, 0x0A, end - searched) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                line += 1
                columns.startLine(at: index + 1)
                searched = index + 1
            }
        }
        searched = end
        return (line, columns.column(of: end, in: bytes))
    }
}

/// Checks that `bytes` are UTF-8 without NUL or other control characters that XML and JSON
/// forbid (tab, LF and CR are allowed). Returns the offset and a description of the first bad byte.
enum TextValidity {
    @inline(__always)
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, allowControls: Bool = false) -> (offset: Int, message: String)? {
        var index = 0
        let limit = bytes.count
        while index < limit {
            // Sixty-four, sixteen, then eight bytes at a time while they are ASCII without
            // forbidden controls (most of a file: line breaks and indentation included).
            index = ByteBlock.endOfTextASCII(bytes, from: index, before: limit, allowControls: allowControls)
            while index + 16 <= limit,
                  ByteWord.isTextASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self),
                                       UnsafeRawPointer(bytes.baseAddress! + index + 8).loadUnaligned(as: UInt64.self),
                                       allowControls: allowControls) {
                index += 16
            }
            while index + 8 <= limit,
                  ByteWord.isTextASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self), allowControls: allowControls) {
                index += 8
            }
            guard index < limit else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && !allowControls {
                    return (index, byte == 0 ? "a NUL byte" : "control character U+00\(hex2(byte))")
                }
                index += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: index) else { return (index, "invalid UTF-8") }
            index += length
        }
        return nil
    }

    private static func hex2(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// Length of the valid UTF-8 sequence starting at `index` (a non-ASCII lead byte), or nil.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2 ... 0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0 ... 0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0 ... 0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1 ..< length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800 ... 0xDFFF).contains(value) else { return nil }
        return length
    }
}

/// A byte-level scanner for the XML that resource files are written in: elements, attributes,
/// comments, CDATA, processing instructions, the five predefined entities and character
/// references. A DOCTYPE is refused (with its position) rather than read, so no entity is ever
/// declared, expanded or fetched: there is nothing for an entity bomb or an external entity to
/// use. Well-formedness errors (unclosed or mismatched tags, bad attributes, undefined entities,
/// text outside the root) stop the scan with the line and column where they were found.
struct XMLScanner {
    struct Attribute {
        var name: Range<Int>
        /// The value between the quotes, entities not yet decoded.
        var value: Range<Int>
        var offset: Int
    }

    enum Event {
        /// Its attributes are the scanner's `attributes` until the next event.
        case start(name: Range<Int>, selfClosing: Bool, offset: Int)
        case end(name: Range<Int>, offset: Int)
        /// Character data, entities not yet decoded (`appendText`).
        case text(Range<Int>)
        /// The literal text of a CDATA section.
        case cdata(Range<Int>)
        /// The text between `<!--` and `-->`; `endOffset` is where `-->` starts.
        case comment(Range<Int>, endOffset: Int)
        case endOfDocument
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let maxElements: Int
    private(set) var index = 0
    private var open: [(name: Range<Int>, offset: Int)] = []
    /// The attributes of the last start tag (one array for the whole file, not one per element).
    private(set) var attributes: [Attribute] = []
    private var sawRoot = false
    private var elements = 0
    var tracker = LineTracker()

    var depth: Int { open.count }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 200, maxElements: Int = 2_000_000) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        // A UTF-8 BOM is not part of the document.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Checks the whole buffer's encoding first: the scanner then works on bytes only.
    func validateEncoding() throws(NativeSyntaxError) {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw NativeSyntaxError("the file is UTF-16; routekit reads UTF-8 only: save it as UTF-8", line: 1, column: 1)
        }
        if let (offset, what) = TextValidity.firstProblem(in: bytes) {
            let (line, column) = TextPosition.locate(offset: offset, in: bytes)
            throw NativeSyntaxError("\(what) is not allowed in XML", line: line, column: column)
        }
    }

    mutating func position(_ offset: Int) -> (line: Int, column: Int) {
        tracker.position(of: offset, in: bytes)
    }

    private mutating func fail(_ message: String, at offset: Int) -> NativeSyntaxError {
        let (line, column) = position(offset)
        return NativeSyntaxError(message, line: line, column: column)
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        return ByteWord.equal(bytes.baseAddress! + range.lowerBound, literal.utf8Start, count: range.count)
    }

    private func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
        offset + literal.utf8CodeUnitCount <= bytes.count
            && ByteWord.equal(bytes.baseAddress! + offset, literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// The offset of `literal` at or after `from`, or nil.
    private func find(_ literal: StaticString, from: Int) -> Int? {
        let first = Int32(literal.utf8Start.pointee)
        var offset = from
        while offset < bytes.count, let found = memchr(bytes.baseAddress! + offset, first, bytes.count - offset) {
            let at = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if hasPrefix(literal, at: at) { return at }
            offset = at + 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80 ... 0xFF:
            return true
        default:
            return false
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private mutating func name() throws(NativeSyntaxError) -> Range<Int> {
        let start = index
        if index < bytes.count, bytes[index] != UInt8(ascii: "-"), bytes[index] != UInt8(ascii: "."),
           !(UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) {
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        }
        guard index > start else {
            throw fail(index < bytes.count ? "expected a name, found '\(printable(bytes[index]))'" : "the file ends inside a tag", at: index)
        }
        return start ..< index
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16)
    }

    mutating func next() throws(NativeSyntaxError) -> Event {
        guard index < bytes.count else {
            if let unclosed = open.last {
                let (line, _) = position(unclosed.offset)
                throw fail("the file ends before <\(string(unclosed.name))> (line \(line)) is closed", at: bytes.count)
            }
            guard sawRoot else { throw fail("no root element: the file has no XML content", at: bytes.count) }
            return .endOfDocument
        }
        guard bytes[index] == UInt8(ascii: "<") else { return try text() }
        let start = index
        if hasPrefix("<!--", at: start) {
            guard let end = find("-->", from: start + 4) else { throw fail("the comment is never closed (-->)", at: start) }
            index = end + 3
            return .comment(start + 4 ..< end, endOffset: end)
        }
        if hasPrefix("<?", at: start) {
            guard let end = find("?>", from: start + 2) else { throw fail("the processing instruction is never closed (?>)", at: start) }
            index = end + 2
            return try next()
        }
        if hasPrefix("<![CDATA[", at: start) {
            guard !open.isEmpty else { throw fail("a CDATA section outside the root element", at: start) }
            guard let end = find("]]>", from: start + 9) else { throw fail("the CDATA section is never closed (]]>)", at: start) }
            index = end + 3
            return .cdata(start + 9 ..< end)
        }
        if hasPrefix("<!DOCTYPE", at: start) {
            throw fail("a DOCTYPE is not read: resource files need none, and its entity declarations could expand without bound or read other files; delete it", at: start)
        }
        if hasPrefix("<!", at: start) {
            throw fail("unexpected markup declaration '<!': only comments and CDATA are read", at: start)
        }
        if hasPrefix("</", at: start) {
            index += 2
            let closing = try name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                throw fail("expected '>' to end </\(string(closing))>", at: index)
            }
            index += 1
            guard let top = open.last else {
                throw fail("closing tag </\(string(closing))> with no open element", at: start)
            }
            guard top.name.count == closing.count,
                  ByteWord.equal(bytes.baseAddress! + top.name.lowerBound, bytes.baseAddress! + closing.lowerBound, count: closing.count) else {
                let (line, _) = position(top.offset)
                throw fail("closing tag </\(string(closing))> does not match <\(string(top.name))> opened at line \(line)", at: start)
            }
            open.removeLast()
            return .end(name: closing, offset: start)
        }
        // A start tag.
        if sawRoot && open.isEmpty { throw fail("a second root element: an XML file has exactly one", at: start) }
        index += 1
        let elementName = try name()
        attributes.removeAll(keepingCapacity: true)
        while true {
            let beforeSpace = index
            skipSpace()
            guard index < bytes.count else { throw fail("the file ends inside <\(string(elementName))>", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                return try opened(elementName, selfClosing: false, at: start)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    throw fail("expected '/>' to end <\(string(elementName))>", at: index)
                }
                index += 2
                return try opened(elementName, selfClosing: true, at: start)
            }
            guard index > beforeSpace else { throw fail("expected white space before an attribute", at: index) }
            let attributeStart = index
            let attributeName = try name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw fail("attribute '\(string(attributeName))' has no value (expected '=')", at: index)
            }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail("the value of attribute '\(string(attributeName))' must be quoted", at: index)
            }
            let quote = bytes[index]
            let valueStart = index + 1
            guard let found = memchr(bytes.baseAddress! + valueStart, Int32(quote), bytes.count - valueStart) else {
                throw fail("the value of attribute '\(string(attributeName))' is never closed", at: index)
            }
            let valueEnd = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            for offset in valueStart ..< valueEnd {
                if bytes[offset] == UInt8(ascii: "<") { throw fail("'<' is not allowed in an attribute value (write &lt;)", at: offset) }
                if bytes[offset] == UInt8(ascii: "&") { try checkReference(at: offset) }
            }
            index = valueEnd + 1
            for existing in attributes where existing.name.count == attributeName.count
                && ByteWord.equal(bytes.baseAddress! + existing.name.lowerBound, bytes.baseAddress! + attributeName.lowerBound, count: attributeName.count) {
                throw fail("attribute '\(string(attributeName))' is given twice", at: attributeStart)
            }
            attributes.append(Attribute(name: attributeName, value: valueStart ..< valueEnd, offset: attributeStart))
        }
    }

    /// A `<string>` element as resource files mostly hold them, read at once: white space, then
    /// `<string name="NAME">TEXT</string>` exactly, with no reference, `<`, CR or `]` in the name
    /// or the text, and room for it within the limits. Returns where the element starts, its
    /// name's value and its text (as `next` would give them: nothing in them to decode), or nil,
    /// having read nothing, for anything else: `next` then reads it, and says what is wrong.
    /// Only where `next` would give the text between the root's children (depth 1).
    mutating func plainStringElement(maxText: Int) -> (offset: Int, name: Range<Int>, text: Range<Int>)? {
        guard open.count == 1, open.count < maxDepth, elements < maxElements else { return nil }
        let count = bytes.count
        var at = index
        while at < count, Self.isSpace(bytes[at]) { at += 1 }
        guard hasPrefix("<string name=\"", at: at) else { return nil }
        let nameStart = at + 14
        let nameEnd = Self.firstSpecial(in: bytes, from: nameStart, quote: true)
        guard nameEnd > nameStart, nameEnd + 1 < count, bytes[nameEnd] == UInt8(ascii: "\""),
              bytes[nameEnd + 1] == UInt8(ascii: ">") else { return nil }
        let textStart = nameEnd + 2
        let textEnd = Self.firstSpecial(in: bytes, from: textStart, quote: false)
        guard textEnd - textStart <= maxText, hasPrefix("</string>", at: textEnd) else { return nil }
        elements += 1
        index = textEnd + 9
        return (at, nameStart ..< nameEnd, textStart ..< textEnd)
    }

    /// One `<item quantity="CATEGORY">TEXT</item>` of a `plainPluralsElement`.
    struct PlainPluralItem {
        /// Where `<item` starts.
        var offset: Int
        var category: ImportPluralCategory
        /// Character data, references (checked) not yet decoded when `hasReference`.
        var text: Range<Int>
        var hasReference: Bool
    }

    /// A `<plurals>` element as resource files mostly hold them, read at once: white space, then
    /// `<plurals name="NAME">`, one or more `<item quantity="CATEGORY">TEXT</item>` of distinct
    /// CLDR categories with only white space between them, and `</plurals>`. As in
    /// `plainStringElement`, the name has no reference and the texts no `<`, CR or `]`, but a
    /// text may hold references (`&amp;`: most plurals' texts are sentences). Returns where the
    /// element starts and its name's value, its items in `items` (emptied first), or nil, having
    /// read nothing, for anything else or anything over the limits: `next` then reads it.
    mutating func plainPluralsElement(maxText: Int, items: inout [PlainPluralItem]) -> (offset: Int, name: Range<Int>)? {
        // `<plurals>` opens at depth 2, its items at 3 (`next` fails when one would open at `maxDepth`).
        guard open.count == 1, open.count + 1 < maxDepth else { return nil }
        let count = bytes.count
        var at = index
        while at < count, Self.isSpace(bytes[at]) { at += 1 }
        guard hasPrefix("<plurals name=\"", at: at) else { return nil }
        let start = at
        let nameStart = at + 15
        let nameEnd = Self.firstSpecial(in: bytes, from: nameStart, quote: true)
        guard nameEnd > nameStart, nameEnd + 1 < count, bytes[nameEnd] == UInt8(ascii: "\""),
              bytes[nameEnd + 1] == UInt8(ascii: ">") else { return nil }
        at = nameEnd + 2
        items.removeAll(keepingCapacity: true)
        var seen: UInt8 = 0
        while true {
            // The white space between items is text `next` would check against the limit too.
            let spaceStart = at
            while at < count, Self.isSpace(bytes[at]) { at += 1 }
            guard at - spaceStart <= maxText else { return nil }
            if hasPrefix("</plurals>", at: at) { break }
            guard hasPrefix("<item quantity=\"", at: at) else { return nil }
            let itemStart = at
            let quantityStart = at + 16
            let quantityEnd = Self.firstSpecial(in: bytes, from: quantityStart, quote: true)
            guard quantityEnd + 1 < count, bytes[quantityEnd] == UInt8(ascii: "\""), bytes[quantityEnd + 1] == UInt8(ascii: ">"),
                  let order = UTF8Text.pluralCategory(UnsafeBufferPointer(rebasing: bytes[quantityStart ..< quantityEnd])),
                  seen & (1 << order) == 0 else { return nil }
            let category = ImportPluralCategory.inOrder[order]
            seen |= 1 << order
            let textStart = quantityEnd + 2
            var textEnd = Self.firstSpecial(in: bytes, from: textStart, quote: false)
            var hasReference = false
            while textEnd < count, bytes[textEnd] == UInt8(ascii: "&") {
                guard let reference = Self.reference(bytes, at: textEnd) else { return nil }
                hasReference = true
                textEnd = Self.firstSpecial(in: bytes, from: textEnd + reference.length, quote: false)
            }
            // References only shorten a text: within the limit as written, within it decoded.
            guard textEnd - textStart <= maxText, hasPrefix("</item>", at: textEnd) else { return nil }
            items.append(PlainPluralItem(offset: itemStart, category: category, text: textStart ..< textEnd, hasReference: hasReference))
            at = textEnd + 7
        }
        guard !items.isEmpty, elements + 1 + items.count <= maxElements else { return nil }
        elements += 1 + items.count
        index = at + 10
        return (start, nameStart ..< nameEnd)
    }

    /// The first byte at or after `start` that `plainStringElement` stops at: `<`, `&`, `]`, CR,
    /// and with `quote` also `"` (the end of the file when there is none). Sixteen bytes at a
    /// time (two words, tested side by side in one vector register), then eight.
    @inline(__always)
    private static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, quote: Bool) -> Int {
        @inline(__always) func special(_ word: UInt64) -> UInt64 {
            ByteWord.matches(word, 0x3C) | ByteWord.matches(word, 0x26) | ByteWord.matches(word, 0x5D)
                | ByteWord.matches(word, 0x0D) | (quote ? ByteWord.matches(word, 0x22) : 0)
        }
        var index = start
        let count = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index + 16 <= count {
            let first = special(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let second = special(base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            if first | second != 0 {
                return first != 0 ? index + (first.trailingZeroBitCount >> 3) : index + 8 + (second.trailingZeroBitCount >> 3)
            }
            index += 16
        }
        while index + 8 <= count {
            let found = special(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if found != 0 { return index + (found.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < count {
            switch bytes[index] {
            case 0x3C, 0x26, 0x5D, 0x0D: return index
            case 0x22 where quote: return index
            default: index += 1
            }
        }
        return count
    }

    private mutating func opened(_ name: Range<Int>, selfClosing: Bool, at start: Int) throws(NativeSyntaxError) -> Event {
        elements += 1
        if elements > maxElements {
            throw fail("more than \(maxElements) elements (limits.node-count)", at: start)
        }
        if !selfClosing {
            if open.count >= maxDepth { throw fail("elements nested deeper than \(maxDepth) (limits.depth)", at: start) }
            open.append((name, start))
        }
        sawRoot = true
        return .start(name: name, selfClosing: selfClosing, offset: start)
    }

    private mutating func text() throws(NativeSyntaxError) -> Event {
        let start = index
        let base = bytes.baseAddress!
        let end = memchr(base + start, Int32(UInt8(ascii: "<")), bytes.count - start)
            .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
        var offset = start
        while offset < end, let amp = memchr(base + offset, Int32(UInt8(ascii: "&")), end - offset) {
            let at = base.distance(to: amp.assumingMemoryBound(to: UInt8.self))
            try checkReference(at: at)
            offset = at + 1
        }
        if open.isEmpty {
            for offset in start ..< end where !Self.isSpace(bytes[offset]) {
                throw fail(sawRoot ? "text after the root element" : "text before the root element", at: offset)
            }
        }
        if let gt = memchr(base + start, Int32(UInt8(ascii: "]")), end - start) {
            let at = base.distance(to: gt.assumingMemoryBound(to: UInt8.self))
            if let close = find("]]>", from: at), close < end { throw fail("']]>' is not allowed in text", at: close) }
        }
        index = end
        return .text(start ..< end)
    }

    /// Checks the reference at `offset` (`&lt;`, `&#65;`, `&#x41;`); only these are defined
    /// without a DTD, and a DTD is never read.
    private mutating func checkReference(at offset: Int) throws(NativeSyntaxError) {
        guard let length = Self.reference(bytes, at: offset)?.length else {
            var end = offset + 1
            while end < bytes.count, end - offset < 40, Self.isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: "#") { end += 1 }
            let shown = string(offset ..< end)
            if end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > offset + 1, bytes[offset + 1] != UInt8(ascii: "#") {
                throw fail("undefined entity \(shown); (only &lt; &gt; &amp; &quot; &apos; and character references are read)", at: offset)
            }
            throw fail("'&' must start a reference such as &amp; or &#38; (found '\(shown)')", at: offset)
        }
        _ = length
    }

    /// The scalar a reference at `offset` stands for and its length in bytes; nil if it is not one.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        var end = offset + 1
        while end < bytes.count, end - offset <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[(offset + 1) ..< end])
        let length = end + 1 - offset
        if body.count >= 2, body[0] == UInt8(ascii: "#") {
            var value: UInt32 = 0
            let hex = body[1] == UInt8(ascii: "x")
            let digits = body.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty else { return nil }
            for digit in digits {
                let d: UInt32
                switch digit {
                case UInt8(ascii: "0") ... UInt8(ascii: "9"): d = UInt32(digit - 0x30)
                case UInt8(ascii: "a") ... UInt8(ascii: "f") where hex: d = UInt32(digit - 0x61 + 10)
                case UInt8(ascii: "A") ... UInt8(ascii: "F") where hex: d = UInt32(digit - 0x41 + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + d
                if value > 0x10FFFF { return nil }
            }
            // XML characters only: no NUL or C0 controls other than tab, LF, CR.
            guard value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }
        // The five names XML defines, told by their bytes (a `String` each cost 300 instructions).
        if UTF8Text.equals(body, "amp") { return ("&", length) }
        if UTF8Text.equals(body, "lt") { return ("<", length) }
        if UTF8Text.equals(body, "gt") { return (">", length) }
        if UTF8Text.equals(body, "quot") { return ("\"", length) }
        if UTF8Text.equals(body, "apos") { return ("'", length) }
        return nil
    }

    /// Appends the text of `range` with references decoded and line breaks normalized
    /// (CRLF and CR to LF), as an XML parser reports character data.
    func appendText(_ range: Range<Int>, into out: inout [UInt8]) {
        Self.appendText(range, of: bytes, into: &out)
    }

    static func appendText(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // Most text has no reference and no CR: one copy.
        if !range.isEmpty, memchr(bytes.baseAddress! + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) == nil,
           memchr(bytes.baseAddress! + range.lowerBound, 0x0D, range.count) == nil {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        // The bytes between references and CRs are copied a run at a time.
        var offset = range.lowerBound
        var run = offset
        while offset < range.upperBound {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "&") || byte == 0x0D else {
                offset += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run ..< offset]))
            if byte == 0x0D {
                out.append(0x0A)
                offset += offset + 1 < range.upperBound && bytes[offset + 1] == 0x0A ? 2 : 1
            } else if let (scalar, length) = Self.reference(bytes, at: offset) {
                UTF8.encode(scalar) { out.append($0) }
                offset += length
            } else {
                out.append(byte)
                offset += 1
            }
            run = offset
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run ..< range.upperBound]))
    }

    /// The literal bytes of `range` (CDATA), line breaks normalized.
    func appendLiteral(_ range: Range<Int>, into out: inout [UInt8]) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = bytes[offset]
            if byte == 0x0D {
                out.append(0x0A)
                offset += offset + 1 < range.upperBound && bytes[offset + 1] == 0x0A ? 2 : 1
                continue
            }
            out.append(byte)
            offset += 1
        }
    }

    /// The attribute value at `range` of `bytes`, references decoded.
    static func value(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        if memchr(bytes.baseAddress! + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) == nil {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var out: [UInt8] = []
        appendText(range, of: bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
