/// The duplicate-key findings of a strings load, stored as a few integers each: a file of a
/// million repeated keys makes a million findings, which as boxes of Strings would take many
/// times the file's size. Fields and messages are made when asked for.
final class DuplicateKeyFindings: FindingGroup, @unchecked Sendable {
    struct Record {
        var key: Int32
        var locale: Int32
        var file: Int32
        var line: Int32
        var column: Int32
    }

    private let records: [Record]
    private let storage: StringStorage
    private let locales: [String]
    /// Per locale index: its table, which holds the first definition (its file is asked there
    /// rather than stored with every duplicate).
    private let tables: [LocaleStrings]
    /// Per file index: "in <path relative to the config's directory>".
    private let places: [String]

    /// `root` is the directory the first definition's file is named relative to: no line and no
    /// absolute path, since the message is part of the finding's identity.
    init(_ records: [Record], storage: StringStorage, locales: [String], tables: [LocaleStrings], root: String) {
        self.records = records
        self.storage = storage
        self.locales = locales
        self.tables = tables
        places = storage.paths.map { "in " + PathUtilities.relative($0, to: root) }
        super.init(rule: "duplicate-key")
    }

    /// The records that are overrides: a definition in another resource tree of the set, with
    /// another text. An info: Android merges an app over its libraries, and the first listed is used.
    var overrides: Set<Int> = []

    var findings: [Finding] { records.indices.map { Finding(self, item: $0, severity: overrides.contains($0) ? .info : .error) } }

    override func location(_ item: Int) -> SourceLocation? {
        let record = records[item]
        return storage.location(record.file, record.line, record.column)
    }

    override func position(_ item: Int) -> (line: Int, column: Int) {
        (Int(records[item].line), Int(records[item].column))
    }

    override func key(_ item: Int) -> String? { storage.name(records[item].key) }
    override func locale(_ item: Int) -> String? { locales[Int(records[item].locale)] }

    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {
        let record = records[item]
        body("key '")
        body(storage.name(record.key))
        body("' of locale '")
        body(locales[Int(record.locale)])
        body(overrides.contains(item) ? "' is overridden, with another text, by its definition " : "' is already defined ")
        let table = tables[Int(record.locale)]
        let firstFile = table.index(of: record.key).map { table.entries[$0].file } ?? record.file
        body(firstFile == record.file ? "earlier in this file" : places[Int(firstFile)])
    }
}
