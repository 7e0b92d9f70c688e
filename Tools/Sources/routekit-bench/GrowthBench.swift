import Foundation
import RouteKit

/// Time worst cases ("Hostile input, round 3"): inputs whose time grew faster than their size
/// (items 6–10), and the memory shapes of items 11–15, held to the same growth. Each shape is generated at four sizes, each twice the one before, and run as a
/// `routekit` process (the least CPU time of `runs`, steadier than wall time when the machine is
/// shared): twice the input must take at most 2.2 times as long, over the three doublings (a
/// quadratic reader takes 4 times as long; one doubling alone is noisy on a shared machine).
enum GrowthBench {
    enum Shape: String, CaseIterable {
        /// 6. `<foo/>` elements on one line of a strings.xml.
        case xmlOneLine = "xml-one-line"
        /// 6. `<string>` elements on one line.
        case xmlStringsOneLine = "xml-strings-one-line"
        /// 7. One push whose title is a `when` of string literals.
        case kotlinWhen = "kotlin-when-literals"
        /// 7. The same with an `if … else if …` chain.
        case kotlinIf = "kotlin-if-literals"
        /// 8. Routes with 1,000-character unknown title keys beside many base keys.
        case longUnknownKeys = "long-unknown-keys"
        /// 9. `title --batch` asked for a route of a 128 KB name among many routes.
        case titleLongRoute = "title-long-route"
        /// 10. Many `strings:` globs with `**` over many folders.
        case configGlobs = "config-globs"
        /// 11. A Swift file of nothing but `;`.
        case swiftSemicolons = "swift-semicolons"
        /// 12. A Kotlin function of nothing but pushes `D(x)`.
        case kotlinPushes = "kotlin-pushes"
        /// 12. A Kotlin file of `(` then as many `)`.
        case kotlinBrackets = "kotlin-brackets"
        /// 13. A long nested key missing in 200 locale stubs.
        case longKey = "long-key"
        /// 14. Routes of one title in 100 locales.
        case ambiguousTitle = "ambiguous-title"
        /// 15. A String Catalog with a long array in a member routekit ignores.
        case catalogArray = "catalog-array"
        /// A strings file whose every key is given twice (read as a stream, a finding a key).
        case yamlKeysTwice = "yaml-keys-twice"
        /// String Catalogs of tiny distinct entries on one line, in no order (read entry by entry).
        case catalogMembers = "catalog-members"
        /// The same entries alternating two names: a finding each, the file read twice.
        case catalogAlternating = "catalog-alternating"

        var summary: String {
            switch self {
            case .xmlOneLine: "strings.xml: `<foo/>` on one line (1 MB = 166,000 elements)"
            case .xmlStringsOneLine: "strings.xml: `<string>` elements on one line"
            case .kotlinWhen: "Kotlin: one push, a title `when` of literals (1 MB = 77,000 branches)"
            case .kotlinIf: "Kotlin: one push, a title `if`/`else if` chain of literals"
            case .longUnknownKeys: "100 routes of 1,000-character unknown keys, 40,000 base keys (×1)"
            case .titleLongRoute: "`title --batch`: a 128 KB unknown route, 20,000 routes (×1)"
            case .configGlobs: "1,000 `t/**/nK*.yml` globs over 900 folders (×1)"
            case .swiftSemicolons: "Swift: a file of `;`"
            case .kotlinPushes: "Kotlin: a function of pushes `D(x)`"
            case .kotlinBrackets: "Kotlin: `(` then as many `)`"
            case .longKey: "a nested key (1 MB: 16 levels of 65,000 bytes) missing in 200 stubs"
            case .ambiguousTitle: "routes of one title in 100 locales (1 MB: 26,000 routes)"
            case .catalogArray: "a String Catalog's ignored array (1 MB: 500,000 elements)"
            case .yamlKeysTwice: "a strings file of keys each given twice (1 MB: about 42,000 keys)"
            case .catalogMembers: "a String Catalog of distinct `\"a0123456\":{},` entries, unsorted (1 MB: 71,000)"
            case .catalogAlternating: "a String Catalog of `\"a\":{},\"b\":{},` (1 MB: 143,000 entries, a finding each)"
            }
        }
    }

    struct Row {
        var shape: Shape
        /// Per size (×1, ×2, ×4, ×8): the input's bytes and the process's CPU seconds.
        var sizes: [(bytes: Int, seconds: Double)]

        /// The time ratio per doubling of the input, from the first size to the last.
        var ratioPerDoubling: Double {
            guard let first = sizes.first, let last = sizes.last, sizes.count > 1, first.seconds > 0 else { return 0 }
            return pow(last.seconds / first.seconds, 1 / Double(sizes.count - 1))
        }

