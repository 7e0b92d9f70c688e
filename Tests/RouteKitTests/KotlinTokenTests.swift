import Testing
@testable import RouteKit

/// Kotlin tokens are 16-byte records over the file's bytes: their text, string values and
/// positions are read back from the bytes when asked, and must equal what the source says.
@Suite struct KotlinTokenTests {
    @Test func recordsAreSixteenBytes() {
        #expect(MemoryLayout<KotlinTokenRecord>.stride == 16)
    }

    @Test func identifiersAndMarksAreReadFromTheBytes() {
        let tokens = KotlinTokenizer("val `odd name` = größe?.name ..< 2\n`open").tokens
        #expect(tokens.map(\.text) == ["val", "odd name", "=", "größe", "?.", "name", "..<", "2", "open"])
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .punctuation, .identifier, .punctuation, .identifier,
                                       .punctuation, .number, .identifier])
        #expect(tokens[0].isWord("val") && !tokens[0].isWord("va") && !tokens[0].isWord("vals") && !tokens[0].is("val"))
        #expect(tokens[1].isWord("odd name"))
        #expect(tokens[3].isWord("größe"))
        #expect(tokens[4].is("?.") && !tokens[4].is("?") && !tokens[4].isWord("?."))
        // A word spelled like a mark is not the mark, and a string is neither.
        let string = KotlinTokenizer(#""val""#).tokens[0]
        #expect(!string.isWord("val") && !string.is("val") && string.text == "\"…\"")
    }

    @Test func stringValuesAreDecodedOnlyWithoutTemplates() {
        let tokens = KotlinTokenizer(#"""
            "a\tb\u00e9\$x\"" "a $name" "${x + "}"}" """raw $ "q" \n""" """$raw""" "" "\u41"
            """#).tokens
        #expect(tokens.map(\.stringValue) == ["a\tbé$x\"", nil, nil, #"raw $ "q" \n"#, nil, "", "A"])
        #expect(tokens.allSatisfy { $0.kind == .string && $0.text == "\"…\"" })
        // Unterminated: no value.
        #expect(KotlinTokenizer("\"open").tokens.first?.stringValue == nil)
        #expect(KotlinTokenizer("\"\"\"open").tokens.first?.stringValue == nil)
    }

    @Test func columnsCountScalarsAndLinesCountBreaks() {
        let tokens = KotlinTokenizer("val é = \"ü\" + x\n  /* ö\n */ 🙂y\n").tokens
        // The emoji is a mark of its own (not a letter): `y` after it is at column 6.
        #expect(tokens.map(\.column) == [1, 5, 7, 9, 13, 15, 5, 6])
        #expect(tokens.map(\.line) == [1, 1, 1, 1, 1, 1, 3, 3])
        #expect(tokens.map(\.newlineBefore) == [false, false, false, false, false, false, true, false])
        #expect(tokens.map(\.spaceBefore) == [false, true, true, true, true, true, true, false])
    }

    /// What a declaration keeps of a `title` expression carries only its own bytes, not its file's.
    @Test func aCopyKeepsOnlyTheBytesItSpans() {
        let tokens = KotlinTokenizer("val a = 1\nval title = Res.string.\"x\" // tail\nval b = 2").tokens
        let copy = tokens.copy(5..<12)
        #expect(copy.map(\.text) == tokens[5..<12].map(\.text))
        #expect(copy.map(\.line) == tokens[5..<12].map(\.line))
        #expect(copy.map(\.column) == tokens[5..<12].map(\.column))
        #expect(copy[6].stringValue == "x")
        #expect(copy.bytes.count == "title = Res.string.\"x\"".utf8.count)
        #expect(tokens.copy(0..<0).isEmpty)
    }

    /// A declaration's modifiers are bits: every modifier word round-trips, other words are never in.
    @Test func modifiersAreBitsOfTheModifierWords() {
        var modifiers = KotlinModifiers()
        modifiers.insert("sealed")
        modifiers.insert("companion")
        modifiers.insert("override")
        #expect(modifiers.contains("sealed") && modifiers.contains("companion"))
        #expect(!modifiers.contains("override") && !modifiers.contains("data") && !modifiers.contains(""))
        for word in KotlinModifiers.words {
            var one = KotlinModifiers()
            one.insert(word)
            #expect(KotlinModifiers.words.filter(one.contains) == [word])
        }
        let scanner = KotlinDeclarationScanner("sealed interface R\ndata object A : R", file: "f.kt")
        #expect(scanner.declarations.map(\.describedKind) == ["sealed interface", "data object"])
        #expect(scanner.declarations.map(\.nameColumn) == [18, 13])
        #expect(scanner.declarations[1].titleLine == nil)
    }
}
