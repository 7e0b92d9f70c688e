import Testing
@testable import RouteKit

/// The pieces that carry 100k findings cheaply: concurrent maps, batches of findings, the linter's
/// sort and reports written in pieces. Each must give exactly what the plain version would.
@Suite struct FindingPipelineTests {
    @Test func concurrentMapKeepsIndexOrder() {
        #expect(Concurrent.map(count: 0) { $0 }.isEmpty)
        #expect(Concurrent.map(count: 1) { $0 * 3 } == [0])
        #expect(Concurrent.map(count: 1000) { String($0) } == (0..<1000).map { String($0) })
    }

    private func finding(_ rule: String, _ message: String, file: String?, line: Int = 1, key: String? = nil) -> Finding {
        Finding(rule: rule, severity: .warning, message: message,
                   location: file.map { SourceLocation(file: $0, line: line, column: 1) }, key: key)
    }

    @Test func sortUniqueSortsStablyAndDropsRepeatsAndUnkept() {
        let same = finding("r", "m", file: "b.yml", line: 2)
        let diagnostics = [
            finding("r", "z", file: "b.yml", line: 2),            // 0
            same,                                                // 1
            finding("q", "m", file: "b.yml", line: 2),            // 2: rule sorts first
            finding("r", "m", file: "b.yml", line: 2, key: "k"),  // 3: same key, not equal: kept after 1
            same,                                                // 4: repeat of 1: dropped
            finding("r", "m", file: "a.yml", line: 9),            // 5: file sorts first
            finding("r", "a", file: nil),                         // 6: no file sorts before any file
            finding("r", "x", file: "a.yml", line: 1),            // 7: not kept
        ]
        var sorted = diagnostics
        Linter.sortUnique(&sorted, keep: [true, true, true, true, true, true, true, false])
        #expect(sorted == [diagnostics[6], diagnostics[5], diagnostics[2], diagnostics[1], diagnostics[3], diagnostics[0]])
    }

    /// The in-place sort (a permutation applied by its cycles) against a plain one: sort the kept
    /// findings by file, line, column, rule, message and first position, drop exact repeats.
    @Test(arguments: [1, 2, 3]) func inPlaceSortMatchesAPlainSort(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // More than `Linter.sort` sorts on one core: the halves, sorted side by side, are merged.
        let findings = (0 ..< 9_000).map { _ in
            finding(["a", "b"][Int(random.next() % 2)], "m\(random.next() % 7)",
                    file: ["x.yml", "y.yml", nil][Int(random.next() % 3)], line: Int(random.next() % 40) + 1,
                    key: random.next() % 3 == 0 ? "k" : nil)
        }
        let keep = findings.indices.map { _ in random.next() % 5 != 0 }
        let kept = findings.indices.filter { keep[$0] }
        let sortedIndices = kept.sorted { a, b in
            let x = findings[a], y = findings[b]
            let left = (x.file ?? "", x.location?.line ?? 0, x.location?.column ?? 0, x.rule, x.message)
            let right = (y.file ?? "", y.location?.line ?? 0, y.location?.column ?? 0, y.rule, y.message)
            return left != right ? left < right : a < b
        }
        var expected: [Finding] = []
        for index in sortedIndices where !expected.contains(findings[index]) { expected.append(findings[index]) }
        var inPlace = findings
        Linter.sortUnique(&inPlace, keep: keep)
        #expect(inPlace == expected)
        #expect(inPlace.count < kept.count)
    }

    /// The sort on both cores gives what one sort gives, below and above the size it splits at.
    @Test func sortOnBothCoresMatchesOneSort() {
        var random = SeededGenerator(seed: 7)
        for count in [0, 1, 4_095, 4_096, 4_097, 20_001] {
            let values = (0 ..< count).map { _ in Int32(truncatingIfNeeded: random.next() % 1_000) }
            // By value, then by index: a total order, as `sortUnique`'s.
            var order = values.indices.map { Int32($0) }
            let precedes: (Int32, Int32) -> Bool = { a, b in values[Int(a)] != values[Int(b)] ? values[Int(a)] < values[Int(b)] : a < b }
            let expected = order.sorted(by: precedes)
            Linter.sort(&order, by: precedes)
            #expect(order == expected, "\(count)")
        }
    }

