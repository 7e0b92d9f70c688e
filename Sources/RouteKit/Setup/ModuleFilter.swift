/// The modules and source sets `init` leaves out unless asked (`--all-modules`): code and strings
/// that never reach the iOS app's native navigation — a backend, an admin web page, a desktop,
/// watch (Wear OS) or car app.
public enum ModuleFilter {
    /// A path component whose first word (split at `-`, `_` and camel case) is one of these is a
    /// module left out: `server`, `backend-api`, `wearApp`, `desktopApp`, `carApp`.
    static let excludedWords: Set<String> = ["server", "backend", "admin", "desktop", "wear", "car", "automotive", "tv"]
    /// Kotlin source sets that compile for those targets.
    static let excludedSourceSets: Set<String> = ["jsMain", "wasmJsMain", "desktopMain", "jvmMain", "serverMain"]

    /// The leading part of `path` (relative, `/`-separated) up to the component that puts it
    /// outside the iOS app, or nil when nothing does.
    public static func excludedPrefix(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.dropLast().enumerated() where isExcluded(String(part)) {
            return parts[...index].joined(separator: "/")
        }
        return nil
    }

    static func isExcluded(_ component: String) -> Bool {
        if excludedSourceSets.contains(component) { return true }
        guard let first = firstWord(component) else { return false }
        return excludedWords.contains(first)
    }

    /// `wearApp` → `wear`, `backend-api` → `backend`, `Server` → `server`, `cart` → `cart`.
    static func firstWord(_ component: String) -> String? {
        var word = ""
        for (index, character) in component.enumerated() {
            if character == "-" || character == "_" || character == "." { break }
            if index > 0, character.isUppercase { break }
            word.append(character)
        }
        return word.isEmpty ? nil : word.lowercased()
    }
}
