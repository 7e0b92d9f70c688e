import Foundation
import Testing
@testable import RouteKit

/// Issue 14 item 14: display width (UAX #11) for `title-too-long`, its generated table held to
/// Python's unicodedata, and the message with both numbers.
@Suite struct DisplayWidthTests {
    @Test func columnsPerGraphemeCluster() {
        #expect(DisplayWidth.of("Alerts") == 6)
        #expect(DisplayWidth.of("お知らせ") == 8)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("Ａ") == 2)                   // fullwidth (F)
        #expect(DisplayWidth.of("ｶ") == 1)                    // halfwidth katakana (H)
        #expect(DisplayWidth.of("e\u{301}") == 1)             // combining acute: 0
        #expect(DisplayWidth.of("\u{301}") == 0)              // a mark alone
        #expect(DisplayWidth.of("a\u{200B}b") == 2)           // ZERO WIDTH SPACE (Cf)
        #expect(DisplayWidth.of("🇯🇵") == 2)                  // flag: two regional indicators
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)                // ZWJ sequence
        #expect(DisplayWidth.of("❤️") == 2 && DisplayWidth.of("❤") == 1)   // VS16 asks for emoji presentation
        #expect(DisplayWidth.of("🫠") == 2)                   // Unicode 14 emoji
    }

    /// Issue 28: keycaps are emoji (2); unassigned code points of the CJK planes default to wide
    /// (UAX #11); the Hangul filler is default-ignorable (0); a halfwidth kana with its halfwidth
    /// voiced mark is one cluster of two cells.
    @Test func keycapsUnassignedCJKFillersAndHalfwidthMarks() {
        #expect(DisplayWidth.of("#\u{FE0F}\u{20E3}") == 2)    // #️⃣
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)    // 1️⃣
        #expect(DisplayWidth.of("1\u{20E3}") == 2)             // a keycap without VS16
        #expect(DisplayWidth.of("\u{31350}") == 2)             // CJK Extension H
        #expect(DisplayWidth.of("\u{2EBF0}") == 2)             // CJK Extension I
        #expect(DisplayWidth.of("\u{2FFFD}") == 2 && DisplayWidth.of("\u{3FFFD}") == 2)
        #expect(DisplayWidth.of("\u{1160}") == 0)              // HANGUL JUNGSEONG FILLER
        #expect(DisplayWidth.of("\u{3164}") == 0)              // HANGUL FILLER
        #expect(DisplayWidth.of("ｶﾞ") == 2 && DisplayWidth.of("ﾊﾟ") == 2)
        #expect(DisplayWidth.of("ｶ") == 1 && DisplayWidth.of("ﾞ") == 1)
        // Unchanged: plain ASCII, a digit alone, a narrow symbol.
        #expect(DisplayWidth.of("#1") == 2 && DisplayWidth.of("€") == 1)
    }

    /// Every code point's class in the generated table (wide: East Asian Width W or F; zero:
    /// Mn, Me, Cf) against Python's unicodedata, which the table was made from.
    @Test(.requires(.python3)) func tableAgreesWithUnicodedata() throws {
        let script = """
        import unicodedata as u
        print(u.unidata_version)
        for name, test in (("wide", lambda c: u.east_asian_width(c) in ("W", "F") and u.category(c) != "Cn"),
                           ("zero", lambda c: u.category(c) in ("Mn", "Me", "Cf"))):
            out, start = [], None
            for cp in range(0x110001):
                inside = cp < 0x110000 and test(chr(cp))
                if inside and start is None: start = cp
                if not inside and start is not None: out.append("%X-%X" % (start, cp - 1)); start = None
            print(name, " ".join(out))
        """
        let run = try ReportFixtures.runTool(["python3", "-c", script])
        try #require(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        guard lines[0] == DisplayWidth.Generated.unicodeVersion else {
            // Another Python knows another Unicode version: the table is not comparable with it.
            #expect(!ExternalTool.oraclesRequired,
                    "python3's unicodedata is Unicode \(lines[0]), the table \(DisplayWidth.Generated.unicodeVersion): run Scripts/generate-east-asian-width.py with the Python CI uses")
            return
        }
        /// `1100-115F 231A-231B …` as the flat first-and-last array the table holds.
        func bounds(_ line: String) -> [UInt32] {
            line.split(separator: " ").dropFirst().flatMap { $0.split(separator: "-").compactMap { UInt32($0, radix: 16) } }
        }
        let wide = bounds(lines[1]), zero = bounds(lines[2])
        #expect(wide == DisplayWidth.tables.wide)
        #expect(zero == DisplayWidth.tables.zero)
        #expect(wide.count > 200 && zero.count > 600)
    }

    /// The binary search over the flat table against a plain scan, at both ends of every range.
    @Test func lookupFindsEveryRangeBoundary() {
        for bounds in [DisplayWidth.tables.wide, DisplayWidth.tables.zero] {
            func scan(_ value: UInt32) -> Bool {
                stride(from: 0, to: bounds.count, by: 2).contains { bounds[$0] <= value && value <= bounds[$0 + 1] }
            }
            for first in stride(from: 0, to: bounds.count, by: 2) {
                for value in [bounds[first] &- 1, bounds[first], bounds[first + 1], bounds[first + 1] &+ 1] {
                    #expect(DisplayWidth.contains(bounds, value) == scan(value), "U+\(String(value, radix: 16))")
                }
            }
        }
    }

    @Test func messageGivesBothNumbers() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n",
            "routes.yml": "routes:\n  N:\n    tab: { icon: bell }\n    title: n\n",
            "strings/s.yml": "en:\n  n: Alerts\nja:\n  n: お知らせの一覧表\n",
        ])
        let width = try CLI.run(["lint"], in: dir.url)
        #expect(width.stdout.contains("tab label of 'N' in locale 'ja' is 16 columns wide (8 characters), over the limit of 12 columns"), "\(width.stdout)")
        try dir.write([".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\nrules:\n  title-too-long: { measure: graphemes, tab-label: 7 }\n"])
        let graphemes = try CLI.run(["lint"], in: dir.url)
        #expect(graphemes.stdout.contains("is 8 characters (16 columns wide), over the limit of 7 characters"), "\(graphemes.stdout)")
        try dir.write([".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\nrules:\n  title-too-long: { measure: bytes }\n"])
        let bad = try CLI.run(["lint"], in: dir.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("one of width, graphemes"), "\(bad.stderr)")
    }
}
