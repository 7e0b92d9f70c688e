/// `sources:` in the config: globs of the app's Kotlin files and of its Swift side (`.swift`
/// files and the `.xcstrings` String Catalogs their tab labels are looked up in).
public struct SourcesConfig: Sendable {
    public var kotlin: [Located<String>] = []
    public var swift: [Located<String>] = []
    /// The sealed route interface and its tab-root sub-interface, when the config names them
    /// (`kotlin: { globs: [...], route-interface: AppRoute }`); nil: detected.
    public var routeInterface: Located<String>?
    public var tabInterface: Located<String>?
    /// Where `sources:` is written; nil when the config has none.
    public var location: SourceLocation?

    public init() {}

    public var isEmpty: Bool { kotlin.isEmpty && swift.isEmpty }
}
