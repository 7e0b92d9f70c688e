import Foundation
import Testing
@testable import RouteKit

/// Every example in `lint-rules/<id>.yml` runs here: the documentation cannot drift from the code.
@Suite struct RuleExampleTests {
    static let cases: [(String, Int)] = RuleCatalog.docs.flatMap { doc in
        doc.examples.indices.map { (doc.id, $0) }
    }

    @Test(arguments: cases)
    func example(rule: String, index: Int) throws {
        let example = try #require(RuleCatalog.doc(rule)?.examples[index])
        let (findings, all) = try ExampleProject.lint(example, only: rule)
        #expect(findings == example.triggers, "\(rule): \(example.description) — got \(all.map(\.message))")
    }

    @Test func everyDesignRuleIsDocumented() throws {
        let design = try String(contentsOf: CLI.packageRoot.appendingPathComponent("../shared/DESIGN.md"), encoding: .utf8)
        let ids = design.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, ["error", "warning", "info", "off"].contains(cells[1]),
                  cells[0].allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return cells[0]
        }
        #expect(ids.count == 24)
        for id in ids {
            let doc = RuleCatalog.doc(id)
            #expect(doc != nil, "no lint-rules/\(id).yml")
            if let doc {
                let severity = design.split(separator: "\n").first { $0.hasPrefix("| \(id) |") }?
                    .split(separator: "|")[1].trimmingCharacters(in: .whitespaces)
                #expect((doc.descriptor.defaultSeverity?.rawValue ?? "off") == severity, "\(id) default severity")
            }
        }
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for doc in RuleCatalog.docs {
            let severity = doc.descriptor.defaultSeverity?.rawValue ?? "off"
            #expect(readme.contains("| `\(doc.id)` | \(severity) |"), "README rules table lacks \(doc.id)")
        }
    }

    @Test func everyDocHasATriggeringAndAPassingExample() {
        for doc in RuleCatalog.docs {
            #expect(doc.examples.contains { $0.mustTrigger }, "\(doc.id) has no triggering example")
            #expect(doc.examples.contains { !$0.mustTrigger }, "\(doc.id) has no passing example")
        }
    }

    @Test func embeddedDocsMatchTheFiles() throws {
        let directory = CLI.packageRoot.appendingPathComponent("lint-rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(GeneratedRuleDocs.files.map(\.name) == names, "run Scripts/generate-rule-docs.py")
        for (name, text) in GeneratedRuleDocs.files {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(onDisk.trimmingCharacters(in: .newlines) == text, "\(name) changed: run Scripts/generate-rule-docs.py")
        }
        #expect(RuleCatalog.docs.count == GeneratedRuleDocs.files.count, "a rule document failed to parse")
        for (name, text) in GeneratedRuleDocs.files {
            #expect(throws: Never.self) { try RuleDoc.parse(text, name: name) }
        }
    }
}
