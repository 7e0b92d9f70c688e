import FoundationEssentials

/// Findings accepted as they are, so a project can adopt routekit (or a new rule) without fixing
/// everything first: later runs report only what is new.
///
/// An entry is keyed by rule, file (relative to the config file's directory), route, key, locale
/// and message — never by line or column — so moving a finding within its file, or reordering or
/// renaming nothing but lines, keeps it matched. The same key found several times is one entry
/// with a `count`, and it suppresses that many findings; a baseline entry that no longer matches
/// is *stale* and is reported so the file can be refreshed.
///
/// The file is JSON: `{"entries": [{"rule", "file"?, "route"?, "key"?, "locale"?, "message",
/// "count"?}], "version": 1}`, entries sorted, keys sorted, one key a line, so it diffs well.
public struct Baseline: Hashable, Sendable {
    /// The version `encoded()` writes and `decode(_:)` reads.
    public static let formatVersion = 1

    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// Which finding this entry accepts.
        public var identity: FindingIdentity
        /// How many findings this entry stands for (≥ 1). For a stale entry: how many of them no
        /// longer occur.
        public var count: Int

        public init(
            rule: String, file: String? = nil, route: String? = nil, key: String? = nil,
            locale: String? = nil, message: String, count: Int = 1
        ) {
            self.init(FindingIdentity(rule: rule, file: file, route: route, key: key, locale: locale, message: message), count: count)
        }

        public init(_ identity: FindingIdentity, count: Int = 1) {
            self.identity = identity
            self.count = count
        }

        public var rule: String { identity.rule }
        /// Relative to the config file's directory, `/`-separated.
        public var file: String? { identity.file }
        public var route: String? { identity.route }
        public var key: String? { identity.key }
        public var locale: String? { identity.locale }
        public var message: String { identity.message }

        /// The entry as the baseline file (and the JSON report) spell it.
        func json(alwaysCount: Bool) -> JSONValue {
            var members: [String: JSONValue] = ["rule": .string(rule), "message": .string(message)]
            if let file { members["file"] = .string(file) }
            if let route { members["route"] = .string(route) }
            if let key { members["key"] = .string(key) }
            if let locale { members["locale"] = .string(locale) }
            if alwaysCount || count != 1 { members["count"] = .int(count) }
            return .object(members)
        }