        /// The largest time ratio between a size and the one before.
        var largestStep: Double {
            zip(sizes, sizes.dropFirst()).map { $1.seconds / $0.seconds }.max() ?? 0
        }
    }

    static let factors = [1, 2, 4, 8]

    static func measure(_ shapes: [Shape], binary: String, work: String, runs: Int) throws -> [Row] {
        var rows: [Row] = []
        for shape in shapes {
            var sizes: [(bytes: Int, seconds: Double)] = []
            for factor in factors {
                let directory = work + "/growth-\(shape.rawValue)"
                log("measuring the time worst case '\(shape.rawValue)' ×\(factor)…")
                let bytes = try generate(shape, factor: factor, into: directory)
                var times: [Double] = []
                for _ in 0 ..< runs {
                    let run = shape == .titleLongRoute
                        ? spawn(binary, ["title", "--batch", "--project", directory], stdin: directory + "/requests.jsonl", captureOutput: false)
                        : spawn(binary, ["lint", directory, "--quiet", "--format", "json:/dev/null"], captureOutput: false)
                    times.append(run.cpuSeconds)
                }
                sizes.append((bytes, times.min() ?? 0))
                try? FileManager.default.removeItem(atPath: directory)
            }
            rows.append(Row(shape: shape, sizes: sizes))
        }
        return rows
    }

    static func markdown(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "\n| time worst case (input ×1, ×2, ×4, ×8) | input MB | `routekit` process CPU s | time ratio per ×2 input (largest step) |\n|---|---|---|---:|\n"
        for row in rows {
            let megabytes = row.sizes.map { String(format: "%.2f", Double($0.bytes) / 1_000_000) }.joined(separator: ", ")
            let seconds = row.sizes.map { String(format: "%.3f", $0.seconds) }.joined(separator: ", ")
            out += "| \(row.shape.rawValue): \(row.shape.summary) | \(megabytes) | \(seconds) | \(String(format: "%.2f (%.2f)", row.ratioPerDoubling, row.largestStep)) |\n"
        }
        return out
    }

    static func checks(_ rows: [Row]) -> [(String, Bool, String)] {
        rows.map { row in
            ("\(row.shape.rawValue): twice the input, at most 2.2 × the time", row.ratioPerDoubling <= 2.2,
             String(format: "×%.2f per doubling, ×1 to ×8", row.ratioPerDoubling))
        }
    }

    /// Writes `shape` at `factor` times its first size into `directory`; returns the input's bytes.
    /// `piece(0) + piece(1) + …` until it is `size` bytes or more.
    static func repeated(toSize size: Int, _ piece: (Int) -> String) -> String {
        var text = ""
        text.reserveCapacity(size + 64)
        var index = 0
        while text.utf8.count < size {
            text += piece(index)
            index += 1
        }
        return text
    }

