/// The CLDR data compiled into routekit (see `CLDRData+Generated.swift`, made by
/// `Scripts/generate-cldr-data.py` from `Resources/CLDR/*.xml`). Likely subtags, parents and
/// aliases are searched in their sorted lines; validity and plural rules are read once, at first use.
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

    /// Likely subtags, parent locales and aliases, looked up in the generated lines (sorted by
    /// the generator) without building a table: a lint asks for a handful of locales.
    struct SubtagData: Sendable {
        /// `from` → target, e.g. `zh-TW` → zh/Hant/TW, `und-Hant` → zh/Hant/TW.
        let likely: Table<Likely>
        /// `child` → `parent`, e.g. `en-AU` → `en-001`, `zh-Hant` → `root`.
        let parents: Table<String>
        /// Keyed by the alias type as written (with `-`): `iw`, `zh-min-nan`, `sgn-DE`.
        let languageAliases: Table<Alias>
        let scriptAliases: Table<Alias>
        let territoryAliases: Table<Alias>
        let variantAliases: Table<Alias>

        init(likely: String, parents: String, aliases: String) {
            self.likely = Table(SortedLines(likely)) { to in
                let parts = to.utf8.split(separator: UInt8(ascii: "-"))
                guard parts.count == 3 else { return nil }
                return Likely(language: String(Substring(parts[0])), script: String(Substring(parts[1])), region: String(Substring(parts[2])))
            }
            self.parents = Table(SortedLines(parents)) { $0.isEmpty ? nil : String($0) }
            let aliasLines = SortedLines(aliases, keyFields: 2)
            func aliasTable(_ kind: String) -> Table<Alias> {
                Table(aliasLines, prefix: kind + " ") { rest in
                    guard let space = rest.utf8.lastIndex(of: UInt8(ascii: " ")) else { return nil }
                    return Alias(replacement: String(rest[..<space]), reason: String(rest[rest.utf8.index(after: space)...]))
                }
            }
            languageAliases = aliasTable("language")
            scriptAliases = aliasTable("script")
            territoryAliases = aliasTable("territory")
            variantAliases = aliasTable("variant")
        }
    }

    /// One kind of entry in sorted generated lines: a key (after a fixed prefix such as
    /// `language `) and the value its line decodes to.
    struct Table<Value>: Sendable {
        private let lines: SortedLines
        private let prefix: String
        private let decode: @Sendable (Substring) -> Value?

        init(_ lines: SortedLines, prefix: String = "", decode: @escaping @Sendable (Substring) -> Value?) {
            self.lines = lines
            self.prefix = prefix
            self.decode = decode
        }

        subscript(key: String) -> Value? {
            lines.value(for: prefix + key).flatMap(decode)
        }

        /// Every entry in key order (for the few callers that go through them all, and tests).
        var entries: [(key: String, value: Value)] { entries { _ in true } }

        /// The entries whose key passes `include`, in key order; only they are decoded.
        func entries(whereKey include: (String) -> Bool) -> [(key: String, value: Value)] {
            var result: [(key: String, value: Value)] = []
            lines.forEach(keyPrefix: prefix) { key, rest in
                if include(key), let value = decode(rest) { result.append((key, value)) }
            }
            return result
        }
    }

    /// What `validity/*.xml` says about one subtag.
    enum SubtagStatus: String, Sendable {
        case regular, special, macroregion, deprecated, reserved
        case privateUse = "private_use"
        case unknown
    }

    struct ValidityData: Sendable {
        /// Kind (`language`, `script`, `region`, `variant`) → its ranges of packed subtags (see
        /// ``pack(_:)``), sorted: CLDR's compact ranges (`aaa~i`) are contiguous in packed order,
        /// so about 2,700 ranges stand for the ~9,400 subtags and are searched, not hashed.
        private var tables: [String: Ranges] = [:]

        private struct Ranges: Sendable {
            var first: [UInt64] = []
            var last: [UInt64] = []
            var status: [SubtagStatus] = []

            func status(of key: UInt64) -> SubtagStatus? {
                var low = 0, high = first.count
                while low < high {
                    let mid = (low + high) / 2
                    if last[mid] < key { low = mid + 1 } else { high = mid }
                }
                return low < first.count && first[low] <= key ? status[low] : nil
            }
        }

        init(_ text: String) {
            var ranges: [String: [(first: UInt64, last: UInt64, status: SubtagStatus)]] = [:]
            LineScanner.forEachLine(text) { line in
                guard line.count >= 2, let status = SubtagStatus(rawValue: line.string(1)) else { return }
                let kind = line.string(0)
                var list = ranges.removeValue(forKey: kind) ?? []
                list.reserveCapacity(list.count + line.count - 2)
                for field in 2..<line.count {
                    if let range = Self.range(line.bytes(field)) { list.append((range.first, range.last, status)) }
                }
                ranges[kind] = list
            }
            for (kind, list) in ranges {
                var table = Ranges()
                // A subtag has one status; the generator checks that no two ranges overlap.
                for range in list.sorted(by: { $0.first < $1.first }) {
                    table.first.append(range.first)
                    table.last.append(range.last)
                    table.status.append(range.status)
                }
                tables[kind] = table
            }
        }

        func status(_ kind: String, _ subtag: String) -> SubtagStatus? {
            guard let key = Self.pack(subtag.utf8) else { return nil }
            return tables[kind]?.status(of: key)
        }

        /// Every entry of one kind, unpacked (for tests and diagnostics).
        func entries(_ kind: String) -> [String: SubtagStatus] {
            var result: [String: SubtagStatus] = [:]
            guard let table = tables[kind] else { return result }
            for index in table.first.indices {
                for key in table.first[index] ... table.last[index] { result[Self.unpack(key)] = table.status[index] }
            }
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

        /// CLDR's compact ranges: `aaa~i` is aaa, aab, …, aai (packed: one contiguous range);
        /// `001~3` is 001, 002, 003; a plain subtag is a range of one.
        static func range(_ token: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64)? {
            guard let tilde = token.firstIndex(of: UInt8(ascii: "~")) else {
                return pack(token).map { ($0, $0) }
            }
            let start = UnsafeBufferPointer(rebasing: token[..<tilde])
            guard token.count - tilde == 2, let first = start.last, first <= token[tilde + 1],
                  let base = pack(start) else { return nil }
            return (base, base & ~0xFF | UInt64(token[tilde + 1]))
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
