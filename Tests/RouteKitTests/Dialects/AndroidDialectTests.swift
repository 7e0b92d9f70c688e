import Foundation
import Testing
@testable import RouteKit

/// Android's `java.util.Formatter`, as lint sees it; rendering is held to Java itself in
/// `PrintfFormattingTests.agreesWithJavaFormatter`.
@Suite struct AndroidDialectTests {
    @Test func tokensWhereTheAppFormats() {
        #expect(DialectProbe.tokens(.android, "%d % de remise") == ["arg1:%d", "arg2:% d"])
        #expect(DialectProbe.tokens(.android, "%1$s%n%%, %2$,d %<s") == [
            "arg1:%1$s", "escape(\"\\n\"):%n", "escape(\"%\"):%%", "arg2:%2$,d", "arg2:%<s",
        ])
        #expect(DialectProbe.tokens(.android, "50%") == ["crash(UnknownFormatConversionException: Conversion = '%'):%"])
        #expect(DialectProbe.tokens(.android, "%d%é") == ["arg1:%d", "crash(UnknownFormatConversionException: Conversion = 'é'):%é"])
    }

    /// `getString(id)` without arguments: nothing is formatted, every placeholder shows as typed.
    @Test func unformattedShowsEverythingAsTyped() {
        #expect(DialectProbe.tokens(.android, "%1$s and 100%% and 50%", formatted: false) == ["verbatim:%1$s", "verbatim:%%", "verbatim:%"])
        #expect(DialectProbe.render(.android, "100%% sure") == "100%% sure")
        #expect(DialectProbe.render(.android, "100%% sure %d", ["1"]) == "100% sure 1")
    }

    /// A translation that reads an argument the base does not pass is a `format-crash`, reported
    /// once (not again as a placeholder mismatch).
    @Test func aStrayPercentInATranslationCrashes() throws {
        let findings = try DialectProbe.lint([
            (".routekit.yml", "strings: [\"res/values*/strings.xml\"]\nbase-locale: en\n"),
            ("res/values/strings.xml", "<resources>\n  <string name=\"a\">%d off</string>\n  <string name=\"b\">50% off</string>\n</resources>\n"),
            ("res/values-fr/strings.xml", "<resources>\n  <string name=\"a\">%d % de remise</string>\n  <string name=\"b\">50 % de remise</string>\n</resources>\n"),
        ], only: ["format-crash", "placeholder-mismatch", "placeholder-shown-verbatim"])
        #expect(findings == ["format-crash res/values-fr/strings.xml:2"])
    }
}
