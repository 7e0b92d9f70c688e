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
                  "ｓtrings", "stri\u{0301}ngs", String(repeating: "a", count: 64), String(repeating: "a", count: 70)]
        for name in names {
            #expect(classified(outline, name) == expected(outline, name), "\(name)")
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
}
