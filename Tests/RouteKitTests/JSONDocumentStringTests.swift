import Foundation
@testable import RouteKit
import Testing

/// JSON strings as `JSONDocument` reads them (the parser skims sixteen bytes at a time for a
/// backslash or a control byte; `appendString` copies the runs between escapes) against
/// Foundation's `JSONSerialization` as the oracle.
@Suite struct JSONDocumentStringTests {
    @Test func stringsWithEscapesAtEveryOffsetReadAsFoundationReadsThem() throws {
        var random = SeededGenerator(seed: 3)
        let pieces = ["a", "é", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9", "\\ud83d\\ude00",
                      "日本", "%@", " ", "abcdefgh"]
        for _ in 0 ..< 600 {
            let body = (0 ..< Int.random(in: 0 ..< 30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let text = "[\"\(body)\"]"
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]).first
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let document = try JSONDocument.parse(buffer)
                var decoded: [UInt8] = []
                document.appendString(1, to: &decoded)
                #expect(decoded == Array((expected ?? "").utf8), "\(text)")
                #expect(document.string(1).map { Array($0.utf8) } == decoded)
            }
        }
    }

    /// A short plain string is read inline, when the first byte of the next sixteen that stops
    /// the scan is its closing quote (`Parser.string`); any other first stop goes the whole scan's
    /// way. Every length around the sixteen, every stop at every offset, with room after.
    @Test func shortStringsReadInlineAsFoundationReadsThem() throws {
        let stops = ["", "é", "日", "\\\"", "\\n", "\\u0041", "\u{01}", "\u{1F}", "\u{7F}", " "]
        for length in 0 ..< 24 {
            for stop in stops {
                for offset in 0 ... length where stop != "" || offset == 0 {
                    var body = String(repeating: "k", count: length)
                    body.insert(contentsOf: stop, at: body.index(body.startIndex, offsetBy: offset))
                    let text = "{\"\(body)\":[\"\(body)\", \"\(String(repeating: "p", count: 20))\"]}"
                    let bytes = Array(text.utf8)
                    let expected = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: [String]]
                    try bytes.withUnsafeBufferPointer { buffer in
                        guard let expected else {
                            #expect(throws: NativeSyntaxError.self, "\(text)") { _ = try JSONDocument.parse(buffer) }
                            return
                        }
                        let document = try JSONDocument.parse(buffer)
                        let (name, value) = try #require(expected.first)
                        #expect(document.string(1) == name, "\(text)")
                        #expect(document.string(3) == value.first, "\(text)")
                        #expect(document.string(4) == value.last, "\(text)")
                        #expect(document.nodes[3].start == Int32(2 + body.utf8.count + 4), "\(text)")
                        #expect(document.nodes[3].flag == stop.hasPrefix("\\"), "\(text): escapes")
                    }
                }
            }
        }
    }

    @Test func aControlByteAnywhereInALongStringIsAnError() {
        // Past two steps of sixteen bytes, then eight, then one.
        for offset in 0 ..< 44 {
            var bytes = Array("[\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR\"]".utf8)
            bytes[2 + offset] = 0x01
            #expect(throws: NativeSyntaxError.self) { try bytes.withUnsafeBufferPointer { _ = try JSONDocument.parse($0) } }
        }
    }

    @Test func aQuoteAfterABackslashAnywhereDoesNotEndTheString() throws {
        for offset in 0 ..< 40 {
            var body = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN".utf8)
            body.replaceSubrange(offset ..< offset + 1, with: Array("\\\"".utf8))
            let bytes = Array("[\"".utf8) + body + Array("\"]".utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let document = try JSONDocument.parse(buffer)
                #expect(document.string(1)?.utf8.count == 40)
                #expect(document.string(1)?.contains("\"") == true)
            }
        }
    }

    /// A bad byte or escape is reported as such only where a quote follows it somewhere; else
    /// the string is never closed, at its opening quote.
    @Test(arguments: [
        ("[\"ab\ncd\"]", "a control character", 1, 5),
        ("[\"ab\ncd", "the string is never closed", 1, 2),
        ("[\"a\\x\"]", "unknown escape", 1, 4),
        ("[\"a\\x", "the string is never closed", 1, 2),
        ("[\"a\\u12\"]", "\\u must be followed", 1, 4),
        ("[\"a\\u12", "the string is never closed", 1, 2),
        ("[\"abcdefghijk\\", "the string is never closed", 1, 2),
    ])
    func badStringsAreReportedWhereTheyGoWrong(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        let bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(NativeSyntaxError) in _ = try JSONDocument.parse(buffer) }
        }
        guard case .failure(let error) = parsed else {
            Issue.record("no error for \(text)")
            return
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect((error.line, error.column) == (line, column), "\(text)")
    }

    /// Bad UTF-8 is what is reported, not a syntax error before it, in a small file and in one
    /// large enough to be checked on another core beside the parse.
    @Test(arguments: [100, JSONDocument.besideFrom + 100])
    func badUTF8IsReportedBeforeASyntaxErrorEarlierInTheFile(_ size: Int) {
        let bytes = Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: size) + Array("\", x, \"".utf8) + [0xFF] + Array("\"]".utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(NativeSyntaxError) in _ = try JSONDocument.parse(buffer) }
        }
        guard case .failure(let error) = parsed else {
            Issue.record("no error")
            return
        }
        #expect(error.message == "invalid UTF-8 is not allowed here: JSON text is UTF-8")
        #expect((error.line, error.column) == (1, size + 10))
    }

    /// `appendString` decodes in place, behind a copy of the text as written: held to a plain
    /// decoder (scalar by scalar, a lone surrogate as U+FFFD), after text already in the buffer,
    /// with every kind of escape, lone halves and pairs, at every offset.
    @Test func escapesDecodedInPlaceMatchAPlainDecoder() throws {
        func plainDecoding(_ body: String) -> [UInt8] {
            let bytes = Array(body.utf8)
            var scalars: [Unicode.Scalar] = [], index = 0, units: [UInt16] = []
            func flushUnits() {
                // Swift's repairing decoding: each lone half is one U+FFFD.
                scalars += String(decoding: units, as: UTF16.self).unicodeScalars
                units = []
            }
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    units.append(UInt16(String(decoding: bytes[index + 2 ..< index + 6], as: UTF8.self), radix: 16)!)
                    index += 6
                    continue
                }
                flushUnits()
                if bytes[index] == UInt8(ascii: "\\") {
                    let map: [UInt8: Unicode.Scalar] = [UInt8(ascii: "n"): "\n", UInt8(ascii: "t"): "\t", UInt8(ascii: "r"): "\r",
                                                        UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}"]
                    scalars.append(map[bytes[index + 1]] ?? Unicode.Scalar(bytes[index + 1]))
                    index += 2
                    continue
                }
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\\")) ?? bytes.count
                scalars += String(decoding: bytes[index ..< end], as: UTF8.self).unicodeScalars
                index = end
            }
            flushUnits()
            return Array(String(String.UnicodeScalarView(scalars)).utf8)
        }
        var random = SeededGenerator(seed: 11)
        let pieces = ["a", "é", "日本", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9",
                      "\\u20ac", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\ud800\\ud800", "abcdefghij", " "]
        for _ in 0 ..< 800 {
            let body = (0 ..< Int.random(in: 1 ..< 24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array("[\"\(body)\"]".utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let document = try JSONDocument.parse(buffer)
                var decoded = Array("before".utf8)
                document.appendString(1, to: &decoded)
                #expect(decoded == Array("before".utf8) + plainDecoding(body), "\(body)")
            }
        }
    }
}
