import Synchronization

/// A lint run's cache of what several rules derive from the string table, computed once for all
/// of them: by the first rule that asks, on all cores where it can; any other that asks meanwhile
/// helps with that work (`Concurrent.Once`).
final class StringTableCache: Sendable {
    private let strings: StringTable
    private let pluralCategoriesByLocale = Concurrent.Once<[String: [Int8]]>()
    private let argumentsByKey = Concurrent.Once<KeyArguments>()
    private let formatScansByLocale = Concurrent.Once<[FormatScan]>()
    private let mismatchesAlone = Concurrent.Once<[PlaceholderMismatch.Found?]>()
    private let blanksAlone = Concurrent.Once<[TextSet]>()
    /// Whether `formatScans` compares each translation with its base too (`placeholder-mismatch`
    /// runs), and how many mismatches a locale lists at most (`limits.findings`).
    private let comparesPlaceholders: Bool
    /// Whether a rule that reads the placeholders (`format-crash`, the verbatim rule, `placeholder-mismatch`)
    /// runs, and whether `empty-translation` does: what the one reading of every text looks for.
    private let readsPlaceholders: Bool
    private let findsBlanks: Bool
    private let listedMismatches: Int

    /// `rules`: the rules that will ask (nil: any may).
    init(_ strings: StringTable, for rules: [any LintRule]? = nil, listedMismatches: Int = InputLimits.default.findings) {
        self.strings = strings
        comparesPlaceholders = rules?.contains { $0 is PlaceholderMismatch } ?? true
        readsPlaceholders = rules?.contains { $0 is PlaceholderMismatch || $0 is FormatCrash || $0 is PlaceholderShownVerbatim } ?? true
        findsBlanks = rules?.contains { $0 is EmptyTranslation } ?? true
        self.listedMismatches = listedMismatches
    }

    /// Per plural form of `locale`, indexed like `LocaleStrings.forms`: the index of its category
    /// in `pluralCategoryNames`, or -1 when its key is not a category. Both plural rules need
    /// every form's category, and reading the keys from the text arenas is their main cost.
    func pluralCategories(of locale: String) -> [Int8] {
        pluralCategoriesByLocale.value { Self.pluralCategories(strings) }[locale] ?? []
    }

    /// What the app passes for each key, as the base locale's text (in its dialect) tells.
    func keyArguments() -> KeyArguments {
        argumentsByKey.value { KeyArguments(strings) }
    }

    /// Per locale of `strings.locales` (same order), what one reading of every text found: of
    /// those with a `%` (no other has a placeholder in any dialect), scanned, the texts where
    /// `format-crash` or `placeholder-shown-verbatim` may find something, which they then read
    /// alone, and (when `comparesPlaceholders`) the translations whose placeholders do not match
    /// their base's, which `placeholder-mismatch` lists; and (when `findsBlanks`) the blank texts,
    /// which `empty-translation` judges. Each rule read every text, where one reading serves:
    /// a String Catalog's locales lie interleaved in its buffer, and each reading of a locale's
    /// texts waited on memory at every one.
    func formatScans() -> [FormatScan] {
        formatScansByLocale.value {
            let arguments = readsPlaceholders ? keyArguments() : nil
            return Self.formatScans(strings, arguments: arguments,
                                    bases: comparesPlaceholders ? PlaceholderMismatch.Bases(strings, arguments: arguments!) : nil,
                                    listed: listedMismatches, blanks: findsBlanks)
        }
    }

    /// Per locale of `strings.locales`, its blank texts (empty, or only white space): from
    /// `formatScans`, or when it does not look for them, from a reading of their own.
    func blankTexts() -> [TextSet] {
        guard !findsBlanks else { return formatScans().map(\.blanks) }
        return blanksAlone.value {
            Self.formatScans(strings, arguments: nil, bases: nil, listed: 0, blanks: true).map(\.blanks)
        }
    }

    /// Per locale of `strings.locales`, `placeholder-mismatch`'s findings (nil for the base
    /// locale): from `formatScans`, or when it does not compare, from a scan of their own.
    func placeholderMismatches() -> [PlaceholderMismatch.Found?] {
        guard !comparesPlaceholders else { return formatScans().map(\.mismatches) }
        return mismatchesAlone.value {
            let arguments = keyArguments()
            return Self.formatScans(strings, arguments: arguments, bases: PlaceholderMismatch.Bases(strings, arguments: arguments),
                                    listed: listedMismatches, blanks: false).map(\.mismatches)
        }
    }

