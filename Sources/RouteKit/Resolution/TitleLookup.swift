/// The JSON-lines contract of `routekit title --json` and `--batch`:
/// in `{"route", "locale" | "locales": [...], "params": {...}}`,
/// out `{"route", "title", "subtitle", "locale"}`, plus `"error"` when the lookup failed.
public enum TitleLookup {
    public struct Request: Sendable {
        public var route: String
        public var locales: [String]
        public var params: [String: String]
    }

    /// Parses one batch line; the error message is what the output line says.
    public static func request(fromJSONLine line: String) -> Result<Request, ResolutionError> {
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
        var out = "{\"fallback\":"
        out.reserveCapacity(96)
        out += entry.languageNotServed ? "true" : "false"
        if !entry.ignoredLocaleExtensions.isEmpty {
            // The tags given with extensions: matched without them.
            out += ",\"ignoredExtensions\":["
            for (index, tag) in entry.ignoredLocaleExtensions.enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(tag, into: &out)
            }
            out += "]"
        }
        out += ",\"locale\":"
        if let locale = entry.locale { JSONValue.writeString(locale, into: &out) } else { out += "null" }
        out += ",\"route\":"
        JSONValue.writeString(entry.route, into: &out)
        out += ",\"subtitle\":"
        if let subtitle = entry.subtitle { JSONValue.writeString(subtitle.text, into: &out) } else { out += "null" }
        out += ",\"title\":"
        if let title = entry.title { JSONValue.writeString(title.text, into: &out) } else { out += "null" }
        out += "}"
        return out
    }

    /// The `route` of a batch line that could not be read as a request, when it names one (so
    /// the error line still says which route it was about).
    public static func route(inJSONLine line: String) -> String? {
        guard case .object(let members)? = try? JSONDocument.value(of: line), case .string(let route)? = members["route"] else { return nil }
        return route
    }

    /// The output object for a failed lookup.
    public static func json(error: ResolutionError, route: String?) -> String {
        JSONValue.object([
            "route": route.map { .string($0) } ?? .null,
            "title": .null, "subtitle": .null, "locale": .null,
            "error": .string(error.message),
        ]).compact()
    }
}
