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
        // The first `limits.findings` are listed, in locale and entry order; the rest counted.
        let listing = FindingListing(rule: Self.id, limit: context.project.config.limits.findings)
        let recentBases = RecentBases()
        let scratch = ScratchPlaceholders()
        // Each locale's mismatches, found on all cores in the one reading of its texts that
        // `format-crash` and the verbatim rule share (`LocaleComparison`); listed here in locale
        // and entry order.
        let found = context.stringCache.placeholderMismatches()
        for localeIndex in strings.locales.indices where strings.locales[localeIndex] != strings.baseLocale {
            guard let table = strings[strings.locales[localeIndex]], let mismatches = found[localeIndex] else { continue }
            // A message's fixed words, made once per locale (three pieces each were most of a
            // message's writing).
            let words = Words(locale: table.locale)
            // A finding per entry or form at most, made into words only when asked for (`message`).
            let make: @Sendable (Int, Int?, Int?, (String) -> Void) -> Void = { index, form, _, piece in
                let entry = table.entries[index]
                // The base's placeholders again, of this key alone: kept for every key until the
                // report is written, they took more memory than the texts (a finding per entry).
                // Those of the last few keys asked are kept.
                let known = recentBases.base(of: entry.key) { () -> (BaseText, PlaceholderBytes)? in
                    var expected = PlaceholderBytes()
                    let noPlaceholders = expected.startSignature()
                    guard let baseIndex = base.index(of: entry.key) else { return nil }
                    let source = Self.baseText(base.entries[baseIndex], in: base, storage, arguments: arguments,
                                               noPlaceholders: noPlaceholders, into: &expected)
                    return (source, expected)
                }
                guard let (source, expected) = known else { return }
                let box = scratch.take()
                Self.message(entry, form: form, in: table, source: source, expected: expected, storage: storage,
                             baseLocale: strings.baseLocale, arguments: arguments, words: words, scratch: &box.list, piece)
                scratch.give(box)
            }
            let atKey = EntryFindings(rule: Self.id, table: table, place: .key, message: .inPieces(make), listing: listing)
            let atText = EntryFindings(rule: Self.id, table: table, place: .text, message: .inPieces(make), listing: listing)
            for mismatch in mismatches.mismatches {
                let group = mismatch.atKey ? atKey : atText
                group.add(entry: Int(mismatch.entry), form: mismatch.form < 0 ? nil : Int(mismatch.form), to: &findings)
            }
            listing.count(unlisted: mismatches.unlisted)
        }
        listing.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }

    /// A finding's entry (and form) in a locale, as the comparison finds it.
    struct Mismatch: Sendable {
        var entry: Int32
        /// -1: the entry as a whole.
        var form: Int32
        var atKey: Bool
    }

    /// One locale's mismatches in entry order: the first `limit` (no more can be listed), and how
    /// many more there are.
    struct Found: Sendable {
        var mismatches: [Mismatch] = []
        var unlisted = 0
        var limit = 0

        mutating func note(entry: Int, form: Int? = nil, atKey: Bool = false) {
            guard mismatches.count < limit else { return unlisted += 1 }
            mismatches.append(Mismatch(entry: Int32(entry), form: Int32(form ?? -1), atKey: atKey))
        }
    }

    /// What the base says, per key id, computed once for every locale's comparison: its
    /// placeholders (all forms merged) as bytes, in one list. The comparison reads `sources`
    /// for every translation: it is kept small and indexed by key id.
    struct Bases: Sendable {
        fileprivate let sources: [BaseText]
        fileprivate let expected: PlaceholderBytes

        /// Nil when there is no base locale, or nothing else to compare with it.
        init?(_ strings: StringTable, arguments: KeyArguments) {
            guard let base = strings.base, strings.locales.contains(where: { $0 != strings.baseLocale }) else { return nil }
            var expected = PlaceholderBytes()
            // One signature at most per base text: reserved, so the list never grows by copying.
            expected.reserveSignatures(base.entries.count + 1)
            var sources = [BaseText](repeating: .absent, count: strings.storage.keyCount)
            // Most texts have no placeholders: they share one empty signature (a signature each
            // would cost more than the texts of a large file).
            let noPlaceholders = expected.startSignature()
            for source in base.entries {
                sources[Int(source.key)] = PlaceholderMismatch.baseText(source, in: base, strings.storage, arguments: arguments,
                                                                        noPlaceholders: noPlaceholders, into: &expected)
            }
            self.sources = sources
            self.expected = expected
        }
    }

    /// Compares the translations of one locale with their base, entry by entry, from the
    /// signatures of their texts as the shared scan reads them (`StringTableCache.formatScans`:
    /// a text is scanned once for all three rules): `start` each entry, then for each of its
    /// texts in order `textWithoutPercent` or `startText` and `add` of its tokens, then `finish`.
    /// Keeps the first `limit` mismatches in `found`. Most entries need nothing of it (the base
    /// lacks placeholders, the text has no `%`): for those each call is a test or two.
    struct LocaleComparison {
        /// The base's (`Bases`); none for the base locale, or when nothing is compared, where
        /// every entry is passed over.
        private let sources: [BaseText]
        private let expected: PlaceholderBytes
        private let table: LocaleStrings
        private let storage: StringStorage
        private let arguments: KeyArguments
        private(set) var found: Found
        /// Every text's signature, a scratch list emptied now and then, never within an entry
        /// (whose texts' signatures the plural check merges).
        private var translation = PlaceholderBytes()
        private var blankScalars = BlankScalars()
        // The entry being compared.
        private var entryIndex = 0
        private var entry = CompactEntry(key: 0, file: 0, keyLine: 0, keyColumn: 0,
                                         text: TextRef(start: 0, length: 0, line: 0, column: 0), isPlural: false)
        private var source = BaseText.absent
        private var apple = false
        private var allowMissing = false
        /// Whether a text without `%` can fail the entry (it must show the base's placeholders).
        private var textsMustShowPlaceholders = false
        /// Whether the scratch list and `texts` were set for the entry (at its first text kept).
        private var begun = false
        private var limit: Int?
        private var firstText = 0
        /// Per text of the entry kept, in order (the first `textCount`): its signature, or
        /// `Self.lacks` for a text without `%` that fails the entry.
        private var texts: [Int32] = []
        private var textCount = 0
        private static let lacks: Int32 = -1

        init(_ bases: Bases?, table: LocaleStrings, storage: StringStorage, arguments: KeyArguments, limit: Int) {
            sources = bases?.sources ?? []
            expected = bases?.expected ?? PlaceholderBytes()
            self.table = table
            self.storage = storage
            self.arguments = arguments
            found = Found(limit: limit)
        }

        /// Starts the entry at `index`; false when its texts need no signatures (the base lacks
        /// it, or it is decided already), and then no other call is made for it.
        @inline(__always)
        mutating func start(_ index: Int, _ entry: CompactEntry) -> Bool {
            guard Int(entry.key) < sources.count else { return false }
            let source = sources[Int(entry.key)]
            guard source.signature >= 0 else { return false }
            let apple = source.apple && storage.dialects[Int(entry.file)] == .apple
            // A plain text for a plural (or the other way round) is formatted differently by
            // the app: a Compose `<string>` does not stand in for the base's `<plurals>`. A
            // String Catalog localization chooses its own variations.
            if entry.isPlural != source.isPlural && !apple {
                found.note(entry: index, atKey: entry.isPlural)
                return false
            }
            (entryIndex, self.entry, self.source, self.apple) = (index, entry, source, apple)
            // A plural form may lack placeholders, and so may a plain text whose base is a plural.
            allowMissing = entry.isPlural || source.isPlural
            textsMustShowPlaceholders = !allowMissing && source.hasPlaceholders
            begun = false
            return true
        }

        private mutating func begin() {
            begun = true
            limit = arguments.highestPosition(entry.key)
            if translation.count >= 1024 { translation.removeAll() }
            firstText = translation.count
            textCount = 0
        }

        private mutating func keep(_ text: Int32) {
            if textCount < texts.count { texts[textCount] = text } else { texts.append(text) }
            textCount += 1
        }

        /// A text of the entry without a `%`: no placeholders, so nothing added.
        @inline(__always)
        mutating func textWithoutPercent(_ text: UnsafeBufferPointer<UInt8>) {
            // An empty text is `empty-translation`'s (one cause, one finding).
            guard textsMustShowPlaceholders, !UTF8Text.isBlank(text, &blankScalars) else { return }
            if !begun { begin() }
            keep(Self.lacks)
        }

        /// A text of the entry with a `%`: the signature its tokens go to (`add`).
        mutating func startText() -> Int {
            if !begun { begin() }
            let signature = translation.startSignature()
            keep(Int32(signature))
            return signature
        }

        @inline(__always)
        mutating func add(_ token: FormatToken, of text: UnsafeBufferPointer<UInt8>, to signature: Int) {
            translation.add(token, of: text, to: signature, limit: limit)
        }

        /// Decides the entry once its texts are read (`hasPercent`: one of them has a `%`).
        @inline(__always)
        mutating func finish(hasPercent: Bool) {
            // No `%` in any of its texts: no placeholders, so nothing added; it matches when the
            // base has none, or when each text may lack them and no form need show them.
            if !hasPercent, !source.hasPlaceholders || (allowMissing && !(entry.isPlural && !apple)) { return }
            decide()
        }

        private mutating func decide() {
            if !begun { begin() }
            // Most translations match, which the bytes can vouch for; the difference is spelled
            // out with Strings only for the others.
            var matches = true
            for text in texts[..<textCount] {
                if text == Self.lacks {
                    matches = false
                    break
                }
                // A text the formatter fails on is `format-crash`'s (one cause, one finding).
                if translation.crashes(Int(text)) { continue }
                // Nothing beyond what the code passes, and everything the base shows.
                matches = expected.vouches(for: translation, Int(text), against: Int(source.allowed), allowMissing: true)
                    && (allowMissing || translation.vouches(for: expected, Int(source.signature), against: Int(text), allowMissing: true))
                if !matches { break }
            }
            // Each form may leave a placeholder out, but not every form: the base's
            // placeholders must show in at least one of them (their signatures merged).
            if matches && entry.isPlural && source.hasPlaceholders && !apple {
                let merged = translation.merging(firstText ..< translation.count)
                matches = translation.vouches(for: expected, Int(source.signature), against: merged, allowMissing: true)
            }
            if matches { return }
            // Said again for each finding, in words, when its message is asked for.
            if entry.isPlural {
                if !apple, source.hasPlaceholders {
                    let merged = PlaceholderMismatch.signature(of: table.textRefs(entry), entry, storage, arguments: arguments,
                                                               into: &translation)
                    if translation.lacksAny(merged, of: expected, Int(source.signature)) { found.note(entry: entryIndex, atKey: true) }
                }
                for formIndex in table.pluralFormIndices(entry) {
                    let form = PlaceholderMismatch.signature(of: CollectionOfOne(table.forms[formIndex].text), entry, storage,
                                                             arguments: arguments, into: &translation)
                    if translation.hasExtra(form, beyond: expected, Int(source.allowed)) {
                        found.note(entry: entryIndex, form: formIndex)
                    }
                }
            } else {
                let text = PlaceholderMismatch.signature(of: CollectionOfOne(entry.text), entry, storage, arguments: arguments,
                                                         into: &translation)
                if translation.hasExtra(text, beyond: expected, Int(source.allowed))
                    || (!allowMissing && translation.lacksAny(text, of: expected, Int(source.signature))) {
                    found.note(entry: entryIndex)
                }
            }
        }
    }

    /// Starts a signature in `list` with the arguments of the texts `refs` of `entry`, merged, in
    /// its dialect and as the app formats them; returns its index. Emptied now and then, as a
    /// scratch list.
    private static func signature(of refs: some Sequence<TextRef>, _ entry: CompactEntry, _ storage: StringStorage,
                                  arguments: KeyArguments, into list: inout PlaceholderBytes) -> Int {
        if list.count >= 1024 { list.removeAll() }
        let rules = storage.rules(entry.file)
        let formatted = arguments.formatted(entry.key, text: UnsafeBufferPointer(start: nil, count: 0), rules: rules)
        let limit = arguments.highestPosition(entry.key)
        let signature = list.startSignature()
        for ref in refs { storage.withBytes(entry.file, ref) { list.add($0, rules: rules, formatted: formatted, limit: limit) } }
        return signature
    }

    /// What the base says of `source`: its placeholders (all forms merged) added to `expected` as
    /// a signature (`noPlaceholders` when it has none), and for a String Catalog key with
    /// arguments of its own, what the code passes as another.
    private static func baseText(_ source: CompactEntry, in base: LocaleStrings, _ storage: StringStorage, arguments: KeyArguments,
                                 noPlaceholders: Int, into expected: inout PlaceholderBytes) -> BaseText {
        let rules = storage.rules(source.file)
        let apple = storage.dialects[Int(source.file)] == .apple
        @inline(__always)
        func addBaseTexts(to expected: inout PlaceholderBytes) {
            base.forEachText(of: source) { ref in
                storage.withBytes(source.file, ref) { text in
                    expected.add(text, rules: rules, formatted: arguments.formatted(source.key, text: text, rules: rules))
                }
            }
        }
        var signature = expected.startSignature()
        addBaseTexts(to: &expected)
        let hasPlaceholders = !expected.isEmpty(signature)
        if !hasPlaceholders {
            expected.removeLastSignature()
            signature = noPlaceholders
        }
        var allowed = signature
        // A String Catalog key that is a format: the base's arguments and the key's are what the
        // code passes. The key's first, so that the base's type wins at a position both use.
        if apple {
            var keyIsFormat = false
            storage.withName(source.key) { key in
                guard key.contains(UInt8(ascii: "%")) else { return }
                keyIsFormat = true
                allowed = expected.startSignature()
                expected.add(key, rules: rules)
            }
            if keyIsFormat { addBaseTexts(to: &expected) }
        }
        return BaseText(signature: Int32(signature), allowed: Int32(allowed), isPlural: source.isPlural,
                        hasPlaceholders: hasPlaceholders, apple: apple)
    }

    /// The message of the finding at `entry` of the translation `table` (at its form `form`, if
    /// given), from the same comparisons that found it, handed to `piece` in pieces.
    /// `scratch`: a list the translation's signatures are made in (as a scratch list: see `signature(of:)`).
    private static func message(_ entry: CompactEntry, form: Int?, in table: LocaleStrings, source: BaseText,
                                expected: PlaceholderBytes, storage: StringStorage, baseLocale: String,
                                arguments: KeyArguments, words: Words, scratch translation: inout PlaceholderBytes,
                                _ piece: (String) -> Void) {
        let key = storage.name(entry.key), locale = table.locale
        if entry.isPlural != source.isPlural && storage.dialects[Int(entry.file)] != .apple {
            return piece(source.isPlural
                ? "'\(key)' is a plural in base locale '\(baseLocale)' but a plain text in locale '\(locale)': give it the plural forms"
                : "'\(key)' is a plain text in base locale '\(baseLocale)' but a plural in locale '\(locale)': make it one text, or make the base a plural")
        }
        if let form {
            let text = signature(of: CollectionOfOne(table.forms[form].text), entry, storage, arguments: arguments, into: &translation)
            let category = table.forms[form].category
            PluralFormWords.write(category: storage.withBytes(entry.file, category, UTF8Text.pluralCategory),
                        named: { storage.string(entry.file, category) }, to: piece)
            piece(key)
            piece(words.inLocale)
            translation.writeExtras(text, beyond: expected, Int(source.allowed), to: piece)
            return
        }
        if entry.isPlural {
            let merged = signature(of: table.textRefs(entry), entry, storage, arguments: arguments, into: &translation)
            piece("no form of '")
            piece(key)
            piece(words.inLocaleHas)
            translation.writeLacking(merged, of: expected, Int(source.signature), to: piece)
            return piece(": a form may leave a placeholder out, but not every form")
        }
        let text = signature(of: CollectionOfOne(entry.text), entry, storage, arguments: arguments, into: &translation)
        piece("'")
        piece(key)
        piece(words.inLocale)
        let wroteExtras = translation.writeExtras(text, beyond: expected, Int(source.allowed), to: piece)
        if !source.isPlural && translation.lacksAny(text, of: expected, Int(source.signature)) {
            if wroteExtras { piece("; ") }
            piece("lacks ")
            translation.writeLacking(text, of: expected, Int(source.signature), to: piece)
        }
    }
}

