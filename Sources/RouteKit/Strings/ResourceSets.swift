/// Which resource set (module) each strings file belongs to. Each Compose module has its own
/// `Res`, each Android app or library its own `R`, each String Catalog is its own table: a key in
/// one never collides with, fills or is missing from another. Keys are checked per set
/// (duplicates, missing translations, placeholders); route titles resolve in the first set, the
/// app's own.
///
/// - `strings:` written as named sets (`strings: { shared: [...], wear: [...] }`): those sets.
/// - `strings:` as a list: one set per resource tree, in the order of their first file:
///   `…/composeResources` (a Compose module), the folder above `values*/` of any other
///   `strings.xml` (an Android `res/`), each `.xcstrings` file, and all YAML files together.
enum ResourceSets {
    struct Group {
        var name: String
        /// Indices into the paths given to `group`, in their order.
        var members: [Int]
    }

    /// The sets of `paths` (absolute, in config order); `namedSet[i]` is path i's named set, if
    /// the config names sets.
    static func group(_ paths: [String], root: String, names: [String], namedSet: [Int?]) -> [Group] {
        var groups: [Group] = []
        if !names.isEmpty {
            groups = names.map { Group(name: $0, members: []) }
            for (index, set) in namedSet.enumerated() { groups[set ?? 0].members.append(index) }
            return groups.filter { !$0.members.isEmpty }
        }
        var byKey: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            let (key, name) = tree(of: PathUtilities.relative(path, to: root))
            if let existing = byKey[key] {
                groups[existing].members.append(index)
            } else {
                byKey[key] = groups.count
                groups.append(Group(name: name, members: [index]))
            }
        }
        // Two trees of one module (`src/main/res` and `src/debug/res`) keep their paths as names.
        let counts = Dictionary(groups.map { ($0.name, 1) }, uniquingKeysWith: +)
        for index in groups.indices where counts[groups[index].name, default: 0] > 1 {
            groups[index].name = byKey.first { $0.value == index }?.key ?? groups[index].name
        }
        return groups
    }

    /// The resource tree of a strings file (relative path) and a short name for it: the module
    /// (the folder above `src/`), else the tree's own path.
    static func tree(of path: String) -> (key: String, name: String) {
        let parts = path.split(separator: "/").map(String.init)
        func module(upTo end: Int) -> String {
            let tree = parts[..<end].joined(separator: "/")
            if let src = parts[..<end].lastIndex(of: "src"), src > 0 { return parts[src - 1] }
            return tree.isEmpty ? "." : tree
        }
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") { return (path, path) }
        if lower.hasSuffix(".xml") {
            if let compose = parts.lastIndex(of: "composeResources") {
                return (parts[...compose].joined(separator: "/"), module(upTo: compose + 1))
            }
            // `…/res/values-de/strings.xml`: the tree is the folder above `values*`.
            let end = Swift.max(parts.count - 2, 0)
            return (parts[..<end].joined(separator: "/") + "/", module(upTo: end))
        }
        return ("", "strings")
    }
}
