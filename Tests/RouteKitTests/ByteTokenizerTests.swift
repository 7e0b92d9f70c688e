import Testing
@testable import RouteKit

/// `ByteTokenizer` and its `ColumnCounter`: the cursor the Kotlin and Swift tokenizers share (the
/// counter serves the XML scanner and the JSON parser too), tested through a minimal
/// conformer: columns in Unicode scalars, line starts, peeking past the end, and nested block
/// comments (an unterminated one reported where it starts).
@Suite struct ByteTokenizerTests {
    struct Cursor: ByteTokenizer {
        var s: [UInt8]
        var i = 0
        var line = 1
        var columns = ColumnCounter()
        var sawNewline = false
        var problems: [TokenizerProblem] = []
        init(_ text: String) { s = Array(text.utf8) }

        /// Moves to byte `index`, counting the line feeds passed.
        mutating func advance(to index: Int) {
            while i < index {
                if s[i] == 0x0A { newline() }
                i += 1
            }
        }
    }

    @Test func columnsCountScalarsNotBytes() {
        var cursor = Cursor("aé日👍x")
        #expect(cursor.column(at: 0) == 1)
        #expect(cursor.column(at: 1) == 2)       // after "a"
        #expect(cursor.column(at: 3) == 3)       // after "é" (2 bytes)
        #expect(cursor.column(at: 6) == 4)       // after "日" (3 bytes)
        #expect(cursor.column(at: 10) == 5)      // after "👍" (4 bytes)
        // Asked again for an earlier byte, it counts from the line start again.
        #expect(cursor.column(at: 1) == 2)
        #expect(cursor.column(at: 10) == 5)
    }

    @Test func linesRestartTheColumn() {
        var cursor = Cursor("ab\n日x\ny")
        cursor.advance(to: 3)
        #expect(cursor.line == 2 && cursor.columns.lineStart == 3)
        #expect(cursor.column(at: 3) == 1)
        #expect(cursor.column(at: 6) == 2)
        cursor.advance(to: 8)
        #expect(cursor.line == 3 && cursor.column(at: 8) == 1)
    }

    @Test func peekPastTheEndIsZero() {
        var cursor = Cursor("ab")
        #expect(cursor.peek(0) == UInt8(ascii: "a") && cursor.peek(1) == UInt8(ascii: "b") && cursor.peek(2) == 0)
        cursor.i = 2
        #expect(cursor.peek(0) == 0 && cursor.peek(100) == 0)
    }

    @Test func textIsTheBytesBetween() {
        let cursor = Cursor("let é = 1")
        #expect(cursor.text(4, 6) == "é")
        #expect(cursor.text(0, 3) == "let")
        #expect(cursor.text(3, 3) == "")
    }

    @Test func nestedBlockCommentsEndAtTheirOwnClose() {
        var cursor = Cursor("/* a /* b */ c */rest")
        cursor.skipBlockComment()
        #expect(cursor.text(cursor.i, cursor.s.count) == "rest")
        #expect(cursor.problems.isEmpty)
        #expect(!cursor.sawNewline)
    }

    @Test func commentsCountTheirLines() {
        var cursor = Cursor("x /* one\ntwo\n */y")
        cursor.i = 2
        cursor.skipBlockComment()
        #expect(cursor.line == 3 && cursor.sawNewline)
        #expect(cursor.text(cursor.i, cursor.s.count) == "y")
        #expect(cursor.column(at: cursor.i) == 4)
    }

    @Test func anUnterminatedCommentIsReportedWhereItStarts() {
        var cursor = Cursor("é\n  /* /* */ never closed\n")
        cursor.advance(to: 5)
        cursor.skipBlockComment()
        #expect(cursor.i == cursor.s.count)
        #expect(cursor.problems == [TokenizerProblem(line: 2, column: 3, message: "unterminated block comment")])
        #expect(cursor.line == 3)
    }

    /// Both tokenizers report an unterminated comment through this code, at its start.
    @Test func theTokenizersUseIt() {
        #expect(KotlinTokenizer("val a = 1\n  /* x").problems.map { "\($0.line):\($0.column)" } == ["2:3"])
        #expect(SwiftTokenizer.tokenize("let a = 1\n  /* x").problems.map { "\($0.line):\($0.column)" } == ["2:3"])
    }
}
