import Foundation

/// SARIF 2.1.0, for code scanning (GitHub, GitLab, IDEs).
///
/// One run whose `tool.driver` lists `report.rules` (`shortDescription` = summary,
/// `fullDescription` = rationale, `help` = how to fix, `defaultConfiguration.level` =
/// error/warning/note, or `none` for a rule that is off by default). Each result has `ruleId`
/// (and `ruleIndex` when the rule is listed), `level` (info → `note`), the message, a location
/// relative to `%SRCROOT%` (the config file's directory; `originalUriBaseIds` gives its absolute
/// URI) with a region only when the line is known, and `partialFingerprints["routekitFingerprint/v1"]`.
/// Columns count Unicode code points (`columnKind`). A project-wide finding is placed at the config
/// file when the report names one, else it has no location. Route, key and locale go in the
/// result's property bag.
public struct SARIFReporter: Reporter {
    public static let format = "sarif"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let fingerprintKey = "routekitFingerprint/v1"
    public static let rootBaseID = "%SRCROOT%"

    public init() {}

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
        var rootURI = "file://" + Self.percentEncoded(PathUtilities.join(cwd, report.root))
        if !rootURI.hasSuffix("/") { rootURI += "/" }
        // Written directly, in the exact bytes `JSONValue.rendered()` gives for the document
        // (keys sorted, two-space indentation), results in chunks on all cores.
        var head = "{\n  \"$schema\": "
        JSONValue.writeString(Self.schemaURI, into: &head)
        head += ",\n  \"runs\": [\n    {\n      \"columnKind\": \"unicodeCodePoints\",\n      \"originalUriBaseIds\": "
        JSONValue.object([Self.rootBaseID: .object(["uri": .string(rootURI)])]).write(into: &head, indent: 6)
        head += ",\n      \"results\": "
        var tail = ""
        if report.diagnostics.isEmpty {
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
        let last = diagnostics.count - 1
        let indexes = ruleIndex
        ChunkedRender.render(count: diagnostics.count, head: Array(head.utf8), tail: Array(tail.utf8), into: output) { range, out in
            var relative = PathMemo { PathUtilities.relative($0, to: root) }
            // The artifact location's members, as JSON text, once per file.
            var artifact = PathMemo { file in
                let path = PathUtilities.relative(file, to: root)
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
                Self.writeResult(diagnostics[index], ruleIndex: indexes, configFile: configFile,
                                 relative: &relative, artifact: &artifact, into: &out)
                out.write(index == last ? "\n" : ",\n")
            }
        }
    }

    /// One result at indent 8, members sorted: level, locations, message, partialFingerprints,
    /// properties, ruleId, ruleIndex.
    private static func writeResult(_ diagnostic: Diagnostic, ruleIndex: [String: Int], configFile: String?,
                                    relative: inout PathMemo<String>, artifact: inout PathMemo<String>, into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        out.write("        {\n          \"level\": \"")
        out.write(level(diagnostic.severity))
        out.write("\",\n")
        if let file = place.file ?? configFile {
            out.write("          \"locations\": [\n            {\n              \"physicalLocation\": {\n                \"artifactLocation\": {\n                  \"uri\": ")
            out.write(artifact(file))
            out.write("\n                }")
            if let line = place.line, let column = place.column {
                out.write(",\n                \"region\": {\n                  \"startColumn\": ")
                out.writeNumber(column)
                out.write(",\n                  \"startLine\": ")
                out.writeNumber(line)
                out.write("\n                }")
            }
            out.write("\n              }\n            }\n          ],\n")
        }
        out.write("          \"message\": {\n            \"text\": ")
        out.writeJSONString(diagnostic.message)
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

    private func rule(_ descriptor: RuleDescriptor) -> JSONValue {
        let level = descriptor.defaultSeverity.map(Self.level) ?? "none"
        return .object([
            "id": .string(descriptor.id),
            "shortDescription": .object(["text": .string(descriptor.summary)]),
            "fullDescription": .object(["text": .string(descriptor.rationale)]),
            "help": .object(["text": .string(descriptor.fix), "markdown": .string(descriptor.fix)]),
            "defaultConfiguration": .object(["level": .string(level)]),
        ])
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
