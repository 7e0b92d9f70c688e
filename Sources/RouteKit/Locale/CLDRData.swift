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
        /// One replacement for language, script and variant aliases; one or more, space-separated,
        /// for territories (`SU` → `RU AM AZ …`). Language replacements may be whole tags
        /// (`sh` → `sr-Latn`).
        var replacement: String
        var reason: String

        var replacements: [String] {
            replacement.split(separator: " ").map(String.init)
        }
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
            self.likely.reserveCapacity(2048)
            LineScanner.forEachLine(likely) { line in
                guard line.count == 2, let to = line.threeParts(1, separator: UInt8(ascii: "-")) else { return }
                self.likely[line.string(0)] = Likely(language: to.0, script: to.1, region: to.2)
            }
            LineScanner.forEachLine(parents) { line in
                guard line.count == 2 else { return }
                self.parents[line.string(0)] = line.string(1)
            }
            self.languageAliases.reserveCapacity(512)
            self.territoryAliases.reserveCapacity(1024)
            LineScanner.forEachLine(aliases) { line in
                guard line.count >= 4 else { return }
                let alias = Alias(replacement: line.string(2..<(line.count - 1)), reason: line.string(line.count - 1))
                let type = line.string(1)
                switch line.string(0) {
                case "language": self.languageAliases[type] = alias
                case "script": self.scriptAliases[type] = alias
                case "territory": self.territoryAliases[type] = alias
                case "variant": self.variantAliases[type] = alias
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
        /// Kind (`language`, `script`, `region`, `variant`) → packed subtag (see ``pack(_:)``) →
        /// status. Packed integer keys make building the ~9,400 entries cheap.
        private var tables: [String: [UInt64: SubtagStatus]] = [:]

        init(_ text: String) {
            LineScanner.forEachLine(text) { line in
                guard line.count >= 2, let status = SubtagStatus(rawValue: line.string(1)) else { return }
                let kind = line.string(0)
                var table = self.tables.removeValue(forKey: kind) ?? [:]
                table.reserveCapacity(kind == "language" ? 10_000 : 512)
                for field in 2..<line.count {
                    Self.expand(line.bytes(field)) { table[$0] = status }
                }
                self.tables[kind] = table
            }
        }

        func status(_ kind: String, _ subtag: String) -> SubtagStatus? {
            guard let key = Self.pack(subtag.utf8) else { return nil }
            return tables[kind]?[key]
        }

        /// Every entry of one kind, unpacked (for tests and diagnostics).
        func entries(_ kind: String) -> [String: SubtagStatus] {
            var result: [String: SubtagStatus] = [:]
            for (key, status) in tables[kind] ?? [:] { result[Self.unpack(key)] = status }
            return result
        }

        var kinds: [String] { tables.keys.sorted() }

        /// Up to 8 ASCII bytes, big-endian in a `UInt64` (subtags are at most 8 characters).
        static func pack<Bytes: Sequence>(_ bytes: Bytes) -> UInt64? where Bytes.Element == UInt8 {
            var key: UInt64 = 0
            var count = 0
            for byte in bytes {
                count += 1
                guard count <= 8, byte != 0 else { return nil }
                key = key << 8 | UInt64(byte)
            }
            return count == 0 ? nil : key
        }

        static func unpack(_ key: UInt64) -> String {
            var bytes: [UInt8] = []
            var rest = key
            while rest != 0 {
                bytes.append(UInt8(rest & 0xFF))
                rest >>= 8
            }
            return String(decoding: bytes.reversed(), as: UTF8.self)
        }

        /// CLDR's compact ranges: `aaa~i` is aaa, aab, …, aai; `001~3` is 001, 002, 003.
        static func expand(_ token: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
            guard let tilde = token.firstIndex(of: UInt8(ascii: "~")) else {
                if let key = pack(token) { body(key) }
                return
            }
            let start = UnsafeBufferPointer(rebasing: token[..<tilde])
            guard token.count - tilde == 2, let first = start.last, first <= token[tilde + 1],
                  let base = pack(start) else { return }
            for byte in first...token[tilde + 1] {
                body(base & ~0xFF | UInt64(byte))
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
            LineScanner.forEachLine(text) { line in
                if line.string(0) == "@" {
                    let locales = (1..<line.count).map { line.string($0) }
                    for locale in locales { self.index[locale] = self.ruleSets.count }
                    self.ruleSets.append(RuleSet(locales: locales, rules: []))
                } else if !self.ruleSets.isEmpty, line.bytes(0).last == UInt8(ascii: ":") {
                    let category = String(decoding: line.bytes(0).dropLast(), as: UTF8.self)
                    let rule = line.count > 1 ? line.string(1..<line.count) : ""
                    self.ruleSets[self.ruleSets.count - 1].rules.append((category, rule))
                }
            }
        }
    }
}

/// Splits the generated text fast: bytes, not `Character`s.
enum LineScanner {
    /// The space-separated fields of one line, as byte ranges of the text.
    struct Line {
        let buffer: UnsafeBufferPointer<UInt8>
        var ranges: [Range<Int>]

        var count: Int { ranges.count }

        func bytes(_ field: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: buffer[ranges[field]])
        }

        func string(_ field: Int) -> String {
            String(decoding: bytes(field), as: UTF8.self)
        }

        /// Fields `fields`, joined by single spaces.
        func string(_ fields: Range<Int>) -> String {
            guard let first = fields.first, let last = fields.last else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[ranges[first].lowerBound..<ranges[last].upperBound]), as: UTF8.self)
        }

        /// A field of exactly three parts: `zh-Hant-TW` → `zh`, `Hant`, `TW`.
        func threeParts(_ field: Int, separator: UInt8) -> (String, String, String)? {
            let range = ranges[field]
            guard let first = buffer[range].firstIndex(of: separator),
                  let second = buffer[(first + 1)..<range.upperBound].firstIndex(of: separator),
                  !buffer[(second + 1)..<range.upperBound].contains(separator) else { return nil }
            func text(_ part: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[part]), as: UTF8.self)
            }
            return (text(range.lowerBound..<first), text((first + 1)..<second), text((second + 1)..<range.upperBound))
        }
    }

    /// Calls `body` with every non-empty line. Fields are separated by one space each (the
    /// generator writes them so), which ``Line/string(_:)-(Range<Int>)`` relies on.
    static func forEachLine(_ text: String, _ body: (Line) -> Void) {
        var copy = text
        copy.withUTF8 { buffer in
            var line = Line(buffer: buffer, ranges: [])
            line.ranges.reserveCapacity(64)
            var fieldStart = 0
            var index = 0
            let count = buffer.count
            while index <= count {
                let byte: UInt8 = index < count ? buffer[index] : 10
                if byte == 32 || byte == 10 {
                    if index > fieldStart { line.ranges.append(fieldStart..<index) }
                    fieldStart = index + 1
                    if byte == 10 {
                        if !line.ranges.isEmpty { body(line) }
                        line.ranges.removeAll(keepingCapacity: true)
                    }
                }
                index += 1
            }
        }
    }
}
