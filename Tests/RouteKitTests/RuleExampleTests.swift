import Foundation
import Testing
@testable import RouteKit

/// Every example in `lint-rules/<id>.yml` runs here: the documentation cannot drift from the code.
@Suite struct RuleExampleTests {
    static let cases: [(String, Int)] = RuleDocs.docs.flatMap { doc in
        doc.examples.indices.map { (doc.id, $0) }
    }

    @Test(arguments: cases)
    func example(rule: String, index: Int) throws {
        let example = try #require(RuleDocs.doc(rule)?.examples[index])
        let (findings, all) = try ExampleProject.lint(example, only: rule)
        #expect(findings == example.triggers, "\(rule): \(example.description) — got \(all.map(\.message))")
    }

    static var declaredIDs: [String] {
        RuleRegistry.rules.map { type(of: $0).id } + RuleRegistry.readerRules.map { $0.id }
    }

    /// The project's own docs are its contract: every rule the linter runs or the readers report
    /// has a `lint-rules/<id>.yml` that parses, and every doc names a rule that exists.
    @Test func everyRuleIsDocumentedAndEveryDocIsARule() throws {
        #expect(RuleDocs.problems(declaredIDs: Self.declaredIDs, documents: RuleDocs.embeddedFiles) == [])
    }

    /// Adding a rule without its document fails, naming the rule; so does a document without a
    /// rule, or one that does not parse.
    @Test func aMissingOrBrokenDocumentNamesTheRule() throws {
        var documents = RuleDocs.embeddedFiles
        documents.removeAll { $0.name == "tab-parity.yml" }
        documents.append((name: "ghost-rule.yml", text: "id: ghost-rule\nseverity: warning\nsummary: s\nrationale: r\nfix: f\n"))
        documents.append((name: "broken-rule.yml", text: "id: broken-rule\nseverity: [\n"))
        let problems = RuleDocs.problems(declaredIDs: Self.declaredIDs + ["broken-rule"], documents: documents)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("lint-rules/broken-rule.yml does not parse") })
        #expect(problems.contains("rule 'tab-parity' has no document: add lint-rules/tab-parity.yml and run Scripts/generate-rule-docs.py"))
        #expect(problems.contains { $0.hasPrefix("lint-rules/ghost-rule.yml documents no rule") })
    }

    /// A malformed example fails the rule-doc test instead of being read as "must pass" or as an
    /// empty file (issue 35, item 10). Seen to fail: before `RuleDoc.parse` checked its fields,
    /// every one of these documents parsed (a misspelled `trigger:` became `triggers: []`, a
    /// mapping as a file's contents became "").
    @Test(arguments: [
        ("trigger: [\"a.yml:1:1\"]", "unknown example field 'trigger'"),
        ("triggers: a.yml:1:1", "'triggers' must be a list"),
        ("triggers: [[a]]", "a trigger must be a string"),
        ("", "an example needs 'triggers'"),
        ("triggers: []\n    extra: 1", "unknown example field 'extra'"),
    ])
    func aMalformedExampleDoesNotParse(triggers: String, problem: String) throws {
        var text = "id: x\nseverity: error\nsummary: s\nrationale: r\nfix: f\nexamples:\n  - description: d\n"
        if !triggers.isEmpty { text += "    \(triggers)\n" }
        text += "    files:\n      a.yml: |\n        a: b\n"
        #expect(throws: (any Error).self) { try RuleDoc.parse(text, name: "x.yml") }
        do {
            _ = try RuleDoc.parse(text, name: "x.yml")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.description.contains(problem), "\(error)")
            #expect(error.description.contains("lint-rules/x.yml:"), "no position: \(error)")
        }
        let problems = RuleDocs.problems(declaredIDs: ["x"], documents: [(name: "x.yml", text: text)])
        #expect(problems.count == 1 && problems.first?.hasPrefix("lint-rules/x.yml does not parse") == true, "\(problems)")
    }

    @Test func fileContentsMustBeText() throws {
        let base = "id: x\nseverity: error\nsummary: s\nrationale: r\nfix: f\nexamples:\n  - description: d\n    triggers: []\n"
        for files in ["    files:\n      a.yml: { a: b }\n", "    files:\n      a.yml: [a]\n", "    files: a.yml\n", "    files:\n      - a.yml\n"] {
            do {
                _ = try RuleDoc.parse(base + files, name: "x.yml")
                Issue.record("parsed: \(files)")
            } catch {
                #expect(error.description.contains("files") || error.description.contains("contents"), "\(error)")
            }
        }
        // The well-formed document parses, with its example's file and empty triggers.
        let doc = try RuleDoc.parse(base + "    files:\n      a.yml: \"a: b\"\n", name: "x.yml")
        #expect(doc.examples.count == 1 && doc.examples[0].files.map(\.path) == ["a.yml"] && doc.examples[0].triggers == [])
        // A misspelled top-level field fails too.
        #expect(throws: (any Error).self) { try RuleDoc.parse(base.replacingOccurrences(of: "examples:", with: "exampels:"), name: "x.yml") }
    }

    /// Every rule type under `Rules/` is registered: the generated registry is current.
    @Test func everyRuleTypeIsRegistered() throws {
        let rules = CLI.packageRoot.appendingPathComponent("Sources/RouteKit/Rules")
        let files = (FileManager.default.enumerator(atPath: rules.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        let declaration = try Regex(#"(?m)^(?:public )?struct (\w+): (LintRule|ReaderRule)\b"#)
        var declared: Set<String> = []
        for file in files {
            let source = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: declaration) { declared.insert(String(match.output[1].substring ?? "")) }
        }
        let registered = Set(RuleRegistry.rules.map { "\(type(of: $0))" } + RuleRegistry.readerRules.map { "\($0)" })
        #expect(declared.count >= 30)
        #expect(declared == registered, "run Scripts/generate-rule-docs.py: not registered \(declared.subtracting(registered).sorted()), gone \(registered.subtracting(declared).sorted())")
        // Scheduling names only rules that exist.
        #expect(Set(RuleRegistry.longRunningFirst).isSubset(of: Set(RuleRegistry.rules.map { type(of: $0).id })))
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for doc in RuleDocs.docs {
            let severity = doc.descriptor.defaultSeverity?.rawValue ?? "off"
            #expect(readme.contains("| `\(doc.id)` | \(severity) |"), "README rules table lacks \(doc.id)")
        }
    }

    @Test func everyDocHasATriggeringAndAPassingExample() {
        for doc in RuleDocs.docs {
            #expect(doc.examples.contains { $0.mustTrigger }, "\(doc.id) has no triggering example")
            #expect(doc.examples.contains { !$0.mustTrigger }, "\(doc.id) has no passing example")
        }
    }

    /// The descriptors a lint reads (generated, so start-up parses no document) are what the
    /// documents say.
    @Test func generatedDescriptorsAreWhatTheDocumentsSay() throws {
        let parsed = try RuleDocs.embeddedFiles.map { try RuleDoc.parse($0.text, name: $0.name).descriptor }
        #expect(RuleDocs.descriptors == parsed, "run Scripts/generate-rule-docs.py")
        #expect(RuleDocs.ids == RuleDocs.docs.map(\.id))
    }

    @Test func embeddedDocsMatchTheFiles() throws {
        let directory = CLI.packageRoot.appendingPathComponent("lint-rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(RuleDocs.embeddedFiles.map(\.name) == names, "run Scripts/generate-rule-docs.py")
        for (name, text) in RuleDocs.embeddedFiles {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(onDisk.trimmingCharacters(in: .newlines) == text, "\(name) changed: run Scripts/generate-rule-docs.py")
        }
        #expect(RuleDocs.docs.count == RuleDocs.embeddedFiles.count, "a rule document failed to parse")
        for (name, text) in RuleDocs.embeddedFiles {
            #expect(throws: Never.self) { try RuleDoc.parse(text, name: name) }
        }
    }
}
