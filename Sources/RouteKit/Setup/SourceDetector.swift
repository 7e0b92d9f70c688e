import FoundationEssentials

/// What `routekit init` proposes for `sources:`: the Kotlin source sets that declare a sealed
/// route interface (with the iOS-side source sets beside them) and the Swift app that has a
/// `TabView`, with its String Catalogs.
public struct DetectedSources: Sendable, Equatable {
    public var kotlin: [String] = []
    public var swift: [String] = []
    /// Modules left out (`ModuleFilter`): their paths up to the module, sorted.
    public var leftOut: [String] = []
    /// Named by the user (`init --route-interface`), written into `sources.kotlin`.
    public var routeInterface: String?
    public var tabInterface: String?

    public init() {}

    public var isEmpty: Bool { kotlin.isEmpty && swift.isEmpty }
}

/// Finds the app's code below a directory: a bounded walk that never follows symbolic links to
/// directories and reads only small `.kt` and `.swift` files, and only their text.
public enum SourceDetector {
    static let maxFileSize = 1 << 20
    /// Source sets that run on iOS, proposed beside the one that declares the routes.
    static let iosSourceSets = ["commonMain", "iosMain", "appleMain", "nativeMain"]

    public static func detect(root: String, allModules: Bool = true) -> DetectedSources {
        detect(root: root, walk: ProjectTreeWalk(root: root), allModules: allModules)
    }

    /// The sources among the files of a walk already made (init walks the tree once).
    public static func detect(root: String, walk: ProjectTreeWalk, allModules: Bool = true) -> DetectedSources {
        var kotlinFiles: [String] = []
        var swiftFiles: [String] = []
        var catalogs: [String] = []
        var leftOut = Set<String>()
        for file in walk.files {
            // A String Catalog is only named here (lint reads it under its own limits), at any size.
            guard !file.isLink, file.size <= maxFileSize || file.name.hasSuffix(".xcstrings") else { continue }
            let path = file.path
            guard path.hasSuffix(".kt") || path.hasSuffix(".swift") || path.hasSuffix(".xcstrings") else { continue }
            if !allModules, let prefix = ModuleFilter.excludedPrefix(of: path) {
                leftOut.insert(prefix)
                continue
            }
            if path.hasSuffix(".kt") { kotlinFiles.append(path) }
            else if path.hasSuffix(".swift") { swiftFiles.append(path) }
            else if path.hasSuffix(".xcstrings") { catalogs.append(path) }
        }
        var result = DetectedSources()
        result.leftOut = leftOut.sorted()
        for file in kotlinFiles where declaresSealedRoutes(PathUtilities.join(root, file)) {
            for glob in kotlinGlobs(for: file, root: root) where !result.kotlin.contains(glob) { result.kotlin.append(glob) }
        }
        // The app's Swift side: where SwiftUI draws the bars (a `TabView` or a navigation stack);
        // else the app that hosts the shared UI (`UIViewControllerRepresentable`, `@main`), so that
        // lint can say the app has no native navigation (`navigation-shape`).
        let texts = swiftFiles.map { text(PathUtilities.join(root, $0)) ?? "" }
        var appFiles = swiftFiles.indices.filter { index in SwiftSourceScanner.nativeContainers.contains { texts[index].contains($0) } }
        if appFiles.isEmpty, !kotlinFiles.isEmpty {
            appFiles = swiftFiles.indices.filter { texts[$0].contains("UIViewControllerRepresentable") || texts[$0].contains("@main") }
        }
        // Where some of them sit in an app folder with a String Catalog (as Xcode lays an app out),
        // that app is the one: files of packages beside it are the app's libraries.
        let roots = appFiles.map { (file: swiftFiles[$0], root: swiftAppRoot(for: swiftFiles[$0], catalogs: catalogs)) }
        let inApps = roots.filter { entry in catalogs.contains { $0.hasPrefix(entry.root.isEmpty ? "" : entry.root + "/") } }
        for (_, appRoot) in inApps.isEmpty ? roots : inApps {
            let prefix = appRoot.isEmpty ? "" : appRoot + "/"
            for glob in [prefix + "**/*.swift"] + (catalogs.contains { $0.hasPrefix(prefix) } ? [prefix + "**/*.xcstrings"] : [])
            where !result.swift.contains(glob) {
                result.swift.append(glob)
            }
        }
        return result
    }

    private static func text(_ path: String) -> String? {
        guard case .success(let bytes) = InputFile.read(path, maxSize: maxFileSize) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func contains(_ path: String, _ word: String) -> Bool {
        text(path)?.contains(word) ?? false
    }

    /// A sealed interface or class that something in the same file implements: a route hierarchy.
    static func declaresSealedRoutes(_ path: String) -> Bool {
        guard let source = text(path), source.contains("sealed ") else { return false }
        let scanner = KotlinDeclarationScanner(source, file: path)
        let sealed = Set(scanner.declarations.filter { $0.modifiers.contains("sealed") }.map(\.name))
        return scanner.declarations.contains { declaration in
            declaration.isConcrete && declaration.supertypes.contains(where: sealed.contains)
        }
    }

    /// `…/src/commonMain/kotlin/**/*.kt` for the file's source set, and the iOS-side source sets
    /// beside it that exist; the file's directory when it is not in a `src/<set>/kotlin` tree.
    static func kotlinGlobs(for file: String, root: String) -> [String] {
        let parts = file.split(separator: "/").map(String.init)
        guard let kotlin = parts.lastIndex(of: "kotlin"), kotlin >= 2, parts[kotlin - 2] == "src" else {
            let directory = PathUtilities.directory(of: file)
            return [(directory.isEmpty ? "" : directory + "/") + "**/*.kt"]
        }
        let base = parts[..<(kotlin - 1)].joined(separator: "/")
        let own = parts[kotlin - 1]
        var sets = [own]
        for set in iosSourceSets where set != own && Glob.isDirectory(PathUtilities.join(root, base + "/" + set + "/kotlin"), followLinks: false) {
            sets.append(set)
        }
        return sets.map { base + "/" + $0 + "/kotlin/**/*.kt" }
    }

    /// The nearest ancestor of the file's directory that holds a String Catalog (the app's folder,
    /// as Xcode lays it out), else the file's directory.
    static func swiftAppRoot(for file: String, catalogs: [String]) -> String {
        var directory = PathUtilities.directory(of: file)
        let own = directory
        while !directory.isEmpty {
            let prefix = directory + "/"
            if catalogs.contains(where: { $0.hasPrefix(prefix) }) { return directory }
            directory = PathUtilities.directory(of: directory)
        }
        return own
    }
}
