import Testing
@testable import RouteKit

/// `ReportBytes`: each fast path writes exactly the bytes of the String-based escaper it stands
/// in for (`JSONValue.writeString`, `XMLText.escaped`, `ReportText.neutralized`).
@Suite struct ReportBytesTests {
    static let texts = [
        "", "plain", "it's \"quoted\" & <tagged>", "back\\slash", "line\nbreak\ttab\r", "\u{1B}[31mred",
        "é and 日本", "bidi \u{202E}evil\u{202C}", "sep\u{2028}line", "nul\u{0}byte", "del\u{7F}", "emoji 👍🏽",
        "nonchar \u{FFFE}", String(repeating: "long plain text ", count: 40), "'", "&",
    ]

    static func written(_ body: (inout ReportBytes) -> Void) -> String {
        var out = ReportBytes()
        body(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Every length from 0 to 48, written after every count of bytes before it (and the room
    /// grown between), gives the bytes written in order.
    @Test func writesOfEveryLengthKeepEveryByte() {
        let source = (0 ..< 64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for before in 0 ..< 20 {
            for length in 0 ... 48 {
                var out = ReportBytes()
                var expected: [UInt8] = []
                for _ in 0 ..< 3 {
                    source.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0[..<before])) }
                    source.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0[(64 - length)...])) }
                    expected += source[..<before] + source[(64 - length)...]
                }
                #expect(out.bytes == expected, "\(before) then \(length)")
            }
        }
    }

    @Test(arguments: texts)
    func jsonStringIsWriteStrings(text: String) {
        var expected = ""
        JSONValue.writeString(text, into: &expected)
        #expect(Self.written { $0.writeJSONString(text) } == expected)
        // The body alone is the same without the quotes, and may be written in pieces.
        #expect(Self.written { $0.writeJSONStringBody(text) } == String(expected.dropFirst().dropLast()))
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        #expect(Self.written { $0.writeJSONStringBody(String(text[..<middle])); $0.writeJSONStringBody(String(text[middle...])) }
                == String(expected.dropFirst().dropLast()))
    }

    @Test(arguments: texts)
    func xmlIsXMLTextEscaped(text: String) {
        for quotes in [false, true] {
            #expect(Self.written { $0.writeXML(text, quotes: quotes) } == XMLText.escaped(text, quotes: quotes, breaks: true),
                    "quotes: \(quotes)")
        }
    }

    @Test(arguments: texts)
    func neutralizedIsReportTextNeutralized(text: String) {
        #expect(Self.written { $0.writeNeutralized(text) } == ReportText.neutralized(text))
    }

    /// The UTF-8 forms (a batch's key written where it is stored) write what the String forms do.
    @Test(arguments: texts)
    func bytesFormsAreTheStringForms(text: String) {
        var utf8 = text
        utf8.withUTF8 { bytes in
            #expect(Self.written { $0.writeNeutralized(bytes: bytes) } == ReportText.neutralized(text))
            for quotes in [false, true] {
                #expect(Self.written { $0.writeXML(bytes: bytes, quotes: quotes) } == XMLText.escaped(text, quotes: quotes, breaks: true),
                        "quotes: \(quotes)")
            }
        }
    }

    /// A finding's key bytes are its key's, in a batch (read where stored) as in a single finding.
    @Test func keyBytesAreTheKeys() {
        let keys = FindingBatch.Keys(Self.texts, sortedBefore: "'")
        let batch = FindingBatch(rule: "r", location: nil, locale: "de", messagePrefix: "'", keys: keys, messageSuffix: "' lacks")
        for (index, text) in Self.texts.enumerated() {
            let batched = Finding(batch, item: index, severity: .warning)
            #expect(batched.withKeyBytes { String(decoding: $0, as: UTF8.self) } == text)
            #expect(batched.withKeyBytes { $0.count } == text.utf8.count)
            let single = Finding(rule: "r", severity: .warning, message: "m", key: text)
            #expect(single.withKeyBytes { String(decoding: $0, as: UTF8.self) } == text)
        }
        #expect(Finding(rule: "r", severity: .warning, message: "m").withKeyBytes { $0.count } == nil)
    }

    /// Every power of ten and the number below it, to the largest an Int holds.
    static let decimalEdges: [Int] = {
        var edges = [0, 1, 9, 10, 99, 100, 12345, Int(Int32.max), Int.max, -1, -42, Int.min]
        var power = 1
        for _ in 1 ... 18 {
            power *= 10
            edges += [power - 1, power]
        }
        return edges
    }()

    @Test(arguments: decimalEdges)
    func numbersAreDecimal(value: Int) {
        #expect(Self.written { $0.writeNumber(value) } == String(value))
    }

    @Test func piecesAppendInOrder() {
        let text = Self.written {
            $0.write("a")
            $0.write(UInt8(ascii: "b"))
            $0.write([UInt8(ascii: "c"), UInt8(ascii: "d")])
            $0.writeNumber(7)
            $0.writeJSONString("e\"")
        }
        #expect(text == "abcd7\"e\\\"\"")
    }

    @Test func jsonMessageIsTheMessageAsAJSONString() {
        let finding = Finding(rule: "r", severity: .error, message: "a \"b\"\n\u{1B}")
        var expected = ""
        JSONValue.writeString(finding.message, into: &expected)
        #expect(Self.written { $0.writeJSONMessage(finding) } == expected)
    }
}
