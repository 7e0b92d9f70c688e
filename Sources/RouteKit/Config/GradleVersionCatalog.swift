import FoundationEssentials

/// Reads the Compose Multiplatform version from a Gradle version catalog
/// (`gradle/libs.versions.toml`): the version of the plugin `org.jetbrains.compose`, or of the
/// library `org.jetbrains.compose.components:components-resources`, directly or through
/// `version.ref`. A small reader of the TOML that version catalogs use (one `key = value` a line,
/// inline tables), not a TOML parser: anything else reads as "not found".
enum GradleVersionCatalog {
    static func composeVersion(in text: String) -> ComposeResourcesVersion? {
        var section = ""
        var versions: [String: String] = [:]
        var references: [String] = []
        var direct: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingWhitespace()
            // A `#` outside quotes starts a comment.
            var quoted = false
            if let hash = line.firstIndex(where: { character in
                if character == "\"" { quoted.toggle() }
                return character == "#" && !quoted
            }) {
                line = line[..<hash].trimmingWhitespace()
            }
            if line.hasPrefix("[") {
                section = line.trimmed(of: "[] ")
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingWhitespace().trimmed(of: "\"")
            let value = line[line.index(after: equals)...].trimmingWhitespace()
            switch section {
            case "versions":
                versions[key] = unquoted(value)
            case "plugins", "libraries":
                let isCompose = value.contains("\"org.jetbrains.compose\"")
                    || value.contains("org.jetbrains.compose.components:components-resources")
                    || (value.contains("\"org.jetbrains.compose.components\"") && value.contains("\"components-resources\""))
                guard isCompose else { continue }
                if let reference = field("version.ref", in: value) { references.append(reference) }
                if let version = field("version", in: value) { direct.append(version) }
                // `module:version` in one string.
                if let colon = value.firstRange(of: "components-resources:") {
                    direct.append(unquoted(String(value[colon.upperBound...].prefix { $0 != "\"" })))
                }
            default:
                continue
            }
        }
        for text in direct + references.compactMap({ versions[$0] }) {
            if let version = ComposeResourcesVersion(text) { return version }
        }
        // No plugin or library entry: the names projects give the version.
        for name in ["compose-multiplatform", "composeMultiplatform", "compose-plugin", "composePlugin", "jetbrains-compose", "jetbrainsCompose"] {
            if let text = versions[name], let version = ComposeResourcesVersion(text) { return version }
        }
        return nil
    }

    /// `field = "x"` inside an inline table `{ id = "…", version.ref = "x" }`.
    private static func field(_ name: String, in table: String) -> String? {
        var search = table[...]
        while let range = search.firstRange(of: name) {
            let before = range.lowerBound == table.startIndex ? " " : table[table.index(before: range.lowerBound)]
            let rest = table[range.upperBound...].drop { $0 == " " }
            if (before == " " || before == "{" || before == ","), rest.first == "=" {
                let value = rest.dropFirst().drop { $0 == " " }
                guard value.first == "\"" else { return nil }
                return String(value.dropFirst().prefix { $0 != "\"" })
            }
            search = table[range.upperBound...]
        }
        return nil
    }

    private static func unquoted(_ value: String) -> String {
        value.trimmed(of: "\" ")
    }

    /// The version in the nearest `gradle/libs.versions.toml` from `directory` up to `root`.
    static func composeVersion(near directory: String, root: String) -> ComposeResourcesVersion? {
        var current = directory
        while true {
            let candidate = PathUtilities.join(current, "gradle/libs.versions.toml")
            if case .success(let bytes) = InputFile.read(candidate, maxSize: 1 << 20) {
                if let version = composeVersion(in: String(decoding: bytes, as: UTF8.self)) { return version }
            }
            if current == root || current.count <= root.count || current == "/" { return nil }
            current = PathUtilities.directory(of: current)
        }
    }
}
