/// `yaml-syntax`: reported while reading inputs, by the YAML reader (`YAMLReader`, `StringsReader`)
/// and the input limits. Declared here so it has a type and a document like every rule; the linter
/// does not run it.
struct YAMLSyntax: ReaderRule {
    static let id = "yaml-syntax"
}
