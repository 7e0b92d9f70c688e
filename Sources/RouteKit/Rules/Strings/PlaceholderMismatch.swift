import Synchronization

/// A translation's placeholders must match the base text's, in the terms of the string's dialect:
/// the same names, and at each position the same type (`%1$s` vs `%1$d` on Android; Compose fills
/// both alike). A plural form may leave a placeholder out (a `one` form that says "once"), but never
/// add one the base does not have. In a String Catalog each localization chooses its own
/// variations: a plain source with a plural translation is valid, and a translation may use an
/// argument the key passes (`"liked %lld"`) that the source text leaves out. A position past the
/// base's highest is a crash, which `format-crash` reports.
struct PlaceholderMismatch: LintRule {
    static let id = "placeholder-mismatch"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        guard let base = strings.base, strings.locales.contains(where: { $0 != strings.baseLocale }) else { return [] }
        let arguments = context.stringCache.keyArguments()
        var findings: [Finding] = []
        // What the base says, per key id, computed once: its placeholders (all forms merged) as
        // bytes, in one list. The loop below reads `sources` for every translation: it is kept
        // small and indexed by key id.
        var expectedBytes = PlaceholderBytes()
        // One signature at most per base text: reserved, so the list never grows by copying.
        expectedBytes.reserveSignatures(base.entries.count + 1)
        var sources = [BaseText](repeating: BaseText(signature: -1, allowed: -1, isPlural: false, hasPlaceholders: false, apple: false),
                                 count: storage.keyCount)
        // Most texts have no placeholders: they share one empty signature (a signature each
        // would cost more than the texts of a large file).
        let noPlaceholders = expectedBytes.startSignature()
        for source in base.entries {
            let rules = storage.rules(source.file)
            let apple = storage.dialects[Int(source.file)] == .apple
            var signature = expectedBytes.startSignature()
            base.forEachText(of: source) { ref in
                storage.withBytes(source.file, ref) { text in
                    expectedBytes.add(text, rules: rules, formatted: arguments.formatted(source.key, text: text, rules: rules))
                }
            }
            let hasPlaceholders = !expectedBytes.isEmpty(signature)
            if !hasPlaceholders {
                expectedBytes.removeLastSignature()
                signature = noPlaceholders
            }
            var allowed = signature
            if apple, storage.name(source.key).utf8.contains(UInt8(ascii: "%")) {
                // The base's arguments and the key's: what the code passes.
                allowed = expectedBytes.startSignature()
                base.forEachText(of: source) { ref in storage.withBytes(source.file, ref) { expectedBytes.add($0, rules: rules) } }
                var key = storage.name(source.key)
                key.withUTF8 { expectedBytes.add($0, rules: rules) }
            }
            sources[Int(source.key)] = BaseText(signature: Int32(signature), allowed: Int32(allowed), isPlural: source.isPlural,
                                                hasPlaceholders: hasPlaceholders, apple: apple)
        }
        var translationBytes = PlaceholderBytes()
        // A base key's signatures, made once for all its findings and their messages.
        let memo = ExpectedSignatures()
        var blankScalars = BlankScalars()
        // The first `limits.findings` are listed, in locale and entry order; the rest counted.
        let listing = FindingListing(rule: Self.id, limit: context.project.config.limits.findings)
        for locale in strings.locales where locale != strings.baseLocale {
            guard let table = strings[locale] else { continue }
            // A finding per entry or form at most, made into words only when asked for (`message`).
            let make: @Sendable (Int, Int?, Int?) -> String = { index, form, _ in
                Self.message(table.entries[index], form: form, in: table, base: base, storage: storage, baseLocale: strings.baseLocale,
                             arguments: arguments, memo: memo)
            }
            let atKey = EntryFindings(rule: Self.id, table: table, place: .key, message: .made(make), listing: listing)
            let atText = EntryFindings(rule: Self.id, table: table, place: .text, message: .made(make), listing: listing)
            for (entryIndex, entry) in table.entries.enumerated() {
                let source = sources[Int(entry.key)]
                guard source.signature >= 0 else { continue }
                let rules = storage.rules(entry.file)
                let apple = source.apple && storage.dialects[Int(entry.file)] == .apple
                let formatted = arguments.formatted(entry.key, text: UnsafeBufferPointer(start: nil, count: 0), rules: rules)
                let limit = arguments.highestPosition(entry.key)
                // A plain text for a plural (or the other way round) is formatted differently by
                // the app: a Compose `<string>` does not stand in for the base's `<plurals>`. A
                // String Catalog localization chooses its own variations.
                if entry.isPlural != source.isPlural && !apple {
                    (entry.isPlural ? atKey : atText).add(entry: entryIndex, to: &findings)
                    continue
                }
                // Most translations match, which the bytes can vouch for; the difference is spelled
                // out with Strings only for the others. A plural form may lack placeholders, and so
                // may a plain text whose base is a plural.
                let allowMissing = entry.isPlural || source.isPlural
                var matches = true
                table.forEachText(of: entry) { ref in
                    guard matches else { return }
                    storage.withBytes(entry.file, ref) { text in
                        // Without a `%`, a text has no placeholders: nothing added, nothing to compare.
                        guard UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text) != nil else {
                            // An empty text is `empty-translation`'s (one cause, one finding).
                            matches = allowMissing || !source.hasPlaceholders || UTF8Text.isBlank(text, &blankScalars)
                            return
                        }
                        // A scratch list, emptied now and then rather than per text.
                        if translationBytes.count >= 1024 { translationBytes.removeAll() }
                        let translation = translationBytes.startSignature()
                        translationBytes.add(text, rules: rules, formatted: formatted, limit: limit)
                        // A text the formatter fails on is `format-crash`'s (one cause, one finding).
                        if translationBytes.crashes(translation) { return }
                        // Nothing beyond what the code passes, and everything the base shows.
                        matches = expectedBytes.vouches(for: translationBytes, translation, against: Int(source.allowed), allowMissing: true)
                            && (allowMissing || translationBytes.vouches(for: expectedBytes, Int(source.signature), against: translation, allowMissing: true))
                    }
                }
                // Each form may leave a placeholder out, but not every form: the base's
                // placeholders must show in at least one of them.
                if matches && entry.isPlural && source.hasPlaceholders && !apple {
                    if translationBytes.count >= 1024 { translationBytes.removeAll() }
                    let merged = translationBytes.startSignature()
                    table.forEachText(of: entry) { ref in
                        storage.withBytes(entry.file, ref) { translationBytes.add($0, rules: rules, formatted: formatted, limit: limit) }
                    }
                    matches = translationBytes.vouches(for: expectedBytes, Int(source.signature), against: merged, allowMissing: true)
                }
                if matches { continue }
                // The same as Strings, made again for each finding rather than kept (a set and a
                // dictionary per base text with a mismatch would outweigh the findings).
                let (expected, allowed) = memo.signatures(of: entry.key) {
                    Self.expected(base.entries[base.index(of: entry.key)!], in: base, storage: storage, arguments: arguments)
                }
                let signature = { (refs: [TextRef]) in Self.signature(of: refs, entry, storage, arguments: arguments) }
                if entry.isPlural {
                    if !apple, source.hasPlaceholders, signature(table.textRefs(entry)).lacking(from: expected) != nil {
                        atKey.add(entry: entryIndex, to: &findings)
                    }
                    for formIndex in table.pluralForms(entry).indices
                    where signature([table.forms[formIndex].text]).difference(from: allowed, allowMissing: true) != nil {
                        atText.add(entry: entryIndex, form: formIndex, to: &findings)
                    }
                } else if Self.difference(signature([entry.text]), expected: expected, allowed: allowed, allowMissing: allowMissing) != nil {
                    atText.add(entry: entryIndex, to: &findings)
                }
            }
        }
        listing.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }

    /// What a plain translation gets wrong: an argument beyond what the code passes (`allowed`), or
    /// one of the base's (`expected`) left out.
    private static func difference(_ translation: PlaceholderSignature, expected: PlaceholderSignature, allowed: PlaceholderSignature,
                                   allowMissing: Bool) -> String? {
        let extra = translation.difference(from: allowed, allowMissing: true)
        let missing = allowMissing ? nil : translation.lacking(from: expected).map { "lacks \($0)" }
        let problems = [extra, missing].compactMap { $0 }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The arguments of the texts `refs` of `entry`, merged, in its dialect.
    private static func signature(of refs: [TextRef], _ entry: CompactEntry, _ storage: StringStorage,
                                  arguments: KeyArguments) -> PlaceholderSignature {
        let rules = storage.rules(entry.file)
        let formatted = arguments.formatted(entry.key, text: UnsafeBufferPointer(start: nil, count: 0), rules: rules)
        return PlaceholderSignature(refs.map { storage.string(entry.file, $0) }, rules: rules, formatted: formatted,
                                    limit: arguments.highestPosition(entry.key))
    }

    /// The arguments of a base entry, all forms merged, and what the code passes (for a String
    /// Catalog, the key's arguments too).
    private static func expected(_ source: CompactEntry, in base: LocaleStrings, storage: StringStorage,
                                 arguments: KeyArguments) -> (expected: PlaceholderSignature, allowed: PlaceholderSignature) {
        let expected = signature(of: base.textRefs(source), source, storage, arguments: arguments)
        guard storage.dialects[Int(source.file)] == .apple else { return (expected, expected) }
        var allowed = expected
        allowed.formUnion(PlaceholderSignature([storage.name(source.key)], rules: storage.rules(source.file)))
        return (expected, allowed)
    }

    /// The message of the finding at `entry` of the translation `table` (at its form `form`, if
    /// given), from the same comparisons that found it.
    private static func message(_ entry: CompactEntry, form: Int?, in table: LocaleStrings, base: LocaleStrings,
                                storage: StringStorage, baseLocale: String, arguments: KeyArguments,
                                memo: ExpectedSignatures) -> String {
        let key = storage.name(entry.key), locale = table.locale
        let source = base.entries[base.index(of: entry.key)!]
        if entry.isPlural != source.isPlural && storage.dialects[Int(entry.file)] != .apple {
            return source.isPlural
                ? "'\(key)' is a plural in base locale '\(baseLocale)' but a plain text in locale '\(locale)': give it the plural forms"
                : "'\(key)' is a plain text in base locale '\(baseLocale)' but a plural in locale '\(locale)': make it one text, or make the base a plural"
        }
        let (expected, allowed) = memo.signatures(of: entry.key) { Self.expected(source, in: base, storage: storage, arguments: arguments) }
        let signature = { (refs: [TextRef]) in Self.signature(of: refs, entry, storage, arguments: arguments) }
        if let form {
            let category = storage.string(entry.file, table.forms[form].category)
            let problem = signature([table.forms[form].text]).difference(from: allowed, allowMissing: true) ?? ""
            return "the '\(category)' form of '\(key)' in locale '\(locale)' \(problem)"
        }
        if entry.isPlural {
            let lacking = signature(table.textRefs(entry)).lacking(from: expected) ?? ""
            return "no form of '\(key)' in locale '\(locale)' has \(lacking): a form may leave a placeholder out, but not every form"
        }
        let problem = difference(signature([entry.text]), expected: expected, allowed: allowed,
                                 allowMissing: source.isPlural || entry.isPlural) ?? ""
        return "'\(key)' in locale '\(locale)' \(problem)"
    }
}

