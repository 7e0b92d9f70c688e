import Foundation
import Testing
@testable import RouteKit

@Suite struct JSONReporterTests {
    @Test func stableShape() throws {
        let json = try ReportFixtures.parseJSON(JSONReporter().render(ReportFixtures.report)) as! [String: Any]
        #expect(Set(json.keys) == ["summary", "diagnostics"])
        let summary = json["summary"] as! [String: Int]
        #expect(summary == ["errors": 3, "warnings": 2, "infos": 1, "files": 4, "routes": 7, "locales": 3])
        let diagnostics = json["diagnostics"] as! [[String: Any]]
        #expect(Set(diagnostics[1].keys) == ["rule", "severity", "message", "file", "line", "column", "route", "fingerprint"])
        #expect(Set(diagnostics[0].keys) == ["rule", "severity", "message", "locale", "fingerprint"])
        #expect(Set(diagnostics[5].keys) == ["rule", "severity", "message", "file", "key", "locale", "fingerprint"])
    }

    @Test func escapesEveryControlCharacter() {
        var out = ""
        JSONValue.writeString("a\"b\\c\n\u{1}\u{7F}\u{2028}é", into: &out)
        #expect(out == #""a\"b\\c\n\u0001\u007f\u2028é""#)
    }

    /// The byte writer (`title --batch`) writes what the String writer writes, whatever the text.
    @Test func bytesAreTheStringsBytes() {
        let texts = ["", "plain", "a\"b\\c\n\u{1}\u{7F}\u{2028}é", "Ωμέγα 🚀 \u{202E}x\u{2066}", "\t\r\u{08}\u{0C}\u{FFFE}",
                     "日本語の題名", "e\u{301}", String(repeating: "ü", count: 100)]
        for text in texts {
            var string = ""
            JSONValue.writeString(text, into: &string)
            var bytes: [UInt8] = [1]
            JSONValue.writeString(text, into: &bytes)
            #expect(bytes == [1] + Array(string.utf8), "\(text)")
        }
    }

    @Test func fingerprintIgnoresLinesAndCheckouts() {
        let a = Finding(rule: "r", severity: .error, message: "m", location: SourceLocation(file: "/p/x.yml", line: 1, column: 1))
        let b = Finding(rule: "r", severity: .error, message: "m", location: SourceLocation(file: "/q/w/x.yml", line: 9, column: 3))
        #expect(a.fingerprint(relativeTo: "/p") == b.fingerprint(relativeTo: "/q/w"))
        #expect(a.fingerprint(relativeTo: "/p") != a.fingerprint(relativeTo: "/"))
    }
}
