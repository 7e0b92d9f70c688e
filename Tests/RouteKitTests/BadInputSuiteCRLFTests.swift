import Foundation
import Testing

/// Regression: suppression comments in a CRLF file ("\r\n" is one Swift Character, so the file
/// used to be scanned as a single line and no suppression matched).
@Suite struct BadInputSuiteCRLFTests {
    @Test func suppressionsWorkWithCRLF() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [s.yml]\n"])
        let text = "en:\r\n  a: A\r\n  # routekit:disable-next-line empty-translation\r\n  b: \"\"\r\n  c: \"\" # routekit:disable-line\r\n  d: \"\"\r\n"
        try Data(text.utf8).write(to: dir.url.appendingPathComponent("s.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.stdout == "s.yml:6:6: warning: 'd' is empty in locale 'en': it shows as a blank label [empty-translation]\n", "\(result.stdout)")
    }
}
