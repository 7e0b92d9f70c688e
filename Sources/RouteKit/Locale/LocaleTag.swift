import FoundationEssentials
/// A BCP 47 locale tag as routekit uses it: language, optional script and region, variants.
///
/// Values are always in canonical case (`zh-Hant-TW`, `es-419`, `ca-ES-valencia`), with variants
/// sorted. Two tags are equal when their ``identifier``s are. Extensions (`-u-…`) and private use
/// (`-x-…`) are not part of the model: ``parse(_:)`` rejects them, ``canonical(_:)`` drops them.
public struct LocaleTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Lowercase, 2–3 letters (5–8 for registered languages); `und` for "undetermined".
    public let language: String
    /// Titlecase, 4 letters (`Hant`), if given.
    public let script: String?
    /// Uppercase letters (`TW`) or 3 digits (`419`), if given.
    public let region: String?
    /// Lowercase, sorted (`1901`, `valencia`).
    public let variants: [String]
    /// The canonical BCP 47 form: `zh-Hant-TW`.
    public let identifier: String

    /// Builds a tag from subtags that are already well-formed and in canonical case.
    init(language: String, script: String? = nil, region: String? = nil, variants: [String] = []) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
        var identifier = language
        if let script { identifier += "-" + script }
        if let region { identifier += "-" + region }
        for variant in variants { identifier += "-" + variant }
        self.identifier = identifier
    }

    public var description: String { identifier }

    public static func == (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.identifier == rhs.identifier }
    public static func < (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.identifier < rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The identifier with CLDR's `_` separators (`zh_Hant_TW`), as CLDR files and many
    /// platforms write it.
    public var underscoredIdentifier: String {
        String(decoding: identifier.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }

    // MARK: - Parsing

    /// Strict parsing, for validating tags that users write (config, resource files).
    ///
    /// Accepts `-` or `_` between subtags and any letter case (`zh_hant_tw` is `zh-Hant-TW`).
    /// Fails when the tag is malformed, uses a deprecated or non-canonical code (`iw`, `tl`,
    /// `SU`; the problem names the replacement), or a code that CLDR does not know.
    public static func parse(_ text: String) -> Result<LocaleTag, LocaleTagProblem> {
        if let legacy = LegacyTags.replacing(text) {
            // `zh-min-nan`, `i-klingon`, `no-bok`: whole-tag aliases that do not scan as subtags.
            let canonical = Self.canonical(legacy.replaced)
            return .failure(.deprecated(tag: text, subtag: legacy.matched, kind: .language,
                                        replacement: legacy.replacement, canonical: canonical?.identifier))
        }
        let scanned: Scanned
        switch scan(text, lenient: false) {
        case .success(let value): scanned = value
        case .failure(let problem): return .failure(problem)
        }
        let (canonical, replaced) = canonicalize(scanned)
        if let first = replaced.first {
            return .failure(.deprecated(
                tag: text, subtag: first.subtag, kind: first.kind, replacement: first.replacement,
                canonical: canonical.identifier))
        }
        if let problem = validityProblem(canonical, text: text) {
            return .failure(problem)
        }
        return .success(canonical)
    }

    /// Lenient parsing, for locales to look up: aliases applied (`iw-IL` → `he-IL`,
    /// `tl` → `fil`, `sh` → `sr-Latn`), unknown but well-formed codes accepted, surrounding
    /// whitespace and extensions (`-u-…`, `-x-…`) ignored. Nil only when the text is not a
    /// well-formed tag.
    ///
    /// Also accepted, because environments and platforms hand them over: POSIX locale names
    /// (`de_DE.UTF-8` → `de-DE`, `sr_RS@latin` → `sr-Latn-RS`; `C` and `POSIX` are root, `und`),
    /// `root`, and CLDR's legacy whole-tag aliases (`i-klingon` → `tlh`, `zh-min-nan` → `nan`,
    /// `no-bok` → `nb`, `zh-cmn-Hant` → `zh-Hant`).
    public static func canonical(_ text: String) -> LocaleTag? {
        var text = text
        if let posix = PlatformLocaleName.tagText(text) { text = posix }
        if let legacy = LegacyTags.replacing(text) { text = legacy.replaced }
        guard case .success(let scanned) = scan(text, lenient: true) else { return nil }
        return canonicalize(scanned).tag
    }

    /// A tag without its extensions and private use, and what was cut: `en-US-u-mu-celsius` →
    /// (`en-US`, `u-mu-celsius`). Surrounding white space is trimmed. Matching uses the tag without
    /// them (Android 14's regional preferences add `-u-mu-…`, `-u-fw-…`); the Unicode extension's
    /// numbering system (`-u-nu-thai`) is read by `NumberSymbols`.
    public static func splittingExtensions(_ text: String) -> (tag: String, extensions: String?) {
        let trimmed = text.trimmingWhitespaceAndNewlines()
        var start = trimmed.startIndex
        var first = true
        while start < trimmed.endIndex {
            let end = trimmed[start...].firstIndex { $0 == "-" || $0 == "_" } ?? trimmed.endIndex
            if !first, trimmed.distance(from: start, to: end) == 1 {
                let tag = String(trimmed[..<trimmed.index(before: start)])
                return (tag, String(trimmed[start...]))
            }
            first = false
            start = end < trimmed.endIndex ? trimmed.index(after: end) : end
        }
        return (trimmed, nil)
    }

    /// What is malformed in the extensions and private use that ``splittingExtensions(_:)`` cut
    /// off (`tag` is the whole tag, for the message); nil when they are well-formed BCP 47
    /// (RFC 5646 §2.1): each singleton other than `x` followed by one or more subtags of 2–8
    /// letters or digits, `x` by one or more of 1–8 (everything after it is private use), and no
    /// singleton twice. `en-u`, `en-u-x`, `en-a-b` and `en-t-ja-t-fr` are refused, as ICU refuses them.
    public static func extensionProblem(_ extensions: String, tag: String) -> LocaleTagProblem? {
        let parts = extensions.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        func malformed(_ subtag: Substring, _ reason: String) -> LocaleTagProblem {
            .malformed(tag: tag, subtag: String(subtag), reason: reason)
        }
        var seen: Set<String> = []
        var index = 0
        while index < parts.count {
            let singleton = parts[index]
            let name = LocaleASCII.lower(String(singleton))
            guard singleton.utf8.count == 1, singleton.unicodeScalars.allSatisfy({ $0.isASCII && (isLetter($0) || isDigit($0)) }) else {
                return malformed(singleton, "`\(singleton)` is not an extension singleton (one letter or digit)")
            }
            guard seen.insert(name).inserted else {
                return malformed(singleton, "the extension `-\(singleton)-` is given twice")
            }
            let shortest = name == "x" ? 1 : 2
            var count = 0
            index += 1
            while index < parts.count {
                let part = parts[index]
                if name != "x", part.utf8.count == 1 { break }
                if part.isEmpty {
                    return malformed(part, "empty subtag (a trailing or doubled `-`) in the extension `-\(singleton)-`")
                }
                if let bad = part.unicodeScalars.first(where: { !($0.isASCII && (isLetter($0) || isDigit($0))) }) {
                    let shown = bad == " " ? "a space" : "`\(bad.escaped(asASCII: false))`"
                    return malformed(part, "`\(part)` contains \(shown); subtags are ASCII letters and digits separated by `-`")
                }
                if part.utf8.count < shortest || part.utf8.count > 8 {
                    return malformed(part, "`\(part)` in the extension `-\(singleton)-` is not \(shortest)–8 letters or digits")
                }
                count += 1
                index += 1
            }
            if count == 0 {
                return malformed(singleton, "the extension `-\(singleton)` has no subtags after it")
            }
        }
        return nil
    }

    /// The numbering system a `-u-nu-…` extension asks for (`th-u-nu-thai` → `thai`), if any: the
    /// type subtags (3–8 characters) after the key `nu` in the Unicode extension, never in
    /// private use (`th-x-u-nu-thai` asks for nothing).
    public static func numberingSystem(inExtensions extensions: String) -> String? {
        let parts = extensions.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let u = parts.firstIndex(of: "u"), !parts[..<u].contains("x") else { return nil }
        var index = u + 1
        while index < parts.count, parts[index].count != 1 {
            if parts[index] == "nu" {
                let type = parts[(index + 1)...].prefix { $0.count >= 3 }
                return type.isEmpty ? nil : type.joined(separator: "-")
            }
            index += 1
        }
        return nil
    }

    /// True for `und` (root), which stands for no particular language: it has no likely
    /// language to match (`und` is not English) and only root's data.
    public var isRoot: Bool { language == "und" }

    struct Scanned {
        var language: String
        var script: String?
        var region: String?
        var variants: [String]
    }

    /// Splits and classifies subtags; checks well-formedness only.
    static func scan(_ original: String, lenient: Bool) -> Result<Scanned, LocaleTagProblem> {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        var text = original
        if text.unicodeScalars.allSatisfy(isSpace) {
            return .failure(.empty(tag: original))
        }
        if lenient, let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, isSpace(first) || isSpace(last) {
            let scalars = text.unicodeScalars
            let start = scalars.firstIndex(where: { !isSpace($0) })!
            let end = scalars.lastIndex(where: { !isSpace($0) })!
            text = String(scalars[start...end])
        }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        func malformed(_ subtag: Substring, _ reason: String) -> Result<Scanned, LocaleTagProblem> {
            .failure(.malformed(tag: original, subtag: String(subtag), reason: reason))
        }
        for part in parts {
            if part.isEmpty {
                return malformed(part, "empty subtag (a leading, trailing or doubled `-` or `_`)")
            }
            if let bad = part.unicodeScalars.first(where: { !($0.isASCII && (isLetter($0) || isDigit($0))) }) {
                let shown = bad == " " ? "a space" : "`\(bad.escaped(asASCII: false))`"
                return malformed(part, "`\(part)` contains \(shown); subtags are ASCII letters and digits separated by `-`")
            }
            if part.utf8.count > 8 {
                return malformed(part, "`\(part)` is longer than 8 characters")
            }
        }

        let first = parts[0]
        let firstIsAlpha = first.unicodeScalars.allSatisfy(isLetter)
        guard firstIsAlpha, [2, 3, 5, 6, 7, 8].contains(first.utf8.count) else {
            if first.utf8.count == 1, first.lowercased() == "x" || first.lowercased() == "i" {
                return malformed(first, "private-use and grandfathered tags (`\(first)-…`) are not supported; start with a language code such as `en`")
            }
            if firstIsAlpha, first.utf8.count == 4, CLDRData.validity.status("script", LocaleASCII.title(String(first))) != nil {
                return malformed(first, "`\(first)` is not a language code (2 or 3 letters); a script such as `\(LocaleASCII.title(String(first)))` goes after the language, as in `zh-Hant`")
            }
            return malformed(first, "`\(first)` is not a language code (2 or 3 letters, such as `en` or `fil`)")
        }
        var result = Scanned(language: LocaleASCII.lower(String(first)), script: nil, region: nil, variants: [])

        var index = 1
        while index < parts.count {
            let part = parts[index]
            let length = part.utf8.count
            let alpha = part.unicodeScalars.allSatisfy(isLetter)
            let digits = part.unicodeScalars.allSatisfy(isDigit)
            let startsWithDigit = part.unicodeScalars.first.map(isDigit) ?? false
            if length == 1 {
                if lenient { break }
                return malformed(part, "extensions and private use (`-\(part)-…`) are not supported in locale tags here")
            }
            if length == 4, alpha {
                if result.script == nil, result.region == nil, result.variants.isEmpty {
                    result.script = LocaleASCII.title(String(part))
                } else if result.script != nil, result.region == nil, result.variants.isEmpty {
                    return malformed(part, "a second script `\(part)` (a tag has at most one script)")
                } else {
                    return malformed(part, "the script `\(part)` must come right after the language, before the region and variants")
                }
            } else if (length == 2 && alpha) || (length == 3 && digits) {
                if result.region == nil, result.variants.isEmpty {
                    result.region = LocaleASCII.upper(String(part))
                } else if result.variants.isEmpty {
                    return malformed(part, "a second region `\(part)` (a tag has at most one region)")
                } else {
                    return malformed(part, "the region `\(part)` must come before the variants")
                }
            } else if length >= 5 || (length == 4 && startsWithDigit) {
                let variant = LocaleASCII.lower(String(part))
                if result.variants.contains(variant) {
                    return malformed(part, "the variant `\(part)` is repeated")
                }
                result.variants.append(variant)
            } else if length == 3, alpha, index == 1 {
                return malformed(part, "extended language subtags are not supported; write `\(LocaleASCII.lower(String(part)))` on its own instead of `\(first)-\(part)`")
            } else {
                return malformed(part, "`\(part)` is not a script (4 letters), region (2 letters or 3 digits) or variant (5–8 letters or digits, or a digit and 3 more)")
            }
            index += 1
        }
        result.variants.sort()
        return .success(result)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }

    // MARK: - Canonicalization and validity

    struct Replacement {
        var subtag: String
        var kind: LocaleSubtagKind
        var replacement: String?
    }

    /// Applies CLDR's language, script, territory and variant aliases: first the language aliases
    /// over several subtags that scan as a tag (`sgn-DE`, `art-lojban`, `hy-arevmda`,
    /// `und-bokmal`; the most specific match), then those of a single subtag (`iw`, `Qaai`, `SU`,
    /// `heploc`). Aliases that do not scan (`zh-min-nan`) are `LegacyTags`, replaced before.
    static func canonicalize(_ scanned: Scanned) -> (tag: LocaleTag, replaced: [Replacement]) {
        let data = CLDRData.subtags
        var replaced: [Replacement] = []
        var scanned = scanned
        if let match = LegacyTags.structuralMatch(scanned) {
            replaced.append(Replacement(subtag: match.matched, kind: match.kind, replacement: match.replacement))
            scanned = match.result
        }
        var language = scanned.language
        var script = scanned.script
        var region = scanned.region
        var variants = scanned.variants

        if let alias = data.languageAliases[language], alias.replacements.count == 1,
           case .success(let target) = scan(alias.replacements[0], lenient: false),
           target.variants.isEmpty {
            replaced.append(Replacement(subtag: scanned.language, kind: .language, replacement: alias.replacements[0]))
            language = target.language
            script = script ?? target.script
            region = region ?? target.region
        }
        if let original = script, let alias = data.scriptAliases[original], let target = alias.replacements.first {
            replaced.append(Replacement(subtag: original, kind: .script, replacement: target))
            script = target
        }
        if let original = region, let alias = data.territoryAliases[original], !alias.replacements.isEmpty {
            var target = alias.replacements[0]
            if alias.replacements.count > 1,
               let likely = LocaleTag(language: language, script: script).maximizedIfKnown?.region,
               alias.replacements.contains(likely) {
                target = likely
            }
            replaced.append(Replacement(subtag: original, kind: .region, replacement: target))
            region = target
        }
        var canonicalVariants: [String] = []
        for variant in variants {
            var target = variant
            if let alias = data.variantAliases[variant], let replacement = alias.replacements.first {
                replaced.append(Replacement(subtag: variant, kind: .variant, replacement: replacement))
                target = LocaleASCII.lower(replacement)
            }
            if !canonicalVariants.contains(target) { canonicalVariants.append(target) }
        }
        variants = canonicalVariants.sorted()
        return (LocaleTag(language: language, script: script, region: region, variants: variants), replaced)
    }

    /// The first subtag that CLDR's validity data marks deprecated or does not list.
    static func validityProblem(_ tag: LocaleTag, text: String) -> LocaleTagProblem? {
        let validity = CLDRData.validity
        func check(_ kind: LocaleSubtagKind, _ subtag: String) -> LocaleTagProblem? {
            switch validity.status(kind.rawValue, subtag) {
            case nil:
                return .unknown(tag: text, subtag: subtag, kind: kind)
            case .deprecated?:
                return .deprecated(tag: text, subtag: subtag, kind: kind, replacement: nil, canonical: nil)
            default:
                return nil
            }
        }
        if let problem = check(.language, tag.language) { return problem }
        if let script = tag.script, let problem = check(.script, script) { return problem }
        if let region = tag.region, let problem = check(.region, region) { return problem }
        for variant in tag.variants {
            if let problem = check(.variant, variant) { return problem }
        }
        return nil
    }

    // MARK: - Likely subtags

    /// The tag with likely script and region filled in from CLDR's likely subtags
    /// (`zh-TW` → `zh-Hant-TW`, `pt` → `pt-Latn-BR`, `sr-ME` → `sr-Latn-ME`); the tag itself when
    /// CLDR has no data for its language.
    public var maximized: LocaleTag { maximizedIfKnown ?? self }

    /// Like ``maximized``, but nil when CLDR has no likely subtags for the language. Only an
    /// `und` language falls back to the `und-…` entries; an unknown language is not guessed.
    var maximizedIfKnown: LocaleTag? {
        let likely = CLDRData.subtags.likely
        var keys: [String] = []
        keys.reserveCapacity(4)
        if let script, let region { keys.append("\(language)-\(script)-\(region)") }
        if let region { keys.append("\(language)-\(region)") }
        if let script { keys.append("\(language)-\(script)") }
        keys.append(language)
        for key in keys {
            if let match = likely[key] {
                return LocaleTag(
                    language: language == "und" ? match.language : language,
                    script: script ?? match.script,
                    region: region ?? match.region,
                    variants: variants)
            }
        }
        return nil
    }

    /// The script a bare language is written in by default (`zh` → `Hans`, `sr` → `Cyrl`).
    static func defaultScript(of language: String) -> String? {
        CLDRData.subtags.likely[language]?.script
    }

    /// The script this tag is written in: its own, else the likely one (`zh-TW` → `Hant`).
    public var likelyScript: String? {
        script ?? maximizedIfKnown?.script
    }

    /// The form with the likely script added when it differs from the language's default
    /// script (`zh-TW` → `zh-Hant-TW`, `sr-ME` → `sr-Latn-ME`); nil when the tag has a script
    /// already or its likely script is the default one (`en-AU`, `zh-CN`).
    public var scriptAddedForm: LocaleTag? {
        guard script == nil, !isRoot, let likely = likelyScript, let standard = Self.defaultScript(of: language),
              likely != standard else { return nil }
        return LocaleTag(language: language, script: likely, region: region, variants: variants)
    }

    // MARK: - Derived forms

    func with(script newScript: String?) -> LocaleTag {
        LocaleTag(language: language, script: newScript, region: region, variants: variants)
    }

    func with(region newRegion: String?) -> LocaleTag {
        LocaleTag(language: language, script: script, region: newRegion, variants: variants)
    }

    func withoutVariants() -> LocaleTag {
        LocaleTag(language: language, script: script, region: region)
    }

    /// Builds a tag from an identifier taken from CLDR data (already canonical).
    static func fromCLDR(_ identifier: String) -> LocaleTag? {
        guard case .success(let scanned) = scan(identifier, lenient: false) else { return nil }
        return LocaleTag(language: scanned.language, script: scanned.script, region: scanned.region, variants: scanned.variants)
    }
}
