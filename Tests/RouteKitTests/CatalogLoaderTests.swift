import Testing
@testable import RouteKit

@Suite struct CatalogLoaderTests {
    func load(_ text: String) -> (RouteCatalog, [Finding]) {
        CatalogLoader.load([YAMLReader.read(text: text, path: "routes.yml")])
    }

    @Test func readsEveryFormFromDesign() throws {
        let (catalog, diagnostics) = load("""
        routes:
          ScheduleScreen:
            tab: { icon: clock }
            title: nav.schedule
          SettingsScreen:
            declaration: object
            title: settings_title
            from: [InfoScreen]
          SessionScreen:
            params: { sessionId: SessionId, sessionTitle: String? }
            title: { param: sessionTitle, fallback: session_title }
          RoomScreen:
            params: { room: String }
            title: { key: room_title, args: { room: room } }
          Greeting:
            params: { a: String, b: Int }
            title: { key: greeting, args: [a, b] }
          FinalistScreen:
            subtitle: { text: Winner }
            lint: { ignore: [detail-missing-title] }
        """)
        #expect(diagnostics.isEmpty)
        #expect(catalog.routes.map(\.name) == ["ScheduleScreen", "SettingsScreen", "SessionScreen", "RoomScreen", "Greeting", "FinalistScreen"])
        #expect(catalog.tabRoots.map(\.name) == ["ScheduleScreen"])
        #expect(catalog.route(named: "ScheduleScreen")?.tab?.icon?.value == "clock")
        #expect(catalog.route(named: "SettingsScreen")?.declaration == .object)
        #expect(catalog.route(named: "SettingsScreen")?.from.map(\.value) == ["InfoScreen"])
        let session = try #require(catalog.route(named: "SessionScreen"))
        #expect(session.params.map(\.name) == ["sessionId", "sessionTitle"])
        #expect(session.params[1].isOptional && session.params[1].type == "String")
        guard case .param(let param, let fallback)? = session.title else { Issue.record("param title"); return }
        #expect(param.value == "sessionTitle" && fallback?.value == "session_title")
        #expect(param.location == SourceLocation(file: "routes.yml", line: 11, column: 21))
        guard case .key(let key, .named(let pairs))? = catalog.route(named: "RoomScreen")?.title else { Issue.record("key title"); return }
        #expect(key.value == "room_title" && pairs.map(\.name.value) == ["room"])
        guard case .key(_, .positional(let list))? = catalog.route(named: "Greeting")?.title else { Issue.record("positional"); return }
        #expect(list.map(\.value) == ["a", "b"])
        guard case .text(let text)? = catalog.route(named: "FinalistScreen")?.subtitle else { Issue.record("text"); return }
        #expect(text.value == "Winner")
        #expect(catalog.route(named: "FinalistScreen")?.ignoredRules == ["detail-missing-title"])
    }

    @Test func unknownAndInvalidFieldsAreReported() {
        let (_, diagnostics) = load("""
        routes:
          A:
            titel: x
            tab: { icon: a, badge: 3 }
            declaration: singleton
            title: { key: k, text: t }
        """)
        #expect(diagnostics.map(\.rule) == ["unknown-field", "unknown-field", "invalid-field", "invalid-field"])
        #expect(diagnostics[0].message == "unknown route field 'titel'; did you mean 'title'?")
        #expect(diagnostics[1].location?.line == 4)
    }

    @Test func absentValuesMeanAbsent() throws {
        let (catalog, diagnostics) = load("routes:\n  A:\n    tab:\n    title: ~\n    subtitle: null\n")
        #expect(diagnostics.isEmpty)
        let route = try #require(catalog.routes.first)
        #expect(route.tab == nil && route.title == nil && route.subtitle == nil)
    }
}
