/// `string-state`: reported while reading a String Catalog: a translation in state
/// `needs_review`, `new` or a stale entry. Declared here so it has a type and a document like every
/// rule; the linter does not run it.
struct StringState: ReaderRule {
    static let id = "string-state"
}
