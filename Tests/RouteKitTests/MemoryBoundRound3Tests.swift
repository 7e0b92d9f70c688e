import Foundation
import Testing

/// "Hostile input, round 3", items 11–15: readers and rules whose memory grew faster than 4 bytes
/// per input byte. Peak memory is measured as in `MemoryBoundTests` (the real binary's maximum
/// resident set above an empty project's, per input byte).
@Suite(.requires(.python3)) struct MemoryBoundRound3Tests {
    /// Item 13: a key of 960 KB (16 nested `? key` levels of 60,000 bytes; no single scalar over
    /// `limits.scalar-length`) missing in 200 one-line locale stubs. Each missing-translation
    /// finding repeated the key in its message and its `key` field: 200 × 2 × 960 KB of JSON
    /// (measured before the fix: hundreds of bytes per input byte). Now the key is over
    /// `limits.key-length`: one finding, and it is not read.
    @Test func aLongKeyIsOneFindingNotOnePerLocale() throws {
        var lines = ["en:"]
        for depth in 0 ..< 16 {
            let indent = String(repeating: "  ", count: depth + 1)
            lines.append(indent + "? " + String(repeating: Character(UnicodeScalar(97 + depth)!), count: 60_000))
            lines.append(indent + ":" + (depth == 15 ? " v" : ""))
        }
        lines += (0 ..< 200).map { "x\($0): {}" }
        let layout = [".routekit.yml": "strings: [s.yml]\n", "s.yml": lines.joined(separator: "\n") + "\n"]
        let perInputByte = try MemoryBoundTests.peakPerInputByte(of: layout, status: 1)
        #expect(perInputByte < 4, "\(perInputByte) bytes per input byte")
    }

    /// Item 15: a String Catalog whose ignored member holds a 500,000-element array (1 MB): its
    /// elements got a 24-byte node each, 12.5 bytes per input byte. Now only what the reader
    /// reads has nodes.
    @Test func ignoredCatalogMembersCostNoNodes() throws {
        let array = "[" + String(repeating: "0,", count: 500_000) + "0]"
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "x": \(array),
             "strings": {"a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}, "y": \(array)}}}}}

            """
        let layout = [".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n", "Localizable.xcstrings": catalog]
        let perInputByte = try MemoryBoundTests.peakPerInputByte(of: layout)
        #expect(perInputByte < 4, "\(perInputByte) bytes per input byte")
    }
}
