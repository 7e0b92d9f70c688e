import Foundation
import Testing

/// `routekit title` and `routekit replay` end to end on the bundled example.
@Suite struct TitleCommandTests {
    let example = CLI.packageRoot.appendingPathComponent("Resources/Examples/Conference")

    @Test func oneLookupAsText() throws {
        let result = try CLI.run(["title", "SessionScreen", "--locale", "de-AT", "--param", "sessionId=42", "--param", "roomName=A"], in: example)
        #expect(result.status == 0)
        #expect(result.stdout == "Vortrag\nRaum A\n")
    }

    @Test func pluralAndParamFallbackAsJSON() throws {
        let plural = try CLI.run(["title", "SessionsInRoomScreen", "-l", "de", "-p", "room=A", "-p", "count=1", "--json"], in: example)
        #expect(plural.stdout == #"{"fallback":false,"locale":"de","route":"SessionsInRoomScreen","subtitle":null,"title":"1 Vortrag in diesem Raum"}"# + "\n")
        let fallback = try CLI.run(["title", "LanguageScreen", "-l", "de-CH", "-l", "en", "--json"], in: example)
        #expect(fallback.stdout == #"{"fallback":true,"locale":"en","route":"LanguageScreen","subtitle":null,"title":"Language"}"# + "\n")
        let param = try CLI.run(["title", "SessionScreen", "-l", "ja", "-p", "sessionId=1", "-p", "roomName=B", "--json", "--project", example.path])
        #expect(param.stdout.contains(#""title":"セッション""#))
    }

    @Test func failedLookupExitsOneAndUsageTwo() throws {
        let missing = try CLI.run(["title", "SessionScreen", "--json"], in: example)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains(#""error":"route 'SessionScreen' needs param 'sessionId' (SessionId)""#))
        #expect(try CLI.run(["title"], in: example).status == 2)
        #expect(try CLI.run(["title", "X", "--param", "novalue"], in: example).status == 2)
        #expect(try CLI.run(["title", "--batch", "X"], in: example).status == 2)
    }

    @Test func batchAnswersEveryLineAndGoesOnAfterBadOnes() throws {
        let input = """
        {"route":"SearchScreen","locales":["ja"]}
        not json

        {"route":"SessionScreen","locale":"de","params":{"sessionId":"1","roomName":"C","sessionTitle":"Keynote"}}
        {"route":"Nope"}
        """
        let result = try CLI.run(["title", "--batch"], in: example, stdin: input + "\n")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"fallback":false,"locale":"ja","route":"SearchScreen","subtitle":null,"title":"検索"}"#)
        #expect(lines[1].contains(#""error":"invalid JSON"#))
        #expect(lines[2].contains(#""error":"invalid JSON: unexpected end of input"#))
        #expect(lines[3] == #"{"fallback":false,"locale":"de","route":"SessionScreen","subtitle":"Raum C","title":"Keynote"}"#)
        #expect(lines[4].contains(#""route":"Nope""#) && lines[4].contains(#""error":"no route 'Nope' in the catalog""#))
        #expect(result.status == 1)
    }

    /// 100,000 lines complete, and peak memory does not grow with the number of lines.
    @Test(.requires(.python3)) func largeBatchRunsInConstantMemory() throws {
        let line = #"{"route":"SessionsInRoomScreen","locales":["de-AT","en"],"params":{"room":"A","count":"3"}}"# + "\n"
        let dir = try TemporaryDirectory()
        try String(repeating: line, count: 10_000).write(toFile: dir.path("small.jsonl"), atomically: true, encoding: .utf8)
        try String(repeating: line, count: 100_000).write(toFile: dir.path("large.jsonl"), atomically: true, encoding: .utf8)
        func run(_ input: String) throws -> (lines: Int, maxRSSKiB: Int) {
            let script = """
            import resource, subprocess, sys
            with open(sys.argv[2]) as stdin, open(sys.argv[3], "w") as stdout:
                code = subprocess.call([sys.argv[1], "title", "--batch", "--project", sys.argv[4]], stdin=stdin, stdout=stdout)
            print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
            let output = dir.path(input + ".out")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, CLI.binary.path, dir.path(input), output, example.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = text.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
            #expect(fields.first == 0)
            let produced = try String(contentsOfFile: output, encoding: .utf8)
            #expect(produced.hasPrefix(#"{"fallback":false,"locale":"de","route":"SessionsInRoomScreen","subtitle":null,"title":"3 Vorträge in diesem Raum"}"#))
            return (produced.split(separator: "\n").count, fields.last ?? -1)
        }
        let small = try run("small.jsonl"), large = try run("large.jsonl")
        #expect(small.lines == 10_000 && large.lines == 100_000)
        // 90,000 more lines of ~120 bytes would add ~10 MB if anything were kept per line.
        #expect(large.maxRSSKiB - small.maxRSSKiB < 4_096, "\(small.maxRSSKiB) KiB vs \(large.maxRSSKiB) KiB")
    }
}

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
