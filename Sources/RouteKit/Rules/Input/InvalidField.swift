/// `invalid-field`: reported while reading inputs, by the catalog, strings and flow loaders (a
/// known field of the wrong shape). Declared here so it has a type and a document like every rule;
/// the linter does not run it.
struct InvalidField: ReaderRule {
    static let id = "invalid-field"
}
