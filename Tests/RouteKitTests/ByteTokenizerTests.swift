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

    /// The counter's ASCII runs (a column without counting) and its counted lines agree with
    /// counting a line's scalars afresh, on generated text: long ASCII runs across lines, lines
    /// with other scalars before, at and after the offsets asked, and offsets asked again.
    @Test(arguments: 0 ..< 40) func columnsAgreeWithCountingAfresh(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let pieces = ["a", "bc", " ", "\n", "é", "日", "👍", "xyzzy0123", "\r\n"]
        let weights = seed % 2 == 0 ? [30, 20, 10, 5, 1, 1, 1, 30, 1] : [5, 5, 5, 5, 5, 5, 5, 5, 5]
        var text = ""
        for _ in 0 ..< 400 {
            var pick = Int(random.next() % UInt64(weights.reduce(0, +)))
            var index = 0
            while pick >= weights[index] { pick -= weights[index]; index += 1 }
            text += pieces[index]
        }
        var cursor = Cursor(text)
        var offset = 0
        while offset <= cursor.s.count {
            cursor.advance(to: offset)
            if offset < cursor.s.count, cursor.s[offset] & 0xC0 == 0x80 { offset += 1; continue }
            let lineStart = cursor.columns.lineStart
            let expected = cursor.s[lineStart ..< offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            #expect(cursor.column(at: offset) == expected, "seed \(seed), offset \(offset)")
            if random.next() % 7 == 0, offset > lineStart {
                // Asked again, for an earlier offset on the line.
                let earlier = lineStart + Int(random.next() % UInt64(offset - lineStart))
                if cursor.s[earlier] & 0xC0 != 0x80 {
                    let again = cursor.s[lineStart ..< earlier].filter { $0 & 0xC0 != 0x80 }.count + 1
                    #expect(cursor.column(at: earlier) == again, "seed \(seed), again at \(earlier)")
                }
            }
            offset += 1 + Int(random.next() % 5)
        }
        #expect(cursor.columns.bytesCounted <= 2 * cursor.s.count + 2 * 400)
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
