/// A string its platform's formatter throws on at runtime: what `java.util.Formatter` rejects in an
/// Android string (a stray `%`, `%'d`, `%-d` without a width), an index past the arguments that
/// Compose's `replaceWithArgs` looks up, a `%` that `String(format:)` reads undefined, a reserved
/// Ruby I18n name. Only where the app formats the string: a text whose base takes no arguments is
/// shown as it is (`getString(id)`), and its `%` harms nobody. A placeholder that reads an
/// argument past the highest the base text uses is a crash too: the code passes what the base
/// needs (`MissingFormatArgumentException`, `IndexOutOfBoundsException`).
struct FormatCrash: LintRule {
    static let id = "format-crash"
    static let checksEachStringSet = true

    /// What happens: Java and Kotlin throw; `String(format:)` has undefined behaviour (a crash, or
    /// garbage such as an address) rather than an exception.
    static func failure(_ dialect: StringDialect) -> String {
        dialect == .apple ? "breaks" : "throws"
    }

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        let arguments = context.stringCache.keyArguments()
        var findings: [Finding] = []
        // The texts worth reading again, found in one scan shared with `placeholder-shown-verbatim`.
        let scans = context.stringCache.formatScans()
        for (localeIndex, locale) in strings.locales.enumerated() {
            guard let table = strings[locale] else { continue }
            let group = EntryFindings(rule: Self.id, table: table, place: .text, message: .made { index, form, offset in
                let entry = table.entries[index]
                let ref = form.map { table.forms[$0].text } ?? entry.text
                let problem = storage.withBytes(entry.file, ref) { text in
                    Self.problems(in: text, key: entry.key, rules: storage.rules(entry.file), arguments: arguments)
                        .first { $0.offset == offset }?.message
                }
                return "'\(storage.name(entry.key))' in locale '\(locale)' \(Self.failure(storage.dialects[Int(entry.file)])) when the \(storage.dialects[Int(entry.file)].name) app formats it: \(problem ?? "")"
            }, itemsInMessageOrder: true)
            for candidate in scans[localeIndex].candidates where candidate.mayCrash {
                let index = Int(candidate.entry), form = candidate.formIndex
                let entry = table.entries[index]
                let ref = form.map { table.forms[$0].text } ?? entry.text
                let found = storage.withBytes(entry.file, ref) { text in
                    Self.problems(in: text, key: entry.key, rules: storage.rules(entry.file), arguments: arguments)
                }
                for problem in found {
                    group.add(entry: index, form: form, detail: problem.offset, to: &findings)
                }
            }
        }
        return findings
    }

    /// The crash in one text, at the byte offset where its sequence starts: the first, as the
    /// platform throws at the first (a formatter works left to right).
    static func problems(in text: UnsafeBufferPointer<UInt8>, key: Int32, rules: any DialectRules,
                         arguments: KeyArguments) -> [(offset: Int, message: String)] {
        // Unformatted, most platforms act on nothing; Ruby I18n still raises on a reserved name.
        let formatted = arguments.formatted(key, text: text, rules: rules)
        let highest = formatted ? arguments.highestPosition(key) : nil
        // A bad specifier throws while the format is parsed, before any argument is read.
        var crash: (offset: Int, message: String)?, missing: (offset: Int, message: String)?
        rules.scan(text, formatted: formatted) { token in
            switch token.kind {
            case .crash(let reason):
                if crash == nil { crash = (token.range.lowerBound, reason) }
            case .argument:
                guard missing == nil, let position = token.position, let highest, position > highest else { return }
                let written = String(decoding: UnsafeBufferPointer(rebasing: text[token.range]), as: UTF8.self)
                if let message = rules.missingArgument(written, position: position, count: highest) {
                    missing = (token.range.lowerBound, message)
                }
            default:
                break
            }
        }
        return (crash ?? missing).map { [$0] } ?? []
    }
}
