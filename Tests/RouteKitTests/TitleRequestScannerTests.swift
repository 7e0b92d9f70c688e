import Testing
@testable import RouteKit

/// The batch line reader's fast path (`commonRequest`) against the JSON parser it stands in for:
/// whatever it reads must be what the parser reads, and what it gives up on goes to the parser.
@Suite struct TitleRequestScannerTests {
    static let common = [
        #"{"route":"SessionScreen","locale":"de","params":{"sessionId":"42","roomName":"Hall 1"}}"#,
        #"{"route":"ScheduleScreen","locales":["de-AT","en"]}"#,
        #" { "params" : null , "route" : "A" , "locales" : [ ] } "#,
        "{\t\"route\":\"Ä Ωμέγα 🚀\",\r\n\"params\":{\"flag\":true,\"off\":false,\"gone\":null}}",
        #"{"route":"","locale":""}"#,
        #"{"route":"R","params":{}}"#,
    ]

    @Test func theCommonShapesAreReadDirectly() {
        for line in Self.common {
            let direct = TitleLookup.commonRequest(line)
            #expect(direct != nil, "\(line)")
            guard case .success(let parsed) = TitleLookup.request(fromDocument: line) else {
                Issue.record("the parser rejects \(line)")
                continue
            }
            #expect(direct == parsed, "\(line)")
        }
        #expect(TitleLookup.commonRequest(Self.common[0])?.params == ["sessionId": "42", "roomName": "Hall 1"])
        #expect(TitleLookup.commonRequest(Self.common[3])?.params == ["flag": "true", "off": "false"])
    }

    @Test func otherLinesGoToTheParser() {
        let others = [
            #"{"route":"A","params":{"n":42}}"#,            // a number: the parser formats it
            #"{"route":"A\u00e9"}"#,                        // an escape
            #"{"route":"A","route":"B"}"#,                  // a member twice: the parser names it
            #"{"route":"A","params":{"x":"1","x":"2"}}"#,
            #"{"route":"A","locale":"de","locales":["en"]}"#,
            #"{"route":"A","extra":1}"#,
            #"{"locale":"de"}"#,
            #"{"route":"A"} x"#,
            #"["route"]"#,
            "",
        ]
        for line in others {
            #expect(TitleLookup.commonRequest(line) == nil, "\(line)")
        }
    }

    /// Every prefix and every one-byte change of the common lines: read directly only when the
    /// parser reads the same request.
    @Test func agreesWithTheParserOnEveryPrefixAndChange() {
        let replacements: [UInt8] = Array(#"{}[]:,"\ 0tfn-"#.utf8) + [0x09, 0x0A, 0x01, 0x7F]
        var checked = 0
        for line in Self.common {
            let bytes = Array(line.utf8)
            var variants: [[UInt8]] = (0 ... bytes.count).map { Array(bytes[..<$0]) }
            for index in bytes.indices {
                for byte in replacements where byte != bytes[index] {
                    var changed = bytes
                    changed[index] = byte
                    variants.append(changed)
                }
                var dropped = bytes
                dropped.remove(at: index)
                variants.append(dropped)
            }
            for variant in variants {
                let text = String(decoding: variant, as: UTF8.self)
                guard let direct = TitleLookup.commonRequest(text) else { continue }
                checked += 1
                guard case .success(let parsed) = TitleLookup.request(fromDocument: text) else {
                    Issue.record("read directly, but the parser rejects: \(text)")
                    continue
                }
                #expect(direct == parsed, "\(text)")
            }
        }
        #expect(checked > 100)
    }

    /// Bytes that are not UTF-8 read as the String of them reads (U+FFFD), fast path or not.
    @Test func bytesThatAreNotUTF8ReadAsTheirString() {
        let lines: [[UInt8]] = [
            Array(#"{"route":"A"#.utf8) + [0xFF, 0xC3] + Array(#"","locale":"de"}"#.utf8),
            Array(#"{"route":"A","params":{"n":""#.utf8) + [0xE2, 0x82] + Array(#""}}"#.utf8),
            [0xFE] + Array(#"{"route":"A"}"#.utf8),
            Array(#"{"route":"A"}"#.utf8) + [0x80],
        ]
        for bytes in lines {
            let viaBytes = bytes.withUnsafeBufferPointer { TitleLookup.request(fromJSONLineBytes: $0) }
            let viaString = TitleLookup.request(fromJSONLine: String(decoding: bytes, as: UTF8.self))
            switch (viaBytes, viaString) {
            case (.success(let a), .success(let b)): #expect(a == b)
            case (.failure(let a), .failure(let b)): #expect(a.message == b.message)
            default: Issue.record("\(bytes): \(viaBytes) vs \(viaString)")
            }
        }
    }
}
