import Foundation
import Testing
@testable import RouteKit

/// What the rule examples cannot show, checked per rule family (`Sources/RouteKit/Rules/<family>/`):
/// a severity set in the config is the severity of every finding (lowered, or raised for a rule
/// that is off or info by default), `off` silences the rule, and a suppression comment on the line
/// before a finding hides it while one naming another rule does not. Built from each rule's
/// triggering examples, so a new rule is covered as soon as it has them.
enum RuleFamily {
    /// The ids declared by the rule types in `Rules/<family>/`.
    static func ids(in family: String) -> [String] {
        let folder = CLI.packageRoot.appendingPathComponent("Sources/RouteKit/Rules/\(family)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var ids: [String] = []
        for name in names.sorted() where name.hasSuffix(".swift") {
            let source = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for match in source.matches(of: /static let id = "([a-z-]+)"/) { ids.append(String(match.output.1)) }
        }
        return ids
    }

    /// The rule's examples that must trigger it.
    static func triggering(_ rule: String) throws -> [RuleDoc.Example] {
        let doc = try #require(RuleDocs.doc(rule), "\(rule) has no document")
        return doc.examples.filter(\.mustTrigger)
    }

    /// `example` with `rules: { rule: value }` in its config, merged with what the example's
    /// config already says about the rule (its options are kept).
    static func setting(_ rule: String, _ value: String, in example: RuleDoc.Example) -> RuleDoc.Example {
        var example = example
        func merged(_ config: String) -> String {
            var lines = config.components(separatedBy: "\n")
            if let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(rule):") }) {
                let line = lines[index]
                let indent = String(line.prefix { $0 == " " })
                if let brace = line.firstIndex(of: "{") {
                    lines[index] = String(line[..<line.index(after: brace)]) + " severity: \(value)," + String(line[line.index(after: brace)...])
                } else {
                    lines[index] = "\(indent)\(rule): \(value)"
                }
                return lines.joined(separator: "\n")
            }
            if let index = lines.firstIndex(where: { $0.hasPrefix("rules:") }) {
                lines.insert("  \(rule): \(value)", at: index + 1)
                return lines.joined(separator: "\n")
            }
            return config + (config.isEmpty || config.hasSuffix("\n") ? "" : "\n") + "rules:\n  \(rule): \(value)\n"
        }
        if let index = example.files.firstIndex(where: { $0.path == ".routekit.yml" }) {
            example.files[index].text = merged(example.files[index].text)
        } else {
            example.config = merged(example.config ?? "")
        }
        return example
    }

    /// The comment that suppresses `rule` on the next line, in the syntax of `path`; nil for a
    /// format without comments (a String Catalog is JSON).
    static func suppression(_ rule: String, for path: String) -> String? {
        switch (path as NSString).pathExtension {
        case "yml", "yaml": "# routekit:disable-next-line \(rule)"
        case "kt", "swift": "// routekit:disable-next-line \(rule)"
        case "xml": "<!-- routekit:disable-next-line \(rule) -->"
        default: nil
        }
    }

    /// `example` with a comment for `named` on the line before each of its triggers; nil when a
    /// trigger is in a file without comments.
    static func suppressing(_ named: String, in example: RuleDoc.Example) -> RuleDoc.Example? {
        var example = example
        var lines: [String: Set<Int>] = [:]
        for trigger in example.triggers {
            let parts = trigger.split(separator: " ")[0].split(separator: ":")
            guard parts.count >= 2, let line = Int(parts[1]) else { return nil }
            lines[String(parts[0]), default: []].insert(line)
        }
        for (path, numbers) in lines {
            guard let comment = suppression(named, for: path),
                  let index = example.files.firstIndex(where: { $0.path == path }) else { return nil }
            var text = example.files[index].text.components(separatedBy: "\n")
            for number in numbers.sorted(by: >) where number >= 1 && number <= text.count + 1 {
                // The line's indentation in spaces (a tab would make the comment line itself a YAML error).
                let indent = number <= text.count ? String(text[number - 1].prefix { $0 == " " }) : ""
                text.insert(indent + comment, at: number - 1)
            }
            example.files[index].text = text.joined(separator: "\n")
        }
        return example
    }

