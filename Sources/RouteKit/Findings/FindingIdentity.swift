/// What makes two findings the same finding from one run to the next: the rule, the file
/// (relative to the project's directory, `/`-separated), route, key, locale and message — never
/// the line, column or severity, so moving lines or changing a severity keeps it. Baselines key
/// on it; the fingerprints of SARIF and GitLab reports hash the same fields in the same order
/// (`Finding.fingerprintHash`). (`Finding`'s own `==` compares every field, position and
/// severity included: two findings at two places are two values, and one identity.)
public struct FindingIdentity: Hashable, Sendable {
    public var rule: String
    public var file: String?
    public var route: String?
    public var key: String?
    public var locale: String?
    public var message: String

    public init(rule: String, file: String? = nil, route: String? = nil, key: String? = nil,
                locale: String? = nil, message: String) {
        self.rule = rule
        self.file = file
        self.route = route
        self.key = key
        self.locale = locale
        self.message = message
    }

    /// The identity of `diagnostic`, its file made relative to `root` (the config's directory).
    public init(_ diagnostic: Finding, root: String) {
        self.init(
            rule: diagnostic.rule,
            file: FindingPlace(diagnostic).file.map { PathUtilities.relative($0, to: root) },
            route: diagnostic.route, key: diagnostic.key, locale: diagnostic.locale,
            message: diagnostic.message)
    }

    /// File first, so a baseline reads file by file; then rule, route, key, locale, message.
    var sortKey: [String] {
        [file ?? "", rule, route ?? "", key ?? "", locale ?? "", message]
    }
}

extension Finding {
    /// A finding's identity, the same on every checkout and from every working directory: rule,
    /// file relative to `root`, route, key, locale and message — never a line. Reports (JSON,
    /// SARIF) and baselines use it, so moving lines breaks neither.
    public func fingerprint(relativeTo root: String) -> String {
        let path = (file ?? location?.file).map { PathUtilities.relative($0, to: root) } ?? ""
        let identity = [rule, path, route ?? "", key ?? "", locale ?? "", message].joined(separator: "\u{1F}")
        return StableHash.hex(identity)
    }

    /// The stable hash of this finding's `FindingIdentity` (its fields in declaration order, rule
    /// first, separated by U+001F), with the relative path already worked out. Streamed: a
    /// batched finding's message is hashed in pieces, never made.
    func fingerprintHash(relativePath path: String) -> StableHash.Stream {
        var stream = StableHash.Stream()
        stream.addIdentityHead(rule: rule, path: path, route: route)
        stream.addIdentityTail(key: key, locale: locale) { stream in forEachMessagePiece { stream.add($0) } }
        return stream
    }
}

extension StableHash.Stream {
    /// The identity's fields up to the key: rule, path, route. A reporter that writes many
    /// findings sharing these (a batch) hashes them once and copies the stream.
    mutating func addIdentityHead(rule: String, path: String, route: String?) {
        add(rule)
        add(0x1F)
        add(path)
        add(0x1F)
        add(route ?? "")
        add(0x1F)
    }

    /// For a run of findings that differ only in their key (`Finding.keyRun`): the identity's
    /// bytes between the key and the message's key (0x1F, the locale, 0x1F, the message's
    /// prefix), made once per run; the message's suffix follows the key.
    static func identityBytesAfterKey(locale: String?, messagePrefix: String) -> [UInt8] {
        [0x1F] + Array((locale ?? "").utf8) + [0x1F] + Array(messagePrefix.utf8)
    }

    /// The identity's remaining fields: key, locale, and the message (fed by `message`).
    mutating func addIdentityTail(key: String?, locale: String?, message: (inout StableHash.Stream) -> Void) {
        add(key ?? "")
        add(0x1F)
        add(locale ?? "")
        add(0x1F)
        message(&self)
    }
}
