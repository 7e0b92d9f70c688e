/// `xml-syntax`: reported while reading a Compose/Android `strings.xml` (`NativeStrings/`): not
/// well-formed XML, a DOCTYPE, invalid UTF-8, another root than `<resources>`. Declared here so it
/// has a type and a document like every rule; the linter does not run it.
struct XMLSyntax: ReaderRule {
    static let id = "xml-syntax"
}
