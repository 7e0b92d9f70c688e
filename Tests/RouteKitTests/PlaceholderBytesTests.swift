import Testing
@testable import RouteKit

/// `PlaceholderBytes` decides placeholder-mismatch's findings and words their messages; it must
/// agree with a plain model of Sets and Dictionaries (`Reference`), names compared as Strings, and
/// its fast path (`vouches`) must never vouch for a translation the model reports.
@Suite struct PlaceholderBytesTests {
    static let pieces = ["", "%{name}", "%{count}", "%{naïve}", "%{K}", "%{\u{212A}}", "%1$s", "%2$d", "%s", "%.2f",
                         "%2$@", "50 % off"]

    /// Texts of up to two pieces, with words between them.
    static let texts: [String] = pieces.flatMap { a in pieces.map { b in "x \(a) y \(b)" } }

    /// The placeholders of texts (merged), compared by name for `%{name}` and by position and type
    /// for printf: what the bytes must agree with.
    struct Reference {
        var named: Set<String> = []
        var printf: [Int: String] = [:]

        init(_ texts: [String], rules: any DialectRules) {
            for text in texts {
                for token in rules.tokens(in: text, formatted: true) where token.isArgument {
                    if let name = token.name {
                        named.insert(String(decoding: Array(text.utf8)[name], as: UTF8.self))
                    } else if let position = token.position {
                        printf[position] = FormatToken.familyName(token.family)
                    }
                }
            }
        }

        func lacking(from base: Reference) -> String? {
            let names = base.named.subtracting(named).sorted().map { "%{\($0)}" }
            let positions = base.printf.keys.filter { printf[$0] == nil }.sorted().map { "printf argument \($0)" }
            return names.isEmpty && positions.isEmpty ? nil : (names + positions).joined(separator: ", ")
        }

        func extras(beyond base: Reference) -> String? {
            var problems: [String] = []
            let added = named.subtracting(base.named).sorted()
            if !added.isEmpty { problems.append("has \(added.map { "%{\($0)}" }.joined(separator: ", ")), which the base text lacks") }
            let unknown = FormatToken.familyName(FormatToken.unknownType)
            for position in printf.keys.sorted() {
                guard let baseType = base.printf[position] else {
                    problems.append("has printf argument \(position), which the base text lacks")
                    continue
                }
                if baseType != printf[position], baseType != unknown, printf[position] != unknown {
                    problems.append("uses argument \(position) as \(printf[position]!) where the base text has \(baseType)")
                }
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// A list with an unrelated signature first, so signature indices are exercised too.
    static func bytes(_ texts: [String], _ dialect: StringDialect) -> PlaceholderBytes {
        var result = PlaceholderBytes()
        _ = result.startSignature()
        Array("%{other} %3$f".utf8).withUnsafeBufferPointer { result.add($0, rules: dialect.rules) }
        _ = result.startSignature()
        for text in texts { Array(text.utf8).withUnsafeBufferPointer { result.add($0, rules: dialect.rules) } }
        return result
    }

    /// The pieces `write` hands over, joined; nil for none.
    static func words(_ write: ((String) -> Void) -> Void) -> String? {
        var text = ""
        write { text += $0 }
        return text.isEmpty ? nil : text
    }

    /// Whether the bytes vouch for `translation`, and whether the reference finds it fine.
    static func agrees(base: [String], translation: String, allowMissing: Bool, _ dialect: StringDialect = .rails) -> (vouched: Bool, fine: Bool) {
        let vouched = bytes(base, dialect).vouches(for: bytes([translation], dialect), 1, against: 1, allowMissing: allowMissing)
        let reference = Reference([translation], rules: dialect.rules), expected = Reference(base, rules: dialect.rules)
        let fine = reference.extras(beyond: expected) == nil && (allowMissing || reference.lacking(from: expected) == nil)
        return (vouched, fine)
    }

    /// In every dialect: the bytes vouch exactly where the reference finds nothing, and word what
    /// it finds as it does.
    @Test(arguments: [StringDialect.rails, .android, .apple, .compose(.latest)])
    func agreesWithTheReference(dialect: StringDialect) {
        var vouched = 0
        for base in Self.texts {
            let expected = Self.bytes([base], dialect), expectedReference = Reference([base], rules: dialect.rules)
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
                let actual = Self.bytes([translation], dialect), reference = Reference([translation], rules: dialect.rules)
                #expect(Self.words { actual.writeExtras(1, beyond: expected, 1, to: $0) } == reference.extras(beyond: expectedReference),
                        "'\(translation)' against '\(base)'")
                #expect(Self.words { actual.writeLacking(1, of: expected, 1, to: $0) } == reference.lacking(from: expectedReference),
                        "'\(translation)' against '\(base)'")
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

    /// Names equal as Strings but not as bytes (composed and decomposed ï) are the same name.
    @Test func canonicallyEquivalentNamesAreTheSame() {
        let result = Self.agrees(base: ["%{na\u{EF}ve}"], translation: "%{nai\u{308}ve}", allowMissing: false)
        #expect(result.fine)
        #expect(Self.words { Self.bytes(["%{nai\u{308}ve}"], .rails).writeLacking(1, of: Self.bytes(["%{na\u{EF}ve}"], .rails), 1, to: $0) } == nil)
    }
}