        /// `routes.yml: message [rule]` (×count when more than one), neutralized for a terminal.
        public var description: String {
            var text = (file.map { $0 + ": " } ?? "") + message + " [" + rule + "]"
            if count > 1 { text += " (×\(count))" }
            return ReportText.neutralized(text)
        }
    }

    /// Why a baseline file could not be read.
    public struct DecodeError: Error, CustomStringConvertible, Equatable {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// Merged (one entry per key, counts added) and sorted.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        var counts: [FindingIdentity: Int] = [:]
        var order: [FindingIdentity] = []
        for entry in entries where entry.count > 0 {
            let identity = entry.identity
            if counts[identity] == nil { order.append(identity) }
            counts[identity, default: 0] += entry.count
        }
        order.sort { lhs, rhs in
            for (l, r) in zip(lhs.sortKey, rhs.sortKey) where l != r {
                return l.utf8.lexicographicallyPrecedes(r.utf8)
            }
            return false
        }
        self.entries = order.map { Entry($0, count: counts[$0]!) }
    }

    /// A baseline that accepts exactly `diagnostics`; files are made relative to `root` (the
    /// config file's directory).
    public static func make(from diagnostics: [Finding], root: String) -> Baseline {
        Baseline(entries: diagnostics.map { Entry(FindingIdentity($0, root: root)) })
    }

    /// The file's contents: stable, sorted, pretty JSON with a final newline.
    public func encoded() -> String {
        let list = entries.map { $0.json(alwaysCount: false) }
        return JSONValue.object(["version": .int(Self.formatVersion), "entries": .array(list)]).rendered() + "\n"
    }

    /// Reads a baseline file's contents, with an error that says what is wrong and where.
    public static func decode(_ text: String) throws(DecodeError) -> Baseline {
        let parsed: JSONValue
        do {
            parsed = try JSONDocument.value(of: text)
        } catch {
            throw DecodeError("the baseline is not valid JSON: \(error.message) (line \(error.line), column \(error.column))")
        }
        guard case .object(let object) = parsed, case .array(let list)? = object["entries"] else {
            throw DecodeError("the baseline must be a JSON object with an \"entries\" list")
        }
        if let version = object["version"] {
            guard case .int(let number) = version, number == formatVersion else {
                throw DecodeError(
                    "unsupported baseline version \(version.compact()) (this routekit reads version \(formatVersion))")
            }
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            let position = "baseline entry \(index + 1)"
            guard case .object(let fields) = item else { throw DecodeError("\(position) is not an object") }
            func string(_ name: String, required: Bool) throws(DecodeError) -> String? {
                guard let value = fields[name], value != .null else {
                    if required { throw DecodeError("\(position) has no \"\(name)\"") }
                    return nil
                }
                guard case .string(let text) = value else { throw DecodeError("\(position): \"\(name)\" must be a string") }
                return text
            }
            var count = 1
            if let value = fields["count"] {
                guard case .int(let number) = value, number >= 1 else {
                    throw DecodeError("\(position): \"count\" must be a whole number of at least 1")
                }
                count = number
            }
            entries.append(Entry(
                rule: try string("rule", required: true)!,
                file: try string("file", required: false).map(PathUtilities.normalize),
                route: try string("route", required: false),
                key: try string("key", required: false),
                locale: try string("locale", required: false),
                message: try string("message", required: true)!,
                count: count))
        }
        return Baseline(entries: entries)
    }

    /// The rule whose findings changed file (see `apply`).
    static let movedRule = "missing-translation"

    /// Removes the findings the baseline accepts. Each entry suppresses up to `count` matching
    /// findings (the first ones, in the given order); `kept` keeps the order of `diagnostics`.
    /// `stale` lists the entries with occurrences left unmatched, their `count` being how many.
    public func apply(to diagnostics: [Finding], root: String)
        -> (kept: [Finding], suppressed: Int, stale: [Entry])
    {
        var remaining: [FindingIdentity: Int] = [:]
        for entry in entries { remaining[entry.identity, default: 0] += entry.count }
        var kept: [Finding] = []
        var suppressed = 0
        // missing-translation moved from the translation file to the key's base-locale entry: an
        // entry written before, at the translation file, still accepts its finding (same rule,
        // route, key, locale and message), after every exact match.
        var unmatchedMoved: [(index: Int, identity: FindingIdentity)] = []
        for diagnostic in diagnostics {
            let identity = FindingIdentity(diagnostic, root: root)
            if let left = remaining[identity], left > 0 {
                remaining[identity] = left - 1
                suppressed += 1
            } else {
                if identity.rule == Self.movedRule { unmatchedMoved.append((kept.count, identity)) }
                kept.append(diagnostic)
            }
        }
        if !unmatchedMoved.isEmpty {
            var byFilelessIdentity: [FindingIdentity: [FindingIdentity]] = [:]
            for entry in entries where entry.rule == Self.movedRule && (remaining[entry.identity] ?? 0) > 0 {
                var fileless = entry.identity
                fileless.file = nil
                byFilelessIdentity[fileless, default: []].append(entry.identity)
            }
            var dropped = Set<Int>()
            for (index, identity) in unmatchedMoved {
                var fileless = identity
                fileless.file = nil
                guard let candidates = byFilelessIdentity[fileless],
                      let match = candidates.first(where: { (remaining[$0] ?? 0) > 0 }) else { continue }
                remaining[match]! -= 1
                suppressed += 1
                dropped.insert(index)
            }
            if !dropped.isEmpty {
                kept = kept.indices.filter { !dropped.contains($0) }.map { kept[$0] }
            }
        }
        var stale: [Entry] = []
        for var entry in entries {
            let left = remaining[entry.identity] ?? 0
            if left > 0 {
                entry.count = left
                stale.append(entry)
            }
        }
        return (kept, suppressed, stale)
    }
}

/// What applying a baseline did, carried in `LintReport.baseline` for the reporters.
public struct BaselineOutcome: Hashable, Sendable {
    /// Findings the baseline suppressed.
    public var suppressed: Int
    /// Entries (with their unmatched counts) that no longer occur.
    public var stale: [Baseline.Entry]

    public init(suppressed: Int = 0, stale: [Baseline.Entry] = []) {
        self.suppressed = suppressed
        self.stale = stale
    }
}
