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
        // Per base entry: nil until computed; the signature of its texts (all forms merged).
        var expectedByEntry = [PlaceholderSignature?](repeating: nil, count: base.entries.count)
        var baseHashes = [UInt64?](repeating: nil, count: base.entries.count)
        var baseHasPercent = [UInt8](repeating: 0, count: base.entries.count)  // 0 unknown, 1 no, 2 yes
        let hasPercent = { (file: Int32, ref: TextRef) in storage.withBytes(file, ref) { UTF8Text.contains($0, UInt8(ascii: "%")) } }
        for locale in strings.locales where locale != strings.baseLocale {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                guard let sourceIndex = base.index(of: entry.key) else { continue }
                let source = base.entries[sourceIndex]
                if baseHasPercent[sourceIndex] == 0 {
                    baseHasPercent[sourceIndex] = base.textRefs(source).contains { hasPercent(source.file, $0) } ? 2 : 1
                }
                // Without a `%` on either side, both signatures are empty: nothing to compare.
                if baseHasPercent[sourceIndex] == 1 {
                    let translationHasPercent = entry.isPlural
                        ? table.pluralForms(entry).contains { hasPercent(entry.file, $0.text) }
                        : hasPercent(entry.file, entry.text)
                    if !translationHasPercent { continue }
                }
                // Same placeholders in the same order as a one-text base: nothing differs.
                if !source.isPlural {
                    if baseHashes[sourceIndex] == nil {
                        baseHashes[sourceIndex] = storage.withBytes(source.file, source.text, PlaceholderParser.sequenceHash)
                    }
                    let baseHash = baseHashes[sourceIndex]!
                    let same = entry.isPlural
                        ? table.pluralForms(entry).allSatisfy { storage.withBytes(entry.file, $0.text, PlaceholderParser.sequenceHash) == baseHash }
                        : storage.withBytes(entry.file, entry.text, PlaceholderParser.sequenceHash) == baseHash
                    if same { continue }
                }
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
