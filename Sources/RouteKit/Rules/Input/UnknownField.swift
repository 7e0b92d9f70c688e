/// `unknown-field`: reported while reading inputs, by the catalog and flow loaders. Declared here
/// so it has a type and a document like every rule; the linter does not run it.
struct UnknownField: ReaderRule {
    static let id = "unknown-field"
}
