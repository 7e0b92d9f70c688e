/// The JSON-lines contract of `routekit title --json` and `--batch`:
/// in `{"route", "locale" | "locales": [...], "params": {...}}`,
/// out `{"route", "title", "subtitle", "locale"}`, plus `"error"` when the lookup failed.
public enum TitleLookup {
    public struct Request: Sendable, Equatable {
        public var route: String
        public var locales: [String]
        public var params: [String: String]
    }

    /// Parses one batch line; the error message is what the output line says.
    public static func request(fromJSONLine line: String) -> Result<Request, ResolutionError> {
        commonRequest(line).map { .success($0) } ?? request(fromDocument: line)
    }

    /// ``request(fromJSONLine:)`` of a line's UTF-8 bytes (invalid sequences read as U+FFFD):
    /// the common line is read without a `String` made of it.
    public static func request(fromJSONLineBytes bytes: UnsafeBufferPointer<UInt8>) -> Result<Request, ResolutionError> {
        if let request = commonRequest(bytes) { return .success(request) }
        return request(fromDocument: String(decoding: bytes, as: UTF8.self))
    }

    /// The common line read straight from its bytes: members `route`, `locale` or `locales` and
    /// `params` (string, boolean or null values), each once, strings without escapes. nil for
    /// any other line, which ``request(fromDocument:)`` reads and reports; a test holds the two
    /// to each other.
    static func commonRequest(_ line: String) -> Request? {
        var line = line
        return line.withUTF8 { commonRequest($0) }
    }

    static func commonRequest(_ bytes: UnsafeBufferPointer<UInt8>) -> Request? {
        var scanner = RequestScanner(bytes: bytes)
        return scanner.request()
    }

    /// Any line, through the JSON parser: what it says of a line that is not a request is the error.
    static func request(fromDocument line: String) -> Result<Request, ResolutionError> {
        let value: JSONValue
        do {
            value = try JSONDocument.value(of: line)
        } catch {
            return .failure(ResolutionError("invalid JSON at column \(error.column): \(error.message)"))
        }
        guard case .object(let members) = value else { return .failure(ResolutionError("a line must be a JSON object")) }
        for name in members.keys where !["route", "locale", "locales", "params"].contains(name) {
            return .failure(ResolutionError("unknown member \"\(name)\"; expected route, locale or locales, params"))
        }
        guard case .string(let route)? = members["route"] else { return .failure(ResolutionError("\"route\" must be a string")) }
        var locales: [String] = []
        switch (members["locale"], members["locales"]) {
        case (nil, nil): break
        case (.string(let locale)?, nil): locales = [locale]
        case (nil, .array(let items)?):
            for item in items {
                guard case .string(let locale) = item else { return .failure(ResolutionError("\"locales\" must be a list of strings")) }
                locales.append(locale)
            }
        case (_?, _?): return .failure(ResolutionError("give \"locale\" or \"locales\", not both"))
        default: return .failure(ResolutionError("\"locale\" must be a string and \"locales\" a list of strings"))
        }
        var params: [String: String] = [:]
        switch members["params"] {
        case nil, .null?: break
        case .object(let values)?:
            for (name, value) in values {
                switch value {
                case .string(let text): params[name] = text
                case .int(let number): params[name] = String(number)
                case .double(let number): params[name] = String(number)
                case .bool(let flag): params[name] = flag ? "true" : "false"
                case .null: continue
                default: return .failure(ResolutionError("param \"\(name)\" must be a string or a number"))
                }
            }
        default: return .failure(ResolutionError("\"params\" must be an object"))
        }
        return .success(Request(route: route, locales: locales, params: params))
    }

