import Foundation
import Testing
@testable import RouteKit

/// Readers whose time grew faster than their input ("Hostile input, round 3", items 6–10). Each
/// test checks the work done, counted, rather than a time: it fails on the code before the fix
/// whatever the machine's speed.
@Suite struct LinearTimeTests {
    // MARK: - 6. strings.xml elements on one line

    /// Positions asked for every element of a one-line file: each byte is counted once for
    /// columns (the tracker counted from the line's start at each element: 160,000 `<foo/>` on
    /// one line took 44–59 s).
    @Test func columnsOnOneLineAreCountedOnce() {
        let element = Array("<foo/>".utf8)
        let bytes = Array("<resources>".utf8) + Array([[UInt8]](repeating: element, count: 10_000).joined()) + Array("</resources>".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tracker = LineTracker()
            for index in 0 ..< 10_000 {
                let offset = 11 + index * element.count
                #expect(tracker.position(of: offset, in: buffer) == (1, offset + 1))
            }
            #expect(tracker.columnBytesCounted <= buffer.count)
        }
    }

    /// The incremental column agrees with counting afresh across lines, CRLF and non-ASCII text.
    @Test func incrementalColumnsMatchCountingAfresh() {
        let text = "<resources>\r\n  <string name=\"ä\">Grüße</string><string name=\"b\">日本</string>\n<x/>\n</resources>"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tracker = LineTracker()
            for offset in 0 ... buffer.count {
                let expected = TextPosition.locate(offset: offset, in: buffer)
                #expect(tracker.position(of: offset, in: buffer) == expected, "offset \(offset)")
            }
        }
    }

    /// Through the reader: elements on one line get their own columns.
    @Test func oneLineResourcesHaveTheirColumns() throws {
        let text = "<resources>" + (0 ..< 3).map { "<string name=\"k\($0)\">v</string>" }.joined() + "</resources>"
        let document = try Array(text.utf8).withUnsafeBufferPointer { try AndroidResources.scan($0) }
        #expect(document.resources.map(\.line) == [1, 1, 1])
        #expect(document.resources.map(\.column) == [12, 40, 68])
    }
}
