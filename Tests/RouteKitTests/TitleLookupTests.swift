import Testing
@testable import RouteKit

@Suite struct TitleLookupTests {
    @Test func parsesBatchLines() throws {
        let request = try TitleLookup.request(fromJSONLine: #"{"route":"A","locales":["de","en"],"params":{"id":42,"t":"x"}}"#).get()
        #expect(request.route == "A" && request.locales == ["de", "en"] && request.params == ["id": "42", "t": "x"])
        #expect(try TitleLookup.request(fromJSONLine: #"{"route":"A","locale":"de"}"#).get().locales == ["de"])
    }

    @Test func badLinesSayWhy() {
        let cases: [(String, String)] = [
            ("nope", "invalid JSON at column 1: unexpected 'n': expected a value"),
            // The one JSON reader (JSONDocument) is strict about what a line may repeat.
            (#"{"route":"A","route":"B"}"#, "invalid JSON at column 14: member \"route\" given twice"),
            (#"{"route":"\ud800"}"#, "invalid JSON at column 11: \\ud800 is half of a UTF-16 pair, alone"),
            ("[1]", "a line must be a JSON object"),
            (#"{"locale":"de"}"#, "\"route\" must be a string"),
            (#"{"route":"A","locale":"de","locales":["en"]}"#, "give \"locale\" or \"locales\", not both"),
            (#"{"route":"A","extra":1}"#, "unknown member \"extra\"; expected route, locale or locales, params"),
            (#"{"route":"A","params":[1]}"#, "\"params\" must be an object"),
        ]
        for (line, message) in cases {
            guard case .failure(let error) = TitleLookup.request(fromJSONLine: line) else {
                Issue.record("\(line) parsed")
                continue
            }
            #expect(error.message == message)
        }
    }

    /// `title --batch` answers a block of lines on all cores, each core a run of them: the
    /// answers must be those of the lines one at a time, in the lines' order, and any failure
    /// must be reported, wherever in the block it is.
    @Test func aBlockOfLinesIsAnsweredAsEachAlone() {
        let resolver = Example.resolver()
        let kinds = [
            #"{"route":"SearchScreen","locale":"de"}"#, #"{"route":"SearchScreen","locales":["fr","en"]}"#,
            #"{"route":"RoomScreen","locale":"de","params":{"room":"R%d"}}"#,
            #"{"route":"SessionsInRoomScreen","locale":"en","params":{"room":"A","count":%d}}"#,
            #"{"route":"SpeakerDetailScreen","locale":"de","params":{"speakerId":"s","name":"N%d","position":"P"}}"#,
        ]
        for failureAt in [nil, 0, 777, 1_999] as [Int?] {
            let lines = (0 ..< 2_000).map { index -> String in
                if index == failureAt { return index == 777 ? "not json" : #"{"route":"Nope%d"}"#.replacingOccurrences(of: "%d", with: "\(index)") }
                return kinds[index % kinds.count].replacingOccurrences(of: "%d", with: "\(index)")
            }
            let text = Array(lines.joined(separator: "\n").utf8)
            var ranges: [Range<Int>] = [], start = 0
            for line in lines {
                ranges.append(start ..< start + line.utf8.count)
                start += line.utf8.count + 1
            }
            var alone: [UInt8] = [], together: [UInt8] = []
            var aloneSucceeded = true
            let togetherSucceeded = text.withUnsafeBufferPointer { bytes in
                for range in ranges where !TitleLookup.answer(line: UnsafeBufferPointer(rebasing: bytes[range]), resolver: resolver, into: &alone) {
                    aloneSucceeded = false
                }
                return TitleLookup.answer(lines: ranges, of: bytes, resolver: resolver, into: &together)
            }
            #expect(ranges.count / TitleLookup.linesPerPart >= 2, "the block is big enough to be split")
            #expect(together == alone, "failure at \(failureAt.map(String.init) ?? "none")")
            #expect(togetherSucceeded == aloneSucceeded && aloneSucceeded == (failureAt == nil))
            #expect(String(decoding: together, as: UTF8.self).split(separator: "\n").count == lines.count)
        }
    }

    @Test func jsonShape() throws {
        let entry = try Example.resolver().push("SearchScreen", locales: ["de"])
        #expect(TitleLookup.json(entry) == #"{"fallback":false,"locale":"de","route":"SearchScreen","subtitle":null,"title":"Suche"}"#)
    }
}
