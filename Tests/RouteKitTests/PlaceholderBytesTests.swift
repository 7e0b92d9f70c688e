import Testing
@testable import RouteKit

/// `PlaceholderBytes` lets placeholder-mismatch skip the String signature; it must never vouch for
/// a translation that `PlaceholderSignature` would report, and should vouch for the rest.
@Suite struct PlaceholderBytesTests {
    static let pieces = ["", "%{name}", "%{count}", "%{naïve}", "%{K}", "%{\u{212A}}", "%1$s", "%2$d", "%s", "%.2f",
                         "%2$@", "50 % off"]

    /// Texts of up to two pieces, with words between them.
    static let texts: [String] = pieces.flatMap { a in pieces.map { b in "x \(a) y \(b)" } }

    /// A list with an unrelated signature first, so signature indices are exercised too.
    static func bytes(_ texts: [String]) -> PlaceholderBytes {
        var result = PlaceholderBytes()
        _ = result.startSignature()
        Array("%{other} %3$f".utf8).withUnsafeBufferPointer { result.add($0) }
        _ = result.startSignature()
        for text in texts { Array(text.utf8).withUnsafeBufferPointer { result.add($0) } }
        return result
    }

    static func agrees(base: [String], translation: String, allowMissing: Bool) -> (vouched: Bool, fine: Bool) {
        let vouched = bytes(base).vouches(for: bytes([translation]), 1, against: 1, allowMissing: allowMissing)
        let fine = PlaceholderSignature([translation]).difference(from: PlaceholderSignature(base), allowMissing: allowMissing) == nil
        return (vouched, fine)
    }

    @Test func vouchesExactlyForMatchingTranslations() {
        var vouched = 0
        for base in Self.texts {
            for translation in Self.texts {
                for allowMissing in [false, true] {
                    let result = Self.agrees(base: [base], translation: translation, allowMissing: allowMissing)
                    #expect(!result.vouched || result.fine, "vouched for '\(translation)' against '\(base)'")
                    // Names that are NFC as written are compared on bytes: there the answers agree.
                    if !base.unicodeScalars.contains("\u{212A}") && !translation.unicodeScalars.contains("\u{212A}") {
                        #expect(result.vouched == result.fine, "'\(translation)' against '\(base)', allowMissing \(allowMissing)")
                    }
                    if result.vouched { vouched += 1 }
                }
            }
        }
        #expect(vouched > 0)
    }

    @Test func mergesPluralFormsOfTheBase() {
        let base = ["%{count} item", "%{count} items of %1$s"]
        #expect(Self.agrees(base: base, translation: "%1$s: %{count}", allowMissing: true) == (true, true))
        #expect(Self.agrees(base: base, translation: "%{count}", allowMissing: true) == (true, true))
        #expect(Self.agrees(base: base, translation: "%{count}", allowMissing: false) == (false, false))
        #expect(Self.agrees(base: base, translation: "%1$d %{count}", allowMissing: true) == (false, false))
    }

    @Test func laterPrintfAtAPositionWins() {
        #expect(Self.agrees(base: ["%1$s %1$d"], translation: "%1$d", allowMissing: false) == (true, true))
        #expect(Self.agrees(base: ["%1$s %1$d"], translation: "%1$s", allowMissing: false) == (false, false))
    }
}
