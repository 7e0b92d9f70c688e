import Foundation
import Testing
@testable import RouteKit

/// `routekit lsp` as a process: framed messages on standard input, framed answers on standard
/// output, the exit status the protocol asks for.
@Suite struct LSPCommandTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    /// The JSON bodies of the framed messages in `output`.
    static func messages(_ output: String) -> [JSONValue] {
        var framing = MessageFraming()
        return Array(output.utf8).withUnsafeBytes { framing.feed($0) }.compactMap { piece in
            if case .message(let body) = piece { return try? JSONDocument.value(of: String(decoding: body, as: UTF8.self)) }
            return nil
        }
    }

    let initialize = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    let shutdown = frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    let exit = frame(#"{"jsonrpc":"2.0","method":"exit"}"#)

    @Test func shutdownThenExitIs0() throws {
        let result = try CLI.run(["lsp"], stdin: initialize + shutdown + exit)
        #expect(result.status == 0)
        let messages = Self.messages(result.stdout)
        #expect(messages.first?.at("result", "serverInfo", "name")?.string == "routekit")
        #expect(messages.first?.at("result", "capabilities", "positionEncoding")?.string == "utf-16")
        #expect(messages.last?["id"] == .int(2) && messages.last?["result"] == .null)
        #expect(result.stderr.isEmpty)
    }

    @Test func theEndOfInputOrExitWithoutShutdownIs1() throws {
        #expect(try CLI.run(["lsp"], stdin: initialize).status == 1)
        #expect(try CLI.run(["lsp", "--stdio"], stdin: initialize + exit).status == 1)
    }

    @Test func garbageBetweenMessagesIsLoggedAndSkipped() throws {
        let garbage = "Content-Type: nothing\r\n\r\n" + "Content-Length: 5\r\n\r\n{oops" + "Content-Length: 99999999999\r\n\r\n"
        let result = try CLI.run(["lsp"], stdin: garbage + initialize + shutdown + exit)
        let messages = Self.messages(result.stdout)
        #expect(messages.contains { $0.at("params", "message")?.string == "routekit: a message without a valid Content-Length header; skipped" })
        #expect(messages.contains { $0.at("error", "code")?.int == -32700 })
        #expect(messages.contains { $0["id"] == .int(1) && $0["result"] != nil } == false, "the huge body swallowed the rest")
        // A length over the limit is skipped whole: the messages after it are part of its body.
        let bounded = try CLI.run(["lsp"], stdin: "Content-Type: nothing\r\n\r\n" + "Content-Length: 5\r\n\r\n{oops" + initialize + shutdown + exit)
        #expect(bounded.status == 0)
        #expect(Self.messages(bounded.stdout).contains { $0["id"] == .int(1) && $0["result"] != nil })
    }

    @Test func aRequestCancelledBeforeItsTurnIsAnsweredCancelled() throws {
        let hover = Self.frame(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.kt"},"position":{"line":0,"character":0}}}"#)
        let cancel = Self.frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#)
        let other = Self.frame(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.kt"},"position":{"line":0,"character":0}}}"#)
        // One write: read at once, so the cancellation is known before the hover's turn.
        let result = try CLI.run(["lsp"], stdin: initialize + hover + cancel + other + shutdown + exit)
        let messages = Self.messages(result.stdout)
        #expect(messages.first { $0["id"] == .int(5) }?.at("error", "code")?.int == -32800)
        #expect(messages.first { $0["id"] == .int(6) }?["result"] == .null, "the request not cancelled is answered")
        #expect(result.status == 0)
    }

    /// The whole session in one write, the server crashing in a request before it reached
    /// `shutdown` and `exit`: the request fails, a new server answers `shutdown`, exits 0.
    @Test func aCrashBeforeShutdownIsAnErrorAndTheSessionStillEndsWith0() throws {
        let crash = Self.frame(#"{"jsonrpc":"2.0","id":7,"method":"routekit/crashForTesting"}"#)
        let result = try CLI.run(["lsp"], stdin: initialize + crash + shutdown + exit,
                                 environment: ["ROUTEKIT_LSP_CRASH_FOR_TESTING": "1", "SWIFT_BACKTRACE": "enable=no"])
        let messages = Self.messages(result.stdout)
        #expect(messages.filter { $0["id"] == .int(1) }.count == 1, "the new server's initialize answer stays with the relay")
        let failed = try #require(messages.first { $0["id"] == .int(7) })
        #expect(failed.at("error", "code") == .int(-32603))
        #expect(failed.at("error", "message")?.string?.hasPrefix("routekit's server stopped (signal ") == true)
        #expect(messages.last?["id"] == .int(2) && messages.last?["result"] == .null)
        #expect(result.status == 0)
    }

    @Test func argumentsAreRefused() throws {
        let result = try CLI.run(["lsp", "extra"])
        #expect(result.status == 2)
        #expect(try CLI.run(["--help"]).stdout.contains("lsp"))
    }
}

extension ExternalTool {
    static let pytestLSP = ExternalTool(
        description: "pytest-lsp", install: "pip install pytest-lsp", probe: ["python3", "-c", "import pytest_lsp"])
}

/// The editor's view: `Tests/lsp` drives `routekit lsp` with pytest-lsp (a real LSP client) on the
/// conference app — diagnostics on open, on change and across files, hover, definition,
/// references, each code action, completion, a malformed document, shutdown.
@Suite struct LanguageServerClientTests {
    @Test(.requires(.pytestLSP)) func pytestLSPSuitePasses() throws {
        let result = try CLI.runProgram(["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "Tests/lsp"],
                                        in: CLI.packageRoot, environment: ["ROUTEKIT_BIN": CLI.binary.path])
        #expect(result.status == 0, "pytest-lsp suite failed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed"), "\(result.stdout)")
        #expect(!result.stdout.contains("skipped"), "\(result.stdout)")
    }
}
