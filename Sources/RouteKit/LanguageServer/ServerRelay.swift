/// What `LanguageServerSupervisor` remembers of the conversation between the editor and the
/// server it runs, so that a new server can take up where a crashed one stopped: the client's
/// `initialize`, the workspace folders it added and removed since, the open documents with their
/// current text, and the requests not yet answered.
///
/// It is the relay's bookkeeping only, without processes or I/O: each message from either side
/// goes through `fromClient` or `fromServer`, and `serverDied` says what to tell the client and
/// what to send the new server.
struct ServerRelay {
    /// The id of the `initialize` sent to a new server; its response is the relay's, not the client's.
    static let restartID = JSONValue.string("routekit-restart")

    private var initialize: JSONValue?
    private var initialized = false
    private var folderChanges: [JSONValue] = []
    /// Open documents in the order they were opened: `didOpen`'s text document, the text kept current.
    private var documents: [(uri: String, languageID: JSONValue, version: JSONValue, text: DocumentText)] = []
    /// Requests sent to the server and not answered yet, oldest first.
    private(set) var pending: [(id: JSONValue, method: String, body: [UInt8])] = []
    private var encoding = PositionEncoding.utf16
    private var clientInitializeID: JSONValue?
    /// True once the client sent `exit`: the server's end is then the session's.
    private(set) var exitSent = false
    /// True after a restart: a new server registers its file watchers again, which the client
    /// already has.
    private var restarted = false

    /// What to do with a message from the server.
    enum ServerMessage: Equatable {
        case forward
        case drop
        /// Answer the server in the client's place.
        case answer([UInt8])
    }

    /// Takes note of a message from the client (it goes on to the server as it is).
    mutating func fromClient(_ body: [UInt8]) {
        guard let message = try? JSONDocument.value(of: String(decoding: body, as: UTF8.self), maxDepth: 256) else { return }
        let method = message["method"]?.string
        let params = message["params"] ?? .null
        if let id = message["id"], let method {
            if method == "initialize" {
                initialize = message
                clientInitializeID = id
            }
            pending.append((id, method, body))
            return
        }
        switch method {
        case "initialized": initialized = true
        case "exit": exitSent = true
        case "workspace/didChangeWorkspaceFolders": folderChanges.append(params)
        case "textDocument/didOpen":
            guard let document = params["textDocument"], let uri = document["uri"]?.string, let text = document["text"]?.string else { return }
            documents.removeAll { $0.uri == uri }
            documents.append((uri, document["languageId"] ?? .string(""), document["version"] ?? .null, DocumentText(text)))
        case "textDocument/didChange":
            guard let uri = params.at("textDocument", "uri")?.string, let index = documents.firstIndex(where: { $0.uri == uri }) else { return }
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                documents[index].text.replace(change["range"].flatMap(LanguageServer.range), with: text, encoding: encoding)
            }
            documents[index].version = params.at("textDocument", "version") ?? .null
        case "textDocument/didClose":
            guard let uri = params.at("textDocument", "uri")?.string else { return }
            documents.removeAll { $0.uri == uri }
        default: break
        }
    }

    /// Takes note of a message from the server and says whether it goes on to the client.
    mutating func fromServer(_ body: [UInt8]) -> ServerMessage {
        // The server writes compact JSON with sorted keys: a notification (most of what it sends,
        // diagnostics above all) starts with "jsonrpc" and needs no parse here.
        if body.starts(with: Self.notificationStart) { return .forward }
        guard let message = try? JSONDocument.value(of: String(decoding: body, as: UTF8.self), maxDepth: 256),
              let id = message["id"] else { return .forward }
        if let method = message["method"]?.string {
            // A request of the server's: a restarted server's watcher registration is answered here.
            if restarted && method == "client/registerCapability" {
                return .answer(LanguageServer.response(id: id, result: .null))
            }
            return .forward
        }
        if id == Self.restartID { return .drop }
        if id == clientInitializeID, let name = message.at("result", "capabilities", "positionEncoding")?.string,
           let chosen = PositionEncoding(rawValue: name) {
            encoding = chosen
        }
        pending.removeAll { $0.id == id }
        return .forward
    }

    private static let notificationStart = Array(#"{"jsonrpc""#.utf8)

    /// The server stopped without handling the client's `exit`. Returns the messages for the client (an
    /// error for the request it was most likely handling, the oldest unanswered, and a log line)
    /// and those that bring a new server to where the last one was (`exit` last, when it was sent).
    mutating func serverDied(_ how: String) -> (toClient: [[UInt8]], toServer: [[UInt8]]) {
        var toClient: [[UInt8]] = []
        var what = "between requests"
        if let failed = pending.first(where: { $0.method != "initialize" }) {
            pending.removeAll { $0.id == failed.id }
            what = "while handling '\(failed.method)'"
            toClient.append(LanguageServer.errorResponse(id: failed.id, code: LanguageServer.Failure.internalError,
                                                         message: "routekit's server stopped (\(how)) while handling this request; it was restarted"))
        }
        toClient.append(LanguageServer.logMessage("the server stopped (\(how)) \(what); restarted with the open documents", type: 1))
        var toServer: [[UInt8]] = []
        guard case .object(var members)? = initialize else {
            // It died before `initialize`: the client's own requests are replayed as they were.
            return (toClient, pending.map(\.body))
        }
        let initializeAnswered = !pending.contains { $0.id == clientInitializeID }
        if initializeAnswered {
            members["id"] = Self.restartID
            restarted = true
            toServer.append(LanguageServer.message(members))
        }
        // An `initialize` not yet answered goes again below, with the other pending requests.
        if initialized {
            toServer.append(LanguageServer.notification("initialized", .object([:])))
        }
        for change in folderChanges {
            toServer.append(LanguageServer.notification("workspace/didChangeWorkspaceFolders", change))
        }
        for document in documents {
            let item = JSONValue.object([
                "uri": .string(document.uri), "languageId": document.languageID, "version": document.version, "text": .string(document.text.text),
            ])
            toServer.append(LanguageServer.notification("textDocument/didOpen", .object(["textDocument": item])))
        }
        toServer += pending.map(\.body)
        if exitSent { toServer.append(LanguageServer.message(["method": .string("exit")])) }
        return (toClient, toServer)
    }
}
