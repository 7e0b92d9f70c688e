import Testing
@testable import RouteKit

@Suite struct CatalogLoaderTests {
    func load(_ text: String) -> (RouteCatalog, [Diagnostic]) {
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

@Suite struct StringsLoaderTests {
    func load(_ files: [String], base: String = "en") -> (StringTable, [Diagnostic]) {
        StringsLoader.load(files.enumerated().map { YAMLReader.read(text: $1, path: "s\($0).yml") }, baseLocale: base)
    }

    @Test func railsLayoutWithSeveralLocalesAndFiles() throws {
        let (table, diagnostics) = load([
            "en:\n  nav:\n    schedule: Schedule\n  no: No\nde:\n  nav:\n    schedule: Programm\n",
            "de:\n  no: Nein\n",
        ])
        #expect(diagnostics.isEmpty)
        #expect(table.locales == ["en", "de"])
        #expect(table["en"]?.keys == ["nav.schedule", "no"])
        #expect(table["de"]?["no"]?.texts.first?.value == "Nein")
        #expect(table["de"]?["no"]?.keyLocation.file == "s1.yml")
        #expect(table["de"]?.declarations.count == 2)
    }

    @Test func pluralsAndTheBaseShapeRule() throws {
        let (table, _) = load([
            "en:\n  count:\n    one: \"%{count} talk\"\n    other: \"%{count} talks\"\n  menu:\n    other: Other\n    share: Share\n",
            "de:\n  count:\n    one: \"%{count} Vortrag\"\n    other: \"%{count} Vorträge\"\n  menu:\n    other: Andere\n",
        ])
        #expect(table["en"]?["count"]?.isPlural == true)
        #expect(table["de"]?["count"]?.isPlural == true)
        // In de, `menu` only has `other:`, but the base locale says it is a namespace.
        #expect(table["de"]?["menu.other"]?.isPlural == false)
        #expect(table["de"]?["menu"] == nil)
        // The plural rules read only the listed plurals.
        for locale in table.locales {
            let strings = try #require(table[locale])
            #expect(strings.pluralEntries.map(Int.init) == strings.entries.indices.filter { strings.entries[$0].isPlural })
        }
        #expect(table["en"]?.pluralEntries.count == 1)
    }

    @Test func duplicateKeyAcrossFiles() {
        let (_, diagnostics) = load(["en:\n  a: 1\n", "en:\n  a: 2\n"])
        #expect(diagnostics.map(\.rule) == ["duplicate-key"])
        #expect(diagnostics.first?.message == "key 'a' of locale 'en' is already defined in s0.yml")
    }

    @Test func stubLocalesAndLists() {
        let (table, diagnostics) = load(["xx:\nen:\n  a: [1, 2]\n"])
        #expect(table.locales == ["xx", "en"])
        #expect(diagnostics.map(\.rule) == ["invalid-field"])
    }
}

@Suite struct PlaceholderParserTests {
    @Test func parsesNamedAndPrintf() {
        let placeholders = PlaceholderParser.parse("%{count} of %1$s, %2$d, %s %d %@ %lld %.2f 100%% %{x-y}")
        #expect(placeholders.map(\.text) == ["%{count}", "%1$s", "%2$d", "%s", "%d", "%@", "%lld", "%.2f", "%{x-y}"])
        #expect(placeholders[1].kind == .printf(position: 1, conversion: "s"))
        #expect(placeholders[3].kind == .printf(position: nil, conversion: "s"))
        #expect(placeholders[6].typeFamily == "integer")
        #expect(placeholders[0].offset == 0 && placeholders[1].offset == 12)
    }

    /// Issue 14 items 6, 8, 9, 10: `%@` and `%s` are different types; Ruby's `%<name>s` is a named
    /// placeholder with a format; the grouping flags `%,d` and `%'d` are placeholders.
    @Test func parsesRubyNamedAndFlags() {
        let placeholders = PlaceholderParser.parse("%<name>s has %<n>05.1f, %1$,d and %'d, %#x %-10s %.3s %llu")
        #expect(placeholders.map(\.text) == ["%<name>s", "%<n>05.1f", "%1$,d", "%'d", "%#x", "%-10s", "%.3s", "%llu"])
        #expect(placeholders[0].kind == .named("name") && placeholders[0].spec?.conversion == UInt8(ascii: "s"))
        #expect(placeholders[1].kind == .named("n"))
        #expect(placeholders[1].spec == PrintfSpec(flags: .zeroPad, width: 5, precision: 1, conversion: UInt8(ascii: "f")))
        #expect(placeholders[2].spec?.flags == .comma && placeholders[2].typeFamily == "integer")
        #expect(placeholders[3].spec?.flags == .apostrophe)
        #expect(placeholders[4].spec?.flags == .alternate)
        #expect(placeholders[5].spec?.flags == .leftAlign && placeholders[5].spec?.width == 10)
        #expect(placeholders[6].spec?.precision == 3)
        #expect(placeholders[7].spec?.integerBits == 64)
        #expect(PlaceholderParser.parse("%{name}")[0].spec == nil)
        #expect(PlaceholderParser.parse("%@")[0].typeFamily != PlaceholderParser.parse("%s")[0].typeFamily)
        #expect(PlaceholderParser.parse("%<name>").isEmpty && PlaceholderParser.parse("a %<b c").isEmpty)
    }

    @Test func loosePercentsAreText() {
        #expect(PlaceholderParser.parse("50 % off, 100%").isEmpty)
        #expect(PlaceholderParser.parse("%{} and %{").isEmpty)
        #expect(PlaceholderParser.parse("%%d").isEmpty)
    }
}

@Suite struct GlobTests {
    @Test func matchesSegments() {
        #expect(Glob.matches(name: "en.yml", pattern: "*.yml"))
        #expect(!Glob.matches(name: "en.yaml", pattern: "*.yml"))
        #expect(Glob.matches(name: "de.yml", pattern: "[a-e]?.yml"))
        #expect(!Glob.matches(name: "fr.yml", pattern: "[!f]?.yml"))
        #expect(Glob.expandBraces("s/{a,b}/*.{yml,yaml}").count == 4)
    }

    @Test func expandsOnDisk() throws {
        let dir = try TemporaryDirectory().write([
            "strings/en.yml": "", "strings/de/x.yml": "", "strings/.hidden.yml": "", "other.yml": "",
        ])
        let root = dir.url.path
        #expect(Glob.expand("strings/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/en.yml"])
        #expect(Glob.expand("strings/**/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/de/x.yml", "strings/en.yml"])
        #expect(Glob.expand("{other,strings/en}.yml", root: root).count == 2)
    }
}

@Suite struct ConfigTests {
    func parse(_ text: String) throws(ConfigError) -> ProjectConfig {
        try ProjectConfig.parse(YAMLReader.read(text: text, path: "/p/.routekit.yml").root, path: "/p/.routekit.yml")
    }

    @Test func readsDesignExample() throws {
        let config = try parse("""
        catalog: routes.yml
        strings: [strings/*.yml]
        base-locale: en
        locales: [en, de, ja]
        fallbacks: { pt-AO: [pt-PT] }
        rules:
          untranslated: off
          literal-title: info
        baseline: .routekit-baseline.json
        limits: { depth: 50 }
        """)
        #expect(config.root == "/p")
        #expect(config.catalog.map(\.value) == ["routes.yml"])
        #expect(config.locales?.map(\.value) == ["en", "de", "ja"])
        #expect(config.fallbacks == ["pt-AO": ["pt-PT"]])
        #expect(config.rules["literal-title"]?.severity == .info)
        #expect(config.rules["untranslated"]?.severity == .some(nil))
        #expect(config.baseline?.value == ".routekit-baseline.json")
        #expect(config.limits.depth == 50)
    }

    @Test func errorsPointAtTheLine() {
        #expect(throws: ConfigError.self) { try parse("strings: x\nbase-locale: [en]\n") }
        do {
            _ = try parse("strings: x\nrules:\n  tab-root-missing-titel: off\n")
        } catch {
            #expect(error.description == "/p/.routekit.yml:3:3: error: unknown rule 'tab-root-missing-titel'; did you mean 'tab-root-missing-title'?")
        }
    }
}