/// The words of a locale's messages that are the same in each.
private struct Words: Sendable {
    /// `' in locale 'de' `, after the key.
    let inLocale: String
    /// `' in locale 'de' has `, after the key of a plural none of whose forms has a placeholder.
    let inLocaleHas: String

    init(locale: String) {
        inLocale = "' in locale '\(locale)' "
        inLocaleHas = "' in locale '\(locale)' has "
    }
}

/// Lists to make a message's signatures in, one per core at a time: a fresh list for each message
/// allocated and freed its arrays again (some 800 instructions of 5,000 a message). A list is
/// never emptied here: `signature(of:)` empties it past 1,024 signatures (emptying it each time
/// cost 300 instructions). Messages are made on both cores, hence the lock.
private final class ScratchPlaceholders: Sendable {
    /// A list handed out whole (a class: handing out the list itself retained and released each
    /// of its four arrays). Used by one message at a time.
    final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var list = PlaceholderBytes()
    }

    private let boxes = Mutex<[Box]>([])

    func take() -> Box { boxes.withLock { $0.popLast() } ?? Box() }

    func give(_ box: Box) { boxes.withLock { $0.append(box) } }
}

/// The base's placeholders of the keys whose findings' messages were asked last, in a few slots
/// by key id: the report asks for a String Catalog key's findings in its locales one after
/// another (they are next to each other in the file), and each needs the same. Reports are
/// written on both cores, hence the lock.
private final class RecentBases: Sendable {
    private struct Slot {
        var key: Int32
        var source: BaseText
        var expected: PlaceholderBytes
    }

