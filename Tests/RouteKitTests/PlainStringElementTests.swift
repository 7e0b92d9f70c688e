import Foundation
@testable import RouteKit
import Testing

/// `XMLScanner.plainStringElement` reads a `<string name="…">text</string>` in one step. It is
/// held to the element-by-element scan, the oracle: `AndroidResources.scan` must hand over the
/// same resources (every field, positions included) and the same header, or fail with the same
/// error, either way, on every document below and on generated ones that mix what the fast path
/// takes with what it must leave. The `xml` fuzz target makes the same comparison on random input
/// (`AndroidResources.scanTrace`).
@Suite struct PlainStringElementTests {
    static func agree(_ text: String, limits: InputLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let fast = AndroidResources.scanTrace(Array(text.utf8), atOnce: true, limits: limits)
        let oracle = AndroidResources.scanTrace(Array(text.utf8), atOnce: false, limits: limits)
        #expect(fast == oracle, "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    /// Elements the fast path takes, and near misses it must leave to the scan.
    static let elements: [String] = [
        #"<string name="a">A</string>"#,
        #"<string name="title_1">Schedule for day %1$s</string>"#,
        #"<string name="e"></string>"#,
        #"<string name="u">Grüße 世界 🎉</string>"#,
        #"<string name="q">Don\'t miss \"%1$s\"</string>"#,
        "<string name=\"nl\">one\ntwo\tthree</string>",
        #"<string name="a">again</string>"#,
        // Near misses: a reference, markup, CDATA, `]]>`, `]`, CR, other attributes or quoting.
        #"<string name="r">a &amp; b</string>"#,
        #"<string name="x&amp;y">X</string>"#,
        #"<string name="m">a <b>bold</b> word</string>"#,
        #"<string name="c"><![CDATA[<i>raw</i>]]></string>"#,
        #"<string name="bad">a ]]> b</string>"#,
        #"<string name="br">[x] and ]</string>"#,
        "<string name=\"cr\">line\r\nbreak</string>",
        #"<string name="t" translatable="false">T</string>"#,
        #"<string  name="s">two spaces</string>"#,
        #"<string name='sq'>single quotes</string>"#,
        #"<string name="">empty name</string>"#,
        #"<string name="sc"/>"#,
        #"<string name="ws" >space before ></string>"#,
        #"<string name="end">x</string >"#,
        #"<string name="lt<">x</string>"#,
        #"<string name="unclosed">x</strin>"#,
        #"<plurals name="p"><item quantity="one">%d x</item><item quantity="other">%d xs</item></plurals>"#,
        // Plurals the fast path takes (`plainPluralsElement`), and near misses.
        "<plurals name=\"w\">\n  <item quantity=\"one\">a</item>\n\t<item quantity=\"other\">b</item>\n</plurals>",
        #"<plurals name="all"><item quantity="other">o</item><item quantity="many">m</item><item quantity="few">f</item><item quantity="two">t</item><item quantity="one">1</item><item quantity="zero">0</item></plurals>"#,
        #"<plurals name="r"><item quantity="other">%d &amp; &#x41; &lt;b&gt; &#38;</item></plurals>"#,
        #"<plurals name="esc"><item quantity="one">it\'s \"%d\"</item><item quantity="other"></item></plurals>"#,
        #"<plurals name="bad"><item quantity="one">a &nbsp; b</item></plurals>"#,
        #"<plurals name="amp"><item quantity="one">a & b</item></plurals>"#,
        #"<plurals name="sc"><item quantity="one">a</item><item quantity="other"/></plurals>"#,
        #"<plurals name="d"><item quantity="one">a</item><item quantity="one">b</item></plurals>"#,
        #"<plurals name="q"><item quantity="several">a</item><item quantity="One">b</item><item quantity="">c</item></plurals>"#,
        #"<plurals name="x" tools:ignore="y"><item quantity="one">a</item></plurals>"#,
        #"<plurals name="y"><item quantity="one" tools:ignore="y">a</item></plurals>"#,
        #"<plurals name="m"><item quantity="one">a <b>b</b></item></plurals>"#,
        #"<plurals name="cd"><item quantity="one"><![CDATA[<b>]]></item></plurals>"#,
        "<plurals name=\"cr\"><item quantity=\"one\">a\r\nb</item></plurals>",
        #"<plurals name="br"><item quantity="one">[a]</item></plurals>"#,
        #"<plurals name="z"></plurals>"#,
        #"<plurals name="t">junk<item quantity="one">a</item></plurals>"#,
        #"<plurals name="">empty name</plurals>"#,
        #"<plurals name="a&amp;b"><item quantity="one">a</item></plurals>"#,
        #"<plurals name="u"><item quantity="one">a</item>"#,
        #"<plurals name="v"><item quantity="one">a</item></plurals >"#,
        #"<string-array name="sa"><item>x</item></string-array>"#,
        #"<dimen name="d">1dp</dimen>"#,
        "<!-- a comment -->",
        "text between &amp; elements",
        "<string name=\"undefined\">&nbsp;</string>",
    ]

    @Test(arguments: elements)
    func eachElementReadsTheSameBothWays(_ element: String) {
        Self.agree("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    \(element)\n</resources>\n")
        Self.agree("<resources>\(element)</resources>")
        Self.agree("<resources>\r\n\t\(element)\r\n  \(element)</resources>")
    }

    /// Documents of random runs of the elements above, with white space, comments and nesting.
    @Test func generatedDocumentsReadTheSameBothWays() {
        var generator = SeededGenerator(seed: 32)
        let spaces = ["", "\n", "\n    ", " ", "\t", "\r\n  "]
        for _ in 0 ..< 300 {
            var body = ""
            for _ in 0 ..< Int.random(in: 1 ... 12, using: &generator) {
                body += spaces.randomElement(using: &generator)!
                body += Self.elements.randomElement(using: &generator)!
            }
            Self.agree("<resources>\(body)\n</resources>")
        }
    }

    /// At the limits: the fast path leaves what is over them to the scan, which says so.
    @Test func theLimitsHoldOnTheFastPath() {
        var limits = InputLimits()
        limits.scalarLength = 4
        Self.agree(#"<resources><string name="a">abcd</string><string name="b">abcde</string></resources>"#, limits: limits)
        limits = InputLimits()
        limits.nodeCount = 3
        Self.agree(#"<resources><string name="a">A</string><string name="b">B</string><string name="c">C</string></resources>"#,
                   limits: limits)
        limits = InputLimits()
        limits.depth = 1
        Self.agree(#"<resources><string name="a">A</string></resources>"#, limits: limits)
        // Plurals: a text within the limit only decoded, white space between items over it, more
        // elements than allowed, items deeper than allowed.
        limits = InputLimits()
        limits.scalarLength = 4
        Self.agree(#"<resources><plurals name="p"><item quantity="one">a&amp;&lt;</item></plurals></resources>"#, limits: limits)
        Self.agree(#"<resources><plurals name="p"><item quantity="one">abcde</item></plurals></resources>"#, limits: limits)
        Self.agree("<resources><plurals name=\"p\">      <item quantity=\"one\">a</item></plurals></resources>", limits: limits)
        for nodes in 2 ... 4 {
            limits = InputLimits()
            limits.nodeCount = nodes
            Self.agree(#"<resources><plurals name="p"><item quantity="one">a</item><item quantity="other">b</item></plurals></resources>"#,
                       limits: limits)
        }
        for depth in 1 ... 3 {
            limits = InputLimits()
            limits.depth = depth
            Self.agree(#"<resources><plurals name="p"><item quantity="one">a</item></plurals></resources>"#, limits: limits)
        }
    }

    /// `plainPluralsElement` takes plain plurals (items in the order written, references
    /// flagged) and reads nothing where it leaves them.
    @Test func thePluralsFastPathTakesPlainPluralsAndLeavesTheRest() throws {
        let text = Array(("<resources>\n  <plurals name=\"p\">\n    <item quantity=\"other\">%d &amp; more</item>\n"
            + "    <item quantity=\"one\">%d</item>\n  </plurals><plurals name=\"q\"><item quantity=\"one\">a</item>"
            + "<item quantity=\"one\">b</item></plurals></resources>").utf8)
        try text.withUnsafeBufferPointer { bytes in
            var scanner = XMLScanner(bytes)
            guard case .start = try scanner.next() else { Issue.record("no root"); return }
            var items: [XMLScanner.PlainPluralItem] = []
            let plurals = try #require(scanner.plainPluralsElement(maxText: 100, items: &items))
            #expect(plurals.offset == 14)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[plurals.name]), as: UTF8.self) == "p")
            #expect(items.map(\.category) == [.other, .one])
            #expect(items.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.text]), as: UTF8.self) } == ["%d &amp; more", "%d"])
            #expect(items.map(\.hasReference) == [true, false])
            let before = scanner.index
            #expect(scanner.plainPluralsElement(maxText: 100, items: &items) == nil)
            #expect(scanner.index == before)
            guard case .start(_, false, let offset) = try scanner.next() else { Issue.record("no second plurals"); return }
            #expect(offset == before)
        }
    }

    /// The fast path is taken where it should be (else the tests above compare the scan with itself),
    /// and reads nothing where it is not.
    @Test func theFastPathTakesThePlainElementAndLeavesTheRest() throws {
        let text = Array("<resources>\n  <string name=\"a\">Hello</string><string name=\"b\">x &amp; y</string></resources>".utf8)
        try text.withUnsafeBufferPointer { bytes in
            var scanner = XMLScanner(bytes)
            guard case .start = try scanner.next() else { Issue.record("no root"); return }
            let found = scanner.plainStringElement(maxText: 100)
            let plain = try #require(found)
            #expect(plain.offset == 14)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[plain.name]), as: UTF8.self) == "a")
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[plain.text]), as: UTF8.self) == "Hello")
            let before = scanner.index
            #expect(scanner.plainStringElement(maxText: 100) == nil)
            #expect(scanner.index == before)
            guard case .start(_, false, let offset) = try scanner.next() else { Issue.record("no second string"); return }
            #expect(offset == before)
        }
    }
}
