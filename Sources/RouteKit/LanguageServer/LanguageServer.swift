import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `routekit lsp`: the Language Server Protocol (3.17) over routekit's library: findings as
/// diagnostics while the user types, each locale's text on hover, definitions and references of
/// keys and routes, quick fixes, key completion. The same `Project.load` and `Linter.lint` as
/// `routekit lint` do the work, with the editor's unsaved texts in place of the files.
///
/// This type is the protocol's logic, without I/O: `receive` takes one JSON-RPC message and
/// `send` gets each message to write. `LanguageServerLoop` connects it to a byte stream and runs
/// the debounced lints when they are due.
public final class LanguageServer {
    /// Writes one message (its JSON body; the transport frames it).
    public typealias Send = (_ body: [UInt8]) -> Void

    private let send: Send
    /// Quiet time after a change before the re-lint, so a burst of keystrokes lints once.
    public var debounceNanoseconds: UInt64 = 10_000_000
    /// When the pending lints are due (monotonic nanoseconds), nil when none is pending.
    public private(set) var lintDue: UInt64?
    /// Set by `exit`: the process's exit status (0 after `shutdown`, 1 without).
    public private(set) var exitCode: Int32?
    /// Whether `routekit/crashForTesting` stops the process (ROUTEKIT_LSP_CRASH_FOR_TESTING set).
    static let crashesForTesting = getenv("ROUTEKIT_LSP_CRASH_FOR_TESTING") != nil
    /// Findings published per file at most; one more diagnostic says how many were left out.
    static let maxDiagnosticsPerFile = 1_000

    private var isInitialized = false
    private var shutdownRequested = false
    private var encoding = PositionEncoding.utf16
    private var roots: [String] = []
    private var sessions: [String: ProjectSession] = [:]
    /// The open documents by path: the editor's text and its version.
    private var documents: [String: (uri: String, version: Int?, text: DocumentText)] = [:]
    /// The URI the client used for each path, so diagnostics go back to the same URI.
    private var uris: [String: String] = [:]
    /// Sessions to lint when `lintDue` comes.
    private var dirty: Set<String> = []
    private var configOfDirectory: [String: String?] = [:]
    private var watchesFiles = false
    private var nextRequestID = 1
    private let clock: () -> UInt64
    /// Whether a request was cancelled before it was handled (the transport reads ahead).
    var isCancelled: (JSONValue) -> Bool = { _ in false }

    public init(send: @escaping Send, clock: @escaping () -> UInt64 = LanguageServer.monotonicNanoseconds) {
        self.send = send
        self.clock = clock
    }

    public static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    // MARK: - Messages

    struct Failure: Error {
        var code: Int
        var message: String
        static let parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        static let internalError = -32603, serverNotInitialized = -32002, requestCancelled = -32800
        static func invalidParams(_ message: String) -> Failure { Failure(code: invalidParams, message: message) }
    }

    /// Handles one message (its JSON body). Malformed messages get an error response when they
    /// carry an id, and are logged otherwise; nothing a client sends stops the server.
    public func receive(_ body: [UInt8]) {
        let message: JSONValue
        do {
            message = try JSONDocument.value(of: String(decoding: body, as: UTF8.self), maxDepth: 256)
        } catch {
            respond(id: .null, failure: Failure(code: Failure.parseError, message: "not JSON: \(error)"))
            return
        }
        guard case .object = message else {
            respond(id: .null, failure: Failure(code: Failure.invalidRequest, message: "a message is a JSON object"))
            return
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A response to a request of ours (registerCapability): nothing waits for it.
            if id == nil { log("a message without a method or an id; ignored") }
            return
        }
        let params = message["params"] ?? .null
        if let id {
            if isCancelled(id) {
                cancel(id)
                return
            }
            do {
                send(Self.response(id: id, result: try request(method, params)))
            } catch let failure as Failure {
                respond(id: id, failure: failure)
            } catch {
                respond(id: id, failure: Failure(code: Failure.internalError, message: "\(error)"))
            }
        } else {
            notification(method, params)
        }
    }

