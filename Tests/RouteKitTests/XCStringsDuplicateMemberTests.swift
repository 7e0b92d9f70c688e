import Foundation
import Testing
@testable import RouteKit

/// Issue 30, item 5: a String Catalog member given twice, at any level, is read as Xcode and
/// `JSONSerialization` read it (the last one wins) and reported with file, line and column as
/// `duplicate-key`; a lone surrogate escape (`\ud800`) is reported where it is, not silently
/// read as U+FFFD. Seen to fail before the fix: the first value was read ("Start") with no
/// finding at any level, and the lone surrogate gave no finding.
@Suite struct XCStringsDuplicateMemberTests {
    static func catalog(_ strings: String, top: String = "\"sourceLanguage\" : \"en\",\n") -> [String: String] {
        [".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n",
         "Localizable.xcstrings": "{\n" + top + "\"strings\" : {\n" + strings + "\n}\n}\n"]
    }

    static func read(_ files: [String: String]) throws -> (values: [String: String], findings: [String]) {
        let (project, findings, _) = try NativeStringsTests.lint(files, only: ["duplicate-key", "json-syntax"])
        var values: [String: String] = [:]
        for locale in project.strings.locales {
            for entry in project.strings[locale]?.allEntries ?? [] { values["\(locale):\(entry.key)"] = entry.texts.first?.value }
        }
        return (values, findings)
    }

    @Test func aRepeatedValueIsReadLastWinsAndReported() throws {
        let (values, findings) = try Self.read(Self.catalog("""
            "Start" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Start", "value" : "Los" } } } }
            """))
        #expect(values["de:Start"] == "Los")
        #expect(findings == ["Localizable.xcstrings:4:102 duplicate-key"], "\(findings)")
    }

    @Test func aRepeatedStringUnitLocalizationAndEntryAreEachReported() throws {
        let (values, findings) = try Self.read(Self.catalog("""
            "A" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Eins" }, "stringUnit" : { "state" : "translated", "value" : "Zwei" } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Drei" } }
            } },
            "A" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Vier" } } } }
            """))
        // The last entry wins over the earlier one as a whole, as in a dictionary.
        #expect(values["de:A"] == "Vier")
        #expect(findings == ["Localizable.xcstrings:5:73 duplicate-key", "Localizable.xcstrings:6:3 duplicate-key",
                             "Localizable.xcstrings:8:1 duplicate-key"], "\(findings)")
    }

    @Test func aRepeatedTopLevelMemberIsReported() throws {
        let (_, findings) = try Self.read(Self.catalog("\"A\" : { }", top: "\"sourceLanguage\" : \"de\",\n\"sourceLanguage\" : \"en\",\n"))
        #expect(findings == ["Localizable.xcstrings:3:1 duplicate-key"], "\(findings)")
    }

    @Test func theMessageNamesTheMemberAndNoPosition() throws {
        let files = Self.catalog("\"A\" : { \"comment\" : \"x\", \"comment\" : \"y\" }")
        let directory = try TemporaryDirectory().write(files)
        let project = try directory.loadProject()
        let messages = Linter.lint(project).diagnostics.filter { $0.rule == "duplicate-key" }.map(\.message)
        #expect(messages == ["'comment' is given twice in one JSON object: the last one is read, as Xcode reads it"])
    }

    @Test(arguments: [("\\ud800", 1), ("\\udc00", 1), ("a\\ud800b", 1), ("\\ud800\\ud800", 2), ("\\ud83d\\ude00", 0), ("\\ud83d x \\ude00", 2), ("\\ud800\\n", 1)])
    func aLoneSurrogateIsReported(text: String, count: Int) throws {
        let (_, findings) = try Self.read(Self.catalog("\"K\(text)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"v\" } } } }"))
        let lone = findings.filter { $0.hasSuffix("json-syntax") }
        #expect(lone.count == count, "\(findings)")
        if count > 0 { #expect(lone.first == "Localizable.xcstrings:4:\(3 + (text.hasPrefix("a") ? 1 : 0)) json-syntax", "\(findings)") }
    }

    @Test func theLoneSurrogateMessageQuotesTheEscape() throws {
        let directory = try TemporaryDirectory().write(Self.catalog("\"K\\uD800\" : { }"))
        let project = try directory.loadProject()
        let messages = Linter.lint(project).diagnostics.filter { $0.rule == "json-syntax" }.map(\.message)
        #expect(messages == ["\\uD800 is a lone UTF-16 surrogate, not a character: it is read as U+FFFD"])
    }
}
