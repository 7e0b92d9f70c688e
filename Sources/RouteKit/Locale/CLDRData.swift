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
    static let validity = ValidityData(statuses: Generated.validityStatuses, ranges: [
        "language": Generated.languageValidity, "script": Generated.scriptValidity,
        "region": Generated.regionValidity, "variant": Generated.variantValidity,
    ])
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
            func aliasTable(_ kind: String) -> Table<Alias> { Table(aliasLines, prefix: kind + " ", decode: Self.alias) }
            languageAliases = aliasTable("language")
            scriptAliases = aliasTable("script")
            territoryAliases = aliasTable("territory")
            variantAliases = aliasTable("variant")
        }

        /// The language aliases whose type has more than one subtag (`zh-min-nan`, `sgn-DE`): the
        /// ones of `languageAliases` with a `-` in their key, listed apart by the generator.
        static let legacyLanguageAliases = Table(SortedLines(Generated.legacyLanguageAliases), decode: alias)

        /// An alias line's value: `replacement… reason`.
        @Sendable private static func alias(_ rest: Substring) -> Alias? {
            guard let space = rest.utf8.lastIndex(of: UInt8(ascii: " ")) else { return nil }
            return Alias(replacement: String(rest[..<space]), reason: String(rest[rest.utf8.index(after: space)...]))
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
        /// so about 3,000 ranges stand for the ~9,400 subtags and are searched, not hashed. The
        /// generator lays them out sorted, so nothing is parsed or sorted at run time.
        private let tables: [String: Ranges]

        /// `first, last, status` triples, sorted by `first`, none overlapping.
        private struct Ranges: Sendable {
            let triples: [UInt64]
            let statuses: [SubtagStatus]

            var count: Int { triples.count / 3 }

            func status(of key: UInt64) -> SubtagStatus? {
                var low = 0, high = count
                while low < high {
                    let mid = (low + high) / 2
                    if triples[3 * mid + 1] < key { low = mid + 1 } else { high = mid }
                }
                guard low < count, triples[3 * low] <= key else { return nil }
                let status = Int(triples[3 * low + 2])
                return statuses.indices.contains(status) ? statuses[status] : nil
            }
        }

        /// `statuses`: the status names the triples index; `ranges`: each kind's triples.
        init(statuses: [String], ranges: [String: [UInt64]]) {
            let statuses = statuses.map { SubtagStatus(rawValue: $0) ?? .unknown }
            tables = ranges.mapValues { Ranges(triples: $0, statuses: statuses) }
        }

        func status(_ kind: String, _ subtag: String) -> SubtagStatus? {
            guard let key = Self.pack(subtag.utf8) else { return nil }
            return tables[kind]?.status(of: key)
        }

        /// Every entry of one kind, unpacked (for tests and diagnostics).
        func entries(_ kind: String) -> [String: SubtagStatus] {
            var result: [String: SubtagStatus] = [:]
            guard let table = tables[kind] else { return result }
            for index in 0 ..< table.count {
                guard let status = table.status(of: table.triples[3 * index]) else { continue }
                for key in table.triples[3 * index] ... table.triples[3 * index + 1] { result[Self.unpack(key)] = status }
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
    }

    struct PluralData: Sendable {
        struct RuleSet: Sendable {
            var locales: [String]
            /// `(category, text)` in file order, e.g. `("one", "i = 1 and v = 0 @integer 1")`.
            var rules: [(category: String, text: String)]
        }

        /// Locale (`pt-PT`, `kok-Latn`, `root`) → index of its rule set.
        private(set) var index: [String: Int] = [:]
        /// Each rule set's locales, and where its rule lines are in `text`: a set's rules are
        /// decoded when asked (a lint needs those of its few locales, not of all 100 sets).
        private var setLocales: [[String]] = []
        private var setLines: [Range<Int>] = []
        private let text: String

        init(_ text: String) {
            var text = text
            text.makeContiguousUTF8()
            self.text = text
            var index = [String: Int](minimumCapacity: 256), setLocales: [[String]] = [], setLines: [Range<Int>] = []
            _ = text.utf8.withContiguousStorageIfAvailable { bytes in
                LineScanner.forEachLine(bytes, in: 0 ..< bytes.count) { line in
                    if bytes[line.lowerBound] == UInt8(ascii: "@") {
                        // Fields one space apart, each a locale (a loop: a `split` here made the
                        // first array of its slices, whose type costs more to set up than the work).
                        var locales: [String] = []
                        var start = line.lowerBound + 1
                        while start < line.upperBound {
                            var end = start
                            while end < line.upperBound, bytes[end] != UInt8(ascii: " ") { end += 1 }
                            if end > start { locales.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)) }
                            start = end + 1
                        }
                        for locale in locales { index[locale] = setLocales.count }
                        setLocales.append(locales)
                        setLines.append(line.upperBound ..< line.upperBound)
                    } else if let last = setLines.indices.last {
                        setLines[last] = setLines[last].lowerBound ..< line.upperBound
                    }
                }
            }
            self.index = index
            self.setLocales = setLocales
            self.setLines = setLines
        }

        /// The rules of set `set`, decoded from its lines.
        func rules(ofSet set: Int) -> [(category: String, text: String)] {
            guard setLines.indices.contains(set) else { return [] }
            var rules: [(category: String, text: String)] = []
            _ = text.utf8.withContiguousStorageIfAvailable { bytes in
                LineScanner.forEachLine(bytes, in: setLines[set]) { line in
                    // `category: rule` (fields one space apart, as the generator writes them).
                    let space = line.first { bytes[$0] == UInt8(ascii: " ") } ?? line.upperBound
                    guard space > line.lowerBound, bytes[space - 1] == UInt8(ascii: ":") else { return }
                    let category = String(decoding: UnsafeBufferPointer(rebasing: bytes[line.lowerBound ..< space - 1]), as: UTF8.self)
                    let rule = String(decoding: UnsafeBufferPointer(rebasing: bytes[Swift.min(space + 1, line.upperBound) ..< line.upperBound]), as: UTF8.self)
                    rules.append((category, rule))
                }
            }
            return rules
        }

        /// Every rule set, decoded (for tests).
        var ruleSets: [RuleSet] { setLocales.indices.map { RuleSet(locales: setLocales[$0], rules: rules(ofSet: $0)) } }
    }
}

/// Splits the generated text fast: bytes, not `Character`s.
enum LineScanner {
    /// Calls `body` with the range of every non-empty line within `range` of `bytes` (for readers
    /// that split a line's fields themselves, or only some lines').
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end > start { body(start ..< end) }
            start = end + 1
        }
    }

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
