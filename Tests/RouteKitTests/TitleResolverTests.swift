import Testing
@testable import RouteKit

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
