/// GitLab Code Quality (a subset of the Code Climate issue format), for
/// `artifacts: reports: codequality:` — a JSON array with one issue per finding:
///
///     [{"check_name": "unknown-field", "description": "…", "fingerprint": "…",
///       "location": {"lines": {"begin": 3}, "path": "mobile/routes.yml"},
///       "severity": "major", "type": "issue"}]
///
/// `path` is relative to the repository root (GitLab resolves it there), else to the config
/// file's directory; a finding without a line is placed at line 1, a project-wide finding at the
/// config file. Severities: error → `major`, warning → `minor`, info → `info`. GitLab tells
/// issues apart by `fingerprint`: it is the finding's stable fingerprint (no line numbers, so a
/// moved line is not a new issue), with the occurrence mixed in for a repeated finding, so
/// every issue's is unique. Keys are sorted, two-space indentation.
public struct GitLabReporter: Reporter {
    public static let format = "gitlab"

    public init() {}

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        let diagnostics = report.diagnostics
        guard !diagnostics.isEmpty else { return output.write("[]\n") }
        // Each finding's fingerprint once, on all cores (it was hashed twice, once on one core).
        let chunk = ChunkedRender.chunkSize
        let relativePath = report.relativePath
        let fingerprints = Concurrent.map(count: (diagnostics.count + chunk - 1) / chunk) { part -> [UInt64] in
            var relative = PerFileCache(relativePath)
            // A run's fingerprints share all but the key: the rest is hashed (or kept as bytes)
            // once per run (placed by key, once per run and file). `Finding.fingerprintHash` in pieces.
            var runs = RunPartsCache<ObjectIdentifier, RunFingerprint>()
            var hashes: [UInt64] = []
            hashes.reserveCapacity(chunk)
            for index in part * chunk ..< min(diagnostics.count, (part + 1) * chunk) {
                let diagnostic = diagnostics[index]
                guard let (template, key) = diagnostic.keyRun else {
                    hashes.append(diagnostic.fingerprintHash(relativePath: FindingPlace(diagnostic).file.map { relative($0) } ?? "").hash)
                    continue
                }
                let file = FindingPlace.placedByKey(diagnostic)?.file
                let make = { RunFingerprint(diagnostic, template, file: file, relative: &relative) }
                let slot = runs.slot(template.id, make: make)
                if template.placedByKey, runs[slot].file != file { runs[slot] = make() }
                hashes.append(runs[slot].hash(key: key))
            }
            return hashes
        }.flatMap { $0 }
        // The n-th repeat of a finding (same fingerprint) gets n mixed into its fingerprint.
        var occurrences = [Int32](repeating: 0, count: diagnostics.count)
        var seen: [UInt64: Int32] = [:]
        // Reserved: grown by doubling, a table of 200,000 findings was rehashed a dozen times.
        seen.reserveCapacity(diagnostics.count)
        for (index, hash) in fingerprints.enumerated() {
            let count = seen[hash, default: 0]
            occurrences[index] = count
            seen[hash] = count + 1
        }
        let hostRoot = report.hostRoot, configFile = report.configFile
        let last = diagnostics.count - 1
        let repeats = occurrences
        ChunkedRender.render(count: diagnostics.count, head: Array("[\n".utf8), tail: Array("]\n".utf8), into: output) { range, out in
            var hostPath = PerFileCache { PathUtilities.relative($0, to: hostRoot) }
            var placedPath = PlacedFileCache { file -> [UInt8] in
                var path = ReportBytes()
                path.writeJSONString(PathUtilities.relative(file, to: hostRoot))
                return path.bytes
            }
            for index in range {
                let diagnostic = diagnostics[index]
                // Placed by key, the place and its path are known by the key place's file index.
                let placed = FindingPlace.placedByKey(diagnostic)
                let place = placed?.place ?? FindingPlace(diagnostic)
                out.write("  {\n    \"check_name\": ")
                out.writeJSONString(diagnostic.rule)
                out.write(",\n    \"description\": ")
                out.writeJSONMessage(diagnostic)
                out.write(",\n    \"fingerprint\": \"")
                var fingerprint = StableHash.Stream(hash: fingerprints[index])
                if repeats[index] > 0 {
                    fingerprint.add(0x1F)
                    fingerprint.add(String(repeats[index]))
                }
                fingerprint.write(into: &out)
                out.write("\",\n    \"location\": {\n      \"lines\": {\n        \"begin\": ")
                out.writeNumber(place.line ?? 1)
                out.write("\n      },\n      \"path\": ")
                if let placed, let path = placedPath(diagnostic, placed.file) {
                    out.write(path)
                } else {
                    out.writeJSONString((place.file ?? configFile).map { hostPath($0) } ?? ".")
                }
                out.write("\n    },\n    \"severity\": \"")
                out.write(Self.severity(diagnostic.severity))
                out.write("\",\n    \"type\": \"issue\"\n  }")
                out.write(index == last ? "\n" : ",\n")
            }
        }
    }

    /// A run's fingerprint up to its key, and the bytes between and after its key's two places
    /// (`Finding.fingerprintHash`: rule, path, route, key, locale, then the message around the key).
    struct RunFingerprint {
        let file: PlacedFileKey?
        private let head: StableHash.Stream
        /// Between the key and the message's key (`identityBytesAfterKey`).
        private let middle: [UInt8]
        private let suffix: [UInt8]

        init(_ diagnostic: Finding, _ template: Finding.KeyTemplate, file: PlacedFileKey?, relative: inout PerFileCache<String>) {
            self.file = file
            var head = StableHash.Stream()
            head.addIdentityHead(rule: diagnostic.rule, path: FindingPlace(diagnostic).file.map { relative($0) } ?? "", route: diagnostic.route)
            self.head = head
            middle = StableHash.Stream.identityBytesAfterKey(locale: diagnostic.locale, messagePrefix: template.messagePrefix)
            suffix = Array(template.messageSuffix.utf8)
        }

        /// The fingerprint of the run's finding with key `key` (a run's key is in its message whole).
        func hash(key: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var stream = head
            stream.add(key)
            middle.withUnsafeBufferPointer { stream.add($0) }
            stream.add(key)
            suffix.withUnsafeBufferPointer { stream.add($0) }
            return stream.hash
        }
    }

    /// Code Climate severities GitLab shows: info, minor, major, critical, blocker.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .info: "info"
        }
    }
}
