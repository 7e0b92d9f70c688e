import Foundation
import RouteKit

/// SplitMix64: a tiny deterministic PRNG, so every run generates the same bytes.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// One synthetic project size.
struct SizeSpec: Sendable {
    var name: String
    var routes: Int
    var locales: Int
    var keys: Int
    var filesPerLocale: Int
    /// Percent of the keys each non-base locale lacks; 0: the usual one in 499.
    var missingPercent = 0
    /// YAML in the styles real Rails files mix (as Mastodon's do): plurals as flow mappings,
    /// some texts as literal or folded block scalars, some single-quoted. Such files are off the
    /// block-mapping scanner's fast path: libyaml reads them.
    var mixedStyle = false

    static let all: [SizeSpec] = [
        SizeSpec(name: "S", routes: 25, locales: 2, keys: 150, filesPerLocale: 1),
        SizeSpec(name: "M", routes: 500, locales: 20, keys: 5_000, filesPerLocale: 4),
        SizeSpec(name: "L/2", routes: 2_500, locales: 50, keys: 10_000, filesPerLocale: 8),
        SizeSpec(name: "L", routes: 5_000, locales: 50, keys: 20_000, filesPerLocale: 8),
        SizeSpec(name: "L-mixed", routes: 5_000, locales: 50, keys: 20_000, filesPerLocale: 8, mixedStyle: true),
    ]

    var directoryName: String { name == "L/2" ? "L-half" : name }
}

/// Valid CLDR locales; `en` is the base. Several scripts, so values are not all ASCII.
let benchLocales = [
    "en", "de", "fr", "es", "it", "pt", "pt-BR", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "pl", "nl", "sv",
    "da", "fi", "nb", "cs", "sk", "hu", "ro", "bg", "el", "tr", "he", "ar", "hi", "th", "vi", "id", "ms",
    "uk", "hr", "sr", "sl", "lt", "lv", "et", "ca", "eu", "gl", "fa", "bn", "ta", "is", "ga", "cy", "mt", "es-MX",
]

private let latinWords = ["open", "settings", "account", "profile", "message", "follow", "search", "share",
                          "report", "media", "notice", "public", "private", "server", "filter", "status",
                          "Konto", "Einstellung", "compte", "paramètre", "cuenta", "mensaje", "vídeo", "länger"]
private let cyrillicWords = ["открыть", "настройки", "профиль", "сообщение", "поиск", "сервер", "фильтр", "статус"]
private let cjkWords = ["設定", "アカウント", "プロフィール", "メッセージ", "検索", "共有", "サーバー", "通知"]
private let arabicWords = ["الإعدادات", "الحساب", "رسالة", "بحث", "مشاركة", "الخادم", "تصفية", "الحالة"]

private func words(for locale: String) -> [String] {
    switch locale {
    case "ru", "bg", "uk", "sr": cyrillicWords
    case "ja", "zh-Hans", "zh-Hant", "ko": cjkWords
    case "ar", "fa", "he": arabicWords
    default: latinWords
    }
}

/// Writes a deterministic project: `routes.yml`, `strings/<locale>/part<k>.yml`, a config,
/// `requests.jsonl` for `title --batch`, and `files.txt` (every input, for the raw parse).
enum Generator {
    static let version = "5"

