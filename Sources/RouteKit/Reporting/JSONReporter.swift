/// The stable machine-readable report (DESIGN.md, "JSON report"):
///
///     {"summary": {"errors", "warnings", "infos", "files", "routes", "locales"},
///      "diagnostics": [{"rule", "severity", "message", "file", "line", "column",
///                       "route"?, "key"?, "locale"?, "fingerprint"}]}
///
/// `file` is relative to the config file's directory; `line`/`column` are 1-based (columns in
/// Unicode code points) and left out when unknown, as are `file` (a project-wide finding),
/// `route`, `key` and `locale` when absent. `fingerprint` is `Finding.fingerprint(relativeTo:)`.
/// When a baseline was applied, an extra `"baseline": {"suppressed", "stale": [entries]}` member
/// is added. Keys are sorted and the output is pretty-printed the same way every time.
public struct JSONReporter: Reporter {
    public static let format = "json"

    public init() {}

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        // Written directly, in the exact bytes `JSONValue.rendered()` gives for the document
        // (keys sorted, two-space indentation), findings in chunks on all cores.
        let summary = report.summary
        var head = ""
        head += "{\n"
        if let baseline = report.baseline {
            let entries = baseline.stale.map { $0.json(alwaysCount: true) }
            head += "  \"baseline\": "
            JSONValue.object(["suppressed": .int(baseline.suppressed), "stale": .array(entries)]).write(into: &head, indent: 2)
            head += ",\n"
        }
        head += "  \"diagnostics\": "
        var tail = ""
        if report.diagnostics.isEmpty {
            head += "[]"
        } else {
            head += "[\n"
            tail += "  ]"
        }
        tail += ",\n  \"summary\": "
        JSONValue.object([
            "errors": .int(summary.errors),
            "warnings": .int(summary.warnings),
            "infos": .int(summary.infos),
            "files": .int(summary.files),
            "routes": .int(summary.routes),
            "locales": .int(summary.locales),
        ]).write(into: &tail, indent: 2)
        tail += "\n}\n"
        let diagnostics = report.diagnostics
        let root = report.root
        let last = diagnostics.count - 1
        ChunkedRender.render(count: diagnostics.count, head: Array(head.utf8), tail: Array(tail.utf8), into: output) { range, out in
            var relative = PerFileCache { PathUtilities.relative($0, to: root) }
            var runParts = RunPartsCache<ObjectIdentifier, RunParts>()
            var keyPlace = KeyPlaceParts()
            var message: [UInt8] = []
            for index in range {
                let diagnostic = diagnostics[index]
                if let template = diagnostic.keyTemplate {
                    let slot = runParts.slot(template.id) { RunParts(diagnostic, template, relative: &relative) }
                    if let (batch, item) = diagnostic.placedItem {
                        runParts[slot].write(diagnostic, batch: batch, item: item, place: &keyPlace, relative: &relative, into: &out)
                    } else if let key = diagnostic.key {
                        runParts[slot].write(diagnostic, key: key, into: &out)
                    } else {
                        Self.write(diagnostic, relative: &relative, message: &message, into: &out)
                    }
                } else {
                    Self.write(diagnostic, relative: &relative, message: &message, into: &out)
                }
                out.write(index == last ? "\n" : ",\n")
            }
        }
    }

    /// A run's findings differ only in their key (and maybe severity, and the place when placed
    /// by key): everything else of `write`'s bytes is made once per run, and the fingerprint's
    /// hash is fed up to the key (for a run placed by key, what depends on the place and key is
    /// made once per key: `KeyPlaceParts`). The bytes are `write`'s, piece for piece.
    private struct RunParts {
        let template: Finding.KeyTemplate
        let locale: String?
        let rule: String
        let route: String?
        /// Up to the fingerprint's opening quote (not placed by key).
        var head = ReportBytes()
        /// The fingerprint fed with rule, path and route (not placed by key).
        var hash: StableHash.Stream
        /// The identity's bytes after the key (placed by key): 0x1F, the locale, 0x1F and the
        /// message up to its key.
        var hashAfterKey: [UInt8] = []
        /// After the key's JSON string, up to the message's key (placed by key: after the line).
        var beforeMessageKey = ReportBytes()
        /// After the message's key, up to the severity.
        var tail = ReportBytes()

        init(_ diagnostic: Finding, _ template: Finding.KeyTemplate, relative: inout PerFileCache<String>) {
            self.template = template
            locale = diagnostic.locale
            rule = diagnostic.rule
            route = diagnostic.route
            hash = StableHash.Stream()
            if template.placedByKey {
                hashAfterKey = StableHash.Stream.identityBytesAfterKey(locale: locale, messagePrefix: template.messagePrefix)
            } else {
                let place = FindingPlace(diagnostic)
                let path = place.file.map { relative($0) }
                hash.addIdentityHead(rule: diagnostic.rule, path: path ?? "", route: diagnostic.route)
                head.write("    {\n")
                if let column = place.column { head.writeMember("column", number: column) }
                if let path { head.writeMember("file", string: path) }
                head.write("      \"fingerprint\": \"")
                beforeMessageKey.write(",\n")
                if let line = place.line { beforeMessageKey.writeMember("line", number: line) }
            }
            if let locale { beforeMessageKey.writeMember("locale", string: locale) }
            beforeMessageKey.write("      \"message\": \"")
            beforeMessageKey.writeJSONStringBody(template.messagePrefix)
            tail.writeJSONStringBody(template.messageSuffix)
            tail.write("\",\n")
            if let route = diagnostic.route { tail.writeMember("route", string: route) }
            tail.write("      \"rule\": ")
            tail.writeJSONString(diagnostic.rule)
            tail.write(",\n      \"severity\": ")
        }

        /// A finding of a run at one place.
        mutating func write(_ diagnostic: Finding, key: String, into out: inout ReportBytes) {
            out.write(head)
            var stream = hash
            stream.addIdentityTail(key: key, locale: locale) { stream in
                stream.add(template.messagePrefix)
                stream.add(key)
                stream.add(template.messageSuffix)
            }
            stream.write(into: &out)
            out.write("\",\n      \"key\": ")
            out.writeJSONString(key)
            out.write(beforeMessageKey)
            out.writeJSONStringBody(key)
            out.write(tail)
            out.writeSeverity(diagnostic.severity)
        }

        /// A finding placed by key: item `item` of `batch`. Its place's parts are `place`'s when
        /// the finding before was at the same key (made again otherwise).
        mutating func write(_ diagnostic: Finding, batch: FindingBatch, item: Int, place: inout KeyPlaceParts,
                   relative: inout PerFileCache<String>, into out: inout ReportBytes) {
            place.update(batch: batch, item: item, rule: rule, route: route, relative: &relative)
            out.write(place.head)
            var stream = place.hash
            stream.add(hashAfterKey)
            stream.add(place.key)
            stream.add(template.messageSuffix)
            stream.write(into: &out)
            out.write(place.middle)
            out.write(beforeMessageKey)
            out.write(place.keyBody)
            out.write(tail)
            out.writeSeverity(diagnostic.severity)
        }
    }

    /// What a finding placed by key writes that depends only on its place, key, rule and route:
    /// one key's findings in several locales follow each other, and share these bytes.
    private struct KeyPlaceParts {
        private var keys: ObjectIdentifier?
        private var item = -1
        private var rule = ""
        private var route: String?
        private(set) var key = ""
        /// `{`, column, file, up to the fingerprint's opening quote.
        private(set) var head = ReportBytes()
        /// The fingerprint fed with rule, path, route and key.
        private(set) var hash = StableHash.Stream()
        /// The fingerprint's closing quote, the key, the line.
        private(set) var middle = ReportBytes()
        /// The key as the message shows it, JSON-escaped.
        private(set) var keyBody: [UInt8] = []

        mutating func update(batch: FindingBatch, item: Int, rule: String, route: String?, relative: inout PerFileCache<String>) {
            let keys = ObjectIdentifier(batch.keys)
            if keys == self.keys, item == self.item, rule == self.rule, route == self.route { return }
            self.keys = keys
            self.item = item
            self.rule = rule
            self.route = route
            key = batch.keys[item]
            let place = FindingPlace(batch: batch, item: item)
            let path = place.file.map { relative($0) }
            head = ReportBytes()
            head.write("    {\n")
            if let column = place.column { head.writeMember("column", number: column) }
            if let path { head.writeMember("file", string: path) }
            head.write("      \"fingerprint\": \"")
            hash = StableHash.Stream()
            hash.addIdentityHead(rule: rule, path: path ?? "", route: route)
            hash.add(key)
            middle = ReportBytes()
            middle.write("\",\n      \"key\": ")
            middle.writeJSONString(key)
            middle.write(",\n")
            if let line = place.line { middle.writeMember("line", number: line) }
            var body = ReportBytes()
            body.writeJSONStringBody(key)
            keyBody = body.bytes
        }
    }

    /// One finding at indent 4, members sorted: column, file, fingerprint, key, line, locale,
    /// message, route, rule, severity.
    /// The message is gathered from its pieces once into `message` (a scratch buffer): its
    /// fingerprint and its JSON are made from the same bytes, and a rule's message made when
    /// asked is made once.
    private static func write(_ diagnostic: Finding, relative: inout PerFileCache<String>, message: inout [UInt8],
                              into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        let path = place.file.map { relative($0) }
        let rule = diagnostic.rule, route = diagnostic.route, key = diagnostic.key, locale = diagnostic.locale
        message.removeAll(keepingCapacity: true)
        diagnostic.forEachMessagePiece { message.append(contentsOf: $0.utf8) }
        out.write("    {\n")
        if let column = place.column { out.writeMember("column", number: column) }
        if let path { out.writeMember("file", string: path) }
        out.write("      \"fingerprint\": \"")
        var stream = StableHash.Stream()
        stream.addIdentityHead(rule: rule, path: path ?? "", route: route)
        stream.addIdentityTail(key: key, locale: locale) { $0.add(message) }
        stream.write(into: &out)
        out.write("\",\n")
        if let key { out.writeMember("key", string: key) }
        if let line = place.line { out.writeMember("line", number: line) }
        if let locale { out.writeMember("locale", string: locale) }
        out.write("      \"message\": \"")
        out.writeJSONStringBody(utf8: message)
        out.write("\",\n")
        if let route { out.writeMember("route", string: route) }
        out.write("      \"rule\": ")
        out.writeJSONString(rule)
        out.write(",\n      \"severity\": ")
        out.writeSeverity(diagnostic.severity)
    }
}

private extension ReportBytes {
    /// `      "name": number,` and a newline: a member of a finding, not the last.
    mutating func writeMember(_ name: StaticString, number: Int) {
        writeLiteral("      \"")
        writeLiteral(name)
        writeLiteral("\": ")
        writeNumber(number)
        write(UInt8(ascii: ","))
        write(UInt8(ascii: "\n"))
    }

    /// The severity as a JSON string, the finding's last member, and the finding's closing brace.
    mutating func writeSeverity(_ severity: Severity) {
        switch severity {
        case .error: writeLiteral("\"error\"\n    }")
        case .warning: writeLiteral("\"warning\"\n    }")
        case .info: writeLiteral("\"info\"\n    }")
        }
    }

    /// `      "name": "string",` and a newline: a member of a finding, not the last.
    mutating func writeMember(_ name: String, string: String) {
        write("      \"")
        write(name)
        write("\": ")
        writeJSONString(string)
        write(",\n")
    }
}
