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
        // Rules are independent: they run on all cores.
        let nativeBar = project.appCode.showsNativeNavigation != false
        let enabled = RuleRegistry.rules.filter {
            isEnabled(type(of: $0).id, settings: settings, selection: selection) && (nativeBar || !type(of: $0).needsNativeNavigation)
        }
        let context = LintContext(project: project, settings: settings, rules: enabled)
        // Each further resource set is checked by the rules about strings alone, as its own table.
        let setContexts = project.stringSets.dropFirst().map { set in
            var other = project
            other.strings = set.strings
            return LintContext(project: other, settings: settings, rules: enabled)
        }
        var jobs: [(rule: any LintRule, context: LintContext)] = enabled.map { ($0, context) }
        for rule in enabled where type(of: rule).checksEachStringSet {
            for setContext in setContexts { jobs.append((rule, setContext)) }
        }
        let work = jobs
        var parts = Concurrent.map(count: work.count + 1) { index in
            index == 0 ? project.diagnostics : work[index - 1].rule.check(work[index - 1].context)
        }
        // One array of the findings, grown from the largest part when that has the room (rules
        // that can fire at every entry reserve it), else of exactly their size: a million
        // findings are 16 MB, and a copy holds them twice. Each part is freed once copied. The
        // order of parts does not change the result: findings of different parts have different
        // rules, so the sort never ties them.
        var found: [Finding] = []
        let total = parts.reduce(0) { $0 + $1.count }
        let largest = parts.indices.max { parts[$0].count < parts[$1].count } ?? 0
        if parts.indices.contains(largest), parts[largest].capacity >= total {
            swap(&found, &parts[largest])
        } else {
            found.reserveCapacity(total)
        }
        for index in parts.indices where !parts[index].isEmpty {
            found.append(contentsOf: parts[index])
            parts[index] = []
        }
        parts = []
        let ignoredByRoute = Dictionary(project.catalog.routes.map { ($0.name, $0.ignoredRules) }, uniquingKeysWith: { a, _ in a })
        let ignoredKeys = project.config.ignoredKeys
        // Most projects suppress nothing by comment or route: then a finding's place and route
        // are not asked for (each a value made and released, on one core, per finding).
        let anySuppressions = project.suppressions.values.contains { !$0.lines.isEmpty }
        let anyIgnoredByRoute = ignoredByRoute.values.contains { !$0.isEmpty }
        var previousIgnoredByKey = false
        var keep = [Bool](repeating: false, count: found.count)
        var suppressed = 0
        // Findings come in runs of one rule and one file: remember the last answers.
        var lastRule: String?
        var lastSeverity: Severity?
        /// The configured severity of `rule` (nil: off), looked up once per run of its findings.
        func severityOf(_ rule: String) -> Severity? {
            if rule != lastRule {
                lastRule = rule
                lastSeverity = isEnabled(rule, settings: settings, selection: selection)
                    ? severity(of: rule, settings: settings) ?? (selection.only.contains(rule) ? .warning : nil)
                    : nil
            }
            return lastSeverity
        }
        var lastFile: String?
        var lastSuppressions: Suppressions?
        var lastSuppressed = false
        var lastPlacedFile: (keys: FindingBatch.Keys, file: Int32, suppressions: Suppressions?)?
        var anchorSuppressed: [ObjectIdentifier: Bool] = [:]
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
                if let lastSeverity { lowerSeverity(of: &found, at: index, to: lastSeverity) }
                keep[index] = keep[index - 1]
                if lastSuppressed { suppressed += 1 }
                continue
            }
            lastSuppressed = false
            // A finding placed by key (missing-translation): its place read from its batch,
            // without making its fields (one key's findings in several locales follow each other,
            // each of another batch). A suppression comment hides it at its place, or at its
            // batch's own location: the line that declares the locale in its translation file.
            if let (batch, item) = found[index].placedItem, let places = batch.keys.places {
                let rule = batch.rule
                guard let severity = severityOf(rule) else { continue }
                lowerSeverity(of: &found, at: index, to: severity)
                let place = places[item]
                if lastPlacedFile?.keys !== batch.keys || lastPlacedFile?.file != place.file {
                    lastPlacedFile = (batch.keys, place.file, project.suppressions[places.paths[Int(place.file)]])
                }
                var hidden = lastPlacedFile?.suppressions?.suppresses(rule: rule, line: Int(place.line)) == true
                if !hidden {
                    let id = ObjectIdentifier(batch)
                    if let known = anchorSuppressed[id] {
                        hidden = known
                    } else {
                        let anchor = batch.location
                        let answer = anchor.map { project.suppressions[$0.file]?.suppresses(rule: rule, line: $0.line) == true } ?? false
                        anchorSuppressed[id] = answer
                        hidden = answer
                    }
                }
                if hidden {
                    suppressed += 1
                    lastSuppressed = true
                    continue
                }
                keep[index] = true
                continue
            }
            let rule = found[index].rule
            guard let severity = severityOf(rule) else { continue }
            // A rule may rate a finding below its own severity (never above).
            lowerSeverity(of: &found, at: index, to: severity)
            if anySuppressions, let location = found[index].location {
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
            if anyIgnoredByRoute, let route = found[index].route, ignoredByRoute[route]?.contains(rule) == true {
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
        let locales = project.stringSets.count > 1 ? Set(project.stringSets.flatMap(\.strings.locales)).count : project.strings.locales.count
        var summary = LintSummary(files: project.files.count, routes: project.catalog.routes.count, locales: locales)
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

    /// Lowers a finding's severity to `severity` (never raises it). Writes only a change: the
    /// findings may share their storage with the project's (the readers' findings), which a
    /// write would copy.
    @inline(__always)
    private static func lowerSeverity(of findings: inout [Finding], at index: Int, to severity: Severity) {
        if severity < findings[index].severity { findings[index].severity = severity }
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
    /// so a comparison is mostly integers. In place, and with about 18 bytes a finding besides
    /// the findings (20-byte keys took 30 with the sort's buffer): what is sorted is positions (4
    /// bytes), whose run of one file and rule is looked up (4 bytes), and each finding's line and
    /// column, asked of it once (8 bytes: asking in every comparison was a tenth of a lint of
    /// Mastodon's 103,000 findings).
    static func sortUnique(_ diagnostics: inout [Finding], keep: [Bool]) {
        var order: [Int32] = diagnostics.withUnsafeBufferPointer { all in
            // Findings come in runs of one file and one rule (and batches, of one place): each
            // run is named once, then ranked.
            var runs: [(file: String, rule: String)] = []
            var runOfBuilt = [Int32](repeating: 0, count: all.count)
            var order: [Int32] = []
            order.reserveCapacity(keep.count { $0 })
            for index in all.indices where keep[index] {
                // The finding before's run (the last one named) when it is known to be this one's,
                // without making their paths.
                if let last = order.last, all[index].sharesAllButKey(with: all[Int(last)]) || all[index].sharesRuleAndFile(with: all[Int(last)]) {
                    runOfBuilt[index] = runOfBuilt[Int(last)]
                } else {
                    let file = all[index].file ?? "", rule = all[index].rule
                    if file != runs.last?.file || rule != runs.last?.rule { runs.append((file, rule)) }
                    runOfBuilt[index] = Int32(runs.count - 1)
                }
                order.append(Int32(index))
            }
            let fileRank = ranks(runs.map(\.file)), ruleRank = ranks(runs.map(\.rule))
            runs = []
            // Each finding's line and column, asked once (8 bytes a finding): a comparison asked
            // for them twice, and a sort of 100,000 findings of a batch compares millions of times.
            // Asked on both cores for a long list, each a half (a place is a finding's entry
            // unpacked, and nothing else of the sort's keys waits on it).
            var placeBuilt = [UInt64](repeating: 0, count: all.count)
            let parts = order.count >= 4_096 ? 2 : 1
            // Through buffers: a copy of `order` kept here would be copied again at its next write.
            order.withUnsafeBufferPointer { kept in
                placeBuilt.withUnsafeMutableBufferPointer { place in
                    Concurrent.perform(iterations: parts) { part in
                        for index in kept[kept.count * part / parts ..< kept.count * (part + 1) / parts] {
                            let position = all[Int(index)].sortPosition
                            place[Int(index)] = UInt64(UInt32(clamping: position.line)) << 32 | UInt64(UInt32(clamping: position.column))
                        }
                    }
                }
            }
            // Constants from here on: the sort's halves read them on both cores (a captured
            // variable would be checked for exclusive access at every read).
            let runOf = runOfBuilt, place = placeBuilt
            /// Below zero, zero or above as `a` sorts before, with or after `b`, by all but the index.
            func compare(_ a: Int, _ b: Int) -> Int {
                let runA = Int(runOf[a]), runB = Int(runOf[b])
                // The findings of one batch (one rule at one place) share their place, and one run
                // its file and rule: only the messages differ, compared last.
                if runA != runB, fileRank[runA] != fileRank[runB] { return fileRank[runA] < fileRank[runB] ? -1 : 1 }
                if place[a] != place[b] { return place[a] < place[b] ? -1 : 1 }
                if runA != runB, ruleRank[runA] != ruleRank[runB] { return ruleRank[runA] < ruleRank[runB] ? -1 : 1 }
                return Finding.compareMessages(all[a], all[b])
            }
            // Rules mostly emit in order: a run already sorted needs no sort, nor its buffer.
            let sorted = order.indices.dropFirst().allSatisfy { compare(Int(order[$0 - 1]), Int(order[$0])) <= 0 }
            if !sorted {
                Self.sort(&order) { a, b in
                    let result = compare(Int(a), Int(b))
                    // Equal keys keep their order (the first occurrence first).
                    return result != 0 ? result < 0 : a < b
                }
            }
            // Within a group of equal sort keys, drop exact repeats.
            var unique = 0
            var groupStart = 0
            for position in order.indices {
                let index = Int(order[position])
                if position > 0 {
                    if compare(Int(order[position - 1]), index) != 0 {
                        groupStart = unique
                    } else if order[groupStart ..< unique].contains(where: { all[Int($0)] == all[index] }) {
                        continue
                    }
                }
                order[unique] = Int32(index)
                unique += 1
            }
            order.removeLast(order.count - unique)
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
        // By swaps, which move findings: an assignment retained each (an atomic per finding on
        // groups both cores' reports touch next).
        for start in diagnostics.indices where !placed[start] {
            placed[start] = true
            var position = start
            while Int(order[position]) != start {
                let source = Int(order[position])
                diagnostics.swapAt(position, source)
                placed[source] = true
                position = source
            }
        }
        if resultCount < diagnostics.count { diagnostics.removeLast(diagnostics.count - resultCount) }
    }

    /// Sorts `order` by `precedes`, a total order (so the result is the one any sort gives): a
    /// long list in two halves, one on each core, then merged in place beside a copy of the first
    /// half (the room one sort's buffer takes; the sort of a findings-heavy lint was the one step
    /// left on one core).
    static func sort(_ order: inout [Int32], by precedes: (Int32, Int32) -> Bool) {
        guard order.count >= 4_096, Concurrent.threadLimit > 1 else { return order.sort(by: precedes) }
        let half = order.count / 2
        order.withUnsafeMutableBufferPointer { all in
            let first = UnsafeMutableBufferPointer(rebasing: all[..<half]), second = UnsafeMutableBufferPointer(rebasing: all[half...])
            _ = Concurrent.pair({ var part = first; part.sort(by: precedes) }, { var part = second; part.sort(by: precedes) })
            // Written from the front: a place is written only once what was there has been read
            // (`out` is `a` plus what the second half gave, never past `b`).
            let left = Array(first)
            var a = 0, b = half, out = 0
            while a < left.count && b < all.count {
                if precedes(all[b], left[a]) {
                    all[out] = all[b]
                    b += 1
                } else {
                    all[out] = left[a]
                    a += 1
                }
                out += 1
            }
            while a < left.count {
                all[out] = left[a]
                a += 1
                out += 1
            }
        }
    }

    /// The rank of each value among the distinct values, in sorted order.
    private static func ranks(_ values: [String]) -> [Int32] {
        let rank = Dictionary(uniqueKeysWithValues: Set(values).sorted().enumerated().map { ($1, Int32($0)) })
        return values.map { rank[$0]! }
    }
}
