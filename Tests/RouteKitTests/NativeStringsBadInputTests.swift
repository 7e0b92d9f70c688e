import Foundation
import Testing

/// Bad `strings.xml` and String Catalog input, through the real binary with a deadline: each
/// case gives a positioned finding (or, for sizes, the limit's message), never a crash or a hang.
@Suite struct NativeStringsBadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var bytes: [UInt8]
        /// `file:line:col: error: ` prefix and a part of the message.
        var line: Int
        var column: Int
        var message: String
        var rule: String
        var testDescription: String { name }
    }

    static func xml(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) -> Case {
        Case(name: name, file: "values/strings.xml", bytes: Array(text.utf8), line: line, column: column, message: message, rule: "xml-syntax")
    }

    static func json(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) -> Case {
        Case(name: name, file: "Localizable.xcstrings", bytes: Array(text.utf8), line: line, column: column, message: message, rule: "json-syntax")
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        ]>
        <resources><string name="a">&lol9;</string></resources>

        """

    static let cases: [Case] = [
        xml("unclosed element", "<resources>\n  <string name=\"a\">x</string>\n", 3, 1, "the file ends before <resources> (line 1) is closed"),
        xml("mismatched tag", "<resources>\n  <string name=\"a\">x</strin>\n</resources>\n", 2, 21, "closing tag </strin> does not match <string>"),
        xml("unquoted attribute", "<resources>\n  <string name=a>x</string>\n</resources>\n", 2, 16, "must be quoted"),
        xml("billion laughs", billionLaughs, 2, 1, "a DOCTYPE is not read"),
        xml("external entity", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<resources><string name=\"a\">&x;</string></resources>\n",
            2, 1, "a DOCTYPE is not read"),
        xml("doctype", "<!DOCTYPE resources>\n<resources/>\n", 1, 1, "a DOCTYPE is not read"),
        xml("undefined entity", "<resources>\n  <string name=\"a\">&nbsp;</string>\n</resources>\n", 2, 20, "undefined entity &nbsp;"),
        xml("invalid UTF-8", "<resources>\n  <string name=\"a\">ab\u{FFFF}</string>\n</resources>\n".replacingOccurrences(of: "\u{FFFF}", with: "#"),
            2, 22, "invalid UTF-8"),
        xml("NUL byte", "<resources>\n  <string name=\"a\">a\u{0}</string>\n</resources>\n", 2, 21, "a NUL byte"),
        xml("text outside the root", "<resources/>\ntrailing\n", 2, 1, "text after the root element"),
        xml("two roots", "<resources/>\n<resources/>\n", 2, 1, "a second root element"),
        xml("not a resource file", "<manifest/>\n", 1, 1, "not <resources>"),
        xml("deep nesting", String(repeating: "<a>", count: 5000), 1, 601, "nested deeper than 200"),
        json("invalid JSON", "{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}\n", 3, 3, "expected ',' or '}'"),
        json("truncated", "{\n  \"strings\" : {\n    \"a\" : {", 3, 12, "the file ends inside an object"),
        json("strings not an object", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : []\n}\n", 3, 15, "\"strings\" must be an object, found an array"),
        json("localization not an object", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"a\" : { \"localizations\" : { \"de\" : 1 } } }\n}\n",
             3, 52, "the localization 'de' of 'a' must be an object, found a number"),
        json("root not an object", "[1, 2]\n", 1, 1, "a String Catalog is a JSON object, found an array"),
        json("bad escape", "{ \"strings\" : { \"a\\q\" : {} } }\n", 1, 19, "unknown escape"),
        json("control character in a string", "{ \"strings\" : { \"a\tb\" : {} } }\n", 1, 19, "a control character in a string"),
        json("deep nesting", String(repeating: "[", count: 5000), 1, 201, "nested deeper than 200"),
        json("NUL byte", "{ \"strings\" : {} }\u{0}\n", 1, 19, "a NUL byte"),
    ]

    static func project(_ testCase: Case) throws -> TemporaryDirectory {
        var bytes = testCase.bytes
        if testCase.name == "invalid UTF-8" {
            // A lone continuation byte where the `#` stands.
            bytes = bytes.map { $0 == UInt8(ascii: "#") ? 0x80 : $0 }
        }
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml, \(testCase.file)]\nbase-locale: en\n",
            "strings.yml": "en:\n  title: Schedule\n",
        ])
        try FileManager.default.createDirectory(atPath: (directory.path(testCase.file) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.url.appendingPathComponent(testCase.file))
        return directory
    }

    @Test(arguments: cases)
    func positionedFinding(_ testCase: Case) throws {
        let directory = try Self.project(testCase)
        let result = try GuardedCLI.run(["lint"], in: directory.url, timeout: 60)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 1, "\(result.stderr)")
        let prefix = "\(testCase.file):\(testCase.line):\(testCase.column): error: "
        let found = result.stdout.split(separator: "\n").contains {
            $0.hasPrefix(prefix) && $0.contains(testCase.message) && $0.hasSuffix("[\(testCase.rule)]")
        }
        #expect(found, "\(testCase.name): \(result.stdout)")
        // Nothing of another file is ever read into a finding.
        #expect(!result.stdout.contains("root:x:0:0"))
    }

    /// A 100 MB file is over the total-size limit before anything is read: the run stops (exit 2),
    /// as for YAML (LimitsTests.totalSize). With the total raised, it is over the file-size limit:
    /// a finding at 1:1 of that file.
    @Test(arguments: ["values/strings.xml", "Localizable.xcstrings"])
    func hundredMegabyteFile(_ file: String) throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml, \(file)]\nbase-locale: en\n",
            "strings.yml": "en:\n  title: Schedule\n",
        ])
        let path = directory.path(file)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Sparse: 100 MB on paper, no disk used; routekit refuses it by its size alone.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 100_000_000) == 0)
        let stopped = try GuardedCLI.run(["lint"], in: directory.url, timeout: 60)
        BadInputSuiteTests.expectClean(stopped)
        #expect(stopped.status == 2)
        #expect(stopped.stderr.contains("over the limit of 67108864 (limits.total-size)"), "\(stopped.stderr)")

        try ("strings: [strings.yml, \(file)]\nbase-locale: en\nlimits: { total-size: 200000000 }\n")
            .write(toFile: directory.path(".routekit.yml"), atomically: true, encoding: .utf8)
        let refused = try GuardedCLI.run(["lint"], in: directory.url, timeout: 60)
        BadInputSuiteTests.expectClean(refused)
        #expect(refused.status == 1)
        let rule = file.hasSuffix(".xml") ? "xml-syntax" : "json-syntax"
        #expect(refused.stdout.contains("\(file):1:1: error: the file is 100000000 bytes, over the limit of 16777216 (limits.file-size) [\(rule)]"),
                "\(refused.stdout)")
    }

    /// A String Catalog with 10⁶ keys (20 MB): over the default file-size limit, a finding at 1:1;
    /// with the limit raised, read in bounded time and memory (debug build: about 6 s, 360 MB).
    @Test func millionKeyCatalog() throws {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text.reserveCapacity(16_000_000)
        for index in 0 ..< 1_000_000 {
            text += index == 0 ? "" : ",\n"
            text += "    \"k\(index)\" : {}"
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n",
            "Localizable.xcstrings": text,
        ])
        let refused = try GuardedCLI.run(["lint"], in: directory.url, timeout: 60)
        BadInputSuiteTests.expectClean(refused)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("Localizable.xcstrings:1:1: error: the file is "), "\(refused.stdout)")
        #expect(refused.stdout.contains("(limits.file-size) [json-syntax]"), "\(refused.stdout)")
        try "strings: [Localizable.xcstrings]\nbase-locale: en\nlimits: { file-size: 33554432 }\n"
            .write(toFile: directory.path(".routekit.yml"), atomically: true, encoding: .utf8)
        let lint = try GuardedCLI.run(["lint", "--quiet"], in: directory.url, timeout: 120)
        BadInputSuiteTests.expectClean(lint)
        #expect(lint.status == 0, "\(lint.stdout.prefix(500)) \(lint.stderr)")
    }
}
