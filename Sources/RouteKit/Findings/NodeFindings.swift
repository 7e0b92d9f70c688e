/// Findings a reader makes at single nodes of one strings file (a key given again in a mapping,
/// an alias, a tag, a JSON member repeated), a few integers each: such a finding can be made at
/// every line (`  k: v` repeated is one per 7 bytes), where a finding of its own, a box of
/// Strings, takes some 300 bytes. A file keeps the first `limit` (`limits.findings`) and counts
/// the rest; `Project.load` lists them across files, in file order, up to `limits.findings` per
/// rule (`list(into:_:)`). The message is `prefix + text + suffix` of the finding's template.
final class NodeFindings: FindingGroup, @unchecked Sendable {
    struct Template: Sendable {
        var prefix: String
        var suffix: String
        /// The text is the finding's key (a key given again).
        var textIsKey = false
    }

    private struct Record {
        var line: Int32
        var column: Int32
        var template: Int32
        var text: Int32
    }

    let path: String
    private let templates: [Template]
    /// This file's cap: the first `limits.findings` are kept, the rest counted.
    private let kept: FindingListing
    private var records: [Record] = []
    /// Where each finding's text ends, for a group whose findings have an extent (a key given
    /// again); empty for the others (16 bytes a finding instead of 24).
    private var ends: [(line: Int32, column: Int32)] = []
    private let hasExtents: Bool
    /// Each distinct text once: a key repeated a million times is one String.
    private var texts: [String] = []
    private var textIndex: [String: Int32] = [:]
    /// Findings past `limit` in this file: counted, not kept.
    var unlisted: Int { kept.unlisted }

    /// `hasExtents`: the findings keep where their text ends (SARIF's region), as a key's does.
    init(rule: String, path: String, templates: [Template], limit: Int, hasExtents: Bool = false) {
        self.path = path
        self.templates = templates
        self.kept = FindingListing(rule: rule, limit: limit)
        self.hasExtents = hasExtents
        super.init(rule: rule)
    }

    var count: Int { records.count }

    /// No finding was made in this file, kept or counted.
    var isEmpty: Bool { records.isEmpty && unlisted == 0 }

    /// Notes the finding of template `template` about `text` at `location`.
    func add(_ template: Int, _ text: String, at location: SourceLocation) {
        guard kept.admits() else { return }
        let index: Int32
        if let known = textIndex[text] {
            index = known
        } else {
            index = Int32(texts.count)
            texts.append(text)
            textIndex[text] = index
        }
        records.append(Record(line: Int32(clamping: location.line), column: Int32(clamping: location.column),
                              template: Int32(template), text: index))
        if hasExtents { ends.append((Int32(clamping: location.endLine ?? 0), Int32(clamping: location.endColumn ?? 0))) }
    }

    /// Appends the findings `listing` admits, in file order, to `findings`, and counts the rest.
    func list(into findings: inout [Finding], _ listing: FindingListing) {
        for item in records.indices {
            guard listing.admits() else {
                listing.count(unlisted: records.count - item - 1 + unlisted)
                return
            }
            findings.append(Finding(self, item: item, severity: .error))
        }
        listing.count(unlisted: unlisted)
    }

    override func location(_ item: Int) -> SourceLocation? {
        let record = records[item]
        let end = hasExtents && ends[item].line > 0 ? ends[item] : nil
        return SourceLocation(file: path, line: Int(record.line), column: Int(record.column),
                              endLine: end.map { Int($0.line) }, endColumn: end.map { Int($0.column) })
    }

    override func position(_ item: Int) -> (line: Int, column: Int) {
        (Int(records[item].line), Int(records[item].column))
    }

    override func file(_ item: Int) -> String? { path }
    override func sharesFile(_ item: Int, with other: Int) -> Bool { true }

    override func key(_ item: Int) -> String? {
        templates[Int(records[item].template)].textIsKey ? texts[Int(records[item].text)] : nil
    }

    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {
        let template = templates[Int(records[item].template)]
        body(template.prefix)
        body(texts[Int(records[item].text)])
        body(template.suffix)
    }
}

extension YAMLFile {
    /// `diagnostics` and every node finding (tests and oracles; `Project.load` lists them by rule).
    var allDiagnostics: [Finding] {
        var all = diagnostics
        for group in nodeFindings { group.list(into: &all, FindingListing(rule: group.rule, limit: .max)) }
        return all
    }
}
