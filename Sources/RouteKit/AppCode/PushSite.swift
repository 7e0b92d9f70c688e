/// One place where Kotlin code puts a route on the stack: a construction of a route class
/// (`SessionScreen(id, null)`) or an object route passed to a call that takes routes
/// (`navigator.add(AppPrivacyNoticePrompt)`).
public struct PushSite: Sendable {
    /// The route's name.
    public var route: String
    /// Where the route's name is written at the push.
    public var location: SourceLocation
    /// The call the route is passed to when it is an argument of one (`navigator.add`, `onNavigate`).
    public var via: String?
    public var title: PushedTitle
    public var subtitle: PushedTitle
}

/// What a push gives for a title or subtitle slot.
public enum PushedTitle: Sendable, Equatable {
    /// The route declares no such property: the instance carries none.
    case noSlot
    /// The argument is left out: the declared default (`""` or `null`).
    case defaulted(String?)
    /// `null` passed explicitly.
    case null(SourceLocation)
    /// `""` passed explicitly.
    case empty(SourceLocation)
    /// `stringResource(Res.string.KEY)`, directly or through a value bound to it in scope.
    case key(String, SourceLocation)
    /// String literals: one, or one per branch of an `if` / `when`.
    case literals([Located<String>])
    /// A runtime value: a parameter, a property, a value of another route.
    case value(String, SourceLocation)
    /// Computed by the declaration itself (`override val title get() = roomName` gets its argument).
    case computed
    /// Something routekit does not follow (a function call); reported as `code-not-followed`.
    case notFollowed(String, SourceLocation)

    /// True when the instance ends up without a title: nothing, the default, `null` or `""`.
    public var isMissing: Bool {
        switch self {
        case .noSlot, .null, .empty: true
        case .defaulted(let value): value == nil || value == "null" || value == "\"\""
        default: false
        }
    }

    /// How the HTML report and messages describe it.
    public var summary: String {
        switch self {
        case .noSlot: "no title property"
        case .defaulted(let value): "the default" + (value.map { " (\($0))" } ?? "")
        case .null: "null"
        case .empty: "\"\""
        case .key(let key, _): key
        case .literals(let texts): texts.map { "\"\($0.value)\"" }.joined(separator: " / ")
        case .value(let text, _): "the value `\(text)`"
        case .computed: "its own computed title"
        case .notFollowed(let what, _): what
        }
    }
}