    /// More findings than one round of chunks: the report is written in several pieces, none
    /// empty, that join to exactly the lines a plain per-finding rendering gives.
    @Test func largeReportsAreWrittenInPiecesWithTheSameBytes() {
        let count = ChunkedRender.chunkSize * 5 + 17
        let diagnostics = (0..<count).map { index in
            Finding(rule: "missing-translation", severity: index % 7 == 0 ? .error : .warning,
                       message: "'k\(index)' is missing in locale 'de': users see the 'en' text",
                       location: SourceLocation(file: "/project/strings/f\(index / 1000).yml", line: index % 50, column: 3))
        }
        let report = LintReport(diagnostics: diagnostics, summary: LintSummary(), rules: [], root: "/project")
        let reporter = TextReporter(quiet: true, workingDirectory: "/project")
        var pieces: [[UInt8]] = []
        reporter.render(report, into: ReportOutput { pieces.append(Array($0)) })
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { !$0.isEmpty })
        let expected = diagnostics.map { finding in
            "strings/\(finding.location!.file.dropFirst("/project/strings/".count)):\(max(1, finding.location!.line)):3: "
                + "\(finding.severity.rawValue): \(finding.message) [missing-translation]\n"
        }.joined()
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
        #expect(reporter.render(report) == expected)
        for format in ReporterRegistry.formats {
            let other = ReporterRegistry.make(format: format)!
            var bytes: [UInt8] = []
            other.render(report, into: ReportOutput { bytes.append(contentsOf: $0) })
            #expect(String(decoding: bytes, as: UTF8.self) == other.render(report), "\(format)")
        }
    }

    private func batch(_ names: [String], locale: String = "de") -> FindingBatch {
        FindingBatch(rule: "missing-translation", location: SourceLocation(file: "/p/de.yml", line: 2, column: 1),
                     locale: locale, messagePrefix: "'", keys: FindingBatch.Keys(names, sortedBefore: "'"),
                     messageSuffix: "' is missing in locale '\(locale)': users see the 'en' text")
    }

    @Test func aBatchedFindingIsTheFindingItStandsFor() {
        let findings = batch(["a", "a.b", "b"])
        let batched = Finding(findings, item: 1, severity: .warning)
        let single = Finding(rule: "missing-translation", severity: .warning,
                                message: "'a.b' is missing in locale 'de': users see the 'en' text",
                                location: SourceLocation(file: "/p/de.yml", line: 2, column: 1), key: "a.b", locale: "de")
        #expect(batched == single)
        #expect(single == batched)
        #expect(batched.hashValue == single.hashValue)
        #expect(batched.message == single.message && batched.file == "/p/de.yml" && batched.route == nil)
        var pieces = ""
        batched.forEachMessagePiece { pieces += $0 }
        #expect(pieces == single.message)
        #expect(batched != Finding(findings, item: 0, severity: .warning))
        #expect(batched != Finding(findings, item: 1, severity: .error))
        // A change gives the finding fields of its own; the batch and its other findings stay.
        var changed = batched
        changed.message = "other"
        changed.severity = .error
        #expect(changed.message == "other" && changed.key == "a.b" && changed.severity == .error)
        #expect(batched == single && !changed.sharesAllButKey(with: batched))
        #expect(Finding(findings, item: 2, severity: .info).sharesAllButKey(with: batched))
    }

    @Test func messagesOfABatchCompareByPositionOnlyWhenThatIsTheirOrder() {
        let ordered = batch(["a", "a.b", "a_c", "b"])
        #expect(ordered.itemsInMessageOrder)
        // Not printable ASCII, the separator in a key, or not sorted by `name + separator`.
        #expect(!batch(["a", "é"]).itemsInMessageOrder)
        #expect(!batch(["a'b", "b"]).itemsInMessageOrder)
        #expect(!batch(["a.b", "a"]).itemsInMessageOrder)
        for findings in [ordered, batch(["b", "a'", "a"]), batch(["e\u{301}", "\u{E9}", "d"])] {
            let all = (0 ..< findings.keys.count).map { Finding(findings, item: $0, severity: .warning) }
            for left in all {
                for right in all {
                    let expected = left.message == right.message ? 0 : left.message < right.message ? -1 : 1
                    #expect(Finding.compareMessages(left, right).signum() == expected)
                }
            }
        }
    }

    @Test func batchedFindingsSortLikeTheFindingsTheyStandFor() {
        let first = batch(["a", "a.b", "b", "c"]), second = batch(["b'", "a"], locale: "fr")
        let diagnostics = [
            Finding(first, item: 3, severity: .warning),
            Finding(second, item: 0, severity: .warning),
            Finding(first, item: 0, severity: .warning),
            Finding(first, item: 2, severity: .warning),
            // Equal to `first`'s item 1, which comes after it: this one stays.
            Finding(rule: "missing-translation", severity: .warning, message: "'a.b' is missing in locale 'de': users see the 'en' text",
                       location: SourceLocation(file: "/p/de.yml", line: 2, column: 1), key: "a.b", locale: "de"),
            Finding(first, item: 1, severity: .warning),
            Finding(second, item: 1, severity: .warning),
            Finding(first, item: 0, severity: .warning),
        ]
        // The same findings, each with fields of its own.
        let singles = diagnostics.map { finding in
            Finding(rule: finding.rule, severity: finding.severity, message: finding.message, location: finding.location,
                       file: finding.file, route: finding.route, key: finding.key, locale: finding.locale)
        }
        let keep = [Bool](repeating: true, count: diagnostics.count)
        var sorted = diagnostics, sortedSingles = singles
        Linter.sortUnique(&sorted, keep: keep)
        Linter.sortUnique(&sortedSingles, keep: keep)
        #expect(sorted == sortedSingles)
        #expect(sorted.count == 6)
    }

    @Test func printableASCIIIsFoundEightBytesAtATime() {
        func check(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(ReportText.isPrintableASCII) }
        #expect(check([]))
        #expect(check(Array("'about.x' is missing in locale 'de': users see the 'en' text".utf8)))
        // Every byte value, at every offset of a word and in the tail.
        for length in Array(1...17) + [21] {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    #expect(check(bytes) == (0x20...0x7E).contains(byte), "\(byte) at \(position) of \(length)")
                }
            }
        }
    }

    /// A suppression comment hides all of a batch's findings, and each counts as suppressed.
    @Test func aSuppressedBatchCountsEachFinding() throws {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "strings: [\"strings/*.yml\"]\nbase-locale: en\n",
            "strings/en.yml": "en:\n  a: A\n  b: B\n  c: C\n",
            "strings/de.yml": "# routekit:disable-next-line missing-translation\nde:\n  a: A\n",
            "strings/fr.yml": "fr:\n  b: B\n",
        ])
        let project = try directory.loadProject()
        let result = Linter.lint(project, selection: LintSelection(only: ["missing-translation"]))
        #expect(result.diagnostics.map(\.message) == [
            "'a' is missing in locale 'fr': users see the 'en' text",
            "'c' is missing in locale 'fr': users see the 'en' text",
        ])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.suppressedCount == 2)
    }
}
