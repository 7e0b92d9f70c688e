/// The kind of a BCP 47 subtag.
public enum LocaleSubtagKind: String, Hashable, Sendable {
    case language, script, region, variant
}

/// What is wrong with a locale tag, precisely enough to fix it.
public enum LocaleTagProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is empty or only whitespace.
    case empty(tag: String)
    /// Not well-formed BCP 47 (language, then optional script, region, variants); `subtag` is
    /// the first offending part (empty for an empty subtag) and `reason` says why.
    case malformed(tag: String, subtag: String, reason: String)
    /// Well-formed, but a subtag is deprecated or not canonical in CLDR (`iw`, `in`, `tl`, `SU`,
    /// `eng`); `replacement` is what replaces that subtag (nil when CLDR names none) and
    /// `canonical` the whole tag with every alias applied (`iw-IL` → `he-IL`).
    case deprecated(tag: String, subtag: String, kind: LocaleSubtagKind, replacement: String?, canonical: String?)
    /// Well-formed, but the subtag is not in CLDR's validity data (`xx`, `Abcd`, `XY`, `fooba`).
    case unknown(tag: String, subtag: String, kind: LocaleSubtagKind)

    /// The tag as it was given.
    public var tag: String {
        switch self {
        case .empty(let tag), .malformed(let tag, _, _), .deprecated(let tag, _, _, _, _), .unknown(let tag, _, _):
            return tag
        }
    }

    /// The tag to write instead, when there is one (deprecated tags).
    public var suggestion: String? {
        if case .deprecated(_, _, _, _, let canonical) = self { return canonical }
        return nil
    }

    public var description: String {
        switch self {
        case .empty:
            return "the locale tag is empty"
        case .malformed(let tag, _, let reason):
            return "malformed locale tag `\(tag)`: \(reason)"
        case .deprecated(let tag, let subtag, let kind, let replacement, let canonical):
            let subject = LocaleASCII.equalsIgnoringCase(tag, subtag) ? "`\(subtag)`" : "`\(subtag)` in `\(tag)`"
            let what = kind == .language ? "" : " \(kind.rawValue)"
            guard let replacement else {
                return "\(subject) is a deprecated\(what) code"
            }
            var text = "\(subject) is deprecated; use `\(replacement)`"
            if let canonical, canonical != replacement { text += " (`\(canonical)`)" }
            return text
        case .unknown(let tag, let subtag, let kind):
            let subject = LocaleASCII.equalsIgnoringCase(tag, subtag) ? "" : " in `\(tag)`"
            return "unknown \(kind.rawValue) `\(subtag)`\(subject)"
        }
    }
}

/// ASCII case helpers for subtags (locale subtags are ASCII; this avoids Unicode case tables).
enum LocaleASCII {
    static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && lower(a) == lower(b)
    }

    static func lower(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    static func upper(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 97 && $0 <= 122 }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
    }

    /// `hANT` → `Hant`.
    static func title(_ text: String) -> String {
        var bytes = Array(lower(text).utf8)
        if let first = bytes.first, first >= 97, first <= 122 { bytes[0] = first - 32 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
