@testable import RouteKit
import Testing

/// The parser's direct reading of a String Catalog's string units (`Parser.unitObject`) held to
/// the general loop, its oracle: the same nodes (kind, flag, bytes, subtree end, line, column),
/// lone surrogates and repeats, or the same error at the same place, for every localization shape
/// a catalog may hold, every byte of one deleted or changed, and every depth and node limit.
@Suite struct JSONUnitObjectTests {
    /// What a parse gives, as plain values to compare.
    private static func outcome(_ text: [UInt8], direct: Bool, maxDepth: Int = 200, maxNodes: Int = 8_000_000) -> String {
        text.withUnsafeBufferPointer { JSONDocument.catalogParseSummary($0, readsUnitsDirectly: direct, maxDepth: maxDepth, maxNodes: maxNodes) }
    }

    private static func expectSame(_ text: [UInt8], maxDepth: Int = 200, maxNodes: Int = 8_000_000,
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let direct = outcome(text, direct: true, maxDepth: maxDepth, maxNodes: maxNodes)
        let general = outcome(text, direct: false, maxDepth: maxDepth, maxNodes: maxNodes)
        #expect(direct == general, "\(String(decoding: text, as: UTF8.self).prefix(300))", sourceLocation: sourceLocation)
    }

    /// Localizations as Xcode writes them and as it does not, each as the value of `"de"`.
    static let localizations = [
        #"{ "stringUnit" : { "state" : "translated", "value" : "Hallo %@" } }"#,
        "{\n  \"stringUnit\" : {\n    \"state\" : \"translated\",\n    \"value\" : \"Zeile\\n\\\"zwei\\\" \\u00e9 \\ud83d\\ude00\"\n  }\n}",
        #"{"stringUnit":{"value":"umgekehrt","state":"needs_review"}}"#,
        #"{ "stringUnit" : { } }"#,
        #"{ "stringUnit" : { "value" : "a", "value" : "b" } }"#,
        #"{ "stringUnit" : { "state" : "new", "value" : "x", "comment" : "extra" } }"#,
        #"{ "stringUnit" : { "state" : 1, "value" : "n" } }"#,
        #"{ "stringUnit" : { "value" : null } }"#,
        #"{ "stringUnit" : { "value" : ["a"] } }"#,
        #"{ "stringUnit" : { "value" : { "nested" : "x" } } }"#,
        #"{ "stringUnit" : "flat" }"#,
        #"{ "stringUnit" : { "value" : "a" }, "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "b" } } } } }"#,
        #"{ "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%d Tag" } }, "other" : { "stringUnit" : { "value" : "%d Tage" } } } } }"#,
        #"{ "substitutions" : { "arg" : { "argNum" : 1, "formatSpecifier" : "d", "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "%arg" } } } } } }, "stringUnit" : { "value" : "%#@arg@" } }"#,
        #"{ "variations" : { "device" : { "iphone" : { "stringUnit" : { "value" : "Tippen" } } } } }"#,
        #"{ "string\u0055nit" : { "value" : "escaped name" } }"#,
        #"{ "stringUnit" : { "v\u0061lue" : "escaped member" } }"#,
        #"{ "stringUnit" : { "value" : "lone \ud800 high" } }"#,
        #"{ "stringUnit" : { "value" : "lone \udc00 low \ud800\ud800 two" } }"#,
        #"{ "stringUnitX" : { "value" : "other name" } }"#,
        #"{ "stringUnit" : { "value" : "a" }, "stringUnit" : { "value" : "b" } }"#,
        #"{}"#,
        #"{ "stringUnit" : { "value" : "a", } }"#,
        #"{ "stringUnit" : { "value" : "a" } "#,
        #"{ "stringUnit" : { "value" "a" } }"#,
        "{ \"stringUnit\" : { \"value\" : \"tab\tin\" } }",
        "{\t\"stringUnit\"\r\n:\n{\"value\"\t:\t\"spaced\"\n\n}\n}",
        #"{ "stringUnit" : { "value" : "a" } } ,"#,
    ]

    /// A catalog whose entry holds each localization (with entries before and after), and the
    /// plural forms, substitutions and devices inside them.
    static func catalog(_ localization: String, padding: Int = 0) -> [UInt8] {
        let pad = String(repeating: "é", count: padding)
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "before\(pad)" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Before" } } } },
            "key" : {
              "comment" : "c",
              "localizations" : {
                "de" : \(localization),
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } }
              }
            },
            "after" : \(localization)
          },
          "version" : "1.0"
        }
        """
        return Array(text.utf8)
    }

    @Test func everyLocalizationShapeReadsAsTheGeneralLoopReadsIt() {
        for localization in Self.localizations {
            Self.expectSame(Self.catalog(localization))
            // Far into a long line, where columns are counted as the parse goes.
            Self.expectSame(Self.catalog(localization.replacingOccurrences(of: "\n", with: " "), padding: 300))
            // The localization as the whole document.
            Self.expectSame(Array(localization.utf8))
        }
    }

    @Test func everyByteDeletedOrChangedReadsAsTheGeneralLoopReadsIt() {
        let text = Self.catalog(Self.localizations[1])
        let replacements: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"),
                                     UInt8(ascii: "\\"), UInt8(ascii: " "), 0x0A, UInt8(ascii: "x"), 0x01]
        for offset in text.indices {
            var deleted = text
            deleted.remove(at: offset)
            Self.expectSame(deleted)
            for byte in replacements where byte != text[offset] {
                var changed = text
                changed[offset] = byte
                Self.expectSame(changed)
            }
        }
    }

    @Test func everyDepthAndNodeLimitStopsWhereTheGeneralLoopStops() {
        let text = Self.catalog(Self.localizations[0])
        for depth in 1 ... 8 { Self.expectSame(text, maxDepth: depth) }
        for nodes in 1 ... 40 { Self.expectSame(text, maxNodes: nodes) }
    }

    /// The catalog reader on top: the same records and findings either way.
    @Test func theCatalogReaderReadsTheSameRecords() {
        for localization in Self.localizations {
            let text = Self.catalog(localization)
            let outcomes = [true, false].map { direct in
                text.withUnsafeBufferPointer { buffer -> String in
                    var sink = CatalogEntries(path: "L.xcstrings", baseLocale: "en", replay: nil,
                                              repeated: CatalogEntries.repeatedMembers("L.xcstrings", InputLimits()),
                                              arenaCapacity: buffer.count)
                    do throws(NativeSyntaxError) {
                        let document = try JSONDocument.parse(buffer, outline: .stringCatalog, streaming: "strings", into: &sink,
                                                              readsUnitsDirectly: direct)
                        guard case .read(let data, let findings) = sink.finish(document) else { return "again" }
                        return "\(data.items.count) \(data.locales.map(\.name)) \(findings.map(\.message))"
                    } catch {
                        return "error \(error)"
                    }
                }
            }
            #expect(outcomes[0] == outcomes[1], "\(localization)")
        }
    }
}
