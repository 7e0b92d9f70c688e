import Dispatch

/// Which rules run: `--only` and `--disable` on top of the config.
public struct LintSelection: Sendable {
    public var only: Set<String> = []
    public var disabled: Set<String> = []

    public init(only: Set<String> = [], disabled: Set<String> = []) {
        self.only = only
        self.disabled = disabled
    }

    func includes(_ id: String) -> Bool {
        (only.isEmpty || only.contains(id)) && !disabled.contains(id)
    }
}

public struct LintResult: Sendable {
    /// Sorted by file, line, column, rule; without what the baseline hides.
    public var diagnostics: [Finding]
    /// Every finding before the baseline: what `--write-baseline` records.
    public var unbaselined: [Finding]
    public var summary: LintSummary
    /// Findings hidden by suppression comments or `lint: { ignore }`.
    public var suppressedCount: Int
    /// What the baseline hid and which of its entries no longer occur, when one was applied.
    public var baseline: BaselineOutcome?

    public func report(config: ProjectConfig) -> LintReport {
        LintReport(diagnostics: diagnostics, summary: summary, rules: RuleDocs.descriptors, root: config.root,
                   configFile: config.path, baseline: baseline, repositoryRoot: RepositoryRoot.find(from: config.root))
    }
}

/// Runs every enabled rule over a project and applies severities and suppressions.
public enum Linter {
    public static func lint(_ project: Project, selection: LintSelection = LintSelection(), baseline: Baseline? = nil) -> LintResult {
        let settings = project.config.rules
        let context = LintContext(project: project, settings: settings)
        // Rules are independent: they run on all cores.
        let enabled = RuleRegistry.rules.filter { isEnabled(type(of: $0).id, settings: settings, selection: selection) }
        var parts = Concurrent.map(count: enabled.count + 1) { index in
            index == 0 ? project.diagnostics : enabled[index - 1].check(context)
        }
        // One array of exactly the findings' size (a million findings are 16 MB; growing by
        // doubling would hold up to three times that while copying).
        var found: [Finding] = []
        found.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { found.append(contentsOf: part) }
        parts = []
        let ignoredByRoute = Dictionary(project.catalog.routes.map { ($0.name, $0.ignoredRules) }, uniquingKeysWith: { a, _ in a })
        let ignoredKeys = project.config.ignoredKeys
        var previousIgnoredByKey = false
        var keep = [Bool](repeating: false, count: found.count)
        var suppressed = 0
        // Findings come in runs of one rule and one file: remember the last answers.
        var lastRule: String?
        var lastSeverity: Severity?
        var lastFile: String?
        var lastSuppressions: Suppressions?
        var lastSuppressed = false
        for index in found.indices {
            // `ignore-keys:` names keys, and the findings of one run differ in their key.
            if !ignoredKeys.isEmpty, let key = found[index].key, let rules = ignoredKeys[key],
               rules.isEmpty || rules.contains(found[index].rule),
               isEnabled(found[index].rule, settings: settings, selection: selection) {
                suppressed += 1
                previousIgnoredByKey = true
                continue
            }
            // A finding of the same run as the one before has its rule and place: the same
            // answers (not when the one before was dropped for its key).
            let afterIgnored = previousIgnoredByKey
            previousIgnoredByKey = false
            if index > 0, !afterIgnored, found[index].sharesAllButKey(with: found[index - 1]) {
                if let lastSeverity { found[index].severity = min(lastSeverity, found[index].severity) }
                keep[index] = keep[index - 1]
                if lastSuppressed { suppressed += 1 }
                continue
            }
            lastSuppressed = false
            let rule = found[index].rule
            if rule != lastRule {
                lastRule = rule
                lastSeverity = isEnabled(rule, settings: settings, selection: selection)
                    ? severity(of: rule, settings: settings) ?? (selection.only.contains(rule) ? .warning : nil)
                    : nil
            }
            guard let severity = lastSeverity else { continue }
            // A rule may rate a finding below its own severity (never above).
            found[index].severity = min(severity, found[index].severity)
            if let location = found[index].location {
                if location.file != lastFile {
                    lastFile = location.file
                    lastSuppressions = project.suppressions[location.file]
                }
                if lastSuppressions?.suppresses(rule: rule, line: location.line) == true {
                    suppressed += 1
                    lastSuppressed = true
                    continue
                }
            }
            if let route = found[index].route, ignoredByRoute[route]?.contains(rule) == true {
                suppressed += 1
                lastSuppressed = true
                continue
            }
            keep[index] = true
        }
        // A stable sort, then duplicates dropped, in place.
        Self.sortUnique(&found, keep: keep)
        var kept = found
        found = []
        let unbaselined = kept
        var outcome: BaselineOutcome?
        if let baseline {
            let applied = baseline.apply(to: kept, root: project.config.root)
            kept = applied.kept
            outcome = BaselineOutcome(suppressed: applied.suppressed, stale: applied.stale)
        }
        var summary = LintSummary(files: project.files.count, routes: project.catalog.routes.count,
                                  locales: project.strings.locales.count)
        for diagnostic in kept {
            switch diagnostic.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .info: summary.infos += 1
            }
        }
        return LintResult(diagnostics: kept, unbaselined: unbaselined, summary: summary, suppressedCount: suppressed,
                          baseline: outcome)
    }

    static func isEnabled(_ id: String, settings: [String: RuleSetting], selection: LintSelection) -> Bool {
        // `--only` runs a rule even when the config or its default turns it off.
        if selection.only.contains(id) { return !selection.disabled.contains(id) }
        return selection.includes(id) && severity(of: id, settings: settings) != nil
    }

    static func severity(of id: String, settings: [String: RuleSetting]) -> Severity? {
        if let setting = settings[id] { return setting.severity }
        return RuleDocs.defaultSeverity(of: id)
    }

    /// Keeps the findings marked in `keep`, sorted by file, line, column, rule and message
    /// (stable), without duplicates (the first of equal findings stays): the same result as
    /// dropping them first, without hashing every finding. Files and rules are compared by rank,
    /// so a comparison is mostly integers. In place: the findings are moved, not copied into a
    /// second array (a million findings are 16 MB; the sort keys, 20 MB, are freed before the move).
    static func sortUnique(_ diagnostics: inout [Finding], keep: [Bool]) {
        // 20 bytes a finding (positions fit: inputs are far below 2^31 lines).
        struct Key {
            var file: Int32
            var rule: Int32
            var line: Int32
            var column: Int32
            var index: Int32
        }
        // Where each finding of the result comes from, in result order.
        var order: [Int32] = diagnostics.withUnsafeBufferPointer { all in
            // Findings come in runs of one file and one rule (and batches, of one place): keys are
            // made with the run's number for file and rule, then each run is ranked once.
            var runs: [(file: String, rule: String)] = []
            var keys: [Key] = []
            keys.reserveCapacity(all.count)
            for index in all.indices where keep[index] {
                if let last = keys.last, all[index].sharesAllButKey(with: all[Int(last.index)]) {
                    keys.append(Key(file: last.file, rule: last.rule, line: last.line, column: last.column, index: Int32(index)))
                    continue
                }
                let file = all[index].file ?? "", rule = all[index].rule
                if file != runs.last?.file || rule != runs.last?.rule { runs.append((file, rule)) }
                let location = all[index].location
                keys.append(Key(file: Int32(runs.count - 1), rule: Int32(runs.count - 1),
                                line: Int32(clamping: location?.line ?? 0), column: Int32(clamping: location?.column ?? 0),
                                index: Int32(index)))
            }
            let fileRank = ranks(runs.map(\.file)), ruleRank = ranks(runs.map(\.rule))
            for position in keys.indices {
                keys[position].file = fileRank[Int(keys[position].file)]
                keys[position].rule = ruleRank[Int(keys[position].rule)]
            }
            keys.sort { a, b in
                if a.file != b.file { return a.file < b.file }
                if a.line != b.line { return a.line < b.line }
                if a.column != b.column { return a.column < b.column }
                if a.rule != b.rule { return a.rule < b.rule }
                let messages = Finding.compareMessages(all[Int(a.index)], all[Int(b.index)])
                if messages != 0 { return messages < 0 }
                // Equal keys keep their order (the first occurrence first).
                return a.index < b.index
            }
            var order: [Int32] = []
            order.reserveCapacity(all.count)
            var groupStart = 0
            for position in keys.indices {
                let index = Int(keys[position].index)
                if position > 0 {
                    let previous = keys[position - 1]
                    let sameKey = previous.file == keys[position].file && previous.line == keys[position].line
                        && previous.column == keys[position].column && previous.rule == keys[position].rule
                        && Finding.compareMessages(all[Int(previous.index)], all[index]) == 0
                    if !sameKey {
                        groupStart = order.count
                    } else if order[groupStart...].contains(where: { all[Int($0)] == all[index] }) {
                        // Within a group of equal sort keys, drop exact repeats.
                        continue
                    }
                }
                order.append(Int32(index))
            }
            return order
        }
        // The rest of the positions after the result's: `order` becomes a permutation, applied in
        // place by following its cycles, and the rest is cut off.
        let resultCount = order.count
        var marks = [Bool](repeating: false, count: diagnostics.count)
        for index in order { marks[Int(index)] = true }
        for index in marks.indices where !marks[index] { order.append(Int32(index)) }
        // Now a mark says a position is placed.
        for index in marks.indices { marks[index] = false }
        var placed = consume marks
        for start in diagnostics.indices where !placed[start] {
            placed[start] = true
            guard Int(order[start]) != start else { continue }
            let saved = diagnostics[start]
            var position = start
            while true {
                let source = Int(order[position])
                if source == start {
                    diagnostics[position] = saved
                    break
                }
                diagnostics[position] = diagnostics[source]
                placed[source] = true
                position = source
            }
        }
        diagnostics.removeLast(diagnostics.count - resultCount)
    }

    /// The rank of each value among the distinct values, in sorted order.
    private static func ranks(_ values: [String]) -> [Int32] {
        let rank = Dictionary(uniqueKeysWithValues: Set(values).sorted().enumerated().map { ($1, Int32($0)) })
        return values.map { rank[$0]! }
    }
}
