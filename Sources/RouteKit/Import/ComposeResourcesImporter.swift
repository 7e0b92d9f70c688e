import FoundationEssentials


/// Imports Compose Multiplatform or Android string resources: every `values*/*.xml` under a
/// directory (searched recursively, several resource trees merged), one locale per qualifier.
public struct ComposeResourcesImporter: Sendable {
    /// Which text rules apply: chosen per resource tree, or forced for all.
    public enum FlavorChoice: String, Sendable, CaseIterable {
        /// Compose rules for trees under a `composeResources` directory, Android rules otherwise.
        case auto
        case android
        case compose
    }

    public var baseLocale: String
    public var flavor: FlavorChoice
    /// Larger files are refused (unreadable input).
    public var maxFileSize: Int

    public init(baseLocale: String = "en", flavor: FlavorChoice = .auto, maxFileSize: Int = 16 << 20) {
        self.baseLocale = baseLocale
        self.flavor = flavor
        self.maxFileSize = maxFileSize
    }

    /// Directories never searched: build outputs hold copies of the resources.
    static let ignoredDirectories: Set<String> = ["build", "node_modules", "Pods", "DerivedData"]

    /// A resource file found under the directory.
    struct Found {
        var path: String
        var display: String
        var qualifiers: AndroidValuesQualifiers
        var flavor: ResourceTextFlavor
    }

    // MARK: - Directory import

    public func importDirectory(_ directory: String) throws(ImportError) -> ImportedStrings {
        try importDirectories([directory])
    }

    /// Several resource trees merged, as the trees under one directory are; with more than one,
    /// files are shown with the directory they were found under.
    public func importDirectories(_ directories: [String]) throws(ImportError) -> ImportedStrings {
        var files: [(path: String, display: String)] = []
        for directory in directories {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw ImportError("cannot read \(directory): no such directory")
            }
            guard isDirectory else { throw ImportError("\(directory) is not a directory") }
            for (path, display) in Self.xmlFiles(under: directory) {
                files.append((path, directories.count == 1 ? display : PathUtilities.appending(directory, display)))
            }
        }
        let directory = directories.joined(separator: ", ")

        var result = ImportedStrings(source: directory, baseLocale: baseLocale)
        var found: [Found] = []
        var variantDirectories: [String: String] = [:]
        for (path, display) in files {
            let directoryPath = PathUtilities.directory(of: path)
            let directoryName = PathUtilities.lastComponent(directoryPath)
            guard let qualifiers = AndroidValuesQualifiers.parse(directoryName) else { continue }
            let displayDirectory = PathUtilities.directory(of: display)
            if case .variant(let text) = qualifiers {
                variantDirectories[displayDirectory.isEmpty ? directoryName : displayDirectory] = text
                continue
            }
            found.append(Found(path: path, display: display, qualifiers: qualifiers, flavor: flavorFor(directoryPath)))
        }
        for (directory, qualifiers) in variantDirectories.sorted(by: { $0.key < $1.key }) {
            result.notes.append(ImportNote(.skipped, file: directory,
                "qualifiers '\(qualifiers)' are a configuration variant, not a plain locale: not imported"))
        }
        var trees: [String: ResourceTextFlavor] = [:]
        for file in found {
            let tree = PathUtilities.directory(of: PathUtilities.directory(of: file.display))
            trees[tree.isEmpty ? "." : tree] = file.flavor
        }
        for (tree, flavor) in trees.sorted(by: { $0.key < $1.key }) {
            result.info.append("\(tree): " + (flavor == .compose
                ? "Compose Multiplatform text rules (whitespace and quotes kept as written)"
                : "Android text rules (quotes removed, whitespace collapsed)"))
        }
        guard !found.isEmpty else {
            throw ImportError("no string resources under \(directory): expected values*/strings.xml files")
        }

