import Foundation
@testable import RouteKit
import Testing

/// Reading a `strings.xml` in place takes the common `<string>` (a name, a text with nothing to
/// decode, no markup) straight from the bytes; every other resource goes through the importer's
/// converter. Both ways must give the same records, findings and positions: on every fixture
/// `strings.xml`, in both text flavors, and on files made to mix the two paths (a name defined
/// again across them, a name with a reference, texts that need decoding, markup, plurals).
@Suite struct AndroidXMLReaderDifferentialTests {
    static let paths = ["composeResources/values/strings.xml", "res/values-de/strings.xml"]

    static func check(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for path in paths {
            if let difference = StringsRecordDump.androidXMLDifference(Array(text.utf8), path: path) {
                Issue.record("\(path):\n\(text)\n\(difference)", sourceLocation: sourceLocation)
            }
        }
    }

    /// A reader takes the name table an earlier file left (`ScratchPool`): the same file read
    /// again, on either core, finds no name of the reading before it.
    @Test func aFileReadAgainReadsAsTheFirstTime() {
        let names = (0 ..< 3_000).map { "<string name=\"n\($0)\">T\($0)</string>" }.joined()
        let bytes = Array("<resources>\(names)<string name=\"n7\">again</string></resources>".utf8)
        let scratch = InputScratch()
        let dumps = Concurrent.map(count: 8) { _ in
            let read = bytes.withUnsafeBufferPointer {
                NativeStringsReader.readAndroidXML(buffer: $0, path: Self.paths[0], baseLocale: "en", limits: .default, scratch: scratch)
            }
            return StringsRecordDump.lines(read.data, read.file)
        }
        #expect(dumps[0].filter { $0.contains("defined again") }.count == 1)
        for dump in dumps.dropFirst() { #expect(dump == dumps[0]) }
    }

    @Test func everyFixtureReadsTheSameBothWays() throws {
        let root = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures")
        let names = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            Self.check(try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test(arguments: [
        // Defined again: plain after plain, plain after converted, converted after plain.
        #"<string name="a">A</string><string name="a">B</string>"#,
        #"<string name="a">it\'s</string><string name="a">B</string><string name="a">C</string>"#,
        #"<string name="a">A</string><string name="a" translatable="false">B</string>"#,
        // Skipped before the name is read: it does not count as defined.
        #"<string name="p" product="tablet">T</string><string name="p">P</string><string name="p">Q</string>"#,
        #"<plurals name="n"></plurals><string name="n">N</string><string name="n">M</string>"#,
        #"<string-array name="s"><item>x</item></string-array><string name="s">S</string>"#,
        // A name with a reference, with a dot, empty or missing.
        #"<string name="a&amp;b">A</string><string name="a&amp;b">B</string><string name="x.y">D</string>"#,
        #"<string name="">E</string><string>F</string><string name=" ">G</string>"#,
        // Texts to decode or with markup; empty and white-space texts; CDATA; references.
        #"<string name="q">"quoted"</string><string name="w"> two  spaces </string><string name="e"></string><string name="f"/>"#,
        #"<string name="m">a <b>bold</b> word</string><string name="g">%1$s <xliff:g id="x">%2$d</xliff:g></string>"#,
        #"<string name="c"><![CDATA[<b>raw</b>]]></string><string name="r">a &lt; b &#x41;</string><string name="t">tab\tnew\nline</string>"#,
        #"<string name="at">@string/other</string><string name="u">\u0041</string><string name="apos">it's</string>"#,
        // Plurals, `item type="string"`, other resources.
        #"<plurals name="n"><item quantity="one">%d x</item><item quantity="other">%d xs</item></plurals><item type="string" name="i">I</item><dimen name="d">1dp</dimen><bool name="b">true</bool>"#,
        "<string name=\"crlf\">line\r\nbreak</string>\r\n<string name=\"lf\">one</string>",
        // Plurals read at once: references, escapes, every category out of order, an empty text,
        // defined again across both ways, a dotted name, one left to the converter.
        #"<plurals name="r"><item quantity="other">%d &amp; &quot;x&quot;</item><item quantity="one">it\'s \"%d\"</item></plurals>"#,
        #"<plurals name="all"><item quantity="other">o</item><item quantity="many">m</item><item quantity="few">f</item><item quantity="two">t</item><item quantity="one"></item><item quantity="zero">0 \u0041</item></plurals>"#,
        #"<plurals name="n"><item quantity="one">a</item></plurals><string name="n">N</string><plurals name="n"><item quantity="one">b</item></plurals>"#,
        #"<string name="n">N</string><plurals name="n"><item quantity="one">b</item></plurals><plurals name="n"><item quantity="one" x="y">c</item></plurals>"#,
        #"<plurals name="d.d"><item quantity="one">a</item></plurals><plurals name="q"><item quantity="one">a</item><item quantity="one">b</item></plurals>"#,
        "<plurals name=\"at\">\n  <item quantity=\"one\">@string/x &#10; %1$d</item>\n  <item quantity=\"other\">\\n\\t</item>\n</plurals>",
        #"<string name="ok" translatable="true">T</string><string name="df" product="default">D</string>"#,
    ])
    func resourcesReadTheSameBothWays(_ body: String) {
        Self.check("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n")
        Self.check("<resources>" + body + "</resources>")
    }

    /// A generated file of a thousand strings, one in five needing the converter, and names given
    /// again across both paths.
    @Test func generatedFilesReadTheSameBothWays() {
        var body = ""
        for index in 0 ..< 1_000 {
            let name = "k\(index % 700)"
            switch index % 5 {
            case 0: body += "<string name=\"\(name)\">it\\'s \(index)</string>\n"
            case 1: body += "  <string name=\"\(name)\">Text \(index) é ü 設定</string>\n"
            default: body += "<string name=\"\(name)\">Plain \(index)</string>"
            }
        }
        Self.check("<resources>\n" + body + "</resources>\n")
    }

    /// Files of plain strings and plurals only, whose names are told apart once the file is read
    /// (`Converter.checkDeferred`, by sorting their hashes): twenty thousand names, a quarter of
    /// them given again (strings and plurals alike), and names whose hashes share their top bits.
    /// Then the same with a resource for the converter at the end, which checks the names read
    /// so far one by one first.
    @Test(arguments: [false, true])
    func generatedPlainFilesReadTheSameBothWays(converterAtTheEnd: Bool) {
        var body = ""
        for index in 0 ..< 20_000 {
            let name = "k\(index % 15_000)"
            if index % 97 == 5 {
                body += "<plurals name=\"\(name)\"><item quantity=\"one\">%d \(index)</item><item quantity=\"other\">%d</item></plurals>\n"
            } else {
                body += "<string name=\"\(name)\">Text \(index)</string>\n"
            }
        }
        if converterAtTheEnd { body += "<string name=\"k3\">a <b>bold</b> word</string><string name=\"last\">L</string>\n" }
        Self.check("<resources>\n" + body + "</resources>\n")
    }

    /// Two names with one hash (found by trying names in turn) are two names; each defined again
    /// is still dropped, whichever comes first.
    @Test func namesOfOneHashAreToldApart() throws {
        var seen: [UInt32: String] = [:]
        var pair: (String, String)?
        for index in 0 ..< 2_000_000 where pair == nil {
            let name = "c\(index)"
            let hash = Array(name.utf8).withUnsafeBufferPointer { KeyHash.of($0) }
            if let other = seen[hash] { pair = (other, name) } else { seen[hash] = name }
        }
        let (a, b) = try #require(pair)
        let body = "<string name=\"\(a)\">1</string><string name=\"\(b)\">2</string><string name=\"\(b)\">3</string><string name=\"\(a)\">4</string>"
        Self.check("<resources>" + body + "</resources>")
        let read = NativeStringsReader.readAndroidXML(bytes: Array("<resources>\(body)</resources>".utf8), path: Self.paths[0],
                                                      baseLocale: "en", limits: .default)
        #expect(read.data.items.count == 2)
        #expect(read.file.diagnostics.filter { $0.message.contains("defined again") }.count == 2)
    }
}
