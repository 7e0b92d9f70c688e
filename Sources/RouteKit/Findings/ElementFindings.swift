/// Findings of one rule about the elements of a list the rule walks (the Kotlin routes, the push
/// sites, the constructs not followed, the catalog's routes), eight bytes a finding instead of a
/// box of strings: such a rule can fire at every route or push of a large code base. An item is
/// an element's index and a variant (which of the rule's findings about that element: a field,
/// a literal, a kind); the rule gives the functions that make a finding's fields from the two,
/// with the same words it found it with, and they run only when the linter or a reporter asks.
final class ElementFindings: FindingGroup, @unchecked Sendable {
    /// How a finding's fields are made from its element and variant.
    struct Fields: Sendable {
        typealias Make<Value> = @Sendable (_ element: Int, _ variant: Int) -> Value
        var message: Make<String>
        var location: Make<SourceLocation?>
        var route: Make<String?>?
        var key: Make<String?>?

        init(message: @escaping Make<String>, location: @escaping Make<SourceLocation?>,
             route: Make<String?>? = nil, key: Make<String?>? = nil) {
            self.message = message
            self.location = location
            self.route = route
            self.key = key
        }
    }

    private struct Item: Sendable {
        var element: Int32
        var variant: Int32
    }

    private let fields: Fields
    /// Filled by `add` while the rule runs, then never changed.
    private var items: [Item] = []
    /// At most `limits.findings` are listed; the others are counted.
    private let listing: FindingListing

    init(rule: String, limit: Int = .max, _ fields: Fields) {
        self.fields = fields
        listing = FindingListing(rule: rule, limit: limit)
        super.init(rule: rule)
    }

    /// Appends the finding about element `element` (its `variant`) to `findings`, or counts it
    /// past the limit.
    func add(_ element: Int, variant: Int = 0, severity: Severity = .error, to findings: inout [Finding]) {
        guard listing.admits() else { return }
        items.append(Item(element: Int32(element), variant: Int32(variant)))
        findings.append(Finding(self, item: items.count - 1, severity: severity))
    }

    /// Appends one more finding when some were past the limit: how many (in `file`, the config).
    func appendUnlisted(to findings: inout [Finding], file: String?, severity: Severity = .error) {
        listing.appendUnlisted(to: &findings, file: file, severity: severity)
    }

    private func make<Value>(_ item: Int, _ field: Fields.Make<Value>) -> Value {
        field(Int(items[item].element), Int(items[item].variant))
    }

    override func location(_ item: Int) -> SourceLocation? { make(item, fields.location) }
    override func route(_ item: Int) -> String? { fields.route.flatMap { make(item, $0) } }
    override func key(_ item: Int) -> String? { fields.key.flatMap { make(item, $0) } }
    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) { body(make(item, fields.message)) }
}
