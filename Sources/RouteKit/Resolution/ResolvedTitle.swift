/// A title or subtitle as the native shell shows it, and where it came from.
public struct ResolvedText: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A string resource, by key.
        case key(String)
        /// A runtime param value.
        case param(String)
        /// A `{text}` literal.
        case literal
    }

    public var text: String
    public var source: Source
    /// The locale whose resources supplied the text; nil for param values and literals.
    public var locale: String?
    /// True when `locale` is not the first locale negotiation chose (the key was missing there),
    /// or when a `{param, fallback}` title used its fallback key.
    public var usedFallback: Bool
}

/// One pushed route: what `NavigationStack` shows for it, frozen at push time.
public struct StackEntry: Sendable, Hashable {
    /// Fresh for every push: the same route pushed twice gives two entries.
    public var id: String
    public var route: String
    public var params: [String: String]
    public var title: ResolvedText?
    public var subtitle: ResolvedText?
    /// The locale the entry was resolved for: the title's supplying locale, else the first choice.
    public var locale: String?
    /// The locales negotiation chose, in order.
    public var candidates: [String]

    /// `route.title ?? ""`, as the bar and the back-stack menu show it.
    public var displayTitle: String { title?.text ?? "" }
    public var displaySubtitle: String { subtitle?.text ?? "" }
    public var usedFallback: Bool { (title?.usedFallback ?? false) || (subtitle?.usedFallback ?? false) }
}

/// Why a lookup failed: the message is shown to users as is.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
