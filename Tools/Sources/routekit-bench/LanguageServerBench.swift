import Foundation

/// `routekit lsp` as an editor meets it: the time from `initialize` to the first diagnostics, and
/// from a one-character change to the diagnostics it changes (the server's debounce included).
/// The change appends a letter to a title key in the open `routes.yml` (an `unknown-string-key`
/// appears) and the next one takes it away (it goes): each is published, so each is timed.
enum LanguageServerBench {
    struct Row {
        var name: String
        var firstDiagnostics: Double
        var relint: Double
        var changes: Int
    }

    /// One server over pipes, speaking framed JSON.
    final class Session {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        var buffer: [UInt8] = []

        init(binary: String) throws {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["lsp"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ message: [String: Any]) {
            let body = try! JSONSerialization.data(withJSONObject: message)
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// Reads messages until one satisfies `wanted`.
        func read(until wanted: ([String: Any]) -> Bool) -> [String: Any] {
            while true {
                if let message = nextMessage() {
                    if wanted(message) { return message }
                    continue
                }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { fatalError("routekit lsp ended early") }
                buffer += data
            }
        }

        private func nextMessage() -> [String: Any]? {
            let separator: [UInt8] = [13, 10, 13, 10]
            guard let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0 ..< $0 + 4]) == separator }) else { return nil }
            let header = String(decoding: buffer[..<end], as: UTF8.self)
            guard let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }).first, buffer.count >= end + 4 + length else { return nil }
            let body = Data(buffer[(end + 4) ..< (end + 4 + length)])
            buffer.removeSubrange(..<(end + 4 + length))
            return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }

        func close() {
            send(["jsonrpc": "2.0", "id": 999_999, "method": "shutdown"])
            _ = read { ($0["id"] as? Int) == 999_999 }
            send(["jsonrpc": "2.0", "method": "exit"])
            process.waitUntilExit()
        }
    }

    static func measure(name: String, project: String, binary: String, runs: Int) throws -> Row {
        let root = URL(fileURLWithPath: project).standardizedFileURL
        let catalogURL = root.appendingPathComponent("routes.yml")
        let catalog = try String(contentsOf: catalogURL, encoding: .utf8)
        let lines = catalog.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.hasPrefix("    title: ") && !$0.contains("{") }) else {
            throw NSError(domain: "routekit-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "no `title: KEY` line in \(catalogURL.path)"])
        }
        let keyEnd = lines[line].count
        let uri = catalogURL.absoluteString
        func isCatalogDiagnostics(_ message: [String: Any]) -> Bool {
            (message["method"] as? String) == "textDocument/publishDiagnostics" && ((message["params"] as? [String: Any])?["uri"] as? String) == uri
        }
        func start() throws -> (Session, Double) {
            let session = try Session(binary: binary)
            let begin = Date()
            session.send(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                          "params": ["rootUri": root.absoluteString, "capabilities": [String: Any]()]])
            _ = session.read { ($0["id"] as? Int) == 1 }
            session.send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
            _ = session.read { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            return (session, Date().timeIntervalSince(begin))
        }
        var firsts: [Double] = []
        for _ in 0 ..< runs {
            let (session, seconds) = try start()
            firsts.append(seconds)
            session.close()
        }
        let (session, _) = try start()
        session.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": catalog]]])
        var relints: [Double] = []
        let changes = max(10, runs * 2)
        for change in 0 ..< changes {
            let adding = change % 2 == 0
            let range: [String: Any] = [
                "start": ["line": line, "character": adding ? keyEnd : keyEnd],
                "end": ["line": line, "character": adding ? keyEnd : keyEnd + 1],
            ]
            let begin = Date()
            session.send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": change + 2],
                "contentChanges": [["range": range, "text": adding ? "x" : ""]]]])
            _ = session.read { message in
                guard isCatalogDiagnostics(message),
                      let diagnostics = (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] else { return false }
                let unknown = diagnostics.contains { ($0["code"] as? String) == "unknown-string-key" && ($0["range"] as? [String: Any]).flatMap { ($0["start"] as? [String: Any])?["line"] as? Int } == line }
                return unknown == adding
            }
            relints.append(Date().timeIntervalSince(begin))
        }
        session.close()
        return Row(name: name, firstDiagnostics: median(firsts), relint: median(relints), changes: changes)
    }

    static func markdown(_ rows: [Row]) -> String {
        var out = "\n| `routekit lsp` | initialize → first diagnostics ms | one-character change → its diagnostics ms (10 ms debounce included) | changes |\n"
        out += "|---|---:|---:|---:|\n"
        for row in rows { out += "| \(row.name) | \(ms(row.firstDiagnostics)) | \(ms(row.relint)) | \(row.changes) |\n" }
        return out
    }

    static func checks(_ rows: [Row]) -> [(String, Bool, String)] {
        rows.filter { $0.name.hasPrefix("conference") }.map { row in
            ("conference app: lsp re-lint after a change < 50 ms (median)", row.relint < 0.050, ms(row.relint) + " ms")
        }
    }
}
