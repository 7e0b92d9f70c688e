/// How many findings each rule (at each severity) and each file has: the shape of a long report,
/// for the text format's summary table and the HTML page's groups. One pass over the findings,
/// a few integers each: findings come sorted by file, and mostly in runs of one rule, so the
/// last entry usually matches without hashing.
struct FindingTally {
    struct RuleCount {
        var rule: String
        var severity: Severity
        var count: Int
    }

    struct FileCount {
        /// Nil for findings about the project as a whole.
        var file: String?
        var count: Int
    }

    /// Most first; ties by severity (errors first), then rule id.
    private(set) var rules: [RuleCount] = []
    /// Most first; ties in path order.
    private(set) var files: [FileCount] = []

    init(_ diagnostics: [Finding]) {
        var ruleIndex: [String: [Int]] = [:]
        var fileIndex: [String: Int] = [:]
        var projectWide: Int?
        var lastRule = -1, lastFile = -1
        // Rules counted lately, as indices in `rules` (-1: none), replaced in turn: findings sorted
        // by place interleave a few rules, and comparing a rule id with these costs less than
        // hashing it. The rule counted last is always among them.
        var recentRules = InlineArray<4, Int>(repeating: -1)
        var nextRecent = 0
        for (index, diagnostic) in diagnostics.enumerated() {
            // Of the rule, severity and file of the finding before: counted without their names.
            if index > 0, lastFile >= 0, diagnostic.severity == diagnostics[index - 1].severity,
               diagnostic.sharesRuleAndFile(with: diagnostics[index - 1]) {
                rules[lastRule].count += 1
                files[lastFile].count += 1
                continue
            }
            let rule = diagnostic.rule, severity = diagnostic.severity
            var recent: Int?
            for slot in recentRules.indices where recent == nil {
                let candidate = recentRules[slot]
                if candidate >= 0, rules[candidate].rule == rule, rules[candidate].severity == severity { recent = candidate }
            }
            if let index = recent ?? ruleIndex[rule]?.first(where: { rules[$0].severity == severity }) {
                rules[index].count += 1
                lastRule = index
            } else {
                rules.append(RuleCount(rule: rule, severity: severity, count: 1))
                lastRule = rules.count - 1
                ruleIndex[rule, default: []].append(lastRule)
            }
            if recent == nil {
                recentRules[nextRecent] = lastRule
                nextRecent = (nextRecent + 1) % recentRules.count
            }
            guard let file = diagnostic.file else {
                if projectWide == nil {
                    projectWide = files.count
                    files.append(FileCount(file: nil, count: 0))
                }
                files[projectWide!].count += 1
                continue
            }
            if lastFile >= 0, files[lastFile].file == file {
                files[lastFile].count += 1
            } else if let index = fileIndex[file] {
                files[index].count += 1
                lastFile = index
            } else {
                files.append(FileCount(file: file, count: 1))
                lastFile = files.count - 1
                fileIndex[file] = lastFile
            }
        }
        rules.sort { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            return lhs.rule.utf8.lexicographicallyPrecedes(rhs.rule.utf8)
        }
        files.sort { lhs, rhs in
            lhs.count != rhs.count ? lhs.count > rhs.count : (lhs.file ?? "").utf8.lexicographicallyPrecedes((rhs.file ?? "").utf8)
        }
    }
}
