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
            for index in range {
                let diagnostic = diagnostics[index]
                if let template = diagnostic.keyTemplate, let key = diagnostic.key {
                    let slot = runParts.slot(template.id) { RunParts(diagnostic, template, relative: &relative) }
                    runParts[slot].write(diagnostic, key: key, relative: &relative, into: &out)
                } else {
                    Self.write(diagnostic, relative: &relative, into: &out)
                }
                out.write(index == last ? "\n" : ",\n")
            }
        }
    }

    /// A run's findings differ only in their key (and maybe severity, and the place when placed
    /// by key): everything else of `write`'s bytes is made once per run, and the fingerprint's
    /// hash is fed up to the key (for a run placed by key, once per path). The bytes are
    /// `write`'s, piece for piece.
    private struct RunParts {
        let template: Finding.KeyTemplate
        let locale: String?
        let placed: Bool
        let rule: String
        let route: String?
        /// Up to the fingerprint's opening quote (not placed by key).
        var head = ReportBytes()
        /// The fingerprint fed with rule, path and route; placed by key, the path `hashPath`.
        var hash: StableHash.Stream
        var hashPath: String?
        /// Placed by key: the `file` member of the last path written.
        var fileMember: (path: String?, bytes: [UInt8]) = (nil, [])
        /// After the key's JSON string, up to the message's key (placed by key: after the line).
        var beforeMessageKey = ReportBytes()
        /// After the message's key, up to the severity.
        var tail = ReportBytes()

        init(_ diagnostic: Finding, _ template: Finding.KeyTemplate, relative: inout PerFileCache<String>) {
            self.template = template
            locale = diagnostic.locale
            placed = template.placedByKey
            rule = diagnostic.rule
            route = diagnostic.route
            let place = FindingPlace(diagnostic)
            let path = place.file.map { relative($0) }
            hash = StableHash.Stream()
            hash.addIdentityHead(rule: diagnostic.rule, path: path ?? "", route: diagnostic.route)
            hashPath = path
            if !placed {
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

        mutating func write(_ diagnostic: Finding, key: String, relative: inout PerFileCache<String>, into out: inout ReportBytes) {
            var line: Int?
            if placed {
                let place = FindingPlace(diagnostic)
                let path = place.file.map { relative($0) }
                out.write("    {\n")
                if let column = place.column { out.writeMember("column", number: column) }
                if let path {
                    // A run placed by key writes its file per finding: its member is kept.
                    if path != fileMember.path {
                        var member = ReportBytes()
                        member.writeMember("file", string: path)
                        fileMember = (path, member.bytes)
                    }
                    out.write(fileMember.bytes)
                }
                out.write("      \"fingerprint\": \"")
                if path != hashPath {
                    hash = StableHash.Stream()
                    hash.addIdentityHead(rule: rule, path: path ?? "", route: route)
                    hashPath = path
                }
                line = place.line
            } else {
                out.write(head.bytes)
            }
            var stream = hash
            stream.addIdentityTail(key: key, locale: locale) { stream in
                stream.add(template.messagePrefix)
                stream.add(key)
                stream.add(template.messageSuffix)
            }
            stream.write(into: &out)
            out.write("\",\n      \"key\": ")
            out.writeJSONString(key)
            if placed {
                out.write(",\n")
                if let line { out.writeMember("line", number: line) }
            }
            out.write(beforeMessageKey.bytes)
            out.writeJSONStringBody(key)
            out.write(tail.bytes)
            out.writeJSONString(diagnostic.severity.rawValue)
            out.write("\n    }")
        }
    }

    /// One finding at indent 4, members sorted: column, file, fingerprint, key, line, locale,
    /// message, route, rule, severity.
    private static func write(_ diagnostic: Finding, relative: inout PerFileCache<String>, into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        let path = place.file.map { relative($0) }
        out.write("    {\n")
        if let column = place.column { out.writeMember("column", number: column) }
        if let path { out.writeMember("file", string: path) }
        out.write("      \"fingerprint\": \"")
        diagnostic.fingerprintHash(relativePath: path ?? "").write(into: &out)
        out.write("\",\n")
        if let key = diagnostic.key { out.writeMember("key", string: key) }
        if let line = place.line { out.writeMember("line", number: line) }
        if let locale = diagnostic.locale { out.writeMember("locale", string: locale) }
        out.write("      \"message\": ")
        out.writeJSONMessage(diagnostic)
        out.write(",\n")
        if let route = diagnostic.route { out.writeMember("route", string: route) }
        out.write("      \"rule\": ")
        out.writeJSONString(diagnostic.rule)
        out.write(",\n      \"severity\": ")
        out.writeJSONString(diagnostic.severity.rawValue)
        out.write("\n    }")
    }
}

private extension ReportBytes {
    /// `      "name": number,` and a newline: a member of a finding, not the last.
    mutating func writeMember(_ name: String, number: Int) {
        write("      \"")
        write(name)
        write("\": ")
        writeNumber(number)
        write(",\n")
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
