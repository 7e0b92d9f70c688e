/// How many findings of one rule are listed (`limits.findings`), shared by the rule's groups:
/// past the limit a finding is only counted, and one more finding says how many. A rule that can
/// fire at every entry of a strings file or every push of the app's code would otherwise hold
/// tens of bytes a finding for inputs of a dozen bytes an entry (the memory bound in
/// docs/GUIDE.md).
final class FindingListing: @unchecked Sendable {
    let rule: String
    let limit: Int
    private(set) var listed = 0
    private(set) var unlisted = 0

    init(rule: String, limit: Int) {
        self.rule = rule
        self.limit = limit
    }

    /// Whether one more finding is listed; if not, it is counted.
    func admits() -> Bool {
        guard listed < limit else {
            unlisted += 1
            return false
        }
        listed += 1
        return true
    }

    /// Counts `count` findings that were not listed (found past the limit by other means).
    func count(unlisted count: Int) {
        unlisted += count
    }

    /// The finding that counts the unlisted ones (in `file`, the config), if any.
    func unlistedFinding(file: String?, severity: Severity = .error) -> Finding? {
        guard unlisted > 0 else { return nil }
        return Finding(rule: rule, severity: severity, message: "\(unlisted) more \(rule) finding(s) are not listed: "
            + "over the limit of \(limit) findings (limits.findings)", file: file)
    }

    /// Appends `unlistedFinding` to `findings` when there is one.
    func appendUnlisted(to findings: inout [Finding], file: String?, severity: Severity = .error) {
        if let finding = unlistedFinding(file: file, severity: severity) { findings.append(finding) }
    }
}