    /// `arguments`: nil when no placeholder is read (only `blanks` are looked for).
    private static func formatScans(_ strings: StringTable, arguments: KeyArguments?, bases: PlaceholderMismatch.Bases?,
                                    listed: Int, blanks findsBlanks: Bool) -> [FormatScan] {
        let storage = strings.storage
        let locales = strings.locales
        return Concurrent.map(count: locales.count) { localeIndex in
            guard let table = strings[locales[localeIndex]] else { return FormatScan(candidates: []) }
            var found: [FormatCandidate] = []
            var blanks = TextSet()
            var scalars = BlankScalars()
            let compared = locales[localeIndex] != strings.baseLocale && bases != nil
            var comparison = PlaceholderMismatch.LocaleComparison(compared ? bases : nil, table: table, storage: storage,
                                                                  arguments: arguments ?? KeyArguments(), limit: listed)
            var percents = ByteSearch(UInt8(ascii: "%"))
            for (index, entry) in table.entries.indexed {
                let compares = comparison.start(index, entry)
                var hasPercent = false
                table.forEachTextAndForm(of: entry) { ref, form in
                    if findsBlanks, storage.withBytes(entry.file, ref, { UTF8Text.isBlank($0, &scalars) }) {
                        blanks.insert(form.map { table.entries.count + $0 } ?? index, of: table)
                    }
                    guard let arguments else { return }
                    guard percents.contains(entry.file, ref, in: storage) else {
                        if compares { storage.withBytes(entry.file, ref) { comparison.textWithoutPercent($0) } }
                        return
                    }
                    hasPercent = true
                    storage.withBytes(entry.file, ref) { text in
                        // (For a key the base has, `formatted` is the key's, whatever the text.)
                        let formatted = arguments.formatted(entry.key) ?? storage.rules(entry.file).hasArguments(text)
                        let highest = formatted ? arguments.highestPosition(entry.key) : nil
                        let signature = compares ? comparison.startText() : -1
                        let (mayCrash, mayShowVerbatim) = scanText(text, storage.dialects[Int(entry.file)], formatted: formatted,
                                                                   highest: highest, signature: signature, &comparison)
                        if mayCrash || mayShowVerbatim {
                            found.append(FormatCandidate(entry: Int32(index), form: Int32(form ?? -1), mayCrash: mayCrash,
                                                         mayShowVerbatim: mayShowVerbatim))
                        }
                    }
                }
                if compares { comparison.finish(hasPercent: hasPercent) }
            }
            return FormatScan(candidates: found, mismatches: compared ? comparison.found : nil, blanks: blanks)
        }
    }

    /// What `FormatCrash.problems` and the verbatim rule read of `text`, and its placeholders
    /// added to `signature` of `comparison` for the comparison with its base (unless it is -1),
    /// in one scan, by the rules of `dialect` (`StringDialect.rules`), each a type of its own
    /// here: through `any DialectRules` the token handler was a closure the scan could not inline.
    private static func scanText(_ text: UnsafeBufferPointer<UInt8>, _ dialect: StringDialect, formatted: Bool, highest: Int?,
                                 signature: Int, _ comparison: inout PlaceholderMismatch.LocaleComparison)
        -> (mayCrash: Bool, mayShowVerbatim: Bool) {
        switch dialect {
        case .apple: scanText(text, AppleDialect(), formatted: formatted, highest: highest, signature: signature, &comparison)
        case .android: scanText(text, AndroidDialect(), formatted: formatted, highest: highest, signature: signature, &comparison)
        case .rails: scanText(text, RailsDialect(), formatted: formatted, highest: highest, signature: signature, &comparison)
        case .compose(let version):
            scanText(text, ComposeDialect(version: version), formatted: formatted, highest: highest, signature: signature, &comparison)
        }
    }

    @inline(__always)
    private static func scanText<Rules: DialectRules>(_ text: UnsafeBufferPointer<UInt8>, _ rules: Rules, formatted: Bool, highest: Int?,
                                                      signature: Int, _ comparison: inout PlaceholderMismatch.LocaleComparison)
        -> (mayCrash: Bool, mayShowVerbatim: Bool) {
        var mayCrash = false, mayShowVerbatim = false
        rules.scan(text, formatted: formatted) { token in
            switch token.kind {
            case .crash: mayCrash = true
            case .argument:
                if let position = token.position, let highest, position > highest { mayCrash = true }
            case .verbatim: mayShowVerbatim = true
            case .escape: break
            }
            if signature >= 0 { comparison.add(token, of: text, to: signature) }
        }
        return (mayCrash, mayShowVerbatim)
    }

    private static func pluralCategories(_ strings: StringTable) -> [String: [Int8]] {
        let locales = strings.locales
        let byLocale = Concurrent.map(count: locales.count) { localeIndex -> [Int8]? in
            guard let table = strings[locales[localeIndex]] else { return nil }
            var categories = [Int8](repeating: -1, count: table.forms.count)
            for entryIndex in table.pluralEntries {
                let entry = table.entries[Int(entryIndex)]
                for formIndex in table.pluralFormIndices(entry) {
                    let category = strings.storage.withBytes(entry.file, table.forms[formIndex].category, UTF8Text.pluralCategory)
                    if let category { categories[formIndex] = Int8(category) }
                }
            }
            return categories
        }
        var result: [String: [Int8]] = [:]
        for (locale, categories) in zip(locales, byLocale) where categories != nil { result[locale] = categories }
        return result
    }
}

