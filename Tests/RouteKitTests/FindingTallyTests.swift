import Testing
@testable import RouteKit

/// `FindingTally` against counting each finding by its names: the look-ups it saves (the finding
/// before's rule and file, the rules counted last) must not change a count.
@Suite struct FindingTallyTests {
    @Test func countsMatchCountingByName() {
        let rules = ["placeholder-mismatch", "plural-missing-category", "missing-translation", "empty-translation",
                     "title-too-long", "r"]
        let severities: [Severity] = [.error, .warning, .info]
        var findings: [Finding] = []
        // Runs of one rule, rules interleaved two, three and six at a time, one rule at two
        // severities, findings without a file, and files met again after others.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for index in 0..<3_000 {
            let width = [1, 2, 3, 6][index / 750]
            let rule = rules[next(width)]
            let severity = severities[next(rule == "r" ? 3 : 2)]
            let file: String? = next(20) == 0 ? nil : "f\(next(4)).yml"
            let run = next(4) == 0 ? 3 : 1
            for line in 0..<run {
                findings.append(Finding(rule: rule, severity: severity, message: "m\(index)",
                                        location: file.map { SourceLocation(file: $0, line: line + 1, column: 1) }))
            }
        }
        let tally = FindingTally(findings)
        var byRule: [String: Int] = [:], byFile: [String: Int] = [:]
        for finding in findings {
            byRule["\(finding.rule) \(finding.severity)", default: 0] += 1
            byFile[finding.file ?? "-", default: 0] += 1
        }
        #expect(Dictionary(uniqueKeysWithValues: tally.rules.map { ("\($0.rule) \($0.severity)", $0.count) }) == byRule)
        #expect(Dictionary(uniqueKeysWithValues: tally.files.map { ($0.file ?? "-", $0.count) }) == byFile)
        #expect(tally.rules.map(\.count) == tally.rules.map(\.count).sorted(by: >))
    }
}
