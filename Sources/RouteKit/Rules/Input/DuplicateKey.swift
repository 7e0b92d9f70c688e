/// `duplicate-key`: reported while reading inputs, by the YAML reader (within a mapping) and the
/// strings loader (a locale's key in two files). Declared here so it has a type and a document like
/// every rule; the linter does not run it.
struct DuplicateKey: ReaderRule {
    static let id = "duplicate-key"
}
