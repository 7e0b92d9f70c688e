/// Links to a file and line on the code host, as GitHub Actions describes the checkout:
/// `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/<path>#L<line>`, with `<path>`
/// relative to the repository root. The Markdown job summary and the HTML report link findings
/// this way when the variables are set.
public struct BlobLinks: Hashable, Sendable {
    public var server: String
    public var repository: String
    public var commit: String

    public init(server: String, repository: String, commit: String) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.repository = repository
        self.commit = commit
    }

    /// From `GITHUB_SERVER_URL`, `GITHUB_REPOSITORY` and `GITHUB_SHA`; `nil` unless all three are
    /// set, the server is an http(s) URL and the repository is `owner/name`.
    public init?(environment: [String: String]) {
        guard let server = environment["GITHUB_SERVER_URL"], server.hasPrefix("https://") || server.hasPrefix("http://"),
              // Nothing that could end a Markdown link or an HTML attribute.
              server.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && !"()<>\"'`\\|[]{}^".unicodeScalars.contains($0) }),
              let repository = environment["GITHUB_REPOSITORY"], repository.split(separator: "/").count == 2,
              let commit = environment["GITHUB_SHA"], !commit.isEmpty,
              commit.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit })
        else { return nil }
        self.init(server: server, repository: repository, commit: commit)
    }

    /// The URL of `path` (relative to the repository root, `/`-separated) at `line`.
    public func url(path: String, line: Int?) -> String {
        var url = server + "/" + SARIFReporter.percentEncoded(repository) + "/blob/" + commit + "/" + SARIFReporter.percentEncoded(path)
        if let line { url += "#L\(line)" }
        return url
    }
}
