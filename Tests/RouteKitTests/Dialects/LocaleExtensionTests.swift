import Foundation
import Testing
@testable import RouteKit

/// Locale tags with extensions and private use (valid BCP 47; Android 14's regional preferences
/// add `-u-mu-…`): matched without them, and `title --json` says what was set aside.
@Suite struct LocaleExtensionTests {
    @Test func splitsExtensionsOff() {
        #expect(LocaleTag.splittingExtensions("en-US-u-mu-celsius") == ("en-US", "u-mu-celsius"))
        #expect(LocaleTag.splittingExtensions("  de-x-private ") == ("de", "x-private"))
        #expect(LocaleTag.splittingExtensions("zh-Hant-TW-t-en") == ("zh-Hant-TW", "t-en"))
        #expect(LocaleTag.splittingExtensions("sr-Latn") == ("sr-Latn", nil))
        #expect(LocaleTag.numberingSystem(inExtensions: "u-nu-thai") == "thai")
        #expect(LocaleTag.numberingSystem(inExtensions: "u-ca-buddhist-nu-thai") == "thai")
        #expect(LocaleTag.numberingSystem(inExtensions: "u-mu-celsius") == nil)
        #expect(LocaleTag.numberingSystem(inExtensions: "x-nu-thai") == nil)
        #expect(NumberSymbols.for(locale: "th-u-nu-thai").numberingSystem == "thai")
        #expect(NumberSymbols.for(locale: "th").numberingSystem == "latn")
    }

    @Test func titleResolvesTagsWithExtensions() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [\"res/values*/strings.xml\"]\nbase-locale: en\n",
            "routes.yml": "routes:\n  Home:\n    tab: { icon: house }\n    title: home\n  Count:\n    params: { n: String }\n    title: { key: count, args: [n] }\n",
            "res/values/strings.xml": "<resources>\n  <string name=\"home\">Home</string>\n  <string name=\"count\">%d items</string>\n</resources>\n",
            "res/values-en-rUS/strings.xml": "<resources>\n  <string name=\"home\">Home (US)</string>\n</resources>\n",
            "res/values-th/strings.xml": "<resources>\n  <string name=\"home\">หน้าแรก</string>\n  <string name=\"count\">%d รายการ</string>\n</resources>\n",
        ])
        let plain = try CLI.run(["title", "Home", "-l", "en-US-u-mu-celsius"], in: dir.url)
        #expect(plain.status == 0 && plain.stdout == "Home (US)\n", "\(plain.stderr)")
        let json = try CLI.run(["title", "Home", "-l", " en-US-x-test ", "--json"], in: dir.url)
        #expect(json.stdout.contains("\"ignoredExtensions\":[\" en-US-x-test \"]") && json.stdout.contains("\"title\":\"Home (US)\""), "\(json.stdout)\(json.stderr)")
        // Without extensions the JSON has no such member.
        let none = try CLI.run(["title", "Home", "-l", "en-US", "--json"], in: dir.url)
        #expect(!none.stdout.contains("ignoredExtensions"))
        // `-u-nu-thai` asks for Thai digits: the text resolves as `th`, and a number is refused
        // (routekit writes Latin digits only) rather than shown in digits the app would not use.
        let thai = try CLI.run(["title", "Home", "-l", "th-u-nu-thai"], in: dir.url)
        #expect(thai.stdout == "หน้าแรก\n", "\(thai.stderr)")
        let digits = try CLI.run(["title", "Count", "-l", "th-u-nu-thai", "-p", "n=3"], in: dir.url)
        #expect(digits.status == 1 && digits.stderr.contains("thai digits"), "\(digits.stdout)\(digits.stderr)")
        #expect(try CLI.run(["title", "Count", "-l", "th", "-p", "n=3"], in: dir.url).stdout == "3 รายการ\n")
    }
}
