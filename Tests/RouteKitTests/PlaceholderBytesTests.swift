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
    static func bytes(_ texts: [String], _ dialect: StringDialect) -> PlaceholderBytes {
        var result = PlaceholderBytes()
        _ = result.startSignature()
        Array("%{other} %3$f".utf8).withUnsafeBufferPointer { result.add($0, rules: dialect.rules) }
        _ = result.startSignature()
        for text in texts { Array(text.utf8).withUnsafeBufferPointer { result.add($0, rules: dialect.rules) } }
        return result
    }

    static func agrees(base: [String], translation: String, allowMissing: Bool, _ dialect: StringDialect = .rails) -> (vouched: Bool, fine: Bool) {
        let vouched = bytes(base, dialect).vouches(for: bytes([translation], dialect), 1, against: 1, allowMissing: allowMissing)
        let fine = PlaceholderSignature([translation], rules: dialect.rules)
            .difference(from: PlaceholderSignature(base, rules: dialect.rules), allowMissing: allowMissing) == nil
        return (vouched, fine)
    }

    /// In every dialect: the bytes vouch exactly where the Strings find nothing.
    @Test(arguments: [StringDialect.rails, .android, .apple, .compose(.latest)])
    func vouchesExactlyForMatchingTranslations(dialect: StringDialect) {
        var vouched = 0
        for base in Self.texts {
            for translation in Self.texts {
                for allowMissing in [false, true] {
                    let result = Self.agrees(base: [base], translation: translation, allowMissing: allowMissing, dialect)
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
        let base = ["%{count} item", "%{count} items of %{room}"]
        #expect(Self.agrees(base: base, translation: "%{room}: %{count}", allowMissing: true) == (true, true))
        #expect(Self.agrees(base: base, translation: "%{count}", allowMissing: true) == (true, true))
        #expect(Self.agrees(base: base, translation: "%{count}", allowMissing: false) == (false, false))
        #expect(Self.agrees(base: base, translation: "%{rooms} %{count}", allowMissing: true) == (false, false))
        let printf = ["%1$d item", "%1$d items of %2$s"]
        #expect(Self.agrees(base: printf, translation: "%2$s: %1$d", allowMissing: true, .android) == (true, true))
        #expect(Self.agrees(base: printf, translation: "%2$d %1$d", allowMissing: true, .android) == (false, false))
    }

    @Test func laterPrintfAtAPositionWins() {
        #expect(Self.agrees(base: ["%1$s %1$d"], translation: "%1$d", allowMissing: false, .android) == (true, true))
        #expect(Self.agrees(base: ["%1$s %1$d"], translation: "%1$s", allowMissing: false, .android) == (false, false))
    }

    /// Compose fills `%1$s` and `%1$d` alike; an Apple substitution matches any specifier.
    @Test func typesAsTheDialectSeesThem() {
        #expect(Self.agrees(base: ["%1$d items"], translation: "%1$s Artikel", allowMissing: false, .compose(.latest)) == (true, true))
        #expect(Self.agrees(base: ["%1$d items"], translation: "%1$s Artikel", allowMissing: false, .android) == (false, false))
        #expect(Self.agrees(base: ["%lld items"], translation: "%#@items@", allowMissing: false, .apple) == (true, true))
        #expect(Self.agrees(base: ["%@ items"], translation: "%s Artikel", allowMissing: false, .apple) == (false, false))
    }
}
