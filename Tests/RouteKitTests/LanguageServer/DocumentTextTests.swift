import Testing
@testable import RouteKit

/// Positions between routekit's (1-based lines, columns in scalars) and LSP's (0-based, in the
/// negotiated unit), and edits.
@Suite struct DocumentTextTests {
    // "🗓" is one scalar, two UTF-16 units, four UTF-8 bytes; "é" one, one, two.
    let text = DocumentText("a: 🗓é x\r\nsecond\nthird")

    @Test(arguments: [(PositionEncoding.utf16, 6), (.utf32, 5), (.utf8, 9)])
    func convertsColumnsInEachEncoding(encoding: PositionEncoding, character: Int) {
        // Column 6 (1-based scalars) is the space after "é".
        #expect(text.position(line: 1, column: 6, encoding: encoding) == LSPPosition(line: 0, character: character))
        #expect(text.column(of: LSPPosition(line: 0, character: character), encoding: encoding) == 6)
    }

    @Test func lineRangesLeaveOutTheBreak() {
        #expect(text.line(0) == "a: 🗓é x")
        #expect(text.line(1) == "second")
        #expect(text.line(2) == "third")
        #expect(text.lineCount == 3)
    }

    @Test func positionsPastTheEndAreClamped() {
        #expect(text.offset(of: LSPPosition(line: 1, character: 99), encoding: .utf16) == text.lineRange(1).upperBound)
        #expect(text.offset(of: LSPPosition(line: 9, character: 0), encoding: .utf16) == text.bytes.count)
        // Inside a surrogate pair: the scalar it splits is not cut.
        #expect(text.offset(of: LSPPosition(line: 0, character: 4), encoding: .utf16) == 7)
    }

    @Test func offsetsRoundTrip() {
        for offset in [0, 3, 7, 9, 11, 13, 20, 25] {
            let position = text.position(ofOffset: offset, encoding: .utf16)
            #expect(text.offset(of: position, encoding: .utf16) == offset, "offset \(offset)")
        }
    }

    @Test func appliesIncrementalAndFullChanges() {
        var document = text
        document.replace(LSPRange(start: LSPPosition(line: 0, character: 3), end: LSPPosition(line: 0, character: 6)), with: "ok",
                         encoding: .utf16)
        #expect(document.line(0) == "a: ok x")
        document.replace(LSPRange(start: LSPPosition(line: 1, character: 0), end: LSPPosition(line: 2, character: 0)), with: "",
                         encoding: .utf16)
        #expect(document.text == "a: ok x\r\nthird")
        document.replace(nil, with: "new\n", encoding: .utf16)
        #expect(document.text == "new\n" && document.lineCount == 2)
    }

    @Test func choosesTheEncoding() {
        #expect(PositionEncoding.choose(offered: []) == .utf16)
        #expect(PositionEncoding.choose(offered: ["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.choose(offered: ["utf-8", "utf-16", "utf-32"]) == .utf32)
    }

    @Test func fileURIsRoundTrip() {
        let path = "/tmp/a b/ü#?%.kt"
        #expect(FileURI.uri(path) == "file:///tmp/a%20b/%C3%BC%23%3F%25.kt")
        #expect(FileURI.path(FileURI.uri(path)) == path)
        #expect(FileURI.path("file://localhost/x/y") == "/x/y")
        #expect(FileURI.path("file:///x/./y/../z") == "/x/z")
        #expect(FileURI.path("untitled:Untitled-1") == nil)
        #expect(FileURI.path("file://server/share/x") == nil)
    }
}
