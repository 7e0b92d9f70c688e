import Foundation
import Testing
@testable import RouteKit

/// Drives a `LanguageServer` in-process, with a clock the test sets: the protocol's errors,
/// debouncing, cancellation, and quick fixes that edit YAML and String Catalog files.
final class ServerHarness {
    var sent: [JSONValue] = []
    var now: UInt64 = 1_000_000_000
    var server: LanguageServer!
    let root: URL
    private var nextID = 100

    init(copying example: URL? = nil, files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-lsp-\(UUID().uuidString)")
        if let example {
            try FileManager.default.copyItem(at: example, to: root)
        } else {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        server = LanguageServer(send: { [unowned self] body in
            self.sent.append(try! JSONDocument.value(of: String(decoding: body, as: UTF8.self)))
        }, clock: { [unowned self] in self.now })
    }

    deinit {
        for path in InputOverlay.shared.paths where path.hasPrefix(root.path) { InputOverlay.shared.set(path, nil) }
        try? FileManager.default.removeItem(at: root)
    }

    func uri(_ path: String) -> String { FileURI.uri(root.appendingPathComponent(path).path) }
    func path(_ path: String) -> String { root.appendingPathComponent(path).path }

    func receive(_ json: String) { server.receive(Array(json.utf8)) }

    func notify(_ method: String, _ params: String) {
        receive(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    /// Sends a request and returns its response.
    @discardableResult
    func request(_ method: String, _ params: String, id: Int? = nil) -> JSONValue {
        let id = id ?? { nextID += 1; return nextID }()
        receive(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        return sent.last { $0["id"]?.int == id } ?? .null
    }

    func initialize(debounceMilliseconds: Int = 10) {
        request("initialize", #"{"rootUri":"\#(FileURI.uri(root.path))","capabilities":{},"initializationOptions":{"debounceMilliseconds":\#(debounceMilliseconds)}}"#)
        notify("initialized", "{}")
        server.runDueLints()
    }

    func open(_ path: String, text: String? = nil) throws {
        let text = try text ?? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let params = JSONValue.object(["textDocument": .object([
            "uri": .string(uri(path)), "languageId": .string("yaml"), "version": .int(1), "text": .string(text),
        ])])
        receive(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":\#(params.compact())}"#)
    }

    func replaceAll(_ path: String, with text: String, version: Int) {
        let params = JSONValue.object([
            "textDocument": .object(["uri": .string(uri(path)), "version": .int(version)]),
            "contentChanges": .array([.object(["text": .string(text)])]),
        ])
        receive(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":\#(params.compact())}"#)
    }

    /// The diagnostics last published for `path`.
    func diagnostics(_ path: String) -> [JSONValue]? {
        sent.last { $0["method"]?.string == "textDocument/publishDiagnostics" && $0.at("params", "uri")?.string == uri(path) }?
            .at("params", "diagnostics")?.array
    }

    var publishCount: Int { sent.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }.count }

    func codes(_ path: String) -> [String] { (diagnostics(path) ?? []).compactMap { $0["code"]?.string } }
}

/// Applies LSP text edits (UTF-16 positions) to `text`.
func applying(_ edits: [JSONValue], to text: String) -> String {
    var document = DocumentText(text)
    let sorted = edits.sorted {
        (LanguageServer.range($0["range"]!)!.start) > (LanguageServer.range($1["range"]!)!.start)
    }
    for edit in sorted {
        document.replace(LanguageServer.range(edit["range"]!)!, with: edit["newText"]!.string!, encoding: .utf16)
    }
    return document.text
}

@Suite(.serialized) struct LanguageServerTests {
    static let conference = CLI.packageRoot.appendingPathComponent("Resources/Examples/Conference")

    @Test func requestsBeforeInitializeAreRefused() throws {
        let harness = try ServerHarness()
        let response = harness.request("textDocument/hover", #"{"textDocument":{"uri":"file:///x"},"position":{"line":0,"character":0}}"#)
        #expect(response.at("error", "code")?.int == -32002)
    }

    @Test func malformedMessagesGetErrorsAndTheServerGoesOn() throws {
        let harness = try ServerHarness()
        harness.receive("{")
        #expect(harness.sent.last?.at("error", "code")?.int == -32700)
        #expect(harness.sent.last?["id"] == .null)
        harness.receive("[1]")
        #expect(harness.sent.last?.at("error", "code")?.int == -32600)
        harness.initialize()
        #expect(harness.request("no/such", "{}").at("error", "code")?.int == -32601)
        #expect(harness.request("textDocument/hover", "{}").at("error", "code")?.int == -32602)
        #expect(harness.request("textDocument/hover", #"{"textDocument":{"uri":"file:///nowhere/x.kt"},"position":{"line":0,"character":0}}"#)["result"] == .null)
        // Positions no document has: refused or answered, never an overflow.
        harness.initialize()
        let far = #"{"textDocument":{"uri":"\#(harness.uri("x.kt"))"},"position":{"line":9223372036854775807,"character":9223372036854775807}}"#
        #expect(harness.request("textDocument/hover", far).at("error", "code")?.int == -32602)
        let near = #"{"textDocument":{"uri":"\#(harness.uri("x.kt"))"},"position":{"line":2147483647,"character":2147483647}}"#
        #expect(harness.request("textDocument/hover", near)["result"] == .null)
        #expect(harness.server.exitCode == nil)
    }

    @Test func exitWithoutShutdownIs1AndAfterIt0() throws {
        let first = try ServerHarness()
        first.initialize()
        first.notify("exit", "null")
        #expect(first.server.exitCode == 1)
        let second = try ServerHarness()
        second.initialize()
        #expect(second.request("shutdown", "null")["result"] == .null)
        #expect(second.request("textDocument/hover", "{}").at("error", "code")?.int == -32600)
        second.notify("exit", "null")
        #expect(second.server.exitCode == 0)
    }

    @Test func aBurstOfChangesLintsOnceWhenItIsOver() throws {
        let harness = try ServerHarness(copying: Self.conference)
        harness.initialize(debounceMilliseconds: 10)
        #expect(harness.codes("routes.yml").contains("tab-root-missing-title"))
        try harness.open("strings/en.yml")
        let published = harness.publishCount
        let text = try String(contentsOf: harness.root.appendingPathComponent("strings/en.yml"), encoding: .utf8)
        harness.replaceAll("strings/en.yml", with: text.replacingOccurrences(of: "    schedule: Schedule\n", with: ""), version: 2)
        harness.now += 6_000_000
        harness.replaceAll("strings/en.yml", with: text.replacingOccurrences(of: "    schedule: Schedule\n", with: "    schedule: Sched\n"), version: 3)
        harness.now += 6_000_000
        harness.server.runDueLints()
        #expect(harness.publishCount == published, "12 ms after the first change, 6 after the last: not yet")
        harness.now += 5_000_000
        harness.server.runDueLints()
        // One lint, of the last text: the key is there again, so nothing about it is published.
        #expect(!aboutSchedule(harness))
        harness.replaceAll("strings/en.yml", with: text.replacingOccurrences(of: "    schedule: Schedule\n", with: ""), version: 4)
        harness.now += 11_000_000
        harness.server.runDueLints()
        #expect(aboutSchedule(harness))
    }

    /// Whether routes.yml has the finding that `nav.schedule` is not defined.
    func aboutSchedule(_ harness: ServerHarness) -> Bool {
        (harness.diagnostics("routes.yml") ?? []).contains {
            $0["code"]?.string == "unknown-string-key" && $0["message"]?.string?.contains("'nav.schedule'") == true
        }
    }

    @Test func aCancelledRequestIsAnsweredAsCancelled() throws {
        let harness = try ServerHarness(copying: Self.conference)
        harness.initialize()
        harness.server.isCancelled = { $0 == .int(7) }
        let response = harness.request("textDocument/hover", #"{"textDocument":{"uri":"\#(harness.uri("routes.yml"))"},"position":{"line":5,"character":12}}"#, id: 7)
        #expect(response.at("error", "code")?.int == -32800)
        let answered = harness.request("textDocument/hover", #"{"textDocument":{"uri":"\#(harness.uri("routes.yml"))"},"position":{"line":5,"character":12}}"#, id: 8)
        #expect(answered.at("result", "contents", "value")?.string?.hasPrefix("**string key** `nav.schedule`") == true)
    }

    @Test func hoverOnANestedRailsKeyShowsEveryLocale() throws {
        let harness = try ServerHarness(copying: Self.conference)
        harness.initialize()
        // `    room: "Room %{room}"` under `session:` in de.yml: the key is session.room.
        let de = try String(contentsOf: harness.root.appendingPathComponent("strings/de.yml"), encoding: .utf8)
        let line = de.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("    room:") }!
        let value = harness.request("textDocument/hover", #"{"textDocument":{"uri":"\#(harness.uri("strings/de.yml"))"},"position":{"line":\#(line),"character":6}}"#)
            .at("result", "contents", "value")?.string ?? ""
        #expect(value.hasPrefix("**string key** `session.room`"))
        #expect(value.contains("| en | Room %{room} | strings/en.yml:"))
        #expect(value.contains("| ja |"))
    }

    /// The quick fix's key, added to the base locale's Rails YAML, is read back as that key.
    @Test func addingAKeyToTheBaseYAMLMakesIt() throws {
        let harness = try ServerHarness(copying: Self.conference)
        harness.initialize()
        let catalog = try String(contentsOf: harness.root.appendingPathComponent("routes.yml"), encoding: .utf8)
            .replacingOccurrences(of: "title: search.title", with: "title: search.titel")
        try harness.open("routes.yml", text: catalog)
        harness.server.runDueLints(force: true)
        #expect(harness.diagnostics("routes.yml")?.contains { $0["message"]?.string?.contains("'search.titel'") == true } == true)
        let line = catalog.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("search.titel") }!
        let actions = harness.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(harness.uri("routes.yml"))"},"range":{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":0}},"context":{"diagnostics":[]}}"#)["result"]?.array ?? []
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles == ["Change 'search.titel' to 'search.title'", "Add 'search.titel' to base locale 'en' (placeholder text)"])
        guard actions.count == 2, let (target, edits) = actions[1].at("edit", "changes").flatMap({ value -> (String, [JSONValue])? in
            if case .object(let members) = value, let first = members.first, let edits = first.value.array { return (first.key, edits) }
            return nil
        }) else { return }
        #expect(target == harness.uri("strings/en.yml"))
        let en = try String(contentsOf: harness.root.appendingPathComponent("strings/en.yml"), encoding: .utf8)
        let added = applying(edits, to: en)
        #expect(added.contains("  search:\n    title: Search\n    filters: Filters\n    titel: \"TODO: search.titel\"\n"))
        try added.write(to: harness.root.appendingPathComponent("strings/en.yml"), atomically: true, encoding: .utf8)
        harness.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(harness.uri("strings/en.yml"))","type":2}]}"#)
        harness.now += 20_000_000
        harness.server.runDueLints()
        #expect(harness.diagnostics("routes.yml")?.contains { $0["message"]?.string?.contains("'search.titel'") == true } == false)
        #expect(harness.codes("strings/en.yml").allSatisfy { !["yaml-syntax", "duplicate-key"].contains($0) })
    }

    /// The same in a String Catalog: a member of `strings`, base locale, `needs_review`.
    @Test func addingAKeyToTheBaseStringCatalogMakesIt() throws {
        let catalogJSON = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        let harness = try ServerHarness(files: [
            ".routekit.yml": "catalog: routes.yml\nstrings: [Localizable.xcstrings]\nbase-locale: en\n",
            "routes.yml": "routes:\n  HomeScreen:\n    tab: { icon: house }\n    title: Helo\n",
            "Localizable.xcstrings": catalogJSON,
        ])
        harness.initialize()
        #expect(harness.codes("routes.yml").contains("unknown-string-key"))
        let actions = harness.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(harness.uri("routes.yml"))"},"range":{"start":{"line":3,"character":11},"end":{"line":3,"character":11}},"context":{"diagnostics":[]}}"#)["result"]?.array ?? []
        #expect(actions.compactMap { $0["title"]?.string } == ["Change 'Helo' to 'Hello'", "Add 'Helo' to base locale 'en' (placeholder text)"])
        guard actions.count == 2, case .object(let changes)? = actions[1].at("edit", "changes"), let edits = changes[harness.uri("Localizable.xcstrings")]?.array else {
            Issue.record("no edit of the String Catalog")
            return
        }
        let added = applying(edits, to: catalogJSON)
        let parsed = try JSONDocument.value(of: added)
        #expect(parsed.at("strings", "Helo", "localizations", "en", "stringUnit", "value")?.string == "TODO: Helo")
        #expect(parsed.at("strings", "Helo", "localizations", "en", "stringUnit", "state")?.string == "needs_review")
        #expect(parsed.at("strings", "Hello", "localizations", "en", "stringUnit", "value")?.string == "Hello")
        // The rest of the file as it was.
        #expect(added.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Helo\" : {\n"))
        #expect(added.hasSuffix("    \"Hello\" : {\n      \"localizations\" : {\n        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hello\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"))
    }

    @Test func severalProjectsInOneWorkspaceAreServedApart() throws {
        let harness = try ServerHarness()
        for name in ["a", "b"] { try FileManager.default.copyItem(at: Self.conference, to: harness.root.appendingPathComponent(name)) }
        harness.initialize()
        #expect(harness.codes("a/routes.yml").contains("tab-root-missing-title"))
        #expect(harness.codes("b/routes.yml").contains("tab-root-missing-title"))
        try harness.open("a/strings/en.yml")
        let before = harness.sent.count
        let text = try String(contentsOf: harness.root.appendingPathComponent("a/strings/en.yml"), encoding: .utf8)
        harness.replaceAll("a/strings/en.yml", with: text.replacingOccurrences(of: "    schedule: Schedule\n", with: ""), version: 2)
        harness.now += 20_000_000
        harness.server.runDueLints()
        let published = harness.sent[before...].compactMap { message -> String? in
            message["method"]?.string == "textDocument/publishDiagnostics" ? message.at("params", "uri")?.string : nil
        }
        #expect(published.contains(harness.uri("a/routes.yml")))
        #expect(!published.contains { $0.hasPrefix(harness.uri("b") + "/") }, "b is not linted for a's change")
        #expect(harness.diagnostics("a/routes.yml")?.contains { $0["message"]?.string?.contains("'nav.schedule'") == true } == true)
        #expect(harness.diagnostics("b/routes.yml")?.contains { $0["message"]?.string?.contains("'nav.schedule'") == true } == false)
    }

    @Test func aConfigChangedOnDiskIsReadAgain() throws {
        let harness = try ServerHarness(copying: Self.conference)
        harness.initialize()
        #expect(harness.codes("routes.yml").contains("tab-root-missing-title"))
        let config = harness.root.appendingPathComponent(".routekit.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "rules:\n", with: "rules:\n  tab-root-missing-title: off\n").write(to: config, atomically: true, encoding: .utf8)
        harness.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(harness.uri(".routekit.yml"))","type":2}]}"#)
        harness.now += 20_000_000
        harness.server.runDueLints()
        #expect(!harness.codes("routes.yml").contains("tab-root-missing-title"))
        #expect(harness.codes("routes.yml").isEmpty == false, "the other findings stay")
        // A config deleted: its project's diagnostics are cleared.
        try FileManager.default.removeItem(at: config)
        harness.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(harness.uri(".routekit.yml"))","type":3}]}"#)
        #expect(harness.diagnostics("routes.yml") == [])
    }

    /// As in `lint`: the config's baseline hides what it records; a new finding shows.
    @Test func theConfigsBaselineApplies() throws {
        let harness = try ServerHarness(copying: Self.conference)
        let written = try CLI.run(["lint", harness.root.path, "--write-baseline", harness.path("baseline.json")])
        #expect(written.status == 0, "\(written.stderr)")  // written, then applied
        let config = harness.root.appendingPathComponent(".routekit.yml")
        try (String(contentsOf: config, encoding: .utf8) + "baseline: baseline.json\n").write(to: config, atomically: true, encoding: .utf8)
        harness.initialize()
        #expect(harness.publishCount == 0, "every finding is in the baseline")
        try harness.open("strings/en.yml")
        let text = try String(contentsOf: harness.root.appendingPathComponent("strings/en.yml"), encoding: .utf8)
        harness.replaceAll("strings/en.yml", with: text.replacingOccurrences(of: "    schedule: Schedule\n", with: ""), version: 2)
        harness.now += 20_000_000
        harness.server.runDueLints()
        #expect(harness.codes("routes.yml") == ["unknown-string-key"])
    }

    @Test func aDocumentOutsideEveryProjectGetsNothing() throws {
        let harness = try ServerHarness(files: ["notes/a.kt": "fun main() {}\n"])
        harness.initialize()
        try harness.open("notes/a.kt")
        harness.server.runDueLints(force: true)
        #expect(harness.publishCount == 0)
        let hover = harness.request("textDocument/hover", #"{"textDocument":{"uri":"\#(harness.uri("notes/a.kt"))"},"position":{"line":0,"character":5}}"#)
        #expect(hover["result"] == .null)
    }
}
