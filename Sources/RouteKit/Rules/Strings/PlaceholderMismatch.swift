/// A translation's placeholders must match the base text's: the same names, the same count,
/// the same printf type at each position. A plural form may leave a placeholder out (a `one`
/// form that says "once"), but never add one the base does not have.
struct PlaceholderMismatch: LintRule {
    static let id = "placeholder-mismatch"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        guard let base = strings.base else { return [] }
        var findings: [Diagnostic] = []
        // Per base entry, computed when first needed: its placeholders (all forms merged), as
        // bytes for the quick check and as Strings for the messages.
        var expectedBytes = [PlaceholderBytes](repeating: PlaceholderBytes(), count: base.entries.count)
        var expectedState = [ExpectedState](repeating: .unknown, count: base.entries.count)
        var expectedByEntry = [PlaceholderSignature?](repeating: nil, count: base.entries.count)
        var actual = PlaceholderBytes()
        for locale in strings.locales where locale != strings.baseLocale {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                guard let sourceIndex = base.index(of: entry.key) else { continue }
                let source = base.entries[sourceIndex]
                if expectedState[sourceIndex] == .unknown {
                    var expected = PlaceholderBytes()
                    base.forEachText(of: source) { ref in storage.withBytes(source.file, ref) { expected.add($0) } }
                    expectedState[sourceIndex] = expected.isEmpty ? .withoutPlaceholders : .withPlaceholders
                    expectedBytes[sourceIndex] = expected
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
                        guard PlaceholderParser.mayHavePlaceholders(text) else {
                            matches = allowMissing || expectedState[sourceIndex] == .withoutPlaceholders
                            return
                        }
                        actual.removeAll()
                        actual.add(text)
                        matches = actual.surelyMatches(expectedBytes[sourceIndex], allowMissing: allowMissing)
                    }
                }
                if matches { continue }
                if expectedByEntry[sourceIndex] == nil {
                    expectedByEntry[sourceIndex] = PlaceholderSignature(base.textRefs(source).map { storage.string(source.file, $0) })
                }
                let expected = expectedByEntry[sourceIndex]!
                let key = storage.names[Int(entry.key)]
                if entry.isPlural {
                    for form in table.pluralForms(entry) {
                        let actual = PlaceholderSignature([storage.string(entry.file, form.text)])
                        if let problem = actual.difference(from: expected, allowMissing: true) {
                            let category = storage.string(entry.file, form.category)
                            findings.append(finding("the '\(category)' form of '\(key)' in locale '\(locale)' \(problem)",
                                                    at: storage.location(entry.file, form.text.line, form.text.column), key: key, locale: locale))
                        }
                    }
                } else {
                    let actual = PlaceholderSignature([storage.string(entry.file, entry.text)])
                    if let problem = actual.difference(from: expected, allowMissing: source.isPlural) {
                        findings.append(finding("'\(key)' in locale '\(locale)' \(problem)",
                                                at: storage.location(entry.file, entry.text.line, entry.text.column), key: key, locale: locale))
                    }
                }
            }
        }
        return findings
    }
}

/// The placeholders of one or more texts (the forms of a plural are merged), compared by name for
/// `%{name}` and by position and type family for printf.
struct PlaceholderSignature: Equatable {
    var named: Set<String> = []
    /// Position (1-based) → type family; sequential `%s` take positions in order.
    var printf: [Int: String] = [:]

    init(_ texts: [String]) {
        for text in texts {
            var sequential = 0
            for placeholder in PlaceholderParser.parse(text) {
                switch placeholder.kind {
                case .named(let name):
                    named.insert(name)
                case .printf(let position, _):
                    let index: Int
                    if let position {
                        index = position
                    } else {
                        sequential += 1
                        index = sequential
                    }
                    printf[index] = placeholder.typeFamily
                }
            }
        }
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
            if baseType != printf[position] {
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

private enum ExpectedState { case unknown, withoutPlaceholders, withPlaceholders }

/// The placeholders `PlaceholderSignature` compares, kept as bytes: vouches that a translation
/// matches its base without making Strings, sets or dictionaries.
struct PlaceholderBytes {
    /// The names of `%{name}` placeholders (repeats kept), as ranges of `nameBytes`.
    private var names: [Range<Int>] = []
    private var nameBytes: [UInt8] = []
    /// Position → type family (see `family`); a later placeholder at a position replaces the earlier.
    private var printf: [(position: Int, family: Int)] = []
    /// False when a name is not NFC as written: equal names might then differ in bytes.
    private var namesComparableAsBytes = true

    var isEmpty: Bool { names.isEmpty && printf.isEmpty }

    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        nameBytes.removeAll(keepingCapacity: true)
        printf.removeAll(keepingCapacity: true)
        namesComparableAsBytes = true
    }

    /// Adds the placeholders of one text (sequential `%s` count from 1 in each text).
    mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        var sequential = 0
        PlaceholderParser.scan(text) { _, name, position, conversion in
            if let name {
                let bytes = UnsafeBufferPointer(rebasing: text[name])
                if !UTF8Text.isNFCAsWritten(bytes) { namesComparableAsBytes = false }
                names.append(nameBytes.count ..< nameBytes.count + bytes.count)
                nameBytes.append(contentsOf: bytes)
                return
            }
            let index: Int
            if let position {
                index = position
            } else {
                sequential += 1
                index = sequential
            }
            let family = Self.family(conversion)
            if let existing = printf.firstIndex(where: { $0.position == index }) {
                printf[existing].family = family
            } else {
                printf.append((index, family))
            }
        }
    }

    /// True when `PlaceholderSignature.difference(from:allowMissing:)` finds nothing; false when
    /// it may find something.
    func surelyMatches(_ base: PlaceholderBytes, allowMissing: Bool) -> Bool {
        // Without placeholders nothing is added, and only the base's can be missing.
        if isEmpty { return allowMissing || base.isEmpty }
        guard namesComparableAsBytes && base.namesComparableAsBytes else { return false }
        for name in names where !base.hasName(nameBytes[name]) { return false }
        for (position, family) in printf where base.family(at: position) != family { return false }
        if !allowMissing {
            for name in base.names where !hasName(base.nameBytes[name]) { return false }
            for (position, _) in base.printf where family(at: position) == nil { return false }
        }
        return true
    }

    private func hasName(_ name: ArraySlice<UInt8>) -> Bool {
        names.contains { nameBytes[$0].elementsEqual(name) }
    }

    private func family(at position: Int) -> Int? {
        printf.first { $0.position == position }?.family
    }

    /// The printf type family, as `Placeholder.typeFamily` groups conversions.
    private static func family(_ conversion: UInt8) -> Int {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"): 1
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
             UInt8(ascii: "a"), UInt8(ascii: "A"): 2
        case UInt8(ascii: "c"), UInt8(ascii: "C"): 3
        case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "@"): 4
        case UInt8(ascii: "p"): 5
        default: 256 + Int(conversion)
        }
    }
}
