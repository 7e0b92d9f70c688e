@testable import RouteKit
import Testing

/// Every node's line and column (`JSONDocument.position`: counted when asked from its line's
/// start, or during the parse far into a long line) against `TextPosition.locate`, which counts
/// from the file's start: on pretty-printed lines with characters of one to four bytes before
/// the nodes, and on lines longer than the part counted when asked.
@Suite struct JSONDocumentPositionTests {
    static func checkEveryNode(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let document = try JSONDocument.parse(buffer)
            #expect(document.nodes.count > 3, sourceLocation: sourceLocation)
            for node in document.nodes.indices {
                let offset = Int(document[node].start) - (document.kind(node) == .string ? 1 : 0)
                let expected = TextPosition.locate(offset: offset, in: buffer)
                let position = document.position(node)
                #expect(position.line == expected.line && position.column == expected.column,
                        "node \(node) at offset \(offset)", sourceLocation: sourceLocation)
            }
        }
    }

    static let values = ["plain", "é", "日本語", "🇩🇪 flag", "a\\u00e9b", "mixed ÿ 日 🙂 end"]

    @Test func prettyPrintedLines() throws {
        let members = Self.values.enumerated().map { "    \"k\($0.offset) ✓\" : { \"v\" : \"\($0.element)\", \"n\" : [1, true, null] }" }
        try Self.checkEveryNode("{\n" + members.joined(separator: ",\n") + "\n}\n")
    }

    @Test(arguments: [JSONDocument.columnsCountedWhenAsked - 3, JSONDocument.columnsCountedWhenAsked,
                      JSONDocument.columnsCountedWhenAsked + 1])
    func nodesFarIntoALongLine(_ padding: Int) throws {
        // One line (a minified file) whose nodes lie before and past the part counted when asked.
        let members = (0 ..< 200).map { "\"k\($0)\":\"\(Self.values[$0 % Self.values.count])\"" }
        let line = "{\"pad\":\"" + String(repeating: "é", count: padding / 2) + "\"," + members.joined(separator: ",") + "}"
        try Self.checkEveryNode(line)
        // The same after a line break, and after a short line.
        try Self.checkEveryNode("[\n" + line + ",\n  \"é\"\n]")
    }
}