    /// Answers request `id` with RequestCancelled: its `$/cancelRequest` came before it was handled.
    func cancel(_ id: JSONValue) {
        respond(id: id, failure: Failure(code: Failure.requestCancelled, message: "cancelled"))
    }

    /// The request a `$/cancelRequest` message cancels, nil for any other message.
    static func cancelledID(_ body: [UInt8]) -> JSONValue? {
        guard let message = try? JSONDocument.value(of: String(decoding: body, as: UTF8.self)),
              message["method"]?.string == "$/cancelRequest" else { return nil }
        return message.at("params", "id")
    }

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        if method == "initialize" { return initialize(params) }
        guard isInitialized else { throw Failure(code: Failure.serverNotInitialized, message: "initialize first") }
        if shutdownRequested && method != "shutdown" {
            throw Failure(code: Failure.invalidRequest, message: "the server is shutting down")
        }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/completion": return try completion(params)
        case "routekit/crashForTesting" where Self.crashesForTesting:
            // The supervisor's tests need a server that dies in a request; no real request may.
            fatalError("routekit/crashForTesting")
        default: throw Failure(code: Failure.methodNotFound, message: "routekit does not handle '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard isInitialized else { return }
        switch method {
        case "initialized": didInitialize()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        default: break  // `$/cancelRequest` is the transport's; other notifications need nothing.
        }
    }

    private func respond(id: JSONValue, failure: Failure) {
        send(Self.errorResponse(id: id, code: failure.code, message: failure.message))
    }

    private func notify(_ method: String, _ params: JSONValue) {
        send(Self.notification(method, params))
    }

    /// A line in the client's output panel (`window/logMessage`).
    func log(_ message: String, type: Int = 3) {
        send(Self.logMessage(message, type: type))
    }

    // MARK: - Messages, as the server and its supervisor write them

    /// A JSON-RPC message of `members` and `"jsonrpc": "2.0"`, compact with sorted keys.
    static func message(_ members: [String: JSONValue]) -> [UInt8] {
        var members = members
        members["jsonrpc"] = .string("2.0")
        return Array(JSONValue.object(members).compact().utf8)
    }

    static func response(id: JSONValue, result: JSONValue) -> [UInt8] { message(["id": id, "result": result]) }

    static func errorResponse(id: JSONValue, code: Int, message text: String) -> [UInt8] {
        message(["id": id, "error": .object(["code": .int(code), "message": .string(text)])])
    }

    static func notification(_ method: String, _ params: JSONValue) -> [UInt8] {
        message(["method": .string(method), "params": params])
    }

    /// The `window/logMessage` notification of `message` (type 1 error, 2 warning, 3 info).
    static func logMessage(_ message: String, type: Int) -> [UInt8] {
        notification("window/logMessage", .object(["type": .int(type), "message": .string("routekit: " + message)]))
    }

