import Testing
@testable import RouteKit

@Suite struct SortedLinesTests {
    /// Every key is found, and every key that is not there is not: before the first, after the
    /// last, between two, a prefix of one, one with a key as its prefix.
    @Test func findsEveryKeyAndNoOther() {
        let lines = SortedLines("en en-001\nen-AU en-001\nes-419 es\nes-MX es-419\nzh-Hant root\nzz")
        #expect(lines.isSorted)
        #expect(lines.value(for: "en") == "en-001")
        #expect(lines.value(for: "en-AU") == "en-001")
        #expect(lines.value(for: "es-419") == "es")
        #expect(lines.value(for: "es-MX") == "es-419")
        #expect(lines.value(for: "zh-Hant") == "root")
        #expect(lines.value(for: "zz") == "")
        for absent in ["", "a", "e", "en-", "en-AUS", "es", "es-4", "f", "zh", "zh-Hant-TW", "zzz", "~"] {
            #expect(lines.value(for: absent) == nil, "\(absent)")
        }
    }

    @Test func aKeyOfTwoFields() {
        let lines = SortedLines("language iw he deprecated\nlanguage iw-x y z\nscript Qaai Zinh deprecated", keyFields: 2)
        #expect(lines.isSorted)
        #expect(lines.value(for: "language iw") == "he deprecated")
        #expect(lines.value(for: "language iw-x") == "y z")
        #expect(lines.value(for: "script Qaai") == "Zinh deprecated")
        #expect(lines.value(for: "language") == nil)
        #expect(lines.value(for: "script Qaai Zinh") == nil)
        var keys: [String] = []
        lines.forEach { key, _ in keys.append(String(key)) }
        #expect(keys == ["language iw", "language iw-x", "script Qaai"])
        var languages: [String] = []
        lines.forEach(keyPrefix: "language ") { key, value in languages.append("\(key)=\(value)") }
        #expect(languages == ["iw=he deprecated", "iw-x=y z"])
        var none = 0
        lines.forEach(keyPrefix: "territory ") { _, _ in none += 1 }
        #expect(none == 0)
    }

    /// Against a plain scan over many lines of many lengths, so every path of the search runs.
    @Test func agreesWithAScan() {
        var keys: [String] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed xorshift sequence: the same keys every run
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let letters = Array("abc-")
        for _ in 0 ..< 500 {
            keys.append(String((0 ... next(6)).map { _ in letters[next(letters.count)] }))
        }
        keys = Array(Set(keys)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let lines = SortedLines(keys.enumerated().map { "\($0.element) \($0.offset)" }.joined(separator: "\n"))
        #expect(lines.isSorted)
        for (offset, key) in keys.enumerated() {
            #expect(lines.value(for: key) == Substring(String(offset)), "\(key)")
            #expect(lines.value(for: key + "~") == nil)
            #expect(lines.value(for: key + "!") == nil || keys.contains(key + "!"))
        }
    }

    @Test func theGeneratedTablesAreSorted() {
        #expect(SortedLines(CLDRData.Generated.likelySubtags).isSorted)
        #expect(SortedLines(CLDRData.Generated.parentLocales).isSorted)
        #expect(SortedLines(CLDRData.Generated.aliases, keyFields: 2).isSorted)
    }
}