    /// The output object for a resolved entry: the bytes `JSONValue.compact()` gives (keys sorted),
    /// written directly.
    public static func json(_ entry: StackEntry) -> String {
        var bytes: [UInt8] = []
        appendJSON(entry, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``json(_:)``'s bytes, appended to `out` (`--batch` writes them into its output buffer).
    public static func appendJSON(_ entry: StackEntry, to out: inout [UInt8]) {
        func append(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        append("{\"fallback\":")
        append(entry.languageNotServed ? "true" : "false")
        if !entry.ignoredLocaleExtensions.isEmpty {
            // The tags given with extensions: matched without them.
            append(",\"ignoredExtensions\":[")
            for (index, tag) in entry.ignoredLocaleExtensions.enumerated() {
                if index > 0 { append(",") }
                JSONValue.writeString(tag, into: &out)
            }
            append("]")
        }
        append(",\"locale\":")
        if let locale = entry.locale { JSONValue.writeString(locale, into: &out) } else { append("null") }
        append(",\"route\":")
        JSONValue.writeString(entry.route, into: &out)
        append(",\"subtitle\":")
        if let subtitle = entry.subtitle { JSONValue.writeString(subtitle.text, into: &out) } else { append("null") }
        append(",\"title\":")
        if let title = entry.title { JSONValue.writeString(title.text, into: &out) } else { append("null") }
        append("}")
    }

    /// The `route` of a batch line that could not be read as a request, when it names one (so
    /// the error line still says which route it was about).
    public static func route(inJSONLine line: String) -> String? {
        guard case .object(let members)? = try? JSONDocument.value(of: line), case .string(let route)? = members["route"] else { return nil }
        return route
    }

    /// Answers one batch line (without its newline): the JSON answer line, with its newline,
    /// appended to `out`. Returns false when the line could not be read or the lookup failed
    /// (its answer then has an `"error"` member).
    public static func answer(line: UnsafeBufferPointer<UInt8>, resolver: TitleResolver, into out: inout [UInt8]) -> Bool {
        var succeeded = true
        switch request(fromJSONLineBytes: line) {
        case .failure(let error):
            succeeded = false
            out.append(contentsOf: json(error: error, route: route(inJSONLine: String(decoding: line, as: UTF8.self))).utf8)
        case .success(let request):
            do {
                appendJSON(try resolver.push(request.route, params: request.params, locales: request.locales), to: &out)
            } catch {
                succeeded = false
                out.append(contentsOf: json(error: error, route: request.route).utf8)
            }
        }
        out.append(0x0A)
        return succeeded
    }

    /// ``answer(line:resolver:into:)`` for each of `lines` (ranges of `bytes`), the answers in
    /// their order. A block of lines (a piped file gives thousands at a time) is answered on all
    /// cores, each core a run of consecutive lines into its own bytes, joined in order; a few
    /// lines (an interactive caller's) on this thread. Returns false when any failed.
    public static func answer(lines: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, resolver: TitleResolver,
                              into out: inout [UInt8]) -> Bool {
        let parts = Swift.min(Concurrent.threadLimit, lines.count / linesPerPart)
        guard parts > 1 else { return answer(lines[...], of: bytes, resolver: resolver, into: &out) }
        nonisolated(unsafe) let bytes = bytes
        let answers = Concurrent.map(count: parts) { part -> (bytes: [UInt8], succeeded: Bool) in
            var own: [UInt8] = []
            own.reserveCapacity(lines.count / parts * 96)
            let run = lines[(lines.count * part / parts) ..< (lines.count * (part + 1) / parts)]
            let succeeded = answer(run, of: bytes, resolver: resolver, into: &own)
            return (own, succeeded)
        }
        for part in answers { out.append(contentsOf: part.bytes) }
        return answers.allSatisfy(\.succeeded)
    }

    /// A run of consecutive lines answered in order on this thread; false when any failed.
    private static func answer(_ run: ArraySlice<Range<Int>>, of bytes: UnsafeBufferPointer<UInt8>, resolver: TitleResolver,
                               into out: inout [UInt8]) -> Bool {
        var succeeded = true
        for line in run where !answer(line: UnsafeBufferPointer(rebasing: bytes[line]), resolver: resolver, into: &out) {
            succeeded = false
        }
        return succeeded
    }

    /// Fewer lines than this for each core are answered on one: a core's share must outweigh
    /// waking the other (tens of microseconds; a lookup takes a few).
    static let linesPerPart = 64

    /// The output object for a failed lookup.
    public static func json(error: ResolutionError, route: String?) -> String {
        JSONValue.object([
            "route": route.map { .string($0) } ?? .null,
            "title": .null, "subtitle": .null, "locale": .null,
            "error": .string(error.message),
        ]).compact()
    }
}

/// Reads a batch line of the common shape (``TitleLookup/commonRequest(_:)``); gives up (nil) at
/// the first byte it does not expect.
private struct RequestScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func request() -> TitleLookup.Request? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var route: String?
        var locales: [String]?
        var params: [String: String]?
        repeat {
            guard let name = string(), take(UInt8(ascii: ":")) else { return nil }
            switch name {
            case "route":
                guard route == nil, let value = string() else { return nil }
                route = value
            case "locale":
                guard locales == nil, let value = string() else { return nil }
                locales = [value]
            case "locales":
                guard locales == nil, let list = strings() else { return nil }
                locales = list
            case "params":
                guard params == nil, let values = paramValues() else { return nil }
                params = values
            default:
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let route else { return nil }
        skipSpace()
        guard index == bytes.count else { return nil }
        return TitleLookup.Request(route: route, locales: locales ?? [], params: params ?? [:])
    }

    /// A string without escapes or control characters.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index - 1]), as: UTF8.self)
    }

    private mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        if take(UInt8(ascii: "]")) { return list }
        repeat {
            guard let item = string() else { return nil }
            list.append(item)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? list : nil
    }

    /// `null`, or an object of strings, booleans (as `true`, `false`) and nulls (left out).
    private mutating func paramValues() -> [String: String]? {
        if word("null") { return [:] }
        guard take(UInt8(ascii: "{")) else { return nil }
        var values: [String: String] = [:]
        var names: [String] = []  // a route has a few params: a list is quicker than a set
        if take(UInt8(ascii: "}")) { return values }
        repeat {
            guard let name = string(), !names.contains(name), take(UInt8(ascii: ":")) else { return nil }
            names.append(name)
            skipSpace()
            if let text = string() {
                values[name] = text
            } else if word("true") {
                values[name] = "true"
            } else if word("false") {
                values[name] = "false"
            } else if !word("null") {
                return nil  // a number, a list, an object: the JSON parser reads it
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? values : nil
    }

    private mutating func word(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
              UnsafeBufferPointer(rebasing: bytes[index ..< index + count]).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)) else { return false }
        index += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }
}
