import Testing
@testable import RouteKit

@Suite struct StringFormatterTests {
    @Test func fillsNamedAndPositional() throws {
        #expect(try StringFormatter.format("Room %{room}", named: ["room": "A"]).get() == "Room A")
        #expect(try StringFormatter.format("Hallo %1$s, heute %2$d Vorträge", positional: ["Ana", "3"]).get() == "Hallo Ana, heute 3 Vorträge")
        #expect(try StringFormatter.format("%2$s before %1$s", positional: ["a", "b"]).get() == "b before a")
        #expect(try StringFormatter.format("%s and %s", positional: ["a", "b"]).get() == "a and b")
        #expect(try StringFormatter.format("%@ has %lld", positional: ["x", "12"]).get() == "x has 12")
        #expect(try StringFormatter.format("%.2f km", positional: ["3.14159"]).get() == "3.14 km")
        #expect(try StringFormatter.format("100%% sure, %d", positional: ["1"]).get() == "100% sure, 1")
    }

    @Test func missingExtraAndBadArgsAreClearErrors() {
        #expect(StringFormatter.format("Room %{room}", key: "'room'") == .failure(.init(message: "'room' needs a value for %{room}")))
        #expect(StringFormatter.format("Room", named: ["room": "A"], key: "'room'") == .failure(.init(message: "'room' has no %{room} placeholder")))
        #expect(StringFormatter.format("%1$s %2$s", positional: ["a"], key: "'k'") == .failure(.init(message: "'k' needs argument 2 for %2$s, but 1 given")))
        #expect(StringFormatter.format("%s", positional: ["a", "b"], key: "'k'") == .failure(.init(message: "'k' takes 1 positional argument, but 2 given")))
        #expect(StringFormatter.format("%d talks", positional: ["many"], key: "'k'") == .failure(.init(message: "'k': argument 1 for %d must be a whole number, got 'many'")))
    }

    @Test func pluralFormMayOmitCountButNotExtraArgs() throws {
        #expect(try StringFormatter.format("once", named: ["count": "1"], allTexts: ["once", "%{count} times"]).get() == "once")
        #expect(throws: StringFormatter.Failure.self) {
            try StringFormatter.format("once", named: ["count": "1", "x": "y"], allTexts: ["once", "%{count} times"]).get()
        }
    }

    @Test func isolatesUserValues() throws {
        #expect(try StringFormatter.format("Room %{room}", named: ["room": "אולם"], isolate: true).get() == "Room \u{2068}אולם\u{2069}")
    }
}

@Suite struct TitleResolverTests {
    let resolver = Example.resolver()

    @Test func keyTitleFallsBackAlongTheChain() throws {
        let entry = try resolver.push("SettingsScreen", locales: ["de-AT"])
        #expect(entry.displayTitle == "Einstellungen")
        #expect(entry.title?.locale == "de")
        #expect(entry.title?.usedFallback == false)   // de is de-AT's first available choice
        let language = try resolver.push("LanguageScreen", locales: ["de-AT", "en"])
        #expect(language.displayTitle == "Language")
        #expect(language.title?.locale == "en")
        #expect(language.usedFallback)
    }

    @Test func paramTitleUsesFallbackKeyWhenAbsentOrEmpty() throws {
        let withTitle = try resolver.push("SessionScreen", params: ["sessionId": "1", "roomName": "A", "sessionTitle": "Keynote"], locales: ["de"])
        #expect(withTitle.displayTitle == "Keynote")
        #expect(withTitle.title?.source == .param("sessionTitle"))
        #expect(withTitle.displaySubtitle == "Raum A")
        for params in [["sessionId": "1", "roomName": "A"], ["sessionId": "1", "roomName": "A", "sessionTitle": ""]] {
            let entry = try resolver.push("SessionScreen", params: params, locales: ["de"])
            #expect(entry.displayTitle == "Vortrag")
            #expect(entry.title?.usedFallback == true)
        }
    }

    @Test func pluralTitleUsesTheSupplyingLocalesRules() throws {
        #expect(try resolver.push("SessionsInRoomScreen", params: ["room": "A", "count": "1"], locales: ["de"]).displayTitle == "1 Vortrag in diesem Raum")
        #expect(try resolver.push("SessionsInRoomScreen", params: ["room": "A", "count": "5"], locales: ["de"]).displayTitle == "5 Vorträge in diesem Raum")
        #expect(try resolver.push("SessionsInRoomScreen", params: ["room": "A", "count": "1"], locales: ["ja"]).displayTitle == "このルームのセッション 1 件")
        // fr is not available: English rules pick the form.
        #expect(try resolver.push("SessionsInRoomScreen", params: ["room": "A", "count": "1"], locales: ["fr"]).displayTitle == "1 session in this room")
    }

    @Test func everyPushHasAFreshID() throws {
        let first = try resolver.push("SearchScreen", locales: ["en"])
        let second = try resolver.push("SearchScreen", locales: ["en"])
        #expect(first.id != second.id)
        #expect(first.displayTitle == second.displayTitle)
    }

    @Test func errorsNameTheProblem() {
        #expect(throws: ResolutionError("no route 'SearchScren' in the catalog; did you mean 'SearchScreen'?")) {
            try resolver.push("SearchScren", locales: ["en"])
        }
        #expect(throws: ResolutionError("route 'SessionScreen' needs param 'sessionId' (SessionId)")) {
            try resolver.push("SessionScreen", locales: ["en"])
        }
        #expect(throws: ResolutionError("route 'SearchScreen' has no param 'q'")) {
            try resolver.push("SearchScreen", params: ["q": "x"], locales: ["en"])
        }
    }

    @Test func isolationWrapsParamValues() throws {
        let entry = try Example.resolver(isolate: true).push("SpeakerDetailScreen", params: ["speakerId": "1", "name": "דנה", "position": "x"], locales: ["en"])
        #expect(entry.displayTitle == "\u{2068}דנה\u{2069}")
    }
}

@Suite struct TitleLookupTests {
    @Test func parsesBatchLines() throws {
        let request = try TitleLookup.request(fromJSONLine: #"{"route":"A","locales":["de","en"],"params":{"id":42,"t":"x"}}"#).get()
        #expect(request.route == "A" && request.locales == ["de", "en"] && request.params == ["id": "42", "t": "x"])
        #expect(try TitleLookup.request(fromJSONLine: #"{"route":"A","locale":"de"}"#).get().locales == ["de"])
    }

    @Test func badLinesSayWhy() {
        let cases: [(String, String)] = [
            ("nope", "invalid JSON: unexpected character at character 1"),
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
