/// A translation's placeholders must match the base text's: the same names, the same count,
/// the same printf type at each position. A plural form may leave a placeholder out (a `one`
/// form that says "once"), but never add one the base does not have.
struct PlaceholderMismatch: LintRule {
    static let id = "placeholder-mismatch"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        var findings: [Diagnostic] = []
        for locale in strings.locales where locale != strings.baseLocale {
            for entry in strings[locale]?.allEntries ?? [] {
                guard let source = base[entry.key] else { continue }
                let expected = PlaceholderSignature(source.texts.map(\.value))
                switch entry.value {
                case .text(let text):
                    let actual = PlaceholderSignature([text.value])
                    if let problem = actual.difference(from: expected, allowMissing: source.isPlural) {
                        findings.append(finding("'\(entry.key)' in locale '\(locale)' \(problem)",
                                                at: text.location, key: entry.key, locale: locale))
                    }
                case .plural(let forms):
                    for form in forms {
                        let actual = PlaceholderSignature([form.text.value])
                        if let problem = actual.difference(from: expected, allowMissing: true) {
                            findings.append(finding("the '\(form.category.value)' form of '\(entry.key)' in locale '\(locale)' \(problem)",
                                                    at: form.text.location, key: entry.key, locale: locale))
                        }
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
