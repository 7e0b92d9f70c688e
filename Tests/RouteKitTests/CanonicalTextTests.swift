import Foundation
import Testing
@testable import RouteKit

/// The byte-level text helpers the string rules use must agree with Swift `String` semantics.
@Suite struct CanonicalTextTests {
    /// Texts that are equal as Strings in pairs, though written with different bytes.
    static let equivalentPairs: [(String, String)] = [
        ("été", "e\u{301}te\u{301}"),      // precomposed and decomposed
        ("Kelvin", "\u{212A}elvin"),        // KELVIN SIGN is K
        ("가", "\u{1100}\u{1161}"),         // Hangul syllable and its jamo
        ("x\u{301}\u{323}", "x\u{323}\u{301}"), // combining marks in either order
        ("Å", "\u{212B}"),                  // ANGSTROM SIGN
    ]

    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func nfcAsWrittenBelowCombiningMarksAndInLettersThatNeverCompose() {
        for text in ["", "plain ASCII", "paramètre", "Ünïcödé ÿ", "ɐ ʰ ˜", "Ω ά", "настройки", "הגדרות", "الإعدادات", "キャンセル",
                     "設定 0", "프로필"] {
            #expect(Self.withBytes(text) { UTF8Text.isNFCAsWritten($0) }, "\(text)")
        }
        for text in ["e\u{301}", "\u{2126}", "\u{212A}", "か\u{3099}", "\u{1100}\u{1161}", "\u{0387}", "\u{F900}", "नमस्ते", "😀"] {
            #expect(!Self.withBytes(text) { UTF8Text.isNFCAsWritten($0) }, "\(text)")
        }
        // Invalid UTF-8 is never taken as written: Strings repair it.
        for bytes: [UInt8] in [[0x80], [0xC3], [0xC0, 0x80], [0x41, 0xC3, 0x41]] {
            #expect(!bytes.withUnsafeBufferPointer { UTF8Text.isNFCAsWritten($0) })
        }
        // After ASCII of every length (read eight bytes at a time), and before more of it: the same answers.
        for ascii in 0 ... 20 {
            let before = String(repeating: "a", count: ascii), after = String(repeating: "b", count: ascii % 9)
            #expect(Self.withBytes(before + "è" + after) { UTF8Text.isNFCAsWritten($0) }, "\(ascii)")
            #expect(!Self.withBytes(before + "e\u{301}" + after) { UTF8Text.isNFCAsWritten($0) }, "\(ascii)")
            #expect(!(Array(before.utf8) + [0xC3] + Array(after.utf8)).withUnsafeBufferPointer { UTF8Text.isNFCAsWritten($0) }, "\(ascii)")
        }
    }

