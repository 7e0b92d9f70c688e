import Foundation
import Testing
@testable import RouteKit

@Suite struct ImportYAMLEmitterTests {
    /// Values that a careless writer would turn into booleans, nulls, numbers, comments,
    /// aliases, nested mappings or broken lines.
    static let hostile: [(String, String)] = [
        ("no", #""no""#),
        ("No", #""No""#),
        ("yes", #""yes""#),
        ("on", #""on""#),
        ("OFF", #""OFF""#),
        ("true", #""true""#),
        ("null", #""null""#),
        ("~", #""~""#),
        ("y", #""y""#),
        ("", #""""#),
        ("123", #""123""#),
        ("1.5", #""1.5""#),
        ("12:30", #""12:30""#),
        ("0x1F", #""0x1F""#),
        (".inf", #"".inf""#),
        ("-1", #""-1""#),
        ("+1", #""+1""#),
        (": x", #"": x""#),
        ("key: value", #""key: value""#),
        ("#x", ##""#x""##),
        ("a #b", #""a #b""#),
        ("%1$d sessions", #""%1$d sessions""#),
        ("in %1$d min", "in %1$d min"),
        ("@string/x", #""@string/x""#),
        ("- item", #""- item""#),
        ("*alias", #""*alias""#),
        ("&anchor", #""&anchor""#),
        ("!tag", #""!tag""#),
        ("| block", #""| block""#),
        ("> folded", #""> folded""#),
        ("[list]", #""[list]""#),
        ("{map}", #""{map}""#),
        ("`tick", #""`tick""#),
        ("<<", #""<<""#),
        ("=", #""=""#),
        (" leading", #"" leading""#),
        ("trailing ", #""trailing ""#),
        ("line\nbreak", #""line\nbreak""#),
        ("ends with newline\n", #""ends with newline\n""#),
        ("tab\there", #""tab\there""#),
        (#"say "hi""#, #""say \"hi\"""#),
        ("it's", #""it's""#),
        (#"C:\path"#, #""C:\\path""#),
        ("bell\u{07}", #""bell\a""#),
        ("nul\u{00}", #""nul\0""#),
        ("esc\u{1B}", #""esc\e""#),
        ("del\u{7F}", #""del\x7F""#),
        ("sep\u{2028}", #""sep\L""#),
        ("bom\u{FEFF}", #""bom\uFEFF""#),
        ("🎉 Party!", "🎉 Party!"),
        ("Über die App", "Über die App"),
        ("Loading…", "Loading…"),
        ("Hello, world", "Hello, world"),
        ("kotlinconf.com", "kotlinconf.com"),
        ("a-b", "a-b"),
    ]

    @Test func quotesExactlyWhatNeedsQuoting() {
        for (value, expected) in Self.hostile {
            #expect(YAMLEmitter.scalar(value) == expected, "value \(value.debugDescription)")
        }
    }

    @Test func keysWithSpacesOrDotsAreQuoted() {
        #expect(YAMLEmitter.key("settings_title") == "settings_title")
        #expect(YAMLEmitter.key("Golden Kodee") == #""Golden Kodee""#)
        #expect(YAMLEmitter.key("Loading...") == #""Loading...""#)
        #expect(YAMLEmitter.key("nav.title") == #""nav.title""#)
        #expect(YAMLEmitter.key("no") == #""no""#)
    }

    @Test func flowMappingsQuoteFlowIndicators() {
        #expect(YAMLEmitter.flowMapping([]) == "{}")
        #expect(YAMLEmitter.flowMapping([.init("param", "title")]) == "{ param: title }")
        #expect(YAMLEmitter.flowMapping([.init("text", "a, b")]) == #"{ text: "a, b" }"#)
        #expect(YAMLEmitter.flowMapping([.init("text", "x}")]) == #"{ text: "x}" }"#)
    }

    @Test func documentLayout() {
        let text = YAMLEmitter.document(
            [
                YAMLEmitter.Entry("no", .mapping([
                    YAMLEmitter.Entry("a", .scalar("yes"), comments: ["state: needs_review", "two\nlines"]),
                    YAMLEmitter.Entry("p", .mapping([
                        YAMLEmitter.Entry("one", .scalar("%1$d Tag")),
                        YAMLEmitter.Entry("other", .scalar("%1$d Tage")),
                    ])),
                    YAMLEmitter.Entry("t", .flow([]), trailingComment: "tab root"),
                    YAMLEmitter.Entry("e", .mapping([])),
                ])),
            ], header: ["Header"])
        #expect(text == """
            # Header
            "no":
              # state: needs_review
              # two
              # lines
              a: "yes"
              p:
                one: "%1$d Tag"
                other: "%1$d Tage"
              t: {}  # tab root
              e: {}

            """)
    }

    @Test(.requires(.pyYAML)) func hostileValuesRoundTripThroughAYAMLReader() throws {
        let entries = Self.hostile.enumerated().map { YAMLEmitter.Entry("k\($0.offset)", .scalar($0.element.0)) }
        let text = YAMLEmitter.document([YAMLEmitter.Entry("de", .mapping(entries))])
        let loaded = try #require(try PythonYAML.load(text) as? [String: Any])
        let map = try #require(loaded["de"] as? [String: Any])
        for (index, (value, _)) in Self.hostile.enumerated() {
            // PyYAML normalises U+2028 and some controls on input; compare what it can represent.
            if value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }) {
                continue
            }
            #expect(map["k\(index)"] as? String == value, "value \(value.debugDescription)")
        }
    }
}
