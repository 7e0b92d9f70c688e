/// `resource-notice`: reported while reading native string files: what is not read as a locale's
/// string (variant folders such as `values-night`), or a catalog `sourceLanguage` other than
/// `base-locale`. Declared here so it has a type and a document like every rule; the linter does
/// not run it.
struct ResourceNotice: ReaderRule {
    static let id = "resource-notice"
}