    /// Every scalar of the Basic Multilingual Plane taken as written is in NFC alone, of
    /// combining class 0, and never follows another in a canonical decomposition (so it cannot
    /// compose with what precedes it): the oracle is Foundation's NFD of every scalar.
    @Test func everyScalarTakenAsWrittenIsAStarterNFCKeeps() {
        var laterInDecompositions = Set<UInt32>()
        for value in UInt32(0x80) ... 0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
            for later in decomposed.dropFirst() { laterInDecompositions.insert(later.value) }
        }
        #expect(laterInDecompositions.contains(0x3099) && laterInDecompositions.contains(0x1161))
        var taken = 0
        for value in UInt32(0x80) ... 0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            guard Self.withBytes(text, { UTF8Text.isNFCAsWritten($0) }) else { continue }
            taken += 1
            #expect(text.precomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8), "U+\(String(value, radix: 16))")
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(value, radix: 16))")
            #expect(!laterInDecompositions.contains(value), "U+\(String(value, radix: 16))")
        }
        #expect(taken > 30_000)
    }

    @Test func canonicallyEqualMatchesStringEquality() {
        for (a, b) in Self.equivalentPairs {
            #expect(a == b)
            #expect(Self.withBytes(a) { a in Self.withBytes(b) { b in UTF8Text.canonicallyEqual(a, b) } }, "\(a)")
        }
        for (a, b) in [("é", "e"), ("Kelvin", "kelvin"), ("a", "a "), ("", " ")] {
            #expect(!Self.withBytes(a) { a in Self.withBytes(b) { b in UTF8Text.canonicallyEqual(a, b) } }, "\(a)")
        }
    }

    @Test func blankMatchesStringIsBlank() {
        var scalars = BlankScalars()
        // Twice: the second round reads remembered scalars.
        for _ in 0 ..< 2 {
            for text in ["", " \t\n", "\u{A0}", "\u{200B}\u{FEFF}", "\u{3000} \u{2028}", "a", " b", "\u{A0}x", "キ",
                         "\u{200B}😀", "\u{1680}\u{205F}"] {
                #expect(Self.withBytes(text) { UTF8Text.isBlank($0, &scalars) } == text.isBlank, "\(text.unicodeScalars.map(\.value))")
            }
        }
        #expect(![UInt8]([0x20, 0xC3]).withUnsafeBufferPointer { UTF8Text.isBlank($0, &scalars) })
        // Every scalar below U+10000, remembered or not, as the stdlib says.
        let differing = (UInt32(0) ..< 0x1_0000).compactMap(Unicode.Scalar.init).filter { scalars.isBlank($0) != $0.isBlank }
        #expect(differing.isEmpty)
    }

    /// `isBlank` stops at a lead byte that begins no blank scalar, undecoded: every scalar the stdlib
    /// calls blank, in all of Unicode, starts with one of the lead bytes it decodes, and every
    /// scalar alone is blank to `isBlank` exactly when it is to the stdlib.
    @Test func blankLeadBytesCoverEveryBlankScalar() {
        var scalars = BlankScalars()
        var wrong: [UInt32] = []
        for value in UInt32(0x80) ... 0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(scalar.utf8)
            if scalar.isBlank, !UTF8Text.mayBeginBlank(bytes[0]) { wrong.append(value) }
            if bytes.withUnsafeBufferPointer({ UTF8Text.isBlank($0, &scalars) }) != scalar.isBlank { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func firstIndexFindsTheFirstByteFromAnyStart() {
        // Lengths around the eight-byte steps, the target at every place, bytes that differ by one bit.
        for length in 0 ..< 20 {
            for place in 0 ... length {
                var bytes = [UInt8](repeating: UInt8(ascii: "$"), count: length)
                if place < length { bytes[place] = UInt8(ascii: "%") }
                for start in 0 ... length {
                    let expected = bytes[start...].firstIndex(of: UInt8(ascii: "%"))
                    #expect(bytes.withUnsafeBufferPointer { UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: $0, from: start) } == expected)
                }
            }
        }
        let high: [UInt8] = [0xA5, 0xFF, 0x80, 0x25 | 0x80, 0x24, 0x00, 0x01, 0x02, 0x25]
        #expect(high.withUnsafeBufferPointer { UTF8Text.firstIndex(of: 0x25, in: $0) } == 8)
    }

    @Test func countFindsEveryByteAsALoopDoes() {
        var random = SeededGenerator(seed: 15)
        for length in 0 ..< 40 {
            // Matches, their neighbours by one bit, and bytes with the high bit set.
            let pool: [UInt8] = [0x0A, 0x0B, 0x08, 0x8A, 0x00, 0xFF, 0x0A]
            let bytes = (0 ..< length).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            #expect(bytes.withUnsafeBufferPointer { UTF8Text.count(of: 0x0A, in: $0) } == bytes.count { $0 == 0x0A })
        }
        // Past the 255 words counted per lane at once.
        for count in [17, 2_047, 2_048, 2_049, 5_000] {
            #expect([UInt8](repeating: 0x0A, count: count).withUnsafeBufferPointer { UTF8Text.count(of: 0x0A, in: $0) } == count)
        }
    }

    @Test func indexKeepsTheFirstValuePerEquivalentText() {
        var index = CanonicalTextIndex(minimumCapacity: 2)
        for (offset, (a, _)) in Self.equivalentPairs.enumerated() {
            #expect(Self.withBytes(a) { index.firstValue(for: $0, orInsert: Int32(offset)) } == nil)
        }
        for (offset, (_, b)) in Self.equivalentPairs.enumerated() {
            #expect(Self.withBytes(b) { index.firstValue(for: $0, orInsert: 99) } == Int32(offset), "\(b)")
        }
        #expect(index.count == Self.equivalentPairs.count)
        #expect(Self.withBytes("kelvin") { index.firstValue(for: $0, orInsert: 7) } == nil)
        #expect(Self.withBytes("kelvin") { index.firstValue(for: $0, orInsert: 8) } == 7)
    }

    @Test func indexGrowsAndEmpties() {
        var index = CanonicalTextIndex()
        for value in 0 ..< 1000 {
            #expect(Self.withBytes("text \(value)") { index.firstValue(for: $0, orInsert: Int32(value)) } == nil)
        }
        for value in 0 ..< 1000 {
            #expect(Self.withBytes("text \(value)") { index.firstValue(for: $0, orInsert: -1) } == Int32(value))
        }
        index.removeAll()
        #expect(index.count == 0)
        #expect(Self.withBytes("text 5") { index.firstValue(for: $0, orInsert: 1) } == nil)
        #expect(Self.withBytes("text 5") { index.firstValue(for: $0, orInsert: 2) } == 1)
    }
}