        // Key → (priority, file) of the value kept, per locale: a `values-en` file wins over the
        // default `values` when both map to the base locale; otherwise the first file wins.
        var kept: [String: [String: (priority: Int, file: String)]] = [:]
        for file in found {
            let locale: String
            let priority: Int
            switch file.qualifiers {
            case .base: (locale, priority) = (baseLocale, 0)
            case .locale(let tag): (locale, priority) = (tag, 1)
            case .variant: continue
            }
            let parsed = try parseFile(file.path, display: file.display, flavor: file.flavor)
            result.filesRead.append(file.display)
            result.notes += parsed.notes.map { note in
                var note = note
                note.locale = locale
                return note
            }
            result.touch(locale)
            for entry in parsed.entries {
                if let previous = kept[locale]?[entry.key] {
                    let existing = result.value(entry.key, locale: locale)
                    if priority > previous.priority {
                        result.notes.append(ImportNote(.note, file: file.display, locale: locale, key: entry.key,
                            "overrides the value from \(previous.file)"))
                    } else {
                        let same = existing == entry.value
                        result.notes.append(ImportNote(same ? .note : .skipped, file: file.display, line: entry.line,
                            locale: locale, key: entry.key,
                            same ? "also defined in \(previous.file) (same value)"
                                : "also defined in \(previous.file) with a different value: kept that one"))
                        continue
                    }
                }
                kept[locale, default: [:]][entry.key] = (priority, file.display)
                result.set(ImportedEntry(key: entry.key, value: entry.value, origin: "\(file.display):\(entry.line)"),
                    locale: locale)
            }
        }
        return result
    }

    private func flavorFor(_ valuesDirectory: String) -> ResourceTextFlavor {
        switch flavor {
        case .android: return .android
        case .compose: return .compose
        case .auto:
            return AndroidResources.flavor(forValuesDirectory: PathUtilities.normalize(valuesDirectory))
        }
    }

    /// `*.xml` files under `root` (sorted, no hidden or build directories, symbolic links to
    /// directories not followed), with their paths relative to `root` for display.
    static func xmlFiles(under root: String) -> [(path: String, display: String)] {
        let manager = FileManager.default
        var result: [(String, String)] = []
        var stack: [(path: String, display: String, depth: Int)] = [(root, "", 0)]
        while let (path, display, depth) = stack.popLast() {
            guard depth <= 48, let names = try? manager.contentsOfDirectory(atPath: path) else { continue }
            var subdirectories: [(String, String, Int)] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = PathUtilities.appending(path, name)
                let childDisplay = display.isEmpty ? name : display + "/" + name
                let type = (try? manager.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if !ignoredDirectories.contains(name) { subdirectories.append((child, childDisplay, depth + 1)) }
                } else if name.lowercased().hasSuffix(".xml") {
                    var isDirectory = false
                    if manager.fileExists(atPath: child, isDirectory: &isDirectory), !isDirectory {
                        result.append((child, childDisplay))
                    }
                }
            }
            stack += subdirectories.reversed()
        }
        // By path components, so `values/` comes before `values-de/`.
        return result.sorted {
            $0.1.split(separator: "/").lexicographicallyPrecedes($1.1.split(separator: "/"))
        }
    }

    // MARK: - One file

    public typealias ParsedFile = AndroidResources.ParsedFile

    func parseFile(_ path: String, display: String, flavor: ResourceTextFlavor) throws(ImportError) -> ParsedFile {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? UInt, size > maxFileSize {
                throw ImportError("\(display): file is larger than \(maxFileSize) bytes")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(display): \(error)")
        }
        return try Self.parse(data, display: display, flavor: flavor)
    }

    /// Parses the XML of one resource file, with the scanner that reads them in place.
    public static func parse(_ data: Data, display: String, flavor: ResourceTextFlavor) throws(ImportError) -> ParsedFile {
        let bytes = [UInt8](data)
        let scanned = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(NativeSyntaxError) in try AndroidResources.scan(buffer) }
        }
        let document: AndroidResources.Document
        switch scanned {
        case .success(let value): document = value
        case .failure(let error): throw ImportError("\(display):\(error.line):\(error.column): malformed XML: \(error.message)")
        }
        guard document.header.rootName == "resources" else {
            var parsed = ParsedFile()
            parsed.notes.append(ImportNote(.skipped, file: display,
                "root element is <\(document.header.rootName ?? "none")>, not <resources>: not a resource file"))
            return parsed
        }
        return AndroidResources.convert(document.resources, display: display, flavor: flavor)
    }
}
