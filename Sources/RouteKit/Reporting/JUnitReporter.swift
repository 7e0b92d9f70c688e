/// JUnit XML, for CI test-report views: one `<testsuite name="routekit.<rule>">` per rule that
/// found something (sorted by rule id), one `<testcase>` per finding with `file` and `line`
/// attributes. A finding at the failing level (an error; a warning too when `strict`) is a
/// `<failure>` whose `type` is the severity; any other finding is a passing testcase whose
/// `<system-out>` holds it, so the test view agrees with routekit's exit code (a warning does
/// not turn a Jenkins build UNSTABLE unless `--strict` would fail the run).
///
/// Testcase names are stable across edits: `file rule route key locale` (the parts a finding
/// has; `routekit` instead of a file for a project-wide finding), never a line number, made
/// unique with ` (2)`, ` (3)`… A clean run is one suite `routekit` with one passing testcase
/// `lint`, so CI still sees tests. Text is XML-escaped; characters XML 1.0 forbids (and other
/// control characters) are shown as visible `\u{…}` text, and line breaks in findings stay
/// character references, so no finding text starts a line of the file. Within a suite, findings
/// keep the given order.
public struct JUnitReporter: Reporter {
    public static let format = "junit"

    /// Warnings fail too (as `routekit lint --strict` does).
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let strict = self.strict
        let failures = report.diagnostics.reduce(0) { $0 + (Self.fails($1.severity, strict: strict) ? 1 : 0) }
        let tests = max(report.diagnostics.count, 1)
        out += "<testsuites name=\"routekit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if report.diagnostics.isEmpty {
            out += "  <testsuite name=\"routekit\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase name=\"lint\" classname=\"routekit\"/>\n"
            out += "  </testsuite>\n"
            out += "</testsuites>\n"
            return output.write(out)
        }
        // Names first, on all cores (they are the costly part); then, in one pass, group by rule
        // (sorted) and number repeated names: ` (n)` for the n-th finding of a rule with the same
        // name. A plain name ends with a name part, which can end with `)`, so numbering goes by
        // the plain name and a numbered name adds ` (n)` to it.
        let diagnostics = report.diagnostics
        let relativePath = report.relativePath
        let chunk = ChunkedRender.chunkSize
        // Only the names' hashes are kept (the name of the bytes `name` would give, fed piece by
        // piece); the writer writes the pieces. Names are made only to compare equal hashes.
        let nameHashes = Concurrent.map(count: (diagnostics.count + chunk - 1) / chunk) { part -> [UInt64] in
            var relative = PerFileCache(relativePath)
            // A run's names share all but the key: the hash is fed up to it once per run (placed
            // by key, once per run and file).
            var runStreams = RunPartsCache<ObjectIdentifier, (file: PlacedFileKey?, stream: StableHash.Stream)>()
            var hashes: [UInt64] = []
            hashes.reserveCapacity(chunk)
            for index in part * chunk..<min(diagnostics.count, (part + 1) * chunk) {
                let diagnostic = diagnostics[index]
                if let (template, key) = diagnostic.keyRun {
                    // Placed by key, the name starts with the key's file: known by its index.
                    let file = FindingPlace.placedByKey(diagnostic)?.file
                    func head() -> (file: PlacedFileKey?, stream: StableHash.Stream) {
                        var stream = StableHash.Stream()
                        Self.forEachNamePieceBeforeKey(diagnostic, relative: &relative) { stream.add($0) }
                        return (file, stream)
                    }
                    let slot = runStreams.slot(template.id, make: head)
                    if template.placedByKey, runStreams[slot].file != file { runStreams[slot] = head() }
                    var stream = runStreams[slot].stream
                    stream.add(key)
                    if let locale = diagnostic.locale { stream.add(" "); stream.add(locale) }
                    hashes.append(stream.hash)
                    continue
                }
                var stream = StableHash.Stream()
                Self.forEachNamePiece(diagnostic, relative: &relative) { stream.add($0) }
                hashes.append(stream.hash)
            }
            return hashes
        }.flatMap { $0 }
        var nameMemo = PerFileCache(relativePath)
        func sameName(_ a: Int, _ b: Int) -> Bool {
            Self.name(diagnostics[a], relative: &nameMemo) == Self.name(diagnostics[b], relative: &nameMemo)
        }
        // Findings come in runs of one rule: the rule's list is looked up once per run.
        var byRule: [String: [Int]] = [:]
        var run: (rule: String, indexes: [Int])?
        for index in diagnostics.indices {
            let rule = diagnostics[index].rule
            if run?.rule != rule {
                if let run { byRule[run.rule, default: []] += run.indexes }
                run = (rule, [])
            }
            run!.indexes.append(index)
        }
        if let run { byRule[run.rule, default: []] += run.indexes }
        var cases: [(finding: Int, occurrence: Int)] = []
        cases.reserveCapacity(diagnostics.count)
        var groups: [(rule: String, suite: String, start: Int, end: Int, failures: Int)] = []
        for rule in byRule.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let start = cases.count
            let findings = byRule[rule]!
            var seen = NameCounter(capacity: findings.count)
            var failing = 0
            for finding in findings {
                let occurrence = seen.count(finding, hash: Int(truncatingIfNeeded: nameHashes[finding])) { sameName($0, finding) }
                cases.append((finding, occurrence))
                if Self.fails(diagnostics[finding].severity, strict: strict) { failing += 1 }
            }
            groups.append((rule, XMLText.attribute("routekit." + rule), start, cases.count, failing))
        }
        var groupOf = [Int](repeating: 0, count: cases.count)
        for (index, group) in groups.enumerated() { for position in group.start..<group.end { groupOf[position] = index } }
        // Escaping and writing run in chunks on all cores, straight into the byte buffers (no
        // String per escaped piece); suite tags depend only on the index.
        let allCases = cases
        let allGroups = groups, groupIndex = groupOf
        ChunkedRender.render(count: allCases.count, head: Array(out.utf8), tail: Array("</testsuites>\n".utf8), into: output) { range, bytes in
            var relative = PerFileCache(relativePath)
            // A finding of no run, its message in pieces (a run's findings are `RunCase`s).
            func writeMessage(_ diagnostic: Finding, quotes: Bool) {
                diagnostic.forEachMessagePiece { bytes.writeXML($0, quotes: quotes) }
            }
            var runCases = RunPartsCache<RunKey, RunCase>()
            // Placed by key, the file is written per finding (three times): escaped once a file.
            var placedFile = PlacedFileCache { file -> PlacedFile in
                let path = relativePath(file)
                var attribute = ReportBytes(), text = ReportBytes()
                attribute.writeXML(path, quotes: true)
                text.writeXML(path, quotes: false)
                return PlacedFile(attribute: attribute.bytes, text: text.bytes)
            }
            // The suite of the findings at hand, fetched when it changes (its strings are shared by both cores).
            var groupNumber = groupIndex[range.lowerBound]
            var group = allGroups[groupNumber]
            for index in range {
                if groupIndex[index] != groupNumber {
                    groupNumber = groupIndex[index]
                    group = allGroups[groupNumber]
                }
                if index == group.start {
                    bytes.write("  <testsuite name=\"")
                    bytes.write(group.suite)
                    bytes.write("\" tests=\"")
                    bytes.writeNumber(group.end - group.start)
                    bytes.write("\" failures=\"")
                    bytes.writeNumber(group.failures)
                    bytes.write("\" errors=\"0\" skipped=\"0\">\n")
                }
                let (finding, occurrence) = allCases[index]
                let diagnostic = diagnostics[finding]
                // A run's key is written where it is stored (no String a finding).
                if let (template, key) = diagnostic.keyRun {
                    let slot = runCases.slot(RunKey(template: template.id, severity: diagnostic.severity)) {
                        RunCase(diagnostic, template, suite: group.suite, rule: group.rule, strict: strict, relative: &relative)
                    }
                    runCases[slot].write(diagnostic, key: key, occurrence: occurrence, placedFile: &placedFile, into: &bytes)
                    if index == group.end - 1 { bytes.write("  </testsuite>\n") }
                    continue
                }
                let place = FindingPlace(diagnostic)
                let file = place.file.map { relative($0) }
                // One physical line per detail; breaks inside untrusted text stay `&#10;`.
                bytes.write("    <testcase name=\"")
                Self.forEachNamePiece(diagnostic, relative: &relative) { bytes.writeXML($0, quotes: true) }
                if occurrence > 1 {
                    bytes.write(" (")
                    bytes.writeNumber(occurrence)
                    bytes.write(")")
                }
                bytes.write("\" classname=\"")
                bytes.write(group.suite)
                if let file {
                    bytes.write("\" file=\"")
                    bytes.writeXML(file, quotes: true)
                    if let line = place.line {
                        bytes.write("\" line=\"")
                        bytes.writeNumber(line)
                    }
                }
                let fails = Self.fails(diagnostic.severity, strict: strict)
                if fails {
                    bytes.write("\">\n      <failure message=\"")
                    writeMessage(diagnostic, quotes: true)
                    bytes.write("\" type=\"")
                    bytes.write(diagnostic.severity.rawValue)
                    bytes.write("\">")
                } else {
                    bytes.write("\">\n      <system-out>")
                }
                Self.writeTextStart(file: file, place, diagnostic.severity, into: &bytes)
                writeMessage(diagnostic, quotes: false)
                bytes.write(" [")
                bytes.writeXML(group.rule, quotes: false)
                bytes.write("]")
                if let route = diagnostic.route { bytes.write("\nroute: "); bytes.writeXML(route, quotes: false) }
                if let key = diagnostic.key { bytes.write("\nkey: "); bytes.writeXML(key, quotes: false) }
                if let locale = diagnostic.locale { bytes.write("\nlocale: "); bytes.writeXML(locale, quotes: false) }
                bytes.write(fails ? "</failure>\n    </testcase>\n" : "</system-out>\n    </testcase>\n")
                if index == group.end - 1 { bytes.write("  </testsuite>\n") }
            }
        }
    }

    /// Counts equal names with their hashes already made (on all cores): an open-addressing
    /// table of finding indexes, where only names with equal hashes are compared.
    struct NameCounter {
        private var slots: [Int32]
        private var hashes: [Int]
        private var counts: [Int32]
        private let mask: Int

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size *= 2 }
            slots = [Int32](repeating: -1, count: size)
            hashes = [Int](repeating: 0, count: size)
            counts = [Int32](repeating: 0, count: size)
            mask = size - 1
        }

        /// How many names so far equal `finding`'s, this one included.
        mutating func count(_ finding: Int, hash: Int, sameName: (Int) -> Bool) -> Int {
            var slot = hash & mask
            while slots[slot] >= 0 {
                if hashes[slot] == hash && sameName(Int(slots[slot])) {
                    counts[slot] += 1
                    return Int(counts[slot])
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(finding)
            hashes[slot] = hash
            counts[slot] = 1
            return 1
        }
    }

    /// True when a finding of `severity` fails the run (and so its testcase).
    static func fails(_ severity: Severity, strict: Bool) -> Bool {
        severity == .error || (strict && severity == .warning)
    }

    /// `file rule route key locale`: what the finding is about, without a line number (lines move
    /// with every edit; a CI system tracks a test's history by its name).
    static func name(_ diagnostic: Finding, relative: inout PerFileCache<String>) -> String {
        var name = ""
        forEachNamePiece(diagnostic, relative: &relative) { name += $0 }
        return name
    }

    /// A finding's text up to its message: `file:line:column: severity: ` (or `routekit: …`),
    /// escaped piece by piece (numbers need none).
    static func writeTextStart(file: String?, _ place: FindingPlace, _ severity: Severity, into bytes: inout ReportBytes) {
        if let file { bytes.writeXML(file, quotes: false) } else { bytes.write("routekit") }
        writeLineAndSeverity(file == nil ? nil : place, severity, into: &bytes)
    }

    /// What follows the file (or `routekit`) in a finding's text: `:line:column` when it has a
    /// place in a file, then `: severity: `.
    static func writeLineAndSeverity(_ place: FindingPlace?, _ severity: Severity, into bytes: inout ReportBytes) {
        if let place, let line = place.line, let column = place.column {
            bytes.write(":")
            bytes.writeNumber(line)
            bytes.write(":")
            bytes.writeNumber(column)
        }
        bytes.write(": ")
        bytes.write(severity.rawValue)
        bytes.write(": ")
    }

    /// `name` in pieces (parts and the spaces between them), without joining them.
    static func forEachNamePiece(_ diagnostic: Finding, relative: inout PerFileCache<String>, _ body: (String) -> Void) {
        forEachNamePieceBeforeKey(diagnostic, relative: &relative, body)
        if let key = diagnostic.key { body(key) }
        if let locale = diagnostic.locale { body(" "); body(locale) }
    }

    /// The name up to its key: `file rule route ` (the space before the key included when there
    /// is a key).
    static func forEachNamePieceBeforeKey(_ diagnostic: Finding, relative: inout PerFileCache<String>, _ body: (String) -> Void) {
        body(FindingPlace(diagnostic).file.map { relative($0) } ?? "routekit")
        body(" ")
        body(diagnostic.rule)
        if let route = diagnostic.route { body(" "); body(route) }
        if diagnostic.key != nil { body(" ") }
    }

    /// A file's path relative to the report's root, escaped for an attribute and for text.
    struct PlacedFile {
        var attribute: [UInt8]
        var text: [UInt8]
    }

    /// A run at one severity.
    struct RunKey: Equatable {
        var template: ObjectIdentifier
        var severity: Severity
    }

    /// A run's testcases differ only in their key, occurrence and severity (and the place, placed
    /// by key): everything else of the testcase's bytes is made once (for one severity), in the
    /// pieces between the key's four places (name, failure message, message text, `key:` line)
    /// and, placed by key, the place's three (the name's file, the `file`/`line` attributes and
    /// the text's `file:line:column`), written per finding.
    final class RunCase {
        let template: Finding.KeyTemplate
        let severity: Severity
        let fails: Bool
        let placed: Bool

        /// The pieces, one after another in `pieces` (one buffer: written from per finding, eight
        /// arrays were eight retains a finding).
        private enum Piece: Int {
            /// `    <testcase name="file rule route ` (escaped); placed by key, ` rule route ` after the file.
            case nameHead
            /// ` locale` of the name.
            case nameTail
            /// From the name's closing quote to the first message key (attribute, or text); placed
            /// by key, up to the `file` attribute.
            case afterName
            /// Placed by key: after the `line` attribute, up to the first message key (attribute, or text).
            case afterPlace
            /// When failing: from the attribute message's key to the text message's key (placed
            /// by key: to the text's place).
            case afterAttributeMessage
            /// Placed by key: the message's prefix, after the text's place.
            case textPrefix
            /// From the text message's key to the `key:` line's key.
            case afterTextMessage
            /// After the `key:` line's key to the end of the testcase.
            case end
        }
        private let pieces: [UInt8]
        /// Where each piece ends in `pieces`.
        private let ends: SIMD8<Int32>

        init(_ diagnostic: Finding, _ template: Finding.KeyTemplate, suite: String, rule: String, strict: Bool,
             relative: inout PerFileCache<String>) {
            self.template = template
            severity = diagnostic.severity
            placed = template.placedByKey
            fails = JUnitReporter.fails(diagnostic.severity, strict: strict)
            var nameHead = ReportBytes(), nameTail = ReportBytes(), afterName = ReportBytes(), afterPlace = ReportBytes()
            var afterAttributeMessage = ReportBytes(), textPrefix = ReportBytes(), afterTextMessage = ReportBytes()
            var end = ReportBytes()
            let place = FindingPlace(diagnostic)
            let file = place.file.map { relative($0) }
            var head = ReportBytes()
            if placed {
                // The pieces after the file's: ` rule route `.
                var skipped = false
                JUnitReporter.forEachNamePieceBeforeKey(diagnostic, relative: &relative) { piece in
                    if skipped { head.writeXML(piece, quotes: true) } else { skipped = true }
                }
                nameHead.write(head)
            } else {
                nameHead.write("    <testcase name=\"")
                JUnitReporter.forEachNamePieceBeforeKey(diagnostic, relative: &relative) { head.writeXML($0, quotes: true) }
                nameHead.write(head)
            }
            if let locale = diagnostic.locale { nameTail.write(" "); nameTail.writeXML(locale, quotes: true) }
            afterName.write("\" classname=\"")
            afterName.write(suite)
            var textStart = ReportBytes()
            if !placed {
                if let file {
                    afterName.write("\" file=\"")
                    afterName.writeXML(file, quotes: true)
                    if let line = place.line {
                        afterName.write("\" line=\"")
                        afterName.writeNumber(line)
                    }
                }
                JUnitReporter.writeTextStart(file: file, place, severity, into: &textStart)
                textStart.writeXML(template.messagePrefix, quotes: false)
            } else {
                textPrefix.writeXML(template.messagePrefix, quotes: false)
            }
            var opening = ReportBytes()
            if fails {
                opening.write("\">\n      <failure message=\"")
                opening.writeXML(template.messagePrefix, quotes: true)
                afterAttributeMessage.writeXML(template.messageSuffix, quotes: true)
                afterAttributeMessage.write("\" type=\"")
                afterAttributeMessage.write(severity.rawValue)
                afterAttributeMessage.write("\">")
                afterAttributeMessage.write(textStart)
            } else {
                opening.write("\">\n      <system-out>")
                opening.write(textStart)
            }
            if placed { afterPlace.write(opening) } else { afterName.write(opening) }
            afterTextMessage.writeXML(template.messageSuffix, quotes: false)
            afterTextMessage.write(" [")
            afterTextMessage.writeXML(rule, quotes: false)
            afterTextMessage.write("]")
            if let route = diagnostic.route { afterTextMessage.write("\nroute: "); afterTextMessage.writeXML(route, quotes: false) }
            afterTextMessage.write("\nkey: ")
            if let locale = diagnostic.locale { end.write("\nlocale: "); end.writeXML(locale, quotes: false) }
            end.write(fails ? "</failure>\n    </testcase>\n" : "</system-out>\n    </testcase>\n")
            var all: [UInt8] = []
            var ends = SIMD8<Int32>()
            for (index, piece) in [nameHead, nameTail, afterName, afterPlace, afterAttributeMessage, textPrefix, afterTextMessage, end]
                .enumerated() {
                all += piece.bytes
                ends[index] = Int32(all.count)
            }
            pieces = all
            self.ends = ends
        }

        func write(_ diagnostic: Finding, key: UnsafeBufferPointer<UInt8>, occurrence: Int, placedFile: inout PlacedFileCache<PlacedFile>,
                   into bytes: inout ReportBytes) {
            // The key is written four times: told once whether it needs escaping (most keys do
            // not, and are then copied as they are; escaping it each time was 300 instructions).
            let plainKey = ReportBytes.xmlSpecials(key) == false
            func writeKey(quotes: Bool) {
                if plainKey { bytes.write(key) } else { bytes.writeXML(bytes: key, quotes: quotes) }
            }
            pieces.withUnsafeBufferPointer { pieces in
                let ends = self.ends
                func write(_ piece: Piece) {
                    let start = piece.rawValue == 0 ? 0 : Int(ends[piece.rawValue - 1])
                    bytes.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(pieces)[start ..< Int(ends[piece.rawValue])]))
                }
                var place: FindingPlace?
                var file: PlacedFile?
                if placed {
                    let placed = FindingPlace.placedByKey(diagnostic)
                    place = placed?.place ?? FindingPlace(diagnostic)
                    file = placed.flatMap { placedFile(diagnostic, $0.file) }
                    bytes.write("    <testcase name=\"")
                    if let file { bytes.write(file.attribute) } else { bytes.write("routekit") }
                }
                write(.nameHead)
                writeKey(quotes: true)
                write(.nameTail)
                if occurrence > 1 {
                    bytes.write(" (")
                    bytes.writeNumber(occurrence)
                    bytes.write(")")
                }
                write(.afterName)
                /// `file:line:column: severity: ` and the message's prefix, as `writeTextStart` writes them.
                func writeTextStart(_ place: FindingPlace) {
                    if let file { bytes.write(file.text) } else { bytes.write("routekit") }
                    JUnitReporter.writeLineAndSeverity(file == nil ? nil : place, severity, into: &bytes)
                    write(.textPrefix)
                }
                if let place {
                    if let file {
                        bytes.write("\" file=\"")
                        bytes.write(file.attribute)
                        if let line = place.line {
                            bytes.write("\" line=\"")
                            bytes.writeNumber(line)
                        }
                    }
                    write(.afterPlace)
                    if !fails { writeTextStart(place) }
                }
                if fails {
                    writeKey(quotes: true)
                    write(.afterAttributeMessage)
                    if let place { writeTextStart(place) }
                }
                writeKey(quotes: false)
                write(.afterTextMessage)
                writeKey(quotes: false)
                write(.end)
            }
        }
    }
}
