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

    @Test func jsonShape() throws {
        let entry = try Example.resolver().push("SearchScreen", locales: ["de"])
        #expect(TitleLookup.json(entry) == #"{"fallback":false,"locale":"de","route":"SearchScreen","subtitle":null,"title":"Suche"}"#)
    }
}
