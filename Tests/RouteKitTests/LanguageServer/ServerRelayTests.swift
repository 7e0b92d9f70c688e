import Testing
@testable import RouteKit

/// The supervisor's bookkeeping: what a new server is sent after a crash, and what the client is told.
@Suite struct ServerRelayTests {
    static func body(_ json: String) -> [UInt8] { Array(json.utf8) }
    static func value(_ body: [UInt8]) throws -> JSONValue { try JSONDocument.value(of: String(decoding: body, as: UTF8.self)) }

    /// A session: initialized, a folder added, a document opened and changed (UTF-8 positions),
    /// another opened and closed, a hover answered and a completion not.
    static func session() -> ServerRelay {
        var relay = ServerRelay()
        relay.fromClient(body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///p","capabilities":{}}}"#))
        _ = relay.fromServer(body(#"{"id":1,"jsonrpc":"2.0","result":{"capabilities":{"positionEncoding":"utf-8"}}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{"added":[{"uri":"file:///q","name":"q"}],"removed":[]}}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///p/a.kt","languageId":"kotlin","version":1,"text":"é = null\n"}}}"#))
        // Replaces `null` (bytes 5–9 in UTF-8: `é` is two bytes).
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///p/a.kt","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":5},"end":{"line":0,"character":9}},"text":"title"}]}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///p/b.yml","languageId":"yaml","version":1,"text":"x"}}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///p/b.yml"}}}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#))
        _ = relay.fromServer(body(#"{"id":2,"jsonrpc":"2.0","result":null}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","id":3,"method":"routekit/crashForTesting"}"#))
        relay.fromClient(body(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":{}}"#))
        return relay
    }

    @Test func aCrashFailsTheOldestRequestAndReplaysTheRest() throws {
        var relay = Self.session()
        #expect(relay.pending.map(\.id) == [.int(3), .int(4)])
        let (toClient, toServer) = relay.serverDied("signal 4")
        let told = try toClient.map(Self.value)
        #expect(told.count == 2)
        #expect(told[0]["id"] == .int(3))
        #expect(told[0].at("error", "code") == .int(-32603))
        #expect(told[0].at("error", "message")?.string == "routekit's server stopped (signal 4) while handling this request; it was restarted")
        #expect(told[1]["method"]?.string == "window/logMessage")
        #expect(told[1].at("params", "message")?.string == "routekit: the server stopped (signal 4) while handling 'routekit/crashForTesting'; restarted with the open documents")

        let sent = try toServer.map(Self.value)
        #expect(sent.map { $0["method"]?.string } == ["initialize", "initialized", "workspace/didChangeWorkspaceFolders", "textDocument/didOpen", "textDocument/completion"])
        #expect(sent[0]["id"] == ServerRelay.restartID)
        #expect(sent[0].at("params", "rootUri")?.string == "file:///p")
        #expect(sent[2].at("params", "event", "added") == .array([.object(["uri": .string("file:///q"), "name": .string("q")])]))
        // The unsaved text after the change (its positions in the UTF-8 the server chose), its version; b.yml is closed.
        #expect(sent[3].at("params", "textDocument") == .object([
            "uri": .string("file:///p/a.kt"), "languageId": .string("kotlin"), "version": .int(2), "text": .string("é = title\n"),
        ]))
        #expect(sent[4]["id"] == .int(4))
        #expect(relay.pending.map(\.id) == [.int(4)])
    }

    @Test func theNewServersInitializeAndWatcherRegistrationStayWithTheRelay() {
        var relay = Self.session()
        _ = relay.serverDied("signal 11")
        #expect(relay.fromServer(Self.body(#"{"id":"routekit-restart","jsonrpc":"2.0","result":{"capabilities":{}}}"#)) == .drop)
        #expect(relay.fromServer(Self.body(#"{"id":1,"jsonrpc":"2.0","method":"client/registerCapability","params":{}}"#))
            == .answer(Self.body(#"{"id":1,"jsonrpc":"2.0","result":null}"#)))
        #expect(relay.fromServer(Self.body(#"{"id":1,"jsonrpc":"2.0","method":"window/workDoneProgress/create","params":{}}"#)) == .forward)
        #expect(relay.fromServer(Self.body(#"{"id":4,"jsonrpc":"2.0","result":[]}"#)) == .forward)
        #expect(relay.pending.isEmpty)
    }

    @Test func aFirstServerRegistersItsWatchersWithTheClient() {
        var relay = ServerRelay()
        relay.fromClient(Self.body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        #expect(relay.fromServer(Self.body(#"{"id":1,"jsonrpc":"2.0","method":"client/registerCapability","params":{}}"#)) == .forward)
    }

    @Test func aCrashBeforeInitializeWasAnsweredSendsItAgainAsTheClientsRequest() throws {
        var relay = ServerRelay()
        relay.fromClient(Self.body(#"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}"#))
        let (toClient, toServer) = relay.serverDied("signal 6")
        // Nothing but the initialize was pending: no request failed, only the log line.
        #expect(try toClient.map(Self.value).map { $0["method"]?.string } == ["window/logMessage"])
        let sent = try toServer.map(Self.value)
        #expect(sent.map { $0["id"] } == [.int(7)])
        #expect(relay.fromServer(Self.body(#"{"id":7,"jsonrpc":"2.0","result":{"capabilities":{}}}"#)) == .forward)
    }

    @Test func anExitTheServerDidNotReachIsReplayedLast() throws {
        var relay = Self.session()
        relay.fromClient(Self.body(#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#))
        #expect(!relay.exitSent)
        relay.fromClient(Self.body(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(relay.exitSent)
        let sent = try relay.serverDied("signal 4").toServer.map(Self.value)
        #expect(sent.suffix(3).map { $0["method"]?.string } == ["textDocument/completion", "shutdown", "exit"])
    }
}