    static func generate(_ shape: Shape, factor: Int, into directory: String) throws -> Int {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var total = 0
        func write(_ name: String, _ text: String) throws {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(atPath: PathUtilities.directory(of: path), withIntermediateDirectories: true)
            let bytes = Data(text.utf8)
            try bytes.write(to: URL(fileURLWithPath: path))
            total += bytes.count
        }
        let megabyte = 1_000_000 * factor
        switch shape {
        case .xmlOneLine, .xmlStringsOneLine:
            try write(".routekit.yml", "strings: [\"values/strings.xml\"]\n")
            let text = Self.repeated(toSize: megabyte) { shape == .xmlOneLine ? "<foo/>" : "<string name=\"k\($0)\">v</string>" }
            try write("values/strings.xml", "<resources>" + text + "</resources>\n")
        case .kotlinWhen, .kotlinIf:
            try write(".routekit.yml", "catalog: routes.yml\nstrings: [s.yml]\nsources: { kotlin: [\"*.kt\"] }\n")
            try write("s.yml", "en:\n  a: b\n")
            try write("routes.yml", "routes:\n  A: { tab: { icon: x }, title: a }\n  DetailScreen: { title: a }\n")
            try write("Routes.kt", "sealed interface AppRoute\ndata class DetailScreen(override val title: String) : AppRoute\n"
                + "class Navigator { fun add(route: AppRoute) {} }\n")
            var title = Self.repeated(toSize: megabyte) { shape == .kotlinWhen ? "\($0) -> \"t\"; " : "if (a == \($0)) \"t\" else " }
            title = shape == .kotlinWhen ? "when (a) { \(title)else -> \"t\" }" : title + "\"t\""
            try write("Nav.kt", "fun go(navigator: Navigator, a: Int) {\n    navigator.add(DetailScreen(\(title)))\n}\n")
        case .longUnknownKeys:
            try write(".routekit.yml", "catalog: routes.yml\nstrings: [s.yml]\n")
            try write("s.yml", "en:\n" + (0 ..< 40_000 * factor).map { "  key_\($0): v\n" }.joined())
            try write("routes.yml", "routes:\n  A: { tab: { icon: x }, title: key_0 }\n"
                + (0 ..< 100 * factor).map { "  R\($0): { title: u\($0)_\(String(repeating: "x", count: 990)) }\n" }.joined())
        case .titleLongRoute:
            try write(".routekit.yml", "catalog: routes.yml\nstrings: [s.yml]\nlimits: { catalog-size: 16000000 }\n")
            try write("s.yml", "en:\n  a: b\n")
            try write("routes.yml", "routes:\n  A: { tab: { icon: x }, title: a }\n"
                + (0 ..< 20_000 * factor).map { "  Route\($0): { title: a }\n" }.joined())
            try write("requests.jsonl", "{\"route\": \"\(String(repeating: "R", count: 128_000 * factor))\"}\n")
        case .configGlobs:
            let folders = 900 * factor
            for index in 0 ..< folders {
                try write("t/a\(index / 30)/b\(index % 30)/n\(index).yml", "en:\n  k\(index): v\n")
            }
            try write(".routekit.yml", "strings:\n" + (0 ..< 1_000 * factor).map { "  - \"t/**/n\($0)*.yml\"\n" }.joined())
        case .swiftSemicolons:
            try write(".routekit.yml", "strings: [s.yml]\nsources: { swift: [\"*.swift\"] }\n")
            try write("s.yml", "en:\n  a: b\n")
            try write("V.swift", String(repeating: ";", count: megabyte))
        case .kotlinPushes, .kotlinBrackets:
            try write(".routekit.yml", "catalog: routes.yml\nstrings: [s.yml]\nsources: { kotlin: [\"*.kt\"] }\n")
            try write("s.yml", "en:\n  a: b\n")
            try write("routes.yml", "routes:\n  D: { title: a }\n")
            if shape == .kotlinBrackets {
                try write("N.kt", String(repeating: "(", count: megabyte / 2) + String(repeating: ")", count: megabyte / 2))
            } else {
                try write("Routes.kt", "sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\n")
                try write("Nav.kt", "fun go(navigate: (AppRoute) -> Unit) {\n" + String(repeating: "D(x)", count: megabyte / 4) + "}\n")
            }
        case .longKey:
            try write(".routekit.yml", "strings: [s.yml]\n")
            var text = "en:\n"
            let levels = 16 * factor
            for depth in 0 ..< levels {
                let indent = String(repeating: " ", count: 2 * (depth + 1))
                text += indent + "? " + String(repeating: Character(UnicodeScalar(97 + depth % 26)!), count: 65_000) + "\n"
                text += indent + (depth == levels - 1 ? ": v\n" : ":\n")
            }
            try write("s.yml", text + (0 ..< 200).map { "x\($0): {}\n" }.joined())
        case .ambiguousTitle:
            let routes = 26_000 * factor
            try write(".routekit.yml", "catalog: routes.yml\nstrings: [s.yml]\nlimits: { catalog-size: 16000000 }\n")
            try write("routes.yml", "routes:\n" + (0 ..< routes).map { "  R\($0): { title: k\($0) }\n" }.joined())
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            let stubs = (0 ..< 26 * 26).map { "\(letters[$0 / 26])\(letters[$0 % 26])" }.filter { $0 != "en" }.prefix(99)
            try write("s.yml", "en:\n" + (0 ..< routes).map { "  k\($0): Same\n" }.joined() + stubs.map { "\($0): {}\n" }.joined())
        case .catalogArray:
            try write(".routekit.yml", "strings: [Localizable.xcstrings]\nbase-locale: en\n")
            try write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"a\": {}}, \"x\": ["
                + String(repeating: "0,", count: megabyte / 2) + "0]}\n")
        case .yamlKeysTwice:
            try write(".routekit.yml", "strings: [s.yml]\n")
            try write("s.yml", "en:\n" + repeated(toSize: megabyte) { "  k\($0): v\n  k\($0): w\n" })
        case .catalogMembers, .catalogAlternating:
            try write(".routekit.yml", "strings: [Localizable.xcstrings]\nbase-locale: en\n")
            // index × 7919 mod 10⁷ is a permutation (7919 is prime to 10): distinct names in no order.
            let entries = repeated(toSize: megabyte) { index in
                guard shape == .catalogMembers else { return index % 2 == 0 ? "\"a\":{}," : "\"b\":{}," }
                let number = String(index * 7919 % 10_000_000)
                return "\"a" + String(repeating: "0", count: 7 - number.count) + number + "\":{},"
            }
            try write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {" + entries + "\"zz\":{}}}\n")
        }
        return total
    }
}
