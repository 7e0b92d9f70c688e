import Foundation

/// Placeholder JSON reporter (replaced by the reporting work).
public struct JSONReporter: Reporter {
    public static let format = "json"

    public func render(_ report: LintReport) -> String {
        let s = report.summary
        let diagnostics: [[String: Any]] = report.diagnostics.map { d in
            var o: [String: Any] = ["rule": d.rule, "severity": d.severity.rawValue, "message": d.message,
                                    "fingerprint": d.fingerprint]
            if let f = d.file { o["file"] = report.relativePath(f) }
            if let l = d.location { o["line"] = l.line; o["column"] = l.column }
            if let r = d.route { o["route"] = r }
            if let k = d.key { o["key"] = k }
            if let l = d.locale { o["locale"] = l }
            return o
        }
        let object: [String: Any] = [
            "summary": ["errors": s.errors, "warnings": s.warnings, "infos": s.infos, "files": s.files,
                        "routes": s.routes, "locales": s.locales],
            "diagnostics": diagnostics,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
