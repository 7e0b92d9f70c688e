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
        let run: [String: JSONValue] = [
            "tool": .object(["driver": .object(driver)]),
            "columnKind": .string("unicodeCodePoints"),
            "originalUriBaseIds": .object([Self.rootBaseID: .object(["uri": .string(rootURI)])]),
            "results": .array(report.diagnostics.map { result(report, $0, ruleIndex: ruleIndex) }),
        ]
        let document: [String: JSONValue] = [
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ]
        return JSONValue.object(document).rendered() + "\n"
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

    private func result(_ report: LintReport, _ diagnostic: Diagnostic, ruleIndex: [String: Int]) -> JSONValue {
        let place = FindingPlace(diagnostic)
        var members: [String: JSONValue] = [
            "ruleId": .string(diagnostic.rule),
            "level": .string(Self.level(diagnostic.severity)),
            "message": .object(["text": .string(diagnostic.message)]),
            "partialFingerprints": .object([
                Self.fingerprintKey: .string(diagnostic.fingerprint(relativeTo: report.root))
            ]),
        ]
        if let index = ruleIndex[diagnostic.rule] { members["ruleIndex"] = .int(index) }
        if let file = place.file ?? report.configFile {
            var physical: [String: JSONValue] = ["artifactLocation": artifactLocation(report, file)]
            if let line = place.line, let column = place.column {
                physical["region"] = .object(["startLine": .int(line), "startColumn": .int(column)])
            }
            members["locations"] = .array([.object(["physicalLocation": .object(physical)])])
        }
        var properties: [String: JSONValue] = [:]
        if let route = diagnostic.route { properties["route"] = .string(route) }
        if let key = diagnostic.key { properties["key"] = .string(key) }
        if let locale = diagnostic.locale { properties["locale"] = .string(locale) }
        if !properties.isEmpty { members["properties"] = .object(properties) }
        return .object(members)
    }

    /// Relative to `%SRCROOT%` when inside the root; an absolute `file://` URI otherwise.
    private func artifactLocation(_ report: LintReport, _ file: String) -> JSONValue {
        let relative = report.relativePath(file)
        if relative.hasPrefix("/") {
            return .object(["uri": .string("file://" + Self.percentEncoded(relative))])
        }
        return .object(["uri": .string(Self.percentEncoded(relative)), "uriBaseId": .string(Self.rootBaseID)])
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
