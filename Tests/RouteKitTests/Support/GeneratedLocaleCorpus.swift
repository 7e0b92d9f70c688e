import Foundation

/// Rails-style locale files of the shape real string files have (Mastodon's `config/locales`, which
/// may not be vendored): a locale at the top, namespaces nested up to six deep, plural leaves,
/// `%{placeholders}`, HTML in values, plain, single- and double-quoted scalars with escapes, quoted
/// keys, comments on their own lines and after values, blank lines, empty and `~` values, text
/// in many scripts, an optional `---`, files with and without a final newline.
///
/// A seeded generator makes the same corpus on every run. Most files stay in the scanner's subset
/// (`BlockMappingScanner`); every tenth carries one construct outside it (a block scalar, a flow
/// sequence, an anchor and alias, a multi-line plain scalar, a tag, a list), which libyaml reads and
/// the scanner must decline.
enum GeneratedLocaleCorpus {
    struct File {
        var name: String
        var bytes: [UInt8]
        /// Whether every construct in it is in the scanner's subset.
        var inSubset: Bool
    }

    static func files(count: Int = 120, seed: UInt64 = 0x10CA1E5) -> [File] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            var writer = Writer(generator: SeededGenerator(seed: generator.next()))
            let locale = locales[index % locales.count]
            let outside = index % 10 == 9 ? index / 10 % outsideSubset.count : nil
            let text = writer.file(locale: locale, outsideSubset: outside)
            return File(name: "\(index)-\(locale).yml", bytes: Array(text.utf8), inSubset: outside == nil)
        }
    }

    static let locales = [
        "en", "de", "ja", "ar", "zh-TW", "pt-BR", "sr-Latn", "ru", "he", "ko", "fr", "es-419", "th", "hi", "el", "fa",
    ]

    /// Words in several scripts, combining marks and emoji included; none needs quoting.
    static let words = [
        "Settings", "profile", "post", "follow", "Einstellungen", "Beiträge", "Übersicht", "café", "naïve", "ação",
        "設定", "投稿", "フォロー", "プロフィール", "設置", "帖子", "الإعدادات", "منشور", "Настройки", "публикация",
        "הגדרות", "설정", "게시물", "การตั้งค่า", "सेटिंग्स", "Ρυθμίσεις", "تنظیمات", "e\u{301}te\u{301}", "🎉", "👩‍💻",
        "🇩🇪", "x²", "½", "—", "«quoted»", "„Zitat“", "(beta)", "v2.0", "100%", "C#", "a:b", "3:30", "?!", "…",
    ]
    static let keyWords = [
        "title", "description", "account", "admin", "settings", "notifications", "errors", "hint", "label", "mailer",
        "statuses", "filters", "report", "domain_blocks", "two_factor", "x-frame", "api/v1", "sign_up.2", "items3",
    ]
    static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// Each of these, placed under a key, takes the file out of the scanner's subset.
    static let outsideSubset: [@Sendable (String) -> String] = [
        { indent in "|+\n\(indent)  line one\n\(indent)  line two" },
        { indent in ">-\n\(indent)  folded\n\n\(indent)  text" },
        { _ in "[one, two, three]" },
        { _ in "{ a: [b], c: d }" },
        { _ in "&shared Shared value" },
        { indent in "multi\n\(indent)  line plain" },
        { _ in "!!str tagged" },
        { indent in "\n\(indent)- item one\n\(indent)- item two" },
    ]

    struct Writer {
        var generator: SeededGenerator
        var lines: [String] = []

        mutating func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        mutating func number(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(generator.next() % UInt64(range.count))
        }

        mutating func file(locale: String, outsideSubset: Int?) -> String {
            if chance(50) { lines.append("# \(pick(GeneratedLocaleCorpus.words)) — generated locale file") }
            if chance(25) { lines.append("---") }
            if chance(30) { lines.append("") }
            lines.append("\(locale):")
            var used = Set<String>()
            for _ in 0..<number(6...14) { namespace(indent: "  ", depth: 1, used: &used) }
            if let outsideSubset {
                lines.append("  outside_subset: \(GeneratedLocaleCorpus.outsideSubset[outsideSubset]("  "))")
                for _ in 0..<number(1...3) { namespace(indent: "  ", depth: 1, used: &used) }
            }
            var text = lines.joined(separator: "\n")
            if chance(85) { text += "\n" }
            return text
        }

        mutating func key(_ used: inout Set<String>) -> String {
            var key: String
            repeat {
                switch generator.next() % 10 {
                case 0: key = "\"\(pick(GeneratedLocaleCorpus.words)) key\""
                case 1: key = "'\(pick(GeneratedLocaleCorpus.keyWords)) \(number(1...9))'"
                case 2: key = "\(pick(GeneratedLocaleCorpus.keyWords)):\(pick(GeneratedLocaleCorpus.keyWords))"
                default: key = pick(GeneratedLocaleCorpus.keyWords) + (chance(50) ? "_\(number(1...99))" : "")
                }
            } while !used.insert(key).inserted
            return key
        }

        mutating func namespace(indent: String, depth: Int, used: inout Set<String>) {
            if chance(15) { lines.append(chance(50) ? "" : "\(indent)# \(pick(GeneratedLocaleCorpus.words))") }
            let name = key(&used)
            if depth >= 6 || chance(45) {
                lines.append("\(indent)\(name): \(value())" + (chance(10) ? "   " : ""))
                return
            }
            if chance(5) {
                // A plural on one line, as a flow mapping of quoted texts.
                let forms = GeneratedLocaleCorpus.pluralCategories.filter { $0 == "other" || chance(50) }
                lines.append("\(indent)\(name): {" + forms.map { "\($0): \"\(phrase())\"" }.joined(separator: ", ") + "}")
                return
            }
            if chance(5) {
                // A block scalar: literal or folded, clipped or stripped.
                lines.append("\(indent)\(name): \(pick(["|", "|-", ">", ">-"]))")
                for _ in 0..<number(1...3) { lines.append("\(indent)  \(phrase())") }
                return
            }
            if chance(20) {
                // A plural: Rails nests the CLDR categories under the key.
                lines.append("\(indent)\(name):" + (chance(20) ? " # plural" : ""))
                for category in GeneratedLocaleCorpus.pluralCategories where category == "other" || chance(50) {
                    lines.append("\(indent)  \(category): \(pluralValue())")
                }
                return
            }
            lines.append("\(indent)\(name):" + (chance(10) ? " # \(pick(GeneratedLocaleCorpus.words))" : ""))
            var inner = Set<String>()
            for _ in 0..<number(1...5) { namespace(indent: indent + "  ", depth: depth + 1, used: &inner) }
        }

        /// Words and placeholders; it starts with a word, so it can be a plain scalar.
        mutating func phrase() -> String {
            var words = [pick(Array(GeneratedLocaleCorpus.words.prefix(30)))]
            for _ in 0..<number(0...5) {
                words.append(chance(15) ? "%{\(pick(["count", "name", "acct", "date", "domain"]))}" : pick(GeneratedLocaleCorpus.words))
            }
            return words.joined(separator: " ")
        }

        mutating func value() -> String {
            let text = phrase()
            switch generator.next() % 12 {
            case 0: return "'\(text): \(pick(GeneratedLocaleCorpus.words)) #1 it''s'"
            case 1: return "\"\(text) \\\"\(pick(GeneratedLocaleCorpus.words))\\\" \\\\ \\/ \\n\\t \\u00e9\\u4E16\""
            case 2: return "\"\(text)\""
            case 3: return "<strong>\(text)</strong> http://example.com/a?b=1&c=2"
            case 4: return "\(text) # \(pick(GeneratedLocaleCorpus.words))"
            case 5: return pick(["", "~", "null", "''", "\"\""])
            case 6: return "'%{count} \(text)'"
            default: return text
            }
        }

        mutating func pluralValue() -> String {
            switch generator.next() % 3 {
            case 0: return "\"%{count} \(phrase())\""
            case 1: return "'%{count} \(phrase())'"
            default: return "\(phrase()) %{count}"
            }
        }
    }
}
