import FoundationEssentials

/// SARIF 2.1.0, for code scanning (GitHub, GitLab, IDEs).
///
/// One run whose `tool.driver` lists `report.rules`: `name` (the id in PascalCase),
/// `shortDescription` = summary, `fullDescription` = rationale, `help` = how to fix, `helpUri` =
/// the rule's documentation, `defaultConfiguration.level` = error/warning/note (or `none` for a
/// rule that is off by default), and in `properties` the `tags`, `precision` and
/// `problem.severity` GitHub shows. Each result has `ruleId` (and `ruleIndex` when the rule is
/// listed), `level` (info → `note`), the message, a location relative to `%SRCROOT%` with a
/// region only when the line is known (with `endLine`/`endColumn` when the finding's location
/// has an extent, such as the YAML key or value it points at), and `partialFingerprints["routekitFingerprint/v1"]`.
///
/// `%SRCROOT%` is the repository root (the git top level) when the project is in a git working
/// tree, else the config file's directory; `originalUriBaseIds` gives its absolute URI. GitHub
/// resolves artifact URIs against the repository root, so a project in `mobile/` reports
/// `mobile/routes.yml`. Columns count Unicode code points (`columnKind`). A project-wide finding
/// is placed at the config file when the report names one, else it has no location. Route, key
/// and locale go in the result's property bag.
///
/// Results come errors first, then warnings, then notes (each in the given order), and stop at
/// `maxResults` (GitHub accepts at most 25,000 per run); how many were left out is recorded in
/// `invocations[0].toolExecutionNotifications`.
public struct SARIFReporter: Reporter {
    public static let format = "sarif"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let fingerprintKey = "routekitFingerprint/v1"
    public static let rootBaseID = "%SRCROOT%"
    /// GitHub code scanning rejects a run with more results than this.
    public static let gitHubResultLimit = 25_000
    /// Where `helpUri` points: the rule's documentation, `<base><id>.yml`.
    public static let ruleDocumentationBase = RouteKitInfo.informationURI + "/blob/main/lint-rules/"

    /// Results after which the rest are left out (and counted in a notification).
    public var maxResults: Int

