/// CLDR's language aliases over more than one subtag (`supplementalMetadata.xml`,
/// `<languageAlias>` with `_` in its type): grandfathered and legacy tags such as `i-klingon`,
/// `zh-min-nan`, `no-bok`, `zh-cmn-Hant`, `art-lojban`, `sgn-DE`, and variant aliases such as
/// `hy-arevmda` or `und-bokmal`.
///
/// Two kinds, because BCP 47 parsing cannot see the first kind as subtags at all:
/// - types that do not scan as language-script-region-variants (`i-klingon`, `zh-min-nan`,
///   `no-bok`, `en-GB-oed`) are replaced as a prefix of the text, before scanning;
/// - types that do (`art-lojban`, `sgn-DE`, `hy-arevmda`, `und-aaland`) are matched on the scanned
///   subtags as UTS #35 does: an `und` language matches any language, listed subtags must be
///   present, and the most specific type wins.
enum LegacyTags {
    struct TextMatch {
        /// The alias type as CLDR writes it, with `-` (`zh-min-nan`).
        var matched: String
        var replacement: String
        /// The whole text with the matched prefix replaced (`zh-min-nan-TW` → `nan-TW`).
        var replaced: String
    }

    struct StructuralMatch {
        var matched: String
        var replacement: String?
        var kind: LocaleSubtagKind
        var result: LocaleTag.Scanned
    }

    private struct Structural: Sendable {
        var type: String
        var key: LocaleTag.Scanned
        var target: LocaleTag.Scanned
        var specificity: Int
    }

    private struct Tables: Sendable {
        /// Lowercased subtags of the type → (type, replacement), for types that do not scan.
        var textual: [[String]: (type: String, replacement: String)] = [:]
        var longestTextual = 0
        /// By the type's language (`und` for those that match any language).
        var structural: [String: [Structural]] = [:]

        init() {
            // The generator lists these aliases on their own: the other 1,000 lines of the alias
            // table are not read at all.
            for (type, alias) in CLDRData.SubtagData.legacyLanguageAliases.entries {
                let replacement = alias.replacement
                if case .success(let key) = LocaleTag.scan(type, lenient: false) {
                    guard case .success(let target) = LocaleTag.scan(replacement, lenient: true) else { continue }
                    let specificity = (key.language == "und" ? 0 : 8) + (key.script == nil ? 0 : 4)
                        + (key.region == nil ? 0 : 2) + key.variants.count
                    structural[key.language, default: []].append(
                        Structural(type: type, key: key, target: target, specificity: specificity))
                } else {
                    let parts = type.split(separator: "-").map { LocaleASCII.lower(String($0)) }
                    textual[parts] = (type, replacement)
                    longestTextual = max(longestTextual, parts.count)
                }
            }
            // Most specific first; equal ones in a fixed order, so the answer never depends on hashing.
            for language in structural.keys {
                structural[language]!.sort { ($0.specificity, $1.type) > ($1.specificity, $0.type) }
            }
        }
    }

    private static let tables = Tables()

    /// Every legacy type's subtags, lowercased (`["zh", "min", "nan"]`, `["sgn", "de"]`). A tag
    /// that could make up none of them matches no alias and is answered without `tables` (whose
    /// scans of every type are most of a small lint's locale work).
    private static let types: [[String]] = CLDRData.SubtagData.legacyLanguageAliases.entries.map { entry in
        entry.key.split(separator: "-").map { LocaleASCII.lower(String($0)) }
    }

    /// Whether some legacy type's subtags are all in `scanned` (its language, or any for `und`):
    /// what a structural alias needs to apply.
    private static func mayMatch(_ scanned: LocaleTag.Scanned) -> Bool {
        let others = ([scanned.script, scanned.region].compactMap { $0 } + scanned.variants).map(LocaleASCII.lower)
        if others.isEmpty { return false }
        return types.contains { type in
            (type[0] == "und" || type[0] == scanned.language) && type.dropFirst().allSatisfy(others.contains)
        }
    }

    /// The text with a leading legacy tag replaced; nil when it starts with none.
    static func replacing(_ text: String) -> TextMatch? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count >= 2, parts[0].utf8.count <= 3 else { return nil }
        let first = LocaleASCII.lower(String(parts[0]))
        guard types.contains(where: { $0[0] == first }) else { return nil }
        let lowered = parts.prefix(tables.longestTextual).map { LocaleASCII.lower(String($0)) }
        var length = min(lowered.count, tables.longestTextual)
        while length >= 2 {
            if let (type, replacement) = tables.textual[Array(lowered.prefix(length))] {
                let rest = parts.dropFirst(length).joined(separator: "-")
                return TextMatch(matched: type, replacement: replacement,
                                 replaced: rest.isEmpty ? replacement : replacement + "-" + rest)
            }
            length -= 1
        }
        return nil
    }

    /// The most specific structural alias that applies to `scanned`, and the subtags it gives.
    static func structuralMatch(_ scanned: LocaleTag.Scanned) -> StructuralMatch? {
        guard mayMatch(scanned) else { return nil }
        let own = tables.structural[scanned.language] ?? []
        let any = scanned.variants.isEmpty ? [] : (tables.structural["und"] ?? [])
        if own.isEmpty && any.isEmpty { return nil }
        // `own` entries name the language and so outrank every `und` one.
        for alias in own + any {
            let key = alias.key
            guard key.script == nil || key.script == scanned.script,
                  key.region == nil || key.region == scanned.region,
                  key.variants.allSatisfy(scanned.variants.contains) else { continue }
            let target = alias.target
            var result = scanned
            if target.language != "und" { result.language = target.language }
            result.script = key.script != nil ? target.script : (scanned.script ?? target.script)
            result.region = key.region != nil ? target.region : (scanned.region ?? target.region)
            var variants = scanned.variants.filter { !key.variants.contains($0) }
            for variant in target.variants where !variants.contains(variant) { variants.append(variant) }
            result.variants = variants.sorted()
            if key.language == "und" {
                // `de-bokmal` → `de`: only the variant is deprecated.
                return StructuralMatch(matched: key.variants.joined(separator: "-"),
                                       replacement: target.region ?? target.variants.first,
                                       kind: .variant, result: result)
            }
            return StructuralMatch(matched: alias.type, replacement: CLDRData.subtags.languageAliases[alias.type]?.replacement,
                                   kind: .language, result: result)
        }
        return nil
    }
}

/// Locale names that platforms hand over but BCP 47 does not spell: POSIX `LANG` values
/// (`de_DE.UTF-8`, `de_DE@euro`, `sr_RS@latin`, `C`, `POSIX`) and CLDR's `root`.
enum PlatformLocaleName {
    /// The BCP 47 text for such a name (`C`, `POSIX`, `root` → `und`); nil for any other text.
    static func tagText(_ text: String) -> String? {
        if text == "C" || text == "POSIX" || text.hasPrefix("C.") || LocaleASCII.lower(text) == "root" { return "und" }
        guard let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }), cut != text.startIndex else { return nil }
        var name = String(text[..<cut])
        if let at = text.firstIndex(of: "@") {
            let modifier = LocaleASCII.lower(String(text[text.index(after: at)...].prefix { $0 != "." }))
            // glibc's script modifiers; others (`euro`) say nothing about the language.
            let scripts = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab"]
            if let script = scripts[modifier] {
                let parts = name.split(separator: "_", maxSplits: 1)
                name = String(parts[0]) + "-" + script + (parts.count > 1 ? "-" + parts[1] : "")
            }
        }
        return name
    }
}