    static func findings(_ example: RuleDoc.Example, _ rule: String) throws -> [Finding] {
        try ExampleProject.lint(example, only: rule).all.filter { $0.rule == rule }
    }

    /// The rule's findings when every rule runs as configured (`--only` would turn on a rule the
    /// config turns off).
    static func findingsOfAFullRun(_ example: RuleDoc.Example, _ rule: String) throws -> [Finding] {
        try ExampleProject.lint(example, only: nil).all.filter { $0.rule == rule }
    }

    /// The rule's severity, set in the config (`info`), is every finding's; `off` leaves none.
    static func checkSeverityFromConfig(_ rule: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let examples = try triggering(rule)
        #expect(!examples.isEmpty, "\(rule) has no triggering example", sourceLocation: sourceLocation)
        let defaultSeverity = RuleDocs.defaultSeverity(of: rule)
        // The configured severity caps what a rule reports ("a rule may rate a finding below its
        // own severity, never above"), so the check lowers: to info, the lowest; a rule that is
        // off by default is turned on at info.
        let set: Severity = .info
        _ = defaultSeverity
        for example in examples {
            let found = try findings(setting(rule, set.rawValue, in: example), rule)
            #expect(!found.isEmpty, "\(rule): \(example.description): no finding with severity \(set)", sourceLocation: sourceLocation)
            #expect(found.allSatisfy { $0.severity == set },
                    "\(rule): \(example.description): \(found.map(\.severity)) with \(set) set", sourceLocation: sourceLocation)
            let off = try findingsOfAFullRun(setting(rule, "off", in: example), rule)
            #expect(off.isEmpty, "\(rule): \(example.description): off, yet \(off.map(\.message))", sourceLocation: sourceLocation)
        }
    }

    /// Rules about a file routekit does not read: a `strings.xml` that is not well-formed XML, or
    /// one in a folder that is not a locale (`values-night`). Comments in such a file are not
    /// read either; `off`, `--disable` or a baseline silence these findings.
    static let unreadFile: Set<String> = ["xml-syntax", "resource-notice"]

    /// A `routekit:disable-next-line <rule>` comment before each finding's line hides it; one
    /// naming another rule hides nothing. Returns how many examples could carry comments.
    @discardableResult
    static func checkSuppression(_ rule: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        var checked = 0
        for example in try triggering(rule) {
            let severity = RuleDocs.defaultSeverity(of: rule) == nil ? setting(rule, "info", in: example) : example
            guard let suppressed = suppressing(rule, in: severity), let other = suppressing("some-other-rule", in: severity) else { continue }
            checked += 1
            let hidden = try findings(suppressed, rule)
            if unreadFile.contains(rule) {
                // The file is not read, its comments included: the finding stays (README, Suppression).
                #expect(hidden.count == example.triggers.count, "\(rule): \(example.description): now suppressible; update README and this test",
                        sourceLocation: sourceLocation)
                continue
            }
            #expect(hidden.isEmpty, "\(rule): \(example.description): suppressed, yet \(hidden.map { "\($0.location.map { "\($0)" } ?? "-") \($0.message)" })",
                    sourceLocation: sourceLocation)
            let kept = try findings(other, rule)
            #expect(kept.count == example.triggers.count,
                    "\(rule): \(example.description): a comment for another rule hid \(example.triggers.count - kept.count) finding(s)",
                    sourceLocation: sourceLocation)
        }
        return checked
    }

    /// A rule without options rejects any, at the option's position; the message says so.
    static func checkTakesNoOptions(_ rule: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard RuleRegistry.options(of: rule).isEmpty else { return }
        let path = "/p/.routekit.yml"
        let text = "strings: [s.yml]\nrules:\n  \(rule): { severity: warning, limit: 3 }\n"
        do {
            _ = try ProjectConfig.parse(YAMLReader.read(text: text, path: path).root, path: path)
            Issue.record("\(rule): an option was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == "\(path):3:\(rule.count + 26): error: rule '\(rule)' has no option 'limit'; it takes no options",
                    "\(error)", sourceLocation: sourceLocation)
        }
    }
}