    public init(maxResults: Int = SARIFReporter.gitHubResultLimit) {
        self.maxResults = maxResults
    }

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in report.rules.enumerated() where ruleIndex[rule.id] == nil {
            ruleIndex[rule.id] = index
        }
        let driver: [String: JSONValue] = [
            "name": .string(RouteKitInfo.name),
            "version": .string(RouteKitInfo.version),
            "semanticVersion": .string(RouteKitInfo.version),
            "informationUri": .string(RouteKitInfo.informationURI),
            "rules": .array(report.rules.map(rule)),
        ]
        let cwd = FileManager.default.currentDirectoryPath
        let hostRoot = PathUtilities.join(cwd, report.hostRoot)
        var rootURI = "file://" + Self.percentEncoded(hostRoot)
        if !rootURI.hasSuffix("/") { rootURI += "/" }
        let order = Self.resultOrder(report.diagnostics, limit: maxResults)
        let leftOut = report.diagnostics.count - order.count
        // Written directly, in the exact bytes `JSONValue.rendered()` gives for the document
        // (keys sorted, two-space indentation), results in chunks on all cores.
        var head = "{\n  \"$schema\": "
        JSONValue.writeString(Self.schemaURI, into: &head)
        head += ",\n  \"runs\": [\n    {\n      \"columnKind\": \"unicodeCodePoints\",\n"
        if leftOut > 0 {
            head += "      \"invocations\": "
            JSONValue.array([Self.cappedInvocation(total: report.diagnostics.count, shown: order.count)])
                .write(into: &head, indent: 6)
            head += ",\n"
        }
        head += "      \"originalUriBaseIds\": "
        JSONValue.object([Self.rootBaseID: .object(["uri": .string(rootURI)])]).write(into: &head, indent: 6)
        head += ",\n      \"results\": "
        var tail = ""
        if order.isEmpty {
            head += "[]"
        } else {
            head += "[\n"
            tail += "      ]"
        }
        tail += ",\n      \"tool\": "
        JSONValue.object(["driver": .object(driver)]).write(into: &tail, indent: 6)
        tail += "\n    }\n  ],\n  \"version\": \"2.1.0\"\n}\n"
        let diagnostics = report.diagnostics
        let root = report.root
        let configFile = report.configFile
        let last = order.count - 1
        let indexes = ruleIndex
        ChunkedRender.render(count: order.count, head: Array(head.utf8), tail: Array(tail.utf8), into: output) { range, out in
            var relative = PerFileCache { PathUtilities.relative($0, to: root) }
            // The artifact location's members, as JSON text, once per file.
            var artifact = PerFileCache { file in
                let path = PathUtilities.relative(file, to: hostRoot)
                var text = ""
                if path.hasPrefix("/") {
                    JSONValue.writeString("file://" + Self.percentEncoded(path), into: &text)
                } else {
                    JSONValue.writeString(Self.percentEncoded(path), into: &text)
                    text += ",\n                  \"uriBaseId\": "
                    JSONValue.writeString(Self.rootBaseID, into: &text)
                }
                return text
            }
            for index in range {
                Self.writeResult(diagnostics[Int(order[index])], ruleIndex: indexes, configFile: configFile,
                                 relative: &relative, artifact: &artifact, into: &out)
                out.write(index == last ? "\n" : ",\n")
            }
        }
    }

    /// One result at indent 8, members sorted: level, locations, message, partialFingerprints,
    /// properties, ruleId, ruleIndex.
    private static func writeResult(_ diagnostic: Finding, ruleIndex: [String: Int], configFile: String?,
                                    relative: inout PerFileCache<String>, artifact: inout PerFileCache<String>, into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        out.write("        {\n          \"level\": \"")
        out.write(level(diagnostic.severity))
        out.write("\",\n")
        if let file = place.file ?? configFile {
            out.write("          \"locations\": [\n            {\n              \"physicalLocation\": {\n                \"artifactLocation\": {\n                  \"uri\": ")
            out.write(artifact(file))
            out.write("\n                }")
            if let line = place.line, let column = place.column {
                out.write(",\n                \"region\": {\n")
                if let endLine = place.endLine, let endColumn = place.endColumn {
                    out.write("                  \"endColumn\": ")
                    out.writeNumber(endColumn)
                    out.write(",\n                  \"endLine\": ")
                    out.writeNumber(endLine)
                    out.write(",\n")
                }
                out.write("                  \"startColumn\": ")
                out.writeNumber(column)
                out.write(",\n                  \"startLine\": ")
                out.writeNumber(line)
                out.write("\n                }")
            }
            out.write("\n              }\n            }\n          ],\n")
        }
        out.write("          \"message\": {\n            \"text\": ")
        out.writeJSONMessage(diagnostic)
        out.write("\n          },\n          \"partialFingerprints\": {\n            ")
        out.writeJSONString(fingerprintKey)
        out.write(": \"")
        let fingerprintPath = place.file.map { relative($0) } ?? ""
        diagnostic.fingerprintHash(relativePath: fingerprintPath).write(into: &out)
        out.write("\"\n          },\n")
        if diagnostic.route != nil || diagnostic.key != nil || diagnostic.locale != nil {
            out.write("          \"properties\": {\n")
            var first = true
            for (name, value) in [("key", diagnostic.key), ("locale", diagnostic.locale), ("route", diagnostic.route)] {
                guard let value else { continue }
                if !first { out.write(",\n") }
                first = false
                out.write("            \"")
                out.write(name)
                out.write("\": ")
                out.writeJSONString(value)
            }
            out.write("\n          },\n")
        }
        out.write("          \"ruleId\": ")
        out.writeJSONString(diagnostic.rule)
        if let index = ruleIndex[diagnostic.rule] {
            out.write(",\n          \"ruleIndex\": ")
            out.writeNumber(index)
        }
        out.write("\n        }")
    }

    /// Indexes of the findings to report: errors, then warnings, then infos, each in the given
    /// order, at most `limit` of them.
    static func resultOrder(_ diagnostics: [Finding], limit: Int) -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(min(diagnostics.count, max(0, limit)))
        for severity in [Severity.error, .warning, .info] {
            for (index, diagnostic) in diagnostics.enumerated() where diagnostic.severity == severity {
                guard order.count < limit else { return order }
                order.append(Int32(index))
            }
        }
        return order
    }

    /// The run's invocation when results were left out: a warning notification that says how many.
    static func cappedInvocation(total: Int, shown: Int) -> JSONValue {
        let text = "routekit found \(total) results; this report keeps the first \(shown) (errors first, then "
            + "warnings, then notes) and leaves out \(total - shown), as GitHub code scanning accepts at most "
            + "\(gitHubResultLimit) per run. Run another format (text, json) for all of them."
        return .object([
            "executionSuccessful": .bool(true),
            "toolExecutionNotifications": .array([
                .object([
                    "level": .string("warning"),
                    "descriptor": .object(["id": .string("results-left-out")]),
                    "message": .object(["text": .string(text)]),
                    "properties": .object(["total": .int(total), "reported": .int(shown), "leftOut": .int(total - shown)]),
                ])
            ]),
        ])
    }

    private func rule(_ descriptor: RuleDescriptor) -> JSONValue {
        let level = descriptor.defaultSeverity.map(Self.level) ?? "none"
        return .object([
            "id": .string(descriptor.id),
            "name": .string(Self.ruleName(descriptor.id)),
            "shortDescription": .object(["text": .string(descriptor.summary)]),
            "fullDescription": .object(["text": .string(descriptor.rationale)]),
            "help": .object(["text": .string(descriptor.fix), "markdown": .string(descriptor.fix)]),
            "helpUri": .string(Self.ruleDocumentationBase + descriptor.id + ".yml"),
            "defaultConfiguration": .object(["level": .string(level)]),
            "properties": .object([
                "tags": .array(["i18n", "routekit"].map(JSONValue.string)),
                // Rules read the catalog and strings as the app does: few false positives.
                "precision": .string("high"),
                "problem.severity": .string(Self.problemSeverity(descriptor.defaultSeverity)),
            ]),
        ])
    }

    /// `unknown-field` → `UnknownField`, the form code-scanning tools show as a rule's name.
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// GitHub's `problem.severity`: error, warning or recommendation.
    static func problemSeverity(_ severity: Severity?) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info, nil: "recommendation"
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A path as a URI reference: every byte but the unreserved characters and `/` percent-encoded
    /// (so `:` in a first segment can never read as a scheme, and spaces or `#` stay in the path).
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
