/// `sources:` in the config: globs of the app's Kotlin files and of its Swift side (`.swift`
/// files and the `.xcstrings` String Catalogs their tab labels are looked up in).
public struct SourcesConfig: Sendable {
    public var kotlin: [Located<String>] = []
    public var swift: [Located<String>] = []
    /// Where `sources:` is written; nil when the config has none.
    public var location: SourceLocation?

    public init() {}

    public var isEmpty: Bool { kotlin.isEmpty && swift.isEmpty }
}