    // MARK: - Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        isInitialized = true
        let offered = params.at("capabilities", "general", "positionEncodings")?.array?.compactMap(\.string) ?? []
        encoding = PositionEncoding.choose(offered: offered)
        watchesFiles = params.at("capabilities", "workspace", "didChangeWatchedFiles", "dynamicRegistration")?.bool ?? false
        if let milliseconds = params.at("initializationOptions", "debounceMilliseconds")?.int, milliseconds >= 0, milliseconds <= 10_000 {
            debounceNanoseconds = UInt64(milliseconds) * 1_000_000
        }
        var folders = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string.flatMap(FileURI.path) } ?? []
        if folders.isEmpty, let root = params["rootUri"]?.string.flatMap(FileURI.path) ?? params["rootPath"]?.string {
            folders = [root]
        }
        roots = folders
        let sync: JSONValue = .object([
            "openClose": .bool(true), "change": .int(2), "save": .object(["includeText": .bool(false)]),
        ])
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": sync,
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "referencesProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
                "completionProvider": .object(["triggerCharacters": .array([.string("."), .string(" "), .string("\"")])]),
                "workspace": .object(["workspaceFolders": .object(["supported": .bool(true), "changeNotifications": .bool(true)])]),
            ]),
            "serverInfo": .object(["name": .string("routekit"), "version": .string(RouteKitInfo.version)]),
        ])
    }

    private func didInitialize() {
        if watchesFiles {
            // Config and inputs changed outside the editor (a `git checkout`, another tool).
            let watchers: [JSONValue] = ["**/.routekit.yml", "**/*.{yml,yaml,xml,xcstrings,kt,swift}"].map {
                .object(["globPattern": .string($0)])
            }
            let registration = JSONValue.object([
                "id": .string("routekit-watch"), "method": .string("workspace/didChangeWatchedFiles"),
                "registerOptions": .object(["watchers": .array(watchers)]),
            ])
            send(Self.message([
                "id": .int(nextRequestID), "method": .string("client/registerCapability"),
                "params": .object(["registrations": .array([registration])]),
            ]))
            nextRequestID += 1
        }
        for root in roots {
            for config in Self.configs(under: root) { schedule(session(config: config), now: true) }
        }
    }

    private func didChangeWorkspaceFolders(_ params: JSONValue) {
        let added = params.at("event", "added")?.array?.compactMap { $0["uri"]?.string.flatMap(FileURI.path) } ?? []
        let removed = Set(params.at("event", "removed")?.array?.compactMap { $0["uri"]?.string.flatMap(FileURI.path) } ?? [])
        roots = roots.filter { !removed.contains($0) } + added
        for root in removed {
            for (path, session) in sessions where PathUtilities.isInside(path, root: root) {
                clearPublished(session)
                sessions[path] = nil
            }
        }
        for root in added {
            for config in Self.configs(under: root) { schedule(session(config: config), now: true) }
        }
    }

    /// The `.routekit.yml` files under `root`: hidden and build directories left out, a bounded walk.
    static func configs(under root: String, maxDepth: Int = 8, maxDirectories: Int = 20_000) -> [String] {
        var found: [String] = []
        var queue: [(String, Int)] = [(root, 0)]
        var listed = 0
        while !queue.isEmpty, listed < maxDirectories {
            let (directory, depth) = queue.removeFirst()
            listed += 1
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() {
                let path = PathUtilities.appending(directory, name)
                if name == ProjectConfig.fileName {
                    found.append(path)
                } else if depth < maxDepth, !name.hasPrefix("."), !InputDetector.skippedDirectories.contains(name),
                          Glob.isDirectory(path, followLinks: false) {
                    queue.append((path, depth + 1))
                }
            }
        }
        return found
    }

    // MARK: - Documents

    private func didOpen(_ params: JSONValue) {
        guard let document = params["textDocument"], let uri = document["uri"]?.string, let path = FileURI.path(uri),
              let text = document["text"]?.string else { return }
        let bytes = Array(text.utf8)
        documents[path] = (uri, document["version"]?.int, DocumentText(bytes))
        uris[path] = uri
        let onDisk = try? InputFile.read(path, maxSize: Int.max).get()
        InputOverlay.shared.set(path, bytes)
        guard let session = session(containing: path) else { return }
        if session.result == nil && session.loadErrors.isEmpty {
            schedule(session, now: true)
        } else if onDisk != bytes {
            schedule(session, now: true)
        } else if session.reads(path) {
            // Already published; the client may have dropped them when the document closed.
            publish(session, onlyFile: path)
        }
    }

    private func didChange(_ params: JSONValue) {
        guard let uri = params.at("textDocument", "uri")?.string, let path = FileURI.path(uri), var document = documents[path] else { return }
        for change in params["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            document.text.replace(change["range"].flatMap(Self.range), with: text, encoding: encoding)
        }
        document.version = params.at("textDocument", "version")?.int
        documents[path] = document
        InputOverlay.shared.set(path, document.text.bytes)
        changed(path)
    }

    private func didClose(_ params: JSONValue) {
        guard let uri = params.at("textDocument", "uri")?.string, let path = FileURI.path(uri) else { return }
        let edited = documents[path]?.text.bytes
        documents[path] = nil
        InputOverlay.shared.set(path, nil)
        // The file on disk is the text again: lint once more if the editor's differed.
        if let edited, edited != (try? InputFile.read(path, maxSize: Int.max).get()) { changed(path) }
    }

    private func didSave(_ params: JSONValue) {
        guard let uri = params.at("textDocument", "uri")?.string, let path = FileURI.path(uri) else { return }
        // A saved config can name other files: read the project again.
        if PathUtilities.lastComponent(path) == ProjectConfig.fileName { changed(path) }
    }

    private func didChangeWatchedFiles(_ params: JSONValue) {
        for change in params["changes"]?.array ?? [] {
            guard let path = change["uri"]?.string.flatMap(FileURI.path), documents[path] == nil else { continue }
            if PathUtilities.lastComponent(path) == ProjectConfig.fileName {
                configOfDirectory = [:]
                if change["type"]?.int == 3, let session = sessions[path] {
                    clearPublished(session)
                    sessions[path] = nil
                    continue
                }
                schedule(session(config: path), now: false)
            } else if change["type"]?.int == 2 {
                changed(path)
            } else {
                // Created or deleted: the config's globs may match other files now.
                created(orDeleted: path)
            }
        }
    }

    private func created(orDeleted path: String) {
        let inputExtensions = ["yml", "yaml", "xml", "xcstrings", "kt", "swift"]
        guard let dot = path.lastIndex(of: "."), inputExtensions.contains(String(path[path.index(after: dot)...])) else { return }
        for session in sessions.values where session.reads(path) || PathUtilities.isInside(path, root: session.root) {
            schedule(session, now: false)
        }
    }

    /// A file's text changed: every project that reads it lints again once the burst is over.
    private func changed(_ path: String) {
        var any = false
        for session in sessions.values where session.reads(path) {
            schedule(session, now: false)
            any = true
        }
        if !any, let session = session(containing: path), session.reads(path) || session.result == nil { schedule(session, now: false) }
    }

    private func schedule(_ session: ProjectSession, now: Bool) {
        dirty.insert(session.configPath)
        let due = clock() + (now ? 0 : debounceNanoseconds)
        // A burst pushes the lint back; an immediate lint is never delayed.
        lintDue = now ? min(lintDue ?? due, due) : max(due, lintDue ?? 0)
    }

    /// Lints the projects changed since the last lint, if their time has come (or `force`).
    public func runDueLints(force: Bool = false) {
        guard let due = lintDue, force || clock() >= due else { return }
        lintDue = nil
        let configs = dirty.sorted()
        dirty = []
        for config in configs {
            guard let session = sessions[config] else { continue }
            session.lint()
            publish(session)
        }
    }

    private func session(config path: String) -> ProjectSession {
        let path = PathUtilities.normalize(path)
        if let session = sessions[path] { return session }
        let session = ProjectSession(configPath: path)
        sessions[path] = session
        return session
    }

    /// The project a file belongs to: the nearest `.routekit.yml` at or above it when that project
    /// reads it (or could not be read), else the first project by config path that reads it.
    private func session(containing path: String) -> ProjectSession? {
        let nearest = nearestSession(path)
        if let nearest, nearest.reads(path) || nearest.result == nil { return nearest }
        return sessions.values.sorted { $0.configPath < $1.configPath }.first { $0.reads(path) } ?? nearest
    }

    private func nearestSession(_ path: String) -> ProjectSession? {
        var directory = PathUtilities.directory(of: path)
        var visited: [String] = []
        while true {
            if let known = configOfDirectory[directory] {
                for seen in visited { configOfDirectory[seen] = known }
                return known.map { session(config: $0) }
            }
            visited.append(directory)
            let candidate = PathUtilities.appending(directory, ProjectConfig.fileName)
            if FileManager.default.fileExists(atPath: candidate) {
                for seen in visited { configOfDirectory[seen] = candidate }
                return session(config: candidate)
            }
            let parent = PathUtilities.directory(of: directory)
            if parent == directory || parent.isEmpty {
                for seen in visited { configOfDirectory[seen] = .some(nil) }
                return nil
            }
            directory = parent
        }
    }

    /// The session for a request on `path`, linted first if a change is waiting for it.
    private func currentSession(_ path: String) -> ProjectSession? {
        guard let session = session(containing: path) else { return nil }
        if dirty.contains(session.configPath) || (session.result == nil && session.loadErrors.isEmpty) {
            dirty.remove(session.configPath)
            if dirty.isEmpty { lintDue = nil }
            session.lint()
            publish(session)
        }
        return session
    }

    /// The current text of `path`: the editor's when open, else the file's.
    func text(of path: String) -> DocumentText? {
        if let document = documents[path] { return document.text }
        guard case .success(let bytes) = InputFile.read(path, maxSize: 64 << 20) else { return nil }
        return DocumentText(bytes)
    }

    // MARK: - Diagnostics

    /// Publishes the session's findings: each file whose diagnostics changed since the last
    /// publication, and an empty list for each file that has none left. `onlyFile`: that file's,
    /// even if unchanged (a client drops a closed document's diagnostics).
    private func publish(_ session: ProjectSession, onlyFile: String? = nil) {
        var byFile: [String: [Finding]] = [:]
        for finding in session.findings {
            let file = PathUtilities.normalize(PathUtilities.join(session.root, finding.file ?? session.configPath))
            if let onlyFile, file != onlyFile { continue }
            byFile[file, default: []].append(finding)
        }
        if onlyFile == nil {
            for file in session.published.keys.sorted() where byFile[file] == nil {
                publishDiagnostics(file, [])
                session.published[file] = nil
            }
        }
        for file in byFile.keys.sorted() {
            let text = self.text(of: file) ?? DocumentText([])
            let findings = byFile[file]!
            var diagnostics = findings.prefix(Self.maxDiagnosticsPerFile).map { diagnostic($0, in: text) }
            if findings.count > Self.maxDiagnosticsPerFile {
                diagnostics.append(.object([
                    "range": Self.json(LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))),
                    "severity": .int(3), "source": .string("routekit"),
                    "message": .string("\(findings.count - Self.maxDiagnosticsPerFile) more findings in this file: run 'routekit lint' for all"),
                ]))
            }
            let rendered = JSONValue.array(diagnostics).compact()
            if onlyFile == nil && session.published[file] == rendered { continue }
            session.published[file] = rendered
            publishDiagnostics(file, diagnostics)
        }
    }

    private func clearPublished(_ session: ProjectSession) {
        for file in session.published.keys.sorted() { publishDiagnostics(file, []) }
        session.published = [:]
    }

    private func publishDiagnostics(_ path: String, _ diagnostics: [JSONValue]) {
        var params: [String: JSONValue] = ["uri": .string(uris[path] ?? FileURI.uri(path)), "diagnostics": .array(diagnostics)]
        if let version = documents[path]?.version { params["version"] = .int(version) }
        notify("textDocument/publishDiagnostics", .object(params))
    }

    func diagnostic(_ finding: Finding, in text: DocumentText) -> JSONValue {
        var object: [String: JSONValue] = [
            "range": Self.json(range(of: finding.location, in: text)),
            "severity": .int(finding.severity == .error ? 1 : finding.severity == .warning ? 2 : 3),
            "source": .string("routekit"),
            "message": .string(finding.message),
            "code": .string(finding.rule),
        ]
        if RuleDocs.ids.contains(finding.rule) {
            object["codeDescription"] = .object(["href": .string(SARIFReporter.ruleDocumentationBase + finding.rule + ".yml")])
        }
        var data: [String: JSONValue] = [:]
        if let key = finding.key { data["key"] = .string(key) }
        if let route = finding.route { data["route"] = .string(route) }
        if let locale = finding.locale { data["locale"] = .string(locale) }
        if !data.isEmpty { object["data"] = .object(data) }
        return .object(object)
    }

    /// A finding's place as a range: its end when the reader knows it, else the word it starts.
    func range(of location: SourceLocation?, in text: DocumentText) -> LSPRange {
        guard let location else { return LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0)) }
        let start = text.position(line: location.line, column: location.column, encoding: encoding)
        if let endLine = location.endLine, let endColumn = location.endColumn {
            return LSPRange(start: start, end: text.position(line: endLine, column: endColumn, encoding: encoding))
        }
        let line = text.lineRange(location.line - 1)
        var offset = text.offset(of: start, encoding: encoding)
        let from = offset
        while offset < line.upperBound, SymbolPlaces.isNameByte(text.bytes[offset]) { offset += 1 }
        if offset == from && offset < line.upperBound { offset += 1 }
        return LSPRange(start: start, end: text.position(ofOffset: offset, encoding: encoding))
    }

    static func json(_ range: LSPRange) -> JSONValue {
        .object(["start": json(range.start), "end": json(range.end)])
    }

    static func json(_ position: LSPPosition) -> JSONValue {
        .object(["line": .int(position.line), "character": .int(position.character)])
    }

    static func range(_ value: JSONValue) -> LSPRange? {
        guard let start = position(value["start"]), let end = position(value["end"]) else { return nil }
        return LSPRange(start: start, end: end)
    }

    static func position(_ value: JSONValue?) -> LSPPosition? {
        // Past 2^31 no document has the line or character; refused so arithmetic on it cannot overflow.
        guard let line = value?["line"]?.int, let character = value?["character"]?.int,
              (0 ... Int(Int32.max)).contains(line), (0 ... Int(Int32.max)).contains(character) else { return nil }
        return LSPPosition(line: line, character: character)
    }

    func location(_ place: SourceLocation) -> JSONValue {
        let file = PathUtilities.normalize(place.file)
        let text = self.text(of: file) ?? DocumentText([])
        return .object(["uri": .string(uris[file] ?? FileURI.uri(file)), "range": Self.json(range(of: place, in: text))])
    }

    // MARK: - Requests on a position

    /// The document, its project, and the symbol at the request's position.
    private func symbolAt(_ params: JSONValue) throws -> (session: ProjectSession, project: Project, path: String, symbol: ProjectSymbol, word: Range<Int>, text: DocumentText)? {
        guard let uri = params.at("textDocument", "uri")?.string, let position = Self.position(params["position"]) else {
            throw Failure.invalidParams("textDocument.uri and position are required")
        }
        guard let path = FileURI.path(uri), let session = currentSession(path), let project = session.project,
              let text = text(of: path) else { return nil }
        let column = text.column(of: position, encoding: encoding)
        guard let found = SymbolLocator(project: project, path: path, text: text).symbol(line: position.line + 1, column: column) else { return nil }
        return (session, project, path, found.symbol, found.word, text)
    }

    private func hover(_ params: JSONValue) throws -> JSONValue {
        guard let found = try symbolAt(params) else { return .null }
        let markdown = HoverText(project: found.project, resolver: found.session.resolver).markdown(for: found.symbol)
        let range = LSPRange(start: found.text.position(ofOffset: found.word.lowerBound, encoding: encoding),
                             end: found.text.position(ofOffset: found.word.upperBound, encoding: encoding))
        return .object(["contents": .object(["kind": .string("markdown"), "value": .string(markdown)]), "range": Self.json(range)])
    }

    private func definition(_ params: JSONValue) throws -> JSONValue {
        guard let found = try symbolAt(params) else { return .null }
        let places = SymbolPlaces(project: found.project, textOf: text(of:)).definitions(of: found.symbol, from: found.path)
        return .array(places.map(location))
    }

    private func references(_ params: JSONValue) throws -> JSONValue {
        guard let found = try symbolAt(params) else { return .null }
        var places = SymbolPlaces(project: found.project, textOf: text(of:)).references(of: found.symbol)
        if params.at("context", "includeDeclaration")?.bool == false {
            let definitions = SymbolPlaces(project: found.project, textOf: text(of:)).definitions(of: found.symbol, from: found.path)
            places.removeAll { definitions.contains($0) }
        }
        return .array(places.map(location))
    }

    private func codeActions(_ params: JSONValue) throws -> JSONValue {
        guard let uri = params.at("textDocument", "uri")?.string, let range = params["range"].flatMap(Self.range) else {
            throw Failure.invalidParams("textDocument.uri and range are required")
        }
        guard let path = FileURI.path(uri), let session = currentSession(path), let project = session.project,
              let text = text(of: path) else { return .array([]) }
        let fixes = QuickFixes(project: project, textOf: text(of:))
        var actions: [JSONValue] = []
        for finding in session.findings {
            // Every finding on the lines asked about: a client asks at the cursor, which may be
            // on the line of a finding but not within its first word.
            guard let place = finding.location, PathUtilities.normalize(place.file) == path,
                  place.line - 1 <= range.end.line, (place.endLine ?? place.line) - 1 >= range.start.line else { continue }
            for fix in fixes.fixes(for: finding) {
                var changes: [String: [JSONValue]] = [:]
                for edit in fix.edits {
                    let file = PathUtilities.normalize(edit.file)
                    guard let target = self.text(of: file) else { continue }
                    let editRange = LSPRange(start: target.position(ofOffset: edit.range.lowerBound, encoding: encoding),
                                             end: target.position(ofOffset: edit.range.upperBound, encoding: encoding))
                    changes[uris[file] ?? FileURI.uri(file), default: []].append(
                        .object(["range": Self.json(editRange), "newText": .string(edit.newText)]))
                }
                actions.append(.object([
                    "title": .string(fix.title), "kind": .string("quickfix"), "isPreferred": .bool(fix.isPreferred),
                    "diagnostics": .array([diagnostic(finding, in: text)]),
                    "edit": .object(["changes": .object(changes.mapValues { .array($0) })]),
                ]))
            }
        }
        return .array(actions)
    }

    /// A catalog field that takes a key, up to the cursor: `title: `, `subtitle: { key: `, `fallback: "`.
    nonisolated(unsafe) private static let keyField = try! Regex(#"(title|subtitle|fallback|key)\s*:\s*(\{\s*(key|fallback)\s*:\s*)?["']?$"#)

    /// String keys where one is written: after `Res.string.` in Kotlin, as a catalog title,
    /// subtitle or fallback. Each item shows the key's base-locale text.
    private func completion(_ params: JSONValue) throws -> JSONValue {
        guard let uri = params.at("textDocument", "uri")?.string, let position = Self.position(params["position"]) else {
            throw Failure.invalidParams("textDocument.uri and position are required")
        }
        guard let path = FileURI.path(uri), let session = currentSession(path), let project = session.project,
              let text = text(of: path) else { return .null }
        let line = text.lineRange(position.line)
        let cursor = min(text.offset(of: position, encoding: encoding), line.upperBound)
        var start = cursor
        while start > line.lowerBound, SymbolPlaces.isNameByte(text.bytes[start - 1]) || text.bytes[start - 1] == UInt8(ascii: ".") && !path.hasSuffix(".kt") {
            start -= 1
        }
        let before = String(decoding: text.bytes[line.lowerBound ..< start], as: UTF8.self)
        let inKotlin = path.hasSuffix(".kt") && before.hasSuffix("Res.string.")
        let inCatalog = project.catalog.files.contains(path)
            && (try? Self.keyField.firstMatch(in: before)) != nil
        guard inKotlin || inCatalog else { return .null }
        let typed = String(decoding: text.bytes[start ..< cursor], as: UTF8.self)
        let base = project.config.baseLocale.value
        var seen: Set<String> = []
        var items: [JSONValue] = []
        let replace = LSPRange(start: text.position(ofOffset: start, encoding: encoding), end: text.position(ofOffset: cursor, encoding: encoding))
        let limit = 2_000
        var complete = true
        for set in project.stringSets {
            guard let table = set.strings[base] else { continue }
            for entry in table.allEntries where entry.key.hasPrefix(typed) && seen.insert(entry.key).inserted {
                if inKotlin && entry.key.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) { continue }
                guard items.count < limit else { complete = false; break }
                // The base text only: every locale's (the hover's table) for up to 2,000 items
                // would be built on each keystroke for texts the user mostly never opens.
                items.append(.object([
                    "label": .string(entry.key), "kind": .int(21), "detail": .string(entry.texts.first?.value ?? ""),
                    "textEdit": .object(["range": Self.json(replace), "newText": .string(entry.key)]),
                ]))
            }
        }
        return .object(["isIncomplete": .bool(!complete), "items": .array(items)])
    }
}