    /// The inputs with the most memory per byte (issue 15), as large as the default limits allow.
    enum WorstShape: String, CaseIterable {
        /// Strings files all `en:` with the same short keys: every line after the first file is a finding.
        case duplicates
        /// Short distinct keys, half the files `en:`, half `de:` with the same keys: no finding.
        case translation
        /// As `translation`, each text on the line after its key (`k0:` then `    v`).
        case nextLine
        /// One `en:` key; every other file `de:` with keys the base lacks: a finding at each entry.
        case extra
        /// A base locale of short keys and as many two-line locale stubs as `limits.locales` allows.
        case stubs
        /// `stubs` with `limits.findings: 1000`: the table without the million listed findings.
        case stubsFewListed
        /// Base texts with a placeholder, translations without: a finding at each translation.
        case placeholders
        /// English plurals, Japanese ones with two forms CLDR never selects: two findings each.
        case plurals
        /// Flow plurals whose every form is empty: a finding at each form.
        case emptyForms
        /// `translation` with every text the same as the base's and `untranslated` on: a finding each.
        case untranslated
        /// A catalog of one-line tab routes as large as `limits.catalog-size`: two findings a route.
        case catalog
        /// Kotlin route declarations and push sites of routes the catalog lacks: a finding each.
        case kotlin
        /// The same with a param and a title param, each pushed with a literal title.
        case kotlinTitles
        // "Hostile input, round 3", items 11–15: one shape each.
        /// Item 11: Swift sources of nothing but `;`, four files of 15 MB.
        case swiftSemicolons
        /// Item 12: Kotlin of nothing but pushes `D(x)`, four files of 16 MB.
        case kotlinPushes
        /// Item 12: one Kotlin file of 8 M `(` then 8 M `)`.
        case kotlinBrackets
        /// Item 13: a key of 8 MB (128 nested `? key` levels of 65,000 bytes) missing in 200 stubs.
        case longKey
        /// Item 14: 20,000 routes of one title in 400 locales.
        case ambiguousTitle
        /// Item 14: `report --html` on 10,000 routes of one title in 200 locales.
        case ambiguousTitleReport
        /// Item 15: a String Catalog with a 7.9 M-element array in a member routekit ignores.
        case catalogArray
        /// strings.xml files of `<string name="kN">v</string>` lines, as large as the file limit allows.
        case xmlStrings
        /// strings.xml files of `<foo/>` on one line, up to the node limit.
        case xmlOneLine
        /// Strings files of one key given again on every line (`  k: v`): a finding a line.
        case keyRepeated
        /// Strings files of distinct keys whose every value has a tag (`!x v`): a finding a line.
        case tags
        /// String Catalogs whose `strings` repeat one member (`"a":{},`): a finding a member.
        case catalogMembers
        /// String Catalogs of distinct tiny members (`"a0123456":{},`), in no order: no finding.
        case catalogDistinct
        /// String Catalogs whose `strings` alternate two members (`"a":{},"b":{},`): a finding each,
        /// and the entries read twice (an entry given again after another).
        case catalogAlternating
        /// Strings files of distinct keys with one key given twice at the end (such a file was read as a tree).
        case treeRead

        var summary: String {
            switch self {
            case .duplicates: "duplicate keys across files (a finding per line)"
            case .translation: "short distinct keys, en and de, no finding"
            case .nextLine: "the same, each text on the line after its key"
            case .extra: "every translated key extra (a finding per entry)"
            case .stubs: "locale stubs beside a large base (a million listed findings)"
            case .stubsFewListed: "the same with limits.findings: 1000"
            case .placeholders: "every translation lacks its placeholder"
            case .plurals: "every plural with forms never selected"
            case .emptyForms: "every plural form empty (a finding per form)"
            case .untranslated: "every translation a copy, untranslated on (a finding each)"
            case .catalog: "a catalog of one-line tab routes (limits.catalog-size)"
            case .kotlin: "Kotlin route declarations and push sites"
            case .kotlinTitles: "the same, route classes with a title param pushed with a literal"
            case .swiftSemicolons: "Swift sources of nothing but `;` (item 11)"
            case .kotlinPushes: "Kotlin of nothing but pushes `D(x)` (item 12)"
            case .kotlinBrackets: "Kotlin of 8 M `(` then 8 M `)` (item 12)"
            case .longKey: "an 8 MB nested key missing in 200 stubs (item 13)"
            case .ambiguousTitle: "20,000 routes of one title in 400 locales (item 14)"
            case .ambiguousTitleReport: "`report --html`, 10,000 routes of one title in 200 locales (item 14)"
            case .catalogArray: "a String Catalog's ignored 7.9 M-element array (item 15)"
            case .xmlStrings: "strings.xml of one-line `<string>` elements"
            case .xmlOneLine: "strings.xml of `<foo/>` on one line"
            case .keyRepeated: "one key given again on every line (a finding a line)"
            case .tags: "a tag on every value (a finding per line)"
            case .catalogMembers: "String Catalogs repeating one member (a finding each)"
            case .catalogDistinct: "String Catalogs of distinct tiny members, unsorted"
            case .catalogAlternating: "String Catalogs alternating two members (read twice)"
            case .treeRead: "distinct keys, one given twice (streamed)"
            }
        }

