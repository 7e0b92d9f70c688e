import Testing
@testable import RouteKit

/// The base protocol's framing: `Content-Length` headers, bodies split anywhere, bad headers skipped.
@Suite struct MessageFramingTests {
    func feed(_ framing: inout MessageFraming, _ text: String) -> [MessageFraming.Piece] {
        Array(text.utf8).withUnsafeBytes { framing.feed($0) }
    }

    func message(_ body: String) -> MessageFraming.Piece { .message(Array(body.utf8)) }

    @Test func readsMessagesSplitAtEveryByte() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 7\r\n\r\n[1,2,3]"
        for split in 0 ... stream.utf8.count {
            var framing = MessageFraming()
            let bytes = Array(stream.utf8)
            let pieces = bytes[..<split].withUnsafeBytes { framing.feed($0) } + bytes[split...].withUnsafeBytes { framing.feed($0) }
            #expect(pieces == [message("{}"), message("[1,2,3]")], "split at \(split)")
        }
    }

    @Test func acceptsBareLineFeedsAndCaseInsensitiveNames() {
        var framing = MessageFraming()
        #expect(feed(&framing, "content-length:3\n\n[1]") == [message("[1]")])
    }

    @Test func skipsAHeaderWithoutLengthAndGoesOn() {
        var framing = MessageFraming()
        let pieces = feed(&framing, "Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(pieces == [.problem("a message without a valid Content-Length header; skipped"), message("{}")])
    }

    @Test func skipsAnOversizedBodyWithoutHoldingIt() {
        var framing = MessageFraming(maxBody: 10)
        var pieces = feed(&framing, "Content-Length: 20\r\n\r\n0123456789")
        #expect(pieces == [.problem("a message of 20 bytes, over the limit of 10; skipped")])
        pieces = feed(&framing, "0123456789Content-Length: 2\r\n\r\n{}")
        #expect(pieces == [message("{}")])
    }

    @Test func dropsAnEndlessHeader() {
        var framing = MessageFraming()
        framing.maxHeader = 64
        let pieces = feed(&framing, String(repeating: "x", count: 200))
        #expect(pieces == [.problem("a header block longer than 64 bytes without an end; dropped")])
        #expect(feed(&framing, "\r\n\r\nContent-Length: 2\r\n\r\n{}").contains(message("{}")))
    }

    @Test func framesWithItsLength() {
        #expect(MessageFraming.frame(Array("{\"a\":\"ä\"}".utf8)) == Array("Content-Length: 10\r\n\r\n{\"a\":\"ä\"}".utf8))
    }
}
