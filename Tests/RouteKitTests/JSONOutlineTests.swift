@testable import RouteKit
import Testing

/// `JSONDocument.Outline.classify` (member names told by their bytes, a word and a length mask)
/// against Swift's `String` equality, canonical equivalence, as the oracle.
@Suite struct JSONOutlineTests {
    /// What `classify` must answer: membership of the name as a String.
    private func expected(_ outline: JSONDocument.Outline, _ name: String) -> (Bool, Bool) {
        (outline.read.contains(name), outline.named.contains(name))
    }

    private func classified(_ outline: JSONDocument.Outline, _ name: String) -> (Bool, Bool) {
        var name = name
        return name.withUTF8 { outline.classify($0) }
    }

    @Test func theCatalogsNamesAndTheirNeighboursAreToldAsStringsTellThem() {
        let outline = JSONDocument.Outline.stringCatalog
        var names = Array(outline.read.union(outline.named))
        for name in Array(names) {
            // Same length, one byte off at each end; one byte longer and shorter; another case.
            names += [String(name.dropLast()) + "x", "x" + String(name.dropFirst()), name + "s", String(name.dropLast()),
                      name.uppercased(), name + name]
        }
        names += ["", "state", "value", "comment", "de", "zh-Hant", "stringUnitX", "localizationsX", "stringunit",
                  "ｓtrings", "stri\u{0301}ngs", String(repeating: "a", count: 64), String(repeating: "a", count: 70),
                  // A name's word keeps its length's low byte: 256 bytes longer, the same word.
                  "strings" + String(repeating: "a", count: 256), "localiz" + String(repeating: "a", count: 262),
                  "localizations" + String(repeating: "a", count: 256)]
        for name in names {
            #expect(classified(outline, name) == expected(outline, name), "\(name)")
        }
        // A name 256 bytes longer than a short one, with its first seven bytes: the same word
        // (names of the short ones' lengths in the outline, so their lengths are not told apart).
        let long = JSONDocument.Outline(read: ["abcdefg" + String(repeating: "x", count: 256), "zzzzzzz"],
                                        named: ["ab" + String(repeating: "y", count: 256), "zz"])
        for name in ["abcdefg", "ab", "abcdefg" + String(repeating: "x", count: 256), "ab" + String(repeating: "y", count: 256)] {
            #expect(classified(long, name) == expected(long, name), "\(name.prefix(10))…")
        }
    }

    /// Names that hold `K`, `;` or `` ` `` have non-ASCII equivalents (U+212A KELVIN SIGN is `K`):
    /// every scalar of the Basic Multilingual Plane as a one-scalar name, and in a longer one,
    /// classified against names that hold them and names that do not.
    @Test func aNameOtherThanASCIIIsToldByEquivalenceWhereThatDiffersFromBytes() {
        let outlines = [
            JSONDocument.Outline(read: ["K", ";", "`", "aKb", "plain"], named: ["K", "x;y"]),
            JSONDocument.Outline(read: ["a", "b", "plain"], named: ["plain"]),
            JSONDocument.Outline(read: ["é", "e\u{0301}x"], named: []),
        ]
        for outline in outlines {
            for value in 0x80 ..< 0x1_0000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for name in [String(scalar), "a" + String(scalar) + "b", "x" + String(scalar) + "y"] {
                    #expect(classified(outline, name) == expected(outline, name), "U+\(String(value, radix: 16)) in \(name)")
                }
            }
            for name in ["K", "\u{212A}", ";", "\u{037E}", "`", "\u{1FEF}", "a\u{212A}b", "x\u{037E}y", "é", "e\u{0301}", "e\u{0301}x", "éx"] {
                #expect(classified(outline, name) == expected(outline, name), "\(name)")
            }
        }
    }

    /// A name's word is the same whether read in one load (bytes follow the name) or byte by byte
    /// (the name ends its buffer): the parser reads both ways, by where the name lies in the file.
    @Test func aNamesWordIsTheSameLoadedOrReadByteByByte() {
        let text = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        text.withUnsafeBufferPointer { buffer in
            for start in 0 ..< 8 {
                for length in 0 ... 20 where start + length <= buffer.count {
                    let name = UnsafeBufferPointer(rebasing: buffer[start ..< start + length])
                    let bytewise = JSONDocument.nameWord(name, readable: length)
                    if buffer.count - start >= 8 {
                        #expect(JSONDocument.nameWord(name, readable: buffer.count - start) == bytewise, "\(start) \(length)")
                    }
                    #expect(bytewise & 0xFF00_0000_0000_0000 == UInt64(length) << 56)
                }
            }
        }
    }
}
