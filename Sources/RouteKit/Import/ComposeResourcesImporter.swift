import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw ImportError("cannot read \(directory): no such directory")
            }
            guard isDirectory.boolValue else { throw ImportError("\(directory) is not a directory") }
            for (path, display) in Self.xmlFiles(under: directory) {
                files.append((path, directories.count == 1 ? display : (directory as NSString).appendingPathComponent(display)))
            }
        }
        let directory = directories.joined(separator: ", ")

        var result = ImportedStrings(source: directory, baseLocale: baseLocale)
        var found: [Found] = []
        var variantDirectories: [String: String] = [:]
        for (path, display) in files {
            let directoryPath = (path as NSString).deletingLastPathComponent
            let directoryName = (directoryPath as NSString).lastPathComponent
            guard let qualifiers = AndroidValuesQualifiers.parse(directoryName) else { continue }
            let displayDirectory = (display as NSString).deletingLastPathComponent
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
            let tree = ((file.display as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
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
            let tree = (valuesDirectory as NSString).deletingLastPathComponent
            let components = (tree as NSString).standardizingPath.split(separator: "/")
            return components.contains("composeResources") ? .compose : .android
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
                let child = (path as NSString).appendingPathComponent(name)
                let childDisplay = display.isEmpty ? name : display + "/" + name
                let type = (try? manager.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if !ignoredDirectories.contains(name) { subdirectories.append((child, childDisplay, depth + 1)) }
                } else if name.lowercased().hasSuffix(".xml") {
                    var isDirectory: ObjCBool = false
                    if manager.fileExists(atPath: child, isDirectory: &isDirectory), !isDirectory.boolValue {
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

    /// One parsed resource file.
    public struct ParsedFile: Sendable {
        public struct Entry: Sendable, Equatable {
            public var key: String
            public var value: ImportedValue
            public var line: Int
        }

        public var entries: [Entry] = []
        public var notes: [ImportNote] = []
    }

    func parseFile(_ path: String, display: String, flavor: ResourceTextFlavor) throws(ImportError) -> ParsedFile {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? NSNumber, size.intValue > maxFileSize {
                throw ImportError("\(display): file is larger than \(maxFileSize) bytes")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(display): \(error.localizedDescription)")
        }
        return try Self.parse(data, display: display, flavor: flavor)
    }

    /// Parses the XML of one resource file.
    public static func parse(_ data: Data, display: String, flavor: ResourceTextFlavor) throws(ImportError) -> ParsedFile {
        // Entity declarations are refused: no expansion blow-up, no external entities.
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw ImportError("\(display): XML entity declarations are not supported")
        }
        let collector = ResourcesXMLCollector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        let ok = parser.parse()
        if !ok || collector.failure != nil {
            let failure = collector.failure
            let line = failure?.line ?? parser.lineNumber
            let column = failure?.column ?? parser.columnNumber
            let reason = failure?.message ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "parse error"
            throw ImportError("\(display):\(line):\(column): malformed XML: \(reason)")
        }
        guard collector.rootName == "resources" else {
            var parsed = ParsedFile()
            parsed.notes.append(ImportNote(.skipped, file: display,
                "root element is <\(collector.rootName ?? "none")>, not <resources>: not a resource file"))
            return parsed
        }
        return convert(collector.resources, display: display, flavor: flavor)
    }

    static func convert(_ resources: [RawResource], display: String, flavor: ResourceTextFlavor) -> ParsedFile {
        var parsed = ParsedFile()
        var seen: [String: Int] = [:]
        var ignoredKinds: [String: Int] = [:]
        func note(_ kind: ImportNote.Kind, _ resource: RawResource, _ message: String) {
            parsed.notes.append(ImportNote(kind, file: display, line: resource.line, key: resource.name, message))
        }
        func decode(_ raw: String, markup: Set<String>, resource: RawResource, form: String? = nil) -> String {
            let decoded = AndroidResourceText.decode(raw, flavor: flavor)
            let prefix = form.map { "\($0): " } ?? ""
            for message in decoded.notes { note(.note, resource, prefix + message) }
            let styling = markup.subtracting(["xliff:g"]).sorted()
            if !styling.isEmpty {
                note(.note, resource, prefix + "inline markup " + styling.map { "<\($0)>" }.joined(separator: ", ")
                    + " removed; its text is kept")
            }
            return decoded.text
        }
        for resource in resources {
            switch resource.kind {
            case .string, .plurals, .stringArray: break
            case .other(let name):
                ignoredKinds[name, default: 0] += 1
                continue
            }
            guard let name = resource.name, !name.isEmpty else {
                note(.skipped, resource, "<\(resource.kind.elementName)> without a name")
                continue
            }
            if resource.translatable == "false" {
                note(.skipped, resource, "translatable=\"false\": not imported (add it by hand if a title uses it)")
                continue
            }
            if let product = resource.product, product != "default" {
                note(.skipped, resource, "product=\"\(product)\" variant: only the default product is imported")
                continue
            }
            if let line = seen[name] {
                note(.skipped, resource, "defined again in this file (first at line \(line))")
                continue
            }
            let value: ImportedValue
            switch resource.kind {
            case .stringArray:
                note(.skipped, resource, "<string-array> is not supported by routekit")
                continue
            case .other:
                continue
            case .string:
                value = .text(decode(resource.text, markup: resource.markup, resource: resource))
            case .plurals:
                var forms: [ImportPluralCategory: String] = [:]
                for item in resource.items {
                    guard let quantity = item.quantity, let category = ImportPluralCategory(rawValue: quantity) else {
                        note(.skipped, resource, "plural item at line \(item.line) has quantity "
                            + (item.quantity.map { "'\($0)'" } ?? "missing") + ": not a CLDR category")
                        continue
                    }
                    if forms[category] != nil {
                        note(.skipped, resource, "plural form '\(quantity)' given twice: kept the first")
                        continue
                    }
                    forms[category] = decode(item.text, markup: item.markup, resource: resource, form: quantity)
                }
                guard !forms.isEmpty else {
                    note(.skipped, resource, "<plurals> without any <item quantity=…>")
                    continue
                }
                if forms[.other] == nil { note(.note, resource, "plural has no 'other' form") }
                value = .plural(forms)
            }
            if name.contains(".") {
                note(.note, resource, "name contains '.', which nests keys in routekit")
            }
            seen[name] = resource.line
            parsed.entries.append(ParsedFile.Entry(key: name, value: value, line: resource.line))
        }
        if !ignoredKinds.isEmpty {
            let list = ignoredKinds.sorted { $0.key < $1.key }.map { "\($0.value) <\($0.key)>" }.joined(separator: ", ")
            parsed.notes.append(ImportNote(.note, file: display, "ignored non-string resources: \(list)"))
        }
        return parsed
    }
}

/// One top-level element of a `<resources>` file, as the parser saw it.
struct RawResource {
    enum Kind: Equatable {
        case string, plurals, stringArray
        case other(String)

        var elementName: String {
            switch self {
            case .string: return "string"
            case .plurals: return "plurals"
            case .stringArray: return "string-array"
            case .other(let name): return name
            }
        }
    }

    struct Item {
        var quantity: String?
        var text = ""
        var line: Int
        var markup: Set<String> = []
    }

    var kind: Kind
    var name: String?
    var translatable: String?
    var product: String?
    var line: Int
    var text = ""
    var items: [Item] = []
    var markup: Set<String> = []
}

/// XMLParser delegate that collects the resources of one file.
final class ResourcesXMLCollector: NSObject, XMLParserDelegate {
    var rootName: String?
    var resources: [RawResource] = []
    var failure: (line: Int, column: Int, message: String)?
    private var depth = 0
    private var current: RawResource?
    private var currentItem: RawResource.Item?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        depth += 1
        switch depth {
        case 1:
            rootName = elementName
        case 2:
            let kind: RawResource.Kind
            switch elementName {
            case "string": kind = .string
            case "plurals": kind = .plurals
            case "string-array": kind = .stringArray
            case "item" where attributes["type"] == "string": kind = .string
            default: kind = .other(elementName)
            }
            current = RawResource(
                kind: kind, name: attributes["name"], translatable: attributes["translatable"],
                product: attributes["product"], line: parser.lineNumber)
        default:
            guard current != nil else { return }
            if depth == 3, elementName == "item", current?.kind == .plurals || current?.kind == .stringArray {
                currentItem = RawResource.Item(quantity: attributes["quantity"], line: parser.lineNumber)
            } else if currentItem != nil {
                currentItem?.markup.insert(elementName)
            } else {
                current?.markup.insert(elementName)
            }
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if depth == 3, let item = currentItem {
            current?.items.append(item)
            currentItem = nil
        } else if depth == 2, let resource = current {
            resources.append(resource)
            current = nil
        }
        depth -= 1
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { append(string) }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func append(_ text: String) {
        if currentItem != nil {
            currentItem?.text += text
        } else if depth >= 2, current?.kind == .string {
            current?.text += text
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil {
            failure = (parser.lineNumber, parser.columnNumber, parseError.localizedDescription)
        }
    }
}
