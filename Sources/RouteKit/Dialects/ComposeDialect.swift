import FoundationEssentials

/// Compose Multiplatform resources (`composeResources/values*/strings.xml`): `stringResource(res,
/// args…)`, `getString(res, args…)` and `pluralStringResource(res, quantity, args…)` fill the text
/// with the library's own `replaceWithArgs`, not with `String.format`. It replaces `%N$s` and
/// `%N$d` (lower case; `s` and `d` alike) by argument N's `toString()`, and nothing else:
///
/// | library version | filled | `%10$s` |
/// |---|---|---|
/// | 1.6.0 – 1.7.x | `%N$s`, `%N$d` with one digit (`%(\d)\$[ds]`) | shown as typed (`%1` is no match) |
/// | 1.8.0 and later | `%N$s`, `%N$d`, any number of digits (`%(\d+)\$[ds]`) | argument 10 |
///
/// - Every other `%` sequence — bare `%s`/`%d`, `%.2f`, `%,d`, `%%`, `%@`, `%1$x` — is shown as
///   typed: the library never calls a formatter, and `%%` stays `%%`.
/// - An index past the arguments (or `%0$s`) throws `IndexOutOfBoundsException` from the list
///   lookup; extra arguments are ignored.
/// - Without arguments (`stringResource(res)`) nothing is replaced.
///
/// Read from the library's history (JetBrains/compose-multiplatform, `components/resources`):
/// 1.6.0 introduced the one-digit pattern; 6ad5285 (CMP-7236, first released in 1.8.0) allowed
/// several digits. A proposal to fill bare `%s` with one argument and throw when ambiguous
/// (PR #5347) was closed unmerged: no released version does it. See `docs/DIALECTS.md`.
public struct ComposeDialect: DialectRules {
    public var version: ComposeResourcesVersion

    public init(version: ComposeResourcesVersion = .latest) { self.version = version }

    public func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, _ body: (FormatToken) -> Void) {
        var index = 0
        while let percent = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text, from: index) {
            index = percent + 1
            if let (position, end) = filled(text, at: percent) {
                index = end
                // Unformatted (no arguments passed): nothing is filled, and it shows as typed.
                body(formatted ? FormatToken(.argument, percent ..< end, position: position) : FormatToken(.verbatim, percent ..< end))
                continue
            }
            // What looks like a placeholder of another formatter is shown as typed.
            if percent + 1 < text.count, text[percent + 1] == UInt8(ascii: "%") {
                body(FormatToken(.verbatim, percent ..< percent + 2))
                index = percent + 2
            } else if let substitution = AppleDialect.substitution(text, at: percent) {
                body(FormatToken(.verbatim, percent ..< substitution.1))
                index = substitution.1
            } else if let (_, _, end) = PrintfSpec.placeholder(in: text, at: percent) {
                body(FormatToken(.verbatim, percent ..< end))
                index = end
            }
        }
    }

    /// A placeholder this version fills at `start` → (its index, end). `%0$s` is one too: it
    /// matches, and throws when filled.
    func filled(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int)? {
        var i = start + 1
        var value = 0, digits = 0
        while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") {
            value = Swift.min(value * 10 + Int(text[i] - UInt8(ascii: "0")), 1_000_000_000)
            digits += 1
            i += 1
            if !version.fillsMultiDigitIndexes { break }
        }
        guard digits > 0, i + 1 < text.count, text[i] == UInt8(ascii: "$"),
              text[i + 1] == UInt8(ascii: "s") || text[i + 1] == UInt8(ascii: "d") else { return nil }
        return (value, i + 2)
    }

    /// The JVM's (and Android's) message for the list lookup past its end.
    static func outOfBounds(_ position: Int, count: Int) -> String {
        "IndexOutOfBoundsException: Index \(position - 1) out of bounds for length \(count)"
    }

    public func missingArgument(_ written: String, position: Int, count: Int) -> String? {
        Self.outOfBounds(position, count: count)
    }

    public func render(_ text: String, arguments: FormatArguments, locale: String?) -> Result<String, FormatFailure> {
        // `stringResource(res)` without arguments does not call `replaceWithArgs`.
        guard !arguments.positional.isEmpty else { return .success(text) }
        let count = arguments.positional.count
        return renderTokens(text, formatted: true) { token, _ in
            let position = token.position ?? 0
            guard position >= 1, position <= count else { return .failure(FormatFailure(Self.outOfBounds(position, count: count))) }
            return .success(arguments.wrap(arguments.positional[position - 1]))
        }
    }
}

/// The version of the Compose Multiplatform resources library, which decides what
/// `replaceWithArgs` fills.
public struct ComposeResourcesVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int, minor: Int, patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    /// `1.7.3`, `1.8.0-beta01` (the pre-release suffix is ignored), `1.7`.
    public init?(_ text: String) {
        let core = text.trimmingWhitespace().split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        let parts = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2 ... 3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        self.init(parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
    }

    /// A `dialect: compose` glob without `version:`: the version comes from the build files.
    static let unset = ComposeResourcesVersion(0, 0, 0)

    /// The newest behaviour routekit knows; used when no version is found.
    public static let latest = ComposeResourcesVersion(1, 8, 0)

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }

    /// `%10$s` is one placeholder (not `%1` followed by `0$s`).
    var fillsMultiDigitIndexes: Bool { self >= ComposeResourcesVersion(1, 8, 0) }
}