    private static let slotCount = 64
    private let slots = Mutex<[Slot?]>([Slot?](repeating: nil, count: RecentBases.slotCount))

    /// What `make` gives for `key`, made once while the key keeps its slot.
    func base(of key: Int32, make: () -> (BaseText, PlaceholderBytes)?) -> (BaseText, PlaceholderBytes)? {
        let slot = Int(UInt32(bitPattern: key)) % Self.slotCount
        if let known = slots.withLock({ $0[slot] }), known.key == key { return (known.source, known.expected) }
        guard let made = make() else { return nil }
        slots.withLock { $0[slot] = Slot(key: key, source: made.0, expected: made.1) }
        return made
    }
}

/// A base entry, as the loop over translations needs it: 8 bytes, one per key id (a base of a
/// million keys keeps it beside every other table while the rules run).
private struct BaseText {
    /// In the list of expected placeholders; -1 when the base lacks the key.
    let signature: Int32
    /// `allowed` in the low bits, the three flags above them.
    private let packed: UInt32

    private static let pluralBit: UInt32 = 1 << 31, placeholdersBit: UInt32 = 1 << 30, appleBit: UInt32 = 1 << 29

    /// The key the base lacks.
    static let absent = BaseText(signature: -1, allowed: 0, isPlural: false, hasPlaceholders: false, apple: false)