        /// The limit that bounds the row on its own, whatever the total (its peak is part of the
        /// constant of "4 × input + constant"); nil when it grows with `limits.total-size`.
        var boundedBy: String? {
            switch self {
            case .stubs: "limits.findings"
            case .catalog: "limits.catalog-size"
            case .ambiguousTitle, .ambiguousTitleReport: "limits.catalog-size"
            default: nil
            }
        }

        /// `routekit`'s arguments for the project in `directory`: `lint` but for the HTML report.
        func arguments(_ directory: String) -> [String] {
            self == .ambiguousTitleReport
                ? ["report", "--html", directory + "/report.html", directory]
                : ["lint", directory, "--quiet", "--format", "json:/dev/null"]
        }
    }

    /// `shape` as large as `limits` let its files be (bytes or values per file), as many files as
    /// the total limit allows. Returns the bytes written.
    static func worstCase(_ shape: WorstShape, limits: InputLimits, into directory: String) throws -> Int {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("strings: [\"s*.yml\"]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
        // A key and its value are two values (nodes); the mapping and the locale three more.
        func file(_ locale: String, from start: Int, value: String = "v", valuesPerLine: Int = 1, separator: String = " ") -> [UInt8] {
            var text: [UInt8] = Array("\(locale):\n".utf8)
            text.reserveCapacity(limits.fileSize)
            var index = 0
            while text.count < limits.fileSize - 64 && (1 + valuesPerLine) * index + 8 < limits.nodeCount {
                text += Array("  k\(start + index):\(separator)\(value)\n".utf8)
                index += 1
            }
            return text
        }
        func write(_ bytes: [UInt8], _ name: String) throws -> Int {
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
            return bytes.count
        }
        let full = file("en", from: 0)
        let files = max(1, limits.totalSize / full.count)
        var total = 0
        switch shape {
        case .duplicates:
            for index in 0 ..< files { total += try write(full, "s\(index).yml") }
        case .translation, .nextLine, .untranslated:
            // An even number of files, so every `en` file has its `de` twin.
            if shape == .untranslated {
                try Data("strings: [\"s*.yml\"]\nrules: { untranslated: warning }\n".utf8)
                    .write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            }
            let separator = shape == .nextLine ? "\n    " : " "
            let pairs = max(1, limits.totalSize / 2 / file("en", from: 0, separator: separator).count)
            for index in 0 ..< 2 * pairs {
                total += try write(file(index % 2 == 0 ? "en" : "de", from: index / 2 * 10_000_000, separator: separator),
                                   "s\(index).yml")
            }
        case .extra:
            total += try write(Array("en:\n  a: b\n".utf8), "s0.yml")
            for index in 1 ..< files { total += try write(file("de", from: index * 10_000_000), "s\(index).yml") }
        case .stubs, .stubsFewListed:
            if shape == .stubsFewListed {
                try Data("strings: [\"s*.yml\"]\nlimits: { findings: 1000 }\n".utf8)
                    .write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            }
            total += try write(full, "s0.yml")
            var stubs: [UInt8] = []
            for index in 0 ..< limits.locales - 1 { stubs += Array("x\(index):\n  k\(index): v\n".utf8) }
            total += try write(stubs, "s1.yml")
        case .placeholders, .plurals:
            // Pairs of files with the same keys, as many pairs as the total allows.
            var pair = 0
            while true {
                let from = pair * 10_000_000
                let (base, translation) = shape == .placeholders
                    ? (file("en", from: from, value: "'%{n}'"), file("de", from: from))
                    : (file("en", from: from, value: "{one: a, other: b}", valuesPerLine: 4),
                       file("ja", from: from, value: "{one: a, few: c, other: b}", valuesPerLine: 5))
                guard total + base.count + translation.count <= limits.totalSize else { break }
                total += try write(base, "s\(2 * pair).yml") + write(translation, "s\(2 * pair + 1).yml")
                pair += 1
            }
        case .emptyForms:
            let forms = file("en", from: 0, value: "{one: '', other: ''}", valuesPerLine: 3)
            for index in 0 ..< max(1, limits.totalSize / forms.count) {
                total += try write(file("en", from: index * 10_000_000, value: "{one: '', other: ''}", valuesPerLine: 3), "s\(index).yml")
            }
        case .catalog:
            try Data("catalog: routes.yml\nstrings: [\"s*.yml\"]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            total += try write(Array("en:\n  a: b\n".utf8), "s0.yml")
            var routes: [UInt8] = Array("routes:\n".utf8)
            var index = 0
            while routes.count < limits.catalogSize - 64 {
                routes += Array("  R\(index): { tab: {} }\n".utf8)
                index += 1
            }
            total += try write(routes, "routes.yml")
        case .swiftSemicolons:
            try Data("strings: [\"s*.yml\"]\nsources:\n  swift: [\"*.swift\"]\n".utf8)
                .write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            total += try write(Array("en:\n  a: b\n".utf8), "s0.yml")
            for part in 0 ..< 4 { total += try write([UInt8](repeating: UInt8(ascii: ";"), count: 15_000_000), "V\(part).swift") }
        case .kotlinPushes, .kotlinBrackets:
            try Data("catalog: routes.yml\nstrings: [\"s*.yml\"]\nsources:\n  kotlin: [\"*.kt\"]\n".utf8)
                .write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            total += try write(Array("en:\n  a: b\n".utf8), "s0.yml")
            total += try write(Array("routes:\n  D: { title: a }\n".utf8), "routes.yml")
            if shape == .kotlinBrackets {
                let half = 8 * 1024 * 1024 - 16
                total += try write([UInt8](repeating: UInt8(ascii: "("), count: half) + [UInt8](repeating: UInt8(ascii: ")"), count: half), "N.kt")
            } else {
                total += try write(Array("sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\n".utf8), "Routes.kt")
                let pushes = [UInt8]("fun go(navigate: (AppRoute) -> Unit) {\n".utf8)
                    + Array(repeating: Array("D(x)".utf8), count: (min(limits.fileSize, limits.totalSize / 4) - 1024) / 4).joined() + Array("}\n".utf8)
                for part in 0 ..< 4 { total += try write(pushes, "Nav\(part).kt") }
            }
        case .longKey:
            var text: [UInt8] = Array("en:\n".utf8)
            for depth in 0 ..< 128 {
                let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * (depth + 1))
                text += indent + Array("? ".utf8) + [UInt8](repeating: UInt8(97 + depth % 26), count: 65_000) + [0x0A]
                text += indent + Array((depth == 127 ? ": v\n" : ":\n").utf8)
            }
            for index in 0 ..< 200 { text += Array("x\(index): {}\n".utf8) }
            total += try write(text, "s0.yml")
        case .ambiguousTitle, .ambiguousTitleReport:
            let (routes, locales) = shape == .ambiguousTitle ? (20_000, 400) : (10_000, 200)
            try Data("catalog: routes.yml\nstrings: [\"s*.yml\"]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            total += try write(Array(("routes:\n" + (0 ..< routes).map { "  R\($0): { title: k\($0) }\n" }.joined()).utf8), "routes.yml")
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            let stubs = (0 ..< 26 * 26).map { "\(letters[$0 / 26])\(letters[$0 % 26])" }.filter { $0 != "en" }
            // Past 675 two-letter stubs, three letters.
            let more = (0 ..< 26 * 26 * 26).map { "\(letters[$0 / 676])\(letters[$0 / 26 % 26])\(letters[$0 % 26])" }
            var strings = "en:\n" + (0 ..< routes).map { "  k\($0): Same\n" }.joined()
            for locale in (stubs + more).prefix(locales - 1) { strings += "\(locale): {}\n" }
            total += try write(Array(strings.utf8), "s0.yml")
        case .catalogArray:
            try Data("strings: [Localizable.xcstrings]\nbase-locale: en\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            let head = Array("{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"a\": {}}, \"x\": [".utf8)
            let elements = Array(repeating: Array("0,".utf8), count: 7_900_000).joined()
            total += try write(head + elements + Array("0]}\n".utf8), "Localizable.xcstrings")
        case .xmlStrings, .xmlOneLine:
            try Data("strings: [\"res/values*/strings.xml\"]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            // The same keys in every locale: no finding.
            let folders = ["values", "values-de", "values-fr", "values-es", "values-it", "values-nl", "values-pl", "values-sv"]
            var part = 0
            while total < limits.totalSize - limits.fileSize / 2 && part < folders.count {
                try FileManager.default.createDirectory(atPath: directory + "/res/" + folders[part], withIntermediateDirectories: true)
                var text: [UInt8] = Array("<resources>".utf8)
                var index = 0
                let budget = min(limits.fileSize, limits.totalSize - total) - 64
                if shape == .xmlOneLine {
                    let count = min(budget / 6, limits.nodeCount - 2)
                    text += Array(repeating: Array("<foo/>".utf8), count: count).joined()
                } else {
                    while text.count + 48 < budget && index < limits.nodeCount / 2 {
                        text += Array("<string name=\"k\(index)\">v</string>\n".utf8)
                        index += 1
                    }
                }
                text += Array("</resources>\n".utf8)
                total += try write(text, "res/" + folders[part] + "/strings.xml")
                part += 1
            }
        case .keyRepeated, .tags, .treeRead:
            var part = 0
            while total < limits.totalSize - 1024 {
                let budget = min(limits.fileSize, limits.totalSize - total) - 64
                var text: [UInt8] = Array("en:\n".utf8)
                var index = 0
                while text.count + 32 < budget && 2 * index + 8 < limits.nodeCount {
                    text += Array((shape == .keyRepeated ? "  k: v\n" : shape == .tags ? "  k\(part)x\(index): !x v\n" : "  k\(part)x\(index): v\n").utf8)
                    index += 1
                }
                if shape == .treeRead { text += Array("  k\(part)x0: v\n".utf8) }
                total += try write(text, "s\(part).yml")
                part += 1
            }
        case .catalogMembers, .catalogDistinct, .catalogAlternating:
            try Data("strings: [\"*.xcstrings\"]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            var part = 0
            // A letter per file and seven digits: index × 7919 mod 10⁷ is a permutation (7919 is prime to 10).
            func distinct(_ index: Int) -> [UInt8] {
                let number = String(index &* 7919 % 10_000_000)
                let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(part % 26)))
                return Array(("\"" + letter + String(repeating: "0", count: 7 - number.count) + number + "\":{},").utf8)
            }
            while total < limits.totalSize - 1024 {
                let budget = min(limits.fileSize, limits.totalSize - total) - 128
                let head = Array("{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {".utf8)
                var text = head
                text.reserveCapacity(budget)
                var index = 0
                while text.count + 16 < budget, index < limits.nodeCount * 4 / 2 - 8 {
                    switch shape {
                    case .catalogDistinct: text += distinct(index)
                    case .catalogAlternating: text += Array((index % 2 == 0 ? "\"a\":{}," : "\"b\":{},").utf8)
                    default: text += Array("\"a\":{},".utf8)
                    }
                    index += 1
                }
                total += try write(text + Array("\"zz\":{}}}\n".utf8), "L\(part).xcstrings")
                part += 1
            }
        case .kotlin, .kotlinTitles:
            try Data("catalog: routes.yml\nstrings: [\"s*.yml\"]\nsources:\n  kotlin: [\"*.kt\"]\n".utf8)
                .write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
            total += try write(Array("en:\n  a: b\n".utf8), "s0.yml")
            total += try write(Array("routes:\n  A: { tab: { icon: x }, title: a }\n".utf8), "routes.yml")
            // Declarations and pushes in files of at most `limits.file-size`, up to the total.
            var part = 0, start = 0
            while total < limits.totalSize - 1024 {
                let budget = min(limits.fileSize, limits.totalSize - total) - 64
                var routes: [UInt8] = Array((part == 0 ? "sealed interface AppRoute\n" : "package p\n").utf8)
                // A function-typed parameter taking routes: each call is a push site the scanner learns.
                var pushes: [UInt8] = Array("fun go(navigate: (AppRoute) -> Unit) {\n".utf8)
                var index = start
                while routes.count + pushes.count + 64 < budget {
                    if shape == .kotlin {
                        routes += Array("data object R\(index) : AppRoute\n".utf8)
                        pushes += Array(" navigate(R\(index))\n".utf8)
                    } else {
                        routes += Array("data class R\(index)(val id: String, override val title: String? = null) : AppRoute\n".utf8)
                        pushes += Array(" navigate(R\(index)(\"x\", \"t\"))\n".utf8)
                    }
                    index += 1
                }
                pushes += Array("}\n".utf8)
                total += try write(routes, "Routes\(part).kt") + write(pushes, "Nav\(part).kt")
                start = index
                part += 1
            }
        }
        return total
    }

    /// An empty project: what any run costs (the runtime), the constant of "4 × input + constant".
    static func emptyProject(into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("strings: [s.yml]\n".utf8).write(to: URL(fileURLWithPath: directory + "/.routekit.yml"))
        try Data("en:\n  a: b\n".utf8).write(to: URL(fileURLWithPath: directory + "/s.yml"))
    }

    static func generate(_ spec: SizeSpec, into directory: String) throws {
        let stamp = directory + "/.bench-stamp"
        let stampText = "v\(version) \(spec.routes) \(spec.locales) \(spec.keys) \(spec.filesPerLocale)"
            + (spec.missingPercent > 0 ? " missing \(spec.missingPercent)%" : "") + (spec.mixedStyle ? " mixed" : "")
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == stampText { return }
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory + "/strings", withIntermediateDirectories: true)
        var files: [String] = []

        let locales = Array(benchLocales.prefix(spec.locales))
        try """
            catalog: routes.yml
            strings: ["strings/*/*.yml"]
            base-locale: en

            """.write(toFile: directory + "/.routekit.yml", atomically: true, encoding: .utf8)

        // Route titles: `titles.route_<i>`, short and unique; every 4th has a %{name} arg.
        var catalog = "routes:\n"
        for i in 0..<spec.routes {
            catalog += "  Route\(i):\n"
            if i < 5 {
                catalog += "    tab: { icon: icon\(i) }\n    title: titles.route_\(i)\n"
                continue
            }
            switch i % 4 {
            case 1:
                catalog += "    params: { itemId: String, name: String? }\n"
                catalog += "    title: { param: name, fallback: titles.route_\(i) }\n"
            case 2:
                catalog += "    params: { who: String }\n"
                catalog += "    title: { key: titles.route_\(i), args: { name: who } }\n"
            default:
                catalog += "    title: titles.route_\(i)\n"
            }
            catalog += "    from: [Route\(i % 5)]\n"
        }
        try catalog.write(toFile: directory + "/routes.yml", atomically: true, encoding: .utf8)
        files.append(directory + "/routes.yml")

        for (localeIndex, locale) in locales.enumerated() {
            let localeDirectory = directory + "/strings/" + locale
            try FileManager.default.createDirectory(atPath: localeDirectory, withIntermediateDirectories: true)
            var rng = SplitMix64(seed: 0x5EED_0000 &+ UInt64(localeIndex) &* 7919)
            let vocabulary = words(for: locale)
            let categories = PluralRules.for(locale: locale).orderedCategories.map(\.rawValue)
            var parts = [String](repeating: "", count: spec.filesPerLocale)
            for part in 0..<spec.filesPerLocale { parts[part] = "\(locale):\n" }

            func phrase(_ count: Int) -> String {
                (0..<count).map { _ in vocabulary[rng.below(vocabulary.count)] }.joined(separator: " ")
            }
            // Route titles live in part 0.
            parts[0] += "  titles:\n"
            for i in 0..<spec.routes {
                let text = i % 4 == 2 && i >= 5 ? "\(vocabulary[i % vocabulary.count]) %{name} \(i)" : "\(vocabulary[i % vocabulary.count]) \(i)"
                parts[0] += "    route_\(i): \"\(text)\"\n"
            }
            // The other keys: sec<s>.grp<g>.item_<i>, sections spread over the parts.
            let remaining = max(0, spec.keys - spec.routes)
            var lastSection = -1, lastGroup = -1
            let perSection = 500, perGroup = 25
            for i in 0..<remaining {
                let section = i / perSection, group = (i / perGroup) % (perSection / perGroup)
                let part = section % spec.filesPerLocale
                // A non-base locale misses a few keys (missing-translation findings).
                if localeIndex > 0 && (i &* 2654435761 &+ localeIndex) % 499 == 0 { continue }
                // The findings-heavy corpus: each locale lacks its own `missingPercent` of the keys.
                if localeIndex > 0 && spec.missingPercent > 0
                    && Int((UInt64(i) &* 0x9E37_79B9 &+ UInt64(localeIndex) &* 0x85EB_CA6B) % 1000) < spec.missingPercent * 10 { continue }
                if section != lastSection {
                    parts[part] += "  sec\(section):\n"
                    lastSection = section
                    lastGroup = -1
                }
                if group != lastGroup {
                    parts[part] += "    grp\(group):\n"
                    lastGroup = group
                }
                if i % 17 == 0 && spec.mixedStyle {
                    parts[part] += "      item_\(i): {" + categories.map { "\($0): \"%{count} \(phrase(2))\"" }.joined(separator: ", ") + "}\n"
                } else if i % 17 == 0 {
                    parts[part] += "      item_\(i):\n"
                    for category in categories {
                        parts[part] += "        \(category): \"%{count} \(phrase(2))\"\n"
                    }
                } else if i % 5 == 0 && spec.mixedStyle {
                    parts[part] += "      item_\(i): \(i % 10 == 0 ? "|-" : ">-")\n        \(phrase(3))\n        \(phrase(2 + rng.below(3)))\n"
                } else if i % 3 == 0 && spec.mixedStyle {
                    parts[part] += "      item_\(i): '\(phrase(2)) %{name}'\n"
                } else if i % 7 == 0 {
                    parts[part] += "      item_\(i): \"\(phrase(3)) %{name} \(phrase(2))\"\n"
                } else if i % 11 == 0 {
                    parts[part] += "      item_\(i): \"%<name>s \(phrase(4))\"\n"
                } else {
                    parts[part] += "      item_\(i): \(phrase(3 + rng.below(4)))\n"
                }
            }
            for part in 0..<spec.filesPerLocale {
                let path = localeDirectory + "/part\(part).yml"
                try parts[part].write(toFile: path, atomically: false, encoding: .utf8)
                files.append(path)
            }
        }

        // Title requests: a fixed mix of routes, preference lists and params.
        var rng = SplitMix64(seed: 42)
        let preferences = locales.map { "\"locale\":\"\($0)\"" }
            + ["\"locales\":[\"de-AT\",\"en\"]", "\"locales\":[\"fr-CA\",\"fr\"]", "\"locale\":\"pt-PT\"", "\"locale\":\"en-GB\""]
        var requests = ""
        let lines = spec.name == "S" ? 20_000 : 200_000
        for _ in 0..<lines {
            let i = rng.below(spec.routes)
            let preference = preferences[rng.below(preferences.count)]
            var params = ""
            if i >= 5 {
                switch i % 4 {
                case 1: params = rng.below(2) == 0 ? ",\"params\":{\"itemId\":\"\(i)\",\"name\":\"Item \(i)\"}" : ",\"params\":{\"itemId\":\"\(i)\"}"
                case 2: params = ",\"params\":{\"who\":\"Ada\"}"
                default: break
                }
            }
            requests += "{\"route\":\"Route\(i)\",\(preference)\(params)}\n"
        }
        try requests.write(toFile: directory + "/requests.jsonl", atomically: true, encoding: .utf8)
        try files.joined(separator: "\n").write(toFile: directory + "/files.txt", atomically: true, encoding: .utf8)
        try stampText.write(toFile: stamp, atomically: true, encoding: .utf8)
    }

    /// A strings-only project over the Mastodon locale files (not copied: `allow-outside-root`).
    static func mastodon(corpus: String, into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".yml") }.sorted()
        try """
            strings: ["\(corpus)/*.yml"]
            base-locale: en
            allow-outside-root: true

            """.write(toFile: directory + "/.routekit.yml", atomically: true, encoding: .utf8)
        try names.map { corpus + "/" + $0 }.joined(separator: "\n")
            .write(toFile: directory + "/files.txt", atomically: true, encoding: .utf8)
    }
}