/// The placeholders of one or more texts (the forms of a plural are merged), compared by name for
/// `%{name}` and by position and type family for printf.
struct PlaceholderSignature: Equatable {
    var named: Set<String> = []
    /// Position (1-based) → type family; sequential `%s` take positions in order.
    var printf: [Int: String] = [:]

    /// The arguments the dialect fills in `texts` (formatted as the app formats them); positions
    /// past `limit` are left out (`format-crash` reports them).
    init(_ texts: [String], rules: any DialectRules, formatted: Bool = true, limit: Int? = nil) {
        for text in texts {
            for token in rules.tokens(in: text, formatted: formatted) where token.isArgument {
                if let name = token.name {
                    var text = text
                    named.insert(text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[name]), as: UTF8.self) })
                } else if let position = token.position, limit.map({ position <= $0 }) ?? true {
                    printf[position] = FormatToken.familyName(token.family)
                }
            }
        }
    }

    /// Adds `other`'s arguments (a String Catalog key's, which a translation may use).
    mutating func formUnion(_ other: PlaceholderSignature) {
        named.formUnion(other.named)
        printf.merge(other.printf) { mine, _ in mine }
    }

    /// The base's placeholders that `self` lacks, listed ("%{room}, printf argument 2"), or nil.
    func lacking(from base: PlaceholderSignature) -> String? {
        let names = base.named.subtracting(named).sorted().map { "%{\($0)}" }
        let positions = base.printf.keys.filter { printf[$0] == nil }.sorted().map { "printf argument \($0)" }
        return names.isEmpty && positions.isEmpty ? nil : (names + positions).joined(separator: ", ")
    }

    /// A description of how `self` (a translation) differs from `base`, or nil when it is fine.
    func difference(from base: PlaceholderSignature, allowMissing: Bool) -> String? {
        var problems: [String] = []
        let added = named.subtracting(base.named).sorted()
        if !added.isEmpty { problems.append("has \(added.map { "%{\($0)}" }.joined(separator: ", ")), which the base text lacks") }
        let missing = base.named.subtracting(named).sorted()
        if !missing.isEmpty && !allowMissing { problems.append("lacks \(missing.map { "%{\($0)}" }.joined(separator: ", "))") }
        for position in printf.keys.sorted() {
            guard let baseType = base.printf[position] else {
                problems.append("has printf argument \(position), which the base text lacks")
                continue
            }
            if baseType != printf[position], baseType != FormatToken.familyName(FormatToken.unknownType),
               printf[position] != FormatToken.familyName(FormatToken.unknownType) {
                problems.append("uses argument \(position) as \(printf[position] ?? "?") where the base text has \(baseType)")
            }
        }
        if !allowMissing {
            let lacking = base.printf.keys.filter { printf[$0] == nil }.sorted()
            if !lacking.isEmpty { problems.append("lacks printf argument\(lacking.count > 1 ? "s" : "") \(lacking.map(String.init).joined(separator: ", "))") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}

/// A base entry, as the loop over translations needs it.
private struct BaseText {
    /// In the list of expected placeholders; -1 when the base lacks the key.
    var signature: Int32
    /// What the code passes: `signature`, or for a String Catalog key with arguments of its own, those too.
    var allowed: Int32
    var isPlural: Bool
    var hasPlaceholders: Bool
    var apple: Bool
}

/// The placeholders `PlaceholderSignature` compares, kept as bytes, for a list of signatures (each
/// of one text, or of the forms of a plural merged): vouches that a translation matches its base
/// without making Strings, sets or dictionaries, and without a heap object per signature.
struct PlaceholderBytes {
    /// 20 bytes (32-bit bounds): the base keeps one per text with placeholders.
    private struct Signature {
        private var namesStart: Int32, namesEnd: Int32, printfStart: Int32, printfEnd: Int32
        /// False when a name is not NFC as written: equal names might then differ in bytes.
        var namesComparableAsBytes = true
        /// The platform's formatter fails on the text (`format-crash` reports it).
        var crashes = false

        init(names: Range<Int>, printf: Range<Int>) {
            (namesStart, namesEnd) = (Int32(names.lowerBound), Int32(names.upperBound))
            (printfStart, printfEnd) = (Int32(printf.lowerBound), Int32(printf.upperBound))
        }

        /// Indices in `names` and `printf`.
        var names: Range<Int> {
            get { Int(namesStart) ..< Int(namesEnd) }
            set { (namesStart, namesEnd) = (Int32(newValue.lowerBound), Int32(newValue.upperBound)) }
        }
        var printf: Range<Int> {
            get { Int(printfStart) ..< Int(printfEnd) }
            set { (printfStart, printfEnd) = (Int32(newValue.lowerBound), Int32(newValue.upperBound)) }
        }
    }

    private var signatures: [Signature] = []
    /// The names of `%{name}` placeholders (repeats kept), as ranges of `nameBytes`.
    private var names: [Range<Int>] = []
    private var nameBytes: [UInt8] = []
    /// Position → type family (see `family`); a later placeholder at a position replaces the
    /// earlier one of its signature.
    private var printf: [(position: Int32, family: Int32)] = []

    var count: Int { signatures.count }

    mutating func reserveSignatures(_ count: Int) { signatures.reserveCapacity(count) }

    mutating func removeAll() {
        signatures.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        nameBytes.removeAll(keepingCapacity: true)
        printf.removeAll(keepingCapacity: true)
    }

    /// Starts an empty signature, which `add` fills; returns its index.
    mutating func startSignature() -> Int {
        signatures.append(Signature(names: names.count ..< names.count, printf: printf.count ..< printf.count))
        return signatures.count - 1
    }

    /// Removes the last signature, which must be empty (nothing was added to it).
    mutating func removeLastSignature() {
        precondition(isEmpty(signatures.count - 1))
        signatures.removeLast()
    }

    /// Adds the arguments of one text, as `rules` fill them, to the last signature (sequential
    /// `%s` count from 1 in each text); positions past `limit` are left out.
    mutating func add(_ text: UnsafeBufferPointer<UInt8>, rules: any DialectRules, formatted: Bool = true, limit: Int? = nil) {
        let signature = signatures.count - 1
        rules.scan(text, formatted: formatted) { token in
            if case .crash = token.kind { signatures[signature].crashes = true }
            guard token.isArgument else { return }
            if let name = token.name {
                let bytes = UnsafeBufferPointer(rebasing: text[name])
                if !UTF8Text.isNFCAsWritten(bytes) { signatures[signature].namesComparableAsBytes = false }
                names.append(nameBytes.count ..< nameBytes.count + bytes.count)
                nameBytes.append(contentsOf: bytes)
                signatures[signature].names = signatures[signature].names.lowerBound ..< names.count
                return
            }
            guard let position = token.position, limit.map({ position <= $0 }) ?? true else { return }
            let index = Int32(position)
            if let existing = signatures[signature].printf.first(where: { printf[$0].position == index }) {
                printf[existing].family = token.family
            } else {
                printf.append((index, token.family))
                signatures[signature].printf = signatures[signature].printf.lowerBound ..< printf.count
            }
        }
    }

    func crashes(_ signature: Int) -> Bool { signatures[signature].crashes }

    func isEmpty(_ signature: Int) -> Bool {
        signatures[signature].names.isEmpty && signatures[signature].printf.isEmpty
    }

    /// True when `PlaceholderSignature.difference(from:allowMissing:)` finds nothing between
    /// signature `actual` of `translation` and signature `base` of this list; false when it may
    /// find something.
    func vouches(for translation: PlaceholderBytes, _ actual: Int, against base: Int, allowMissing: Bool) -> Bool {
        let mine = signatures[base], theirs = translation.signatures[actual]
        // Without placeholders nothing is added, and only the base's can be missing.
        if theirs.names.isEmpty && theirs.printf.isEmpty { return allowMissing || isEmpty(base) }
        guard mine.namesComparableAsBytes && theirs.namesComparableAsBytes else { return false }
        for name in theirs.names where !has(translation.nameBytes[translation.names[name]], in: base) { return false }
        for index in theirs.printf {
            guard let family = family(at: translation.printf[index].position, in: base) else { return false }
            let theirs = translation.printf[index].family
            if family != theirs && family != FormatToken.unknownType && theirs != FormatToken.unknownType { return false }
        }
        if !allowMissing {
            for name in mine.names where !translation.has(nameBytes[names[name]], in: actual) { return false }
            for index in mine.printf where translation.family(at: printf[index].position, in: actual) == nil { return false }
        }
        return true
    }

    private func has(_ name: ArraySlice<UInt8>, in signature: Int) -> Bool {
        signatures[signature].names.contains { nameBytes[names[$0]].elementsEqual(name) }
    }

    private func family(at position: Int32, in signature: Int) -> Int32? {
        signatures[signature].printf.first { printf[$0].position == position }.map { printf[$0].family }
    }
}

/// The base's signatures per key id, made on first use: a key with a finding in every locale (and
/// per plural form) has them made once, not once per finding and message.
private final class ExpectedSignatures: Sendable {
    private let made = Mutex<[Int32: (PlaceholderSignature, PlaceholderSignature)]>([:])
    /// Keys remembered at most: two sets and two dictionaries a key, kept for every key with a
    /// finding, were 200 bytes a finding (a file of mismatches took 10 × its size); past this the
    /// memo starts again and a signature is made again when asked.
    static let capacity = 4_096

    func signatures(of key: Int32, _ make: () -> (expected: PlaceholderSignature, allowed: PlaceholderSignature))
        -> (expected: PlaceholderSignature, allowed: PlaceholderSignature) {
        if let known = made.withLock({ $0[key] }) { return known }
        let value = make()
        made.withLock { made in
            if made.count >= Self.capacity { made.removeAll(keepingCapacity: true) }
            made[key] = (value.expected, value.allowed)
        }
        return value
    }
}