/// One locale's texts as `StringTableCache.formatScans` found them.
struct FormatScan: Sendable {
    /// The texts that may crash or show a placeholder as typed, in entry and form order.
    var candidates: [FormatCandidate]
    /// `placeholder-mismatch`'s findings in the locale, when compared (`LocaleComparison`).
    var mismatches: PlaceholderMismatch.Found?
    /// The blank texts, when looked for.
    var blanks = TextSet()
}

/// Texts of a locale, a bit each (none kept: no memory), by number: a plain entry's text is its
/// entry's index in `entries`, a plural form's text `entries.count` + its index in `forms` (as
/// `EntryFindings` numbers its items). A list of places took 8 bytes a text where every text is
/// blank, and kept them all until the report was written.
struct TextSet: Sendable {
    private var words: [UInt64] = []

    var isEmpty: Bool { words.isEmpty }

    mutating func insert(_ text: Int, of table: LocaleStrings) {
        if words.isEmpty { words = [UInt64](repeating: 0, count: (table.entries.count + table.forms.count + 63) / 64) }
        words[text >> 6] |= 1 << UInt64(text & 63)
    }

    /// The texts in increasing order.
    func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                body(index << 6 | rest.trailingZeroBitCount)
                rest &= rest &- 1
            }
        }
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// A text in which a formatter may throw or show a placeholder as typed (`StringTableCache.formatScans`).
struct FormatCandidate: Sendable {
    /// The entry's index in its locale's `entries`.
    var entry: Int32
    /// The plural form's index in `forms`; -1 for a plain text.
    var form: Int32
    var mayCrash: Bool
    var mayShowVerbatim: Bool

    var formIndex: Int? { form < 0 ? nil : Int(form) }
}

/// Per key id, whether the app formats the string (passes arguments) and the highest argument
/// position it passes, as the base locale says: its text (any plural form) has a placeholder its
/// dialect fills, or it is a Rails plural (`count:`), or — in a String Catalog — its key is a
/// format (`"liked %lld"`: Xcode extracts the key from the code's literal). A translation is
/// formatted as its base is: a stray `%` in a German text crashes only where the code passes
/// arguments. Keys the base lacks are judged by their own text (`formatted(_:text:)`).
struct KeyArguments: Sendable {
    /// Per key id: -1 when the base lacks the key; else the highest argument position the base
    /// (or, for Apple, its key) uses (0 for none; positions stop at 1,000,000), with
    /// `formattedBit` set when the app formats it. One array: a base of a million keys keeps it
    /// beside every other table while the rules run.
    private var keys: [Int32]
    private static let formattedBit: Int32 = 1 << 30

    /// No key: for a reading of the texts that reads no placeholder.
    init() { keys = [] }

    init(_ strings: StringTable) {
        let storage = strings.storage
        keys = [Int32](repeating: -1, count: storage.keyCount)
        guard let base = strings.base else { return }
        var percents = ByteSearch(UInt8(ascii: "%"))
        for entry in base.entries {
            let rules = storage.rules(entry.file)
            var found = ArgumentsFound()
            base.forEachText(of: entry) { ref in
                guard percents.contains(entry.file, ref, in: storage) else { return }
                storage.withBytes(entry.file, ref) { text in rules.scan(text, formatted: true) { found.note($0) } }
            }
            switch storage.dialects[Int(entry.file)] {
            case .rails where entry.isPlural:
                found.any = true
            case .apple:
                storage.withName(entry.key) { key in rules.scan(key, formatted: true) { found.note($0) } }
            default:
                break
            }
            keys[Int(entry.key)] = found.top | (found.any ? Self.formattedBit : 0)
        }
    }

    /// What the texts of a base entry (and a String Catalog key) pass: whether any argument, and
    /// the highest position one takes.
    private struct ArgumentsFound {
        var any = false
        var top: Int32 = 0

        @inline(__always)
        mutating func note(_ token: FormatToken) {
            guard token.isArgument else { return }
            any = true
            top = Swift.max(top, Int32(token.position ?? 0))
        }
    }

    /// Whether the app formats key `id`'s texts; `text` decides for a key the base lacks.
    func formatted(_ id: Int32, text: UnsafeBufferPointer<UInt8>, rules: any DialectRules) -> Bool {
        formatted(id) ?? rules.hasArguments(text)
    }

    /// Whether the app formats key `id`'s texts; nil for a key the base lacks (its text decides).
    @inline(__always)
    func formatted(_ id: Int32) -> Bool? {
        let value = keys[Int(id)]
        return value < 0 ? nil : value & Self.formattedBit != 0
    }

    /// The highest argument position the app passes for key `id`; nil when the base lacks it.
    func highestPosition(_ id: Int32) -> Int? {
        let value = keys[Int(id)]
        return value < 0 ? nil : Int(value & (Self.formattedBit - 1))
    }
}
