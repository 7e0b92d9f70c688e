import Foundation
import Testing

/// `routekit replay` end to end on the bundled example.
@Suite struct ReplayCommandTests {
    let flow = "Resources/Examples/Conference/flows/schedule-to-speaker.yml"

    @Test func exampleFlowMeetsItsExpectationsInGerman() throws {
        let result = try CLI.run(["replay", flow], in: CLI.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3. navigate LanguageScreen\n   Info › Einstellungen › Language\n"))
        #expect(result.stdout.contains("tab bar: [Programm] | Sprecher | (blank) | Favoriten | Info\n"))
        #expect(result.stdout.hasSuffix("back menu: Jane Doe, Vortrag, Programm\n"))
    }

    @Test func sameFlowInJapaneseAsJSON() throws {
        let result = try CLI.run(["replay", flow, "--locale", "ja", "--json"], in: CLI.packageRoot)
        // The expectations are German, so they fail, like test assertions, with positions.
        #expect(result.status == 1)
        #expect(result.stderr.contains("schedule-to-speaker.yml:17:38: error: expected title 'Vortrag', but 'SessionScreen' shows 'セッション' [replay-expectation]"))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["selectedTab"] as? String == "ScheduleScreen")
        let tabs = object?["tabs"] as? [[String: Any]] ?? []
        #expect(tabs.map { $0["label"] as? String } == ["スケジュール", "スピーカー", "", "お気に入り", "情報"])
        let stack = tabs.first?["stack"] as? [[String: Any]] ?? []
        #expect(stack.map { $0["title"] as? String } == ["セッション", "Jane Doe", "Keynote"])
        #expect(stack.map { $0["subtitle"] as? String } == ["ルーム A", "Kotlin Lead", "ルーム B"])
        #expect(Set(stack.compactMap { $0["id"] as? String }).count == 3)
        #expect(tabs.last?["stack"] as? [Any] != nil)
    }

    @Test func badFlowsGetFindingsWithPositions() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\n",
            "routes.yml": "routes:\n  Home:\n    tab: { icon: house }\n    title: home\n  Detail:\n    params: { id: String }\n    title: detail\n",
            "strings.yml": "en:\n  home: Home\n  detail: Detail\n",
            "unknown.yml": "steps:\n  - navigate: Detial\n  - fly: Home\n",
            "param.yml": "steps:\n  - navigate: Detail\n",
            "ok.yml": "steps:\n  - navigate: { route: Detail, params: { id: \"1\" } }\n  - back\n  - back\nexpect:\n  stack: []\n",
        ])
        let unknown = try CLI.run(["replay", "unknown.yml"], in: dir.url)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown.yml:3:5: error: unknown step 'fly'"))
        let typo = try dir.write(["unknown.yml": "steps:\n  - navigate: Detial\n"])
        _ = typo
        let route = try CLI.run(["replay", "unknown.yml"], in: dir.url)
        #expect(route.stderr.contains("unknown.yml:2:15: error: step 'navigate' names route 'Detial', which is not in the catalog; did you mean 'Detail'? [unknown-route]"))
        let param = try CLI.run(["replay", "param.yml"], in: dir.url)
        #expect(param.status == 1)
        #expect(param.stderr.contains("param.yml:2:15: error: step 'navigate' failed: route 'Detail' needs param 'id' (String) [replay]"))
        let ok = try CLI.run(["replay", "ok.yml"], in: dir.url)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("(back on an empty stack: nothing to pop)"))
        #expect(try CLI.run(["replay", "missing.yml"], in: dir.url).status == 2)
    }
}