    /// `signature` and `allowed` are indices in a list of at most one signature per base text and
    /// two per String Catalog key: 2^29 of them would take some 5 GB of base texts with
    /// placeholders, past what the table could hold in memory.
    init(signature: Int32, allowed: Int32, isPlural: Bool, hasPlaceholders: Bool, apple: Bool) {
        precondition(allowed >= 0 && allowed < 1 << 29)
        self.signature = signature
        packed = UInt32(allowed) | (isPlural ? Self.pluralBit : 0) | (hasPlaceholders ? Self.placeholdersBit : 0)
            | (apple ? Self.appleBit : 0)
    }

    /// What the code passes: `signature`, or for a String Catalog key with arguments of its own, those too.
    var allowed: Int32 { Int32(bitPattern: packed & (Self.appleBit - 1)) }
    var isPlural: Bool { packed & Self.pluralBit != 0 }
    var hasPlaceholders: Bool { packed & Self.placeholdersBit != 0 }
    var apple: Bool { packed & Self.appleBit != 0 }
}

/// The placeholders of texts, compared by name for `%{name}` and by position and type family for
/// printf, kept as bytes, for a list of signatures (each of one text, or of the forms of a plural
/// merged): compares a translation with its base without making Strings, sets or dictionaries, and
/// without a heap object per signature; words only for the differences.
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
        rules.scan(text, formatted: formatted) { token in add(token, of: text, to: signature, limit: limit) }
    }

    /// `add` of one token of `text`, as the dialect's scan gives it, to `signature` (the last):
    /// for a scan that serves other rules too (`StringTableCache.formatScans`).
    @inline(__always)
    mutating func add(_ token: FormatToken, of text: UnsafeBufferPointer<UInt8>, to signature: Int, limit: Int?) {
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
        setPrintf(Int32(position), token.family, in: signature)
    }

    /// Gives `position` the type `family` in `signature` (the last signature): the place it has,
    /// or a new one at the end.
    private mutating func setPrintf(_ position: Int32, _ family: Int32, in signature: Int) {
        if let existing = signatures[signature].printf.first(where: { printf[$0].position == position }) {
            printf[existing].family = family
        } else {
            printf.append((position, family))
            signatures[signature].printf = signatures[signature].printf.lowerBound ..< printf.count
        }
    }

    /// Starts a signature of the arguments of `signatures`' texts together, as `add` of each of
    /// those texts in turn would make it; returns its index. Names are kept in order, repeats
    /// and all; a position keeps the place it first had, and the type it had last.
    mutating func merging(_ merged: Range<Int>) -> Int {
        let signature = startSignature()
        for part in merged {
            let source = signatures[part]
            if !source.namesComparableAsBytes { signatures[signature].namesComparableAsBytes = false }
            if source.crashes { signatures[signature].crashes = true }
            for name in source.names { names.append(names[name]) }
            signatures[signature].names = signatures[signature].names.lowerBound ..< names.count
            for index in source.printf { setPrintf(printf[index].position, printf[index].family, in: signature) }
        }
        return signature
    }

    func crashes(_ signature: Int) -> Bool { signatures[signature].crashes }

    func isEmpty(_ signature: Int) -> Bool {
        signatures[signature].names.isEmpty && signatures[signature].printf.isEmpty
    }

    /// True when signature `actual` of `translation` matches signature `base` of this list (it uses
    /// nothing beyond it, and lacks nothing of it unless `allowMissing`); false when it may not.
    /// The fast path over every translation: names not NFC as written, and types that differ in
    /// number but not in name, are left to `hasExtra` and `lacksAny`, which decide.
    func vouches(for translation: PlaceholderBytes, _ actual: Int, against base: Int, allowMissing: Bool) -> Bool {
        let mine = signatures[base], theirs = translation.signatures[actual]
        // Without placeholders nothing is added, and only the base's can be missing.
        if theirs.names.isEmpty && theirs.printf.isEmpty { return allowMissing || isEmpty(base) }
        guard mine.namesComparableAsBytes && theirs.namesComparableAsBytes else { return false }
        for name in theirs.names where !has(translation.names[name], of: translation, asBytes: true, in: base) { return false }
        for index in theirs.printf {
            guard let family = family(at: translation.printf[index].position, in: base) else { return false }
            let theirs = translation.printf[index].family
            if family != theirs && family != FormatToken.unknownType && theirs != FormatToken.unknownType { return false }
        }
        if !allowMissing {
            for name in mine.names where !translation.has(names[name], of: self, asBytes: true, in: actual) { return false }
            for index in mine.printf where translation.family(at: printf[index].position, in: actual) == nil { return false }
        }
        return true
    }

    /// An argument of a translation's signature that its base's lacks, or types differently.
    private enum Extra {
        /// A `%{name}` (its bytes' range in `nameBytes`).
        case name(Range<Int>)
        /// A printf position.
        case position(Int32)
        /// A printf position the base fills with another type: the translation's type, the base's.
        case type(Int32, family: Int32, base: Int32)

        var position: Int32 {
            switch self {
            case .name: 0
            case .position(let position), .type(let position, _, _): position
            }
        }
    }

    /// A placeholder of a base's signature that a translation's lacks.
    private enum Missing {
        case name(Range<Int>)
        case position(Int32)
    }

    /// Calls `body` with each argument of signature `actual` beyond signature `base` of `allowed`
    /// (names as often as written), until it returns false; false when stopped.
    private func forEachExtra(_ actual: Int, beyond allowed: PlaceholderBytes, _ base: Int, _ body: (Extra) -> Bool) -> Bool {
        let mine = signatures[actual]
        let asBytes = mine.namesComparableAsBytes && allowed.signatures[base].namesComparableAsBytes
        for name in mine.names where !allowed.has(names[name], of: self, asBytes: asBytes, in: base) {
            if !body(.name(names[name])) { return false }
        }
        for index in mine.printf {
            let (position, family) = printf[index]
            guard let expected = allowed.family(at: position, in: base) else {
                if !body(.position(position)) { return false }
                continue
            }
            if !FormatToken.sameFamily(family, expected), family != FormatToken.unknownType, expected != FormatToken.unknownType,
               !body(.type(position, family: family, base: expected)) { return false }
        }
        return true
    }

    /// Calls `body` with each placeholder of signature `base` of `expected` that signature `actual`
    /// lacks (names as often as written), until it returns false; false when stopped.
    private func forEachMissing(_ actual: Int, of expected: PlaceholderBytes, _ base: Int, _ body: (Missing) -> Bool) -> Bool {
        let theirs = expected.signatures[base]
        let asBytes = theirs.namesComparableAsBytes && signatures[actual].namesComparableAsBytes
        for name in theirs.names where !has(expected.names[name], of: expected, asBytes: asBytes, in: actual) {
            if !body(.name(expected.names[name])) { return false }
        }
        for index in theirs.printf where family(at: expected.printf[index].position, in: actual) == nil {
            if !body(.position(expected.printf[index].position)) { return false }
        }
        return true
    }

    /// Whether signature `actual` uses an argument that signature `base` of `allowed` lacks, or
    /// uses a position as another type.
    func hasExtra(_ actual: Int, beyond allowed: PlaceholderBytes, _ base: Int) -> Bool {
        !forEachExtra(actual, beyond: allowed, base) { _ in false }
    }

    /// Whether signature `actual` lacks a placeholder of signature `base` of `expected`.
    func lacksAny(_ actual: Int, of expected: PlaceholderBytes, _ base: Int) -> Bool {
        !forEachMissing(actual, of: expected, base) { _ in false }
    }

    /// Writes what `hasExtra` finds, in words ("has %{room}, which the base text lacks; uses argument
    /// 1 as integer where the base text has object (%@)"), as pieces of a message; nothing when it
    /// finds nothing. Returns whether it wrote anything.
    @discardableResult
    func writeExtras(_ actual: Int, beyond allowed: PlaceholderBytes, _ base: Int, to piece: (String) -> Void) -> Bool {
        // Most findings have one printf extra: it is kept aside, and an array made only for more.
        var added: Set<String> = [], firstPosition: Extra?, morePositions: [Extra] = []
        _ = forEachExtra(actual, beyond: allowed, base) { extra in
            if case .name(let range) = extra {
                added.insert(String(decoding: nameBytes[range], as: UTF8.self))
            } else if firstPosition == nil {
                firstPosition = extra
            } else {
                morePositions.append(extra)
            }
            return true
        }
        var first = true
        if !added.isEmpty {
            piece("has ")
            for name in added.sorted() {
                piece(first ? "%{" : ", %{")
                piece(name)
                piece("}")
                first = false
            }
            piece(", which the base text lacks")
        }
        func write(_ extra: Extra) {
            if !first { piece("; ") }
            first = false
            switch extra {
            case .position(let position):
                piece("has printf argument ")
                piece(String(position))
                piece(", which the base text lacks")
            case .type(let position, let family, let expected):
                piece("uses argument ")
                piece(String(position))
                piece(" as ")
                piece(FormatToken.familyName(family))
                piece(" where the base text has ")
                piece(FormatToken.familyName(expected))
            case .name:
                break
            }
        }
        if let firstPosition {
            if morePositions.isEmpty {
                write(firstPosition)
            } else {
                morePositions.insert(firstPosition, at: 0)
                for extra in morePositions.sorted(by: { $0.position < $1.position }) { write(extra) }
            }
        }
        return !first
    }

    /// Writes what `lacksAny` finds, listed ("%{room}, printf argument 2"), as pieces of a message;
    /// nothing when it finds nothing.
    func writeLacking(_ actual: Int, of expected: PlaceholderBytes, _ base: Int, to piece: (String) -> Void) {
        var names: Set<String> = [], positions: [Int32] = []
        _ = forEachMissing(actual, of: expected, base) { missing in
            switch missing {
            case .name(let range): names.insert(String(decoding: expected.nameBytes[range], as: UTF8.self))
            case .position(let position): positions.append(position)
            }
            return true
        }
        var first = true
        for name in names.sorted() {
            piece(first ? "%{" : ", %{")
            piece(name)
            piece("}")
            first = false
        }
        for position in positions.sorted() {
            piece(first ? "printf argument " : ", printf argument ")
            piece(String(position))
            first = false
        }
    }

    /// Whether signature `signature` has the name `name` of `list` (a range of its `nameBytes`): the
    /// same bytes, or when a name is not NFC as written (`asBytes` false), the same String
    /// (canonically equivalent).
    private func has(_ name: Range<Int>, of list: PlaceholderBytes, asBytes: Bool, in signature: Int) -> Bool {
        guard asBytes else {
            let wanted = String(decoding: list.nameBytes[name], as: UTF8.self)
            return signatures[signature].names.contains { String(decoding: nameBytes[names[$0]], as: UTF8.self) == wanted }
        }
        // Through the buffers (bounds were checked at every byte), the first byte first: most of
        // comparing a Rails translation's `%{name}`s with its base's.
        return nameBytes.withUnsafeBufferPointer { mine in
            list.nameBytes.withUnsafeBufferPointer { theirs in
                let wanted = UnsafeBufferPointer(rebasing: theirs[name])
                return signatures[signature].names.contains { UTF8Text.equals(UnsafeBufferPointer(rebasing: mine[names[$0]]), wanted) }
            }
        }
    }

    private func family(at position: Int32, in signature: Int) -> Int32? {
        signatures[signature].printf.first { printf[$0].position == position }.map { printf[$0].family }
    }
}
