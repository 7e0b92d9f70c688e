/// The CLDR data compiled into routekit (see `CLDRData+Generated.swift`, made by
/// `Scripts/generate-cldr-data.py` from `Resources/CLDR/*.xml`), parsed lazily, once, at first use.
///
/// Three independent parts, so a caller pays only for what it touches: ``subtags`` (likely
/// subtags, parent locales, aliases), ``validity`` (the valid and deprecated subtags) and
/// ``plurals`` (cardinal plural rules). Identifiers use `-`, not CLDR's `_`.
enum CLDRData {
    static let subtags = SubtagData(
        likely: Generated.likelySubtags, parents: Generated.parentLocales, aliases: Generated.aliases)
    static let validity = ValidityData(Generated.validity)
    static let plurals = PluralData(Generated.plurals)

    /// Language, script and region of a `likelySubtags.xml` target such as `zh-Hant-TW`.
    struct Likely: Hashable, Sendable {
        var language: String
        var script: String
        var region: String
    }

    struct Alias: Hashable, Sendable {
        /// One replacement for language, script and variant aliases; one or more for territories
        /// (`SU` → `RU AM AZ …`). Language replacements may be whole tags (`sh` → `sr-Latn`).
        var replacements: [String]
        var reason: String
    }

    struct SubtagData: Sendable {
        /// `from` → target, e.g. `zh-TW` → zh/Hant/TW, `und-Hant` → zh/Hant/TW.
        var likely: [String: Likely] = [:]
        /// `child` → `parent`, e.g. `en-AU` → `en-001`, `zh-Hant` → `root`.
        var parents: [String: String] = [:]
        /// Keyed by the alias type as written (with `-`): `iw`, `zh-min-nan`, `sgn-DE`.
        var languageAliases: [String: Alias] = [:]
        var scriptAliases: [String: Alias] = [:]
        var territoryAliases: [String: Alias] = [:]
        var variantAliases: [String: Alias] = [:]

        init(likely: String, parents: String, aliases: String) {
            LineScanner.forEachLine(likely) { fields in
                guard fields.count == 2 else { return }
                let to = fields[1].split(separator: "-", omittingEmptySubsequences: false)
                guard to.count == 3 else { return }
                self.likely[fields[0]] = Likely(
                    language: String(to[0]), script: String(to[1]), region: String(to[2]))
            }
            LineScanner.forEachLine(parents) { fields in
                guard fields.count == 2 else { return }
                self.parents[fields[0]] = fields[1]
            }
            LineScanner.forEachLine(aliases) { fields in
                guard fields.count >= 4 else { return }
                let alias = Alias(replacements: Array(fields[2..<(fields.count - 1)]), reason: fields[fields.count - 1])
                switch fields[0] {
                case "language": self.languageAliases[fields[1]] = alias
                case "script": self.scriptAliases[fields[1]] = alias
                case "territory": self.territoryAliases[fields[1]] = alias
                case "variant": self.variantAliases[fields[1]] = alias
                default: break
                }
            }
        }
    }

    /// What `validity/*.xml` says about one subtag.
    enum SubtagStatus: String, Sendable {
        case regular, special, macroregion, deprecated, reserved
        case privateUse = "private_use"
        case unknown
    }

    struct ValidityData: Sendable {
        /// Kind (`language`, `script`, `region`, `variant`) → subtag (as in the XML: `en`, `Latn`,
        /// `US`, `1901`) → status.
        var statuses: [String: [String: SubtagStatus]] = [:]

        init(_ text: String) {
            LineScanner.forEachLine(text) { fields in
                guard fields.count >= 2, let status = SubtagStatus(rawValue: fields[1]) else { return }
                var table = self.statuses[fields[0], default: [:]]
                for token in fields.dropFirst(2) {
                    Self.expand(token) { table[$0] = status }
                }
                self.statuses[fields[0]] = table
            }
        }

        func status(_ kind: String, _ subtag: String) -> SubtagStatus? {
            statuses[kind]?[subtag]
        }

        /// CLDR's compact ranges: `aaa~i` is aaa, aab, …, aai; `001~3` is 001, 002, 003.
        static func expand(_ token: String, _ body: (String) -> Void) {
            guard let tilde = token.utf8.firstIndex(of: UInt8(ascii: "~")) else {
                body(token)
                return
            }
            let start = Array(token.utf8[..<tilde])
            let end = Array(token.utf8[token.utf8.index(after: tilde)...])
            guard end.count == 1, let first = start.last, first <= end[0] else {
                body(token)
                return
            }
            var bytes = start
            for byte in first...end[0] {
                bytes[bytes.count - 1] = byte
                body(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    struct PluralData: Sendable {
        struct RuleSet: Sendable {
            var locales: [String]
            /// `(category, text)` in file order, e.g. `("one", "i = 1 and v = 0 @integer 1")`.
            var rules: [(category: String, text: String)]
        }

        var ruleSets: [RuleSet] = []
        /// Locale (`pt-PT`, `kok-Latn`, `root`) → index into `ruleSets`.
        var index: [String: Int] = [:]

        init(_ text: String) {
            LineScanner.forEachRawLine(text) { line in
                if line.hasPrefix("@ ") {
                    let locales = line.dropFirst(2).split(separator: " ").map(String.init)
                    for locale in locales { self.index[locale] = self.ruleSets.count }
                    self.ruleSets.append(RuleSet(locales: locales, rules: []))
                } else if let colon = line.firstIndex(of: ":"), !self.ruleSets.isEmpty {
                    let category = String(line[..<colon])
                    let rest = line[line.index(after: colon)...].drop(while: { $0 == " " })
                    self.ruleSets[self.ruleSets.count - 1].rules.append((category, String(rest)))
                }
            }
        }
    }
}

/// Splits the generated text fast: bytes, not `Character`s.
enum LineScanner {
    /// Calls `body` with the space-separated fields of every non-empty line.
    static func forEachLine(_ text: String, _ body: ([String]) -> Void) {
        var copy = text
        copy.withUTF8 { buffer in
            var fields: [String] = []
            var fieldStart = 0
            var index = 0
            let count = buffer.count
            while index <= count {
                let byte: UInt8 = index < count ? buffer[index] : 10
                if byte == 32 || byte == 10 {
                    if index > fieldStart {
                        fields.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[fieldStart..<index]), as: UTF8.self))
                    }
                    fieldStart = index + 1
                    if byte == 10 {
                        if !fields.isEmpty { body(fields) }
                        fields.removeAll(keepingCapacity: true)
                    }
                }
                index += 1
            }
        }
    }

    /// Calls `body` with every non-empty line, unsplit.
    static func forEachRawLine(_ text: String, _ body: (String) -> Void) {
        var copy = text
        copy.withUTF8 { buffer in
            var lineStart = 0
            var index = 0
            let count = buffer.count
            while index <= count {
                if index == count || buffer[index] == 10 {
                    if index > lineStart {
                        body(String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<index]), as: UTF8.self))
                    }
                    lineStart = index + 1
                }
                index += 1
            }
        }
    }
}
