/// `json-syntax`: reported while reading a String Catalog (`NativeStrings/`): invalid JSON, or a
/// part of the wrong JSON type. Declared here so it has a type and a document like every rule; the
/// linter does not run it.
struct JSONSyntax: ReaderRule {
    static let id = "json-syntax"
}
