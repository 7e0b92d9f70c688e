/// One top-level element of a `<resources>` file, as the scanner saw it.
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
        var column: Int
        var markup: Set<String> = []
    }

    var kind: Kind
    var name: String?
    var translatable: String?
    var product: String?
    var line: Int
    var column: Int
    var text = ""
    var items: [Item] = []
    var markup: Set<String> = []
}

/// A `strings.xml` (Compose Multiplatform or Android resources) read into its resources, with
/// positions: the one reader behind `routekit import compose` and reading such files in place.
public enum AndroidResources {
    /// What a file says beside its resources.
    struct Header {
        var rootName: String?
        var rootLine = 1
        var rootColumn = 1
        var suppressions = Suppressions()
    }

    struct Document {
        var header = Header()
        var resources: [RawResource] = []
    }

    /// Scans the XML of one file into its resources. Well-formedness problems throw with their position.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: InputLimits = .default) throws(NativeSyntaxError) -> Document {
        var resources: [RawResource] = []
        let header = try scan(bytes, limits: limits) { resources.append($0) }
        return Document(header: header, resources: resources)
    }

    /// Scans the XML of one file, handing each top-level element to `resource` when it closes:
    /// no list of them is kept (a resource is some 150 bytes, an element of a one-line file 6).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: InputLimits = .default,
                     resource: (RawResource) -> Void) throws(NativeSyntaxError) -> Header {
        var scanner = XMLScanner(bytes, maxDepth: limits.depth, maxElements: limits.nodeCount)
        try scanner.validateEncoding()
        var document = Header()
        var current: RawResource?
        var currentItem: RawResource.Item?
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            let string = String(decoding: text, as: UTF8.self)
            if currentItem != nil {
                currentItem!.text += string
            } else if current?.kind == .string {
                current!.text += string
            }
            text.removeAll(keepingCapacity: true)
        }
        let maxText = limits.scalarLength
        func checkLength(_ offset: Int, _ scanner: inout XMLScanner) throws(NativeSyntaxError) {
            if text.count + (currentItem?.text.utf8.count ?? current?.text.utf8.count ?? 0) > maxText {
                let (line, column) = scanner.position(offset)
                throw NativeSyntaxError("a text longer than \(maxText) bytes (limits.scalar-length)", line: line, column: column)
            }
        }
        func close(depth: Int) {
            if depth == 3, let item = currentItem {
                current?.items.append(item)
                currentItem = nil
            } else if depth == 2, let closed = current {
                current = nil
                resource(closed)
            }
        }
        while true {
            let event = try scanner.next()
            switch event {
            case .endOfDocument:
                // The same comment reader as every input's (`<!-- routekit:disable-next-line id -->`).
                document.suppressions = Suppressions.scan(bytes, syntax: .xml)
                return document
            case .comment:
                continue
            case .text(let range):
                guard current != nil else { continue }
                scanner.appendText(range, into: &text)
                try checkLength(range.lowerBound, &scanner)
            case .cdata(let range):
                guard current != nil else { continue }
                scanner.appendLiteral(range, into: &text)
                try checkLength(range.lowerBound, &scanner)
            case .start(let name, let attributes, let selfClosing, let offset):
                flushText()
                // Depth after opening (a self-closing element opens and closes at once).
                let depth = scanner.depth + (selfClosing ? 1 : 0)
                func attribute(_ key: StaticString) -> String? {
                    attributes.first { scanner.equals($0.name, key) }.map { scanner.value($0) }
                }
                switch depth {
                case 1:
                    document.rootName = scanner.string(name)
                    (document.rootLine, document.rootColumn) = scanner.position(offset)
                case 2:
                    let kind: RawResource.Kind
                    if scanner.equals(name, "string") {
                        kind = .string
                    } else if scanner.equals(name, "plurals") {
                        kind = .plurals
                    } else if scanner.equals(name, "string-array") {
                        kind = .stringArray
                    } else if scanner.equals(name, "item"), attribute("type") == "string" {
                        kind = .string
                    } else {
                        kind = .other(scanner.string(name))
                    }
                    let (line, column) = scanner.position(offset)
                    current = RawResource(kind: kind, name: attribute("name"), translatable: attribute("translatable"),
                                          product: attribute("product"), line: line, column: column)
                default:
                    guard current != nil else { break }
                    if depth == 3, scanner.equals(name, "item"), current?.kind == .plurals || current?.kind == .stringArray {
                        let (line, column) = scanner.position(offset)
                        currentItem = RawResource.Item(quantity: attribute("quantity"), line: line, column: column)
                    } else if currentItem != nil {
                        currentItem!.markup.insert(scanner.string(name))
                    } else {
                        current!.markup.insert(scanner.string(name))
                    }
                }
                if selfClosing { close(depth: depth) }
            case .end:
                flushText()
                close(depth: scanner.depth + 1)
            }
        }
    }

    /// One file's strings, decoded with the text rules of `flavor`.
    public struct ParsedFile: Sendable {
        public struct Entry: Sendable, Equatable {
            public var key: String
            public var value: ImportedValue
            public var line: Int
            public var column: Int
            /// Per plural category: where its `<item>` is.
            public var formPositions: [ImportPluralCategory: SourcePoint] = [:]
            /// `translatable="false"`: kept in its own locale, not expected in others.
            public var translatable = true
        }

        public var entries: [Entry] = []
        public var notes: [ImportNote] = []
    }

    /// A line and column in a file.
    public struct SourcePoint: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }

    /// Turns the scanned resources into entries: names checked, `<plurals>` into plural maps,
    /// text decoded by `AndroidResourceText` (the one decoder of escapes, quotes and whitespace).
    /// `keepUntranslatable` is in-place reading: it keeps `translatable="false"` strings
    /// (flagged), which the importer leaves out, and skips the decoding notes only an import shows.
    static func convert(_ resources: [RawResource], display: String, flavor: ResourceTextFlavor,
                        keepUntranslatable: Bool = false) -> ParsedFile {
        var parsed = ParsedFile()
        var converter = Converter(display: display, flavor: flavor, keepUntranslatable: keepUntranslatable)
        for resource in resources {
            if let entry = converter.convert(resource) { parsed.entries.append(entry) }
        }
        parsed.notes = converter.finish()
        return parsed
    }

    /// `convert` one resource at a time, as the scanner closes them (reading in place keeps no
    /// list of resources or entries, only the records they become).
    struct Converter {
        let display: String
        let flavor: ResourceTextFlavor
        let keepUntranslatable: Bool
        private(set) var notes: [ImportNote] = []
        /// Each name read, at its line: a name defined again is skipped.
        private var seen: [String: Int] = [:]
        private var ignoredKinds: [String: Int] = [:]

        init(display: String, flavor: ResourceTextFlavor, keepUntranslatable: Bool) {
            self.display = display
            self.flavor = flavor
            self.keepUntranslatable = keepUntranslatable
        }

        private mutating func note(_ kind: ImportNote.Kind, _ resource: RawResource, _ message: String) {
            notes.append(ImportNote(kind, file: display, line: resource.line, key: resource.name, message))
        }

        private mutating func decode(_ raw: String, markup: Set<String>, resource: RawResource, form: String? = nil) -> String {
            let decoded = AndroidResourceText.decode(raw, flavor: flavor)
            // Reading in place reports only what was left out: the decoding notes are the import's.
            guard !keepUntranslatable else { return decoded.text }
            let prefix = form.map { "\($0): " } ?? ""
            for message in decoded.notes { note(.note, resource, prefix + message) }
            if !markup.isEmpty {
                let styling = markup.subtracting(["xliff:g"]).sorted()
                if !styling.isEmpty {
                    note(.note, resource, prefix + "inline markup " + styling.map { "<\($0)>" }.joined(separator: ", ")
                        + " removed; its text is kept")
                }
            }
            return decoded.text
        }

        /// The entry `resource` makes, or nil (a note says why, unless it is no string at all).
        mutating func convert(_ resource: RawResource) -> ParsedFile.Entry? {
            switch resource.kind {
            case .string, .plurals, .stringArray: break
            case .other(let name):
                ignoredKinds[name, default: 0] += 1
                return nil
            }
            guard let name = resource.name, !name.isEmpty else {
                note(.skipped, resource, "<\(resource.kind.elementName)> without a name")
                return nil
            }
            let translatable = resource.translatable != "false"
            if !translatable && !keepUntranslatable {
                note(.skipped, resource, "translatable=\"false\": not imported (add it by hand if a title uses it)")
                return nil
            }
            if let product = resource.product, product != "default" {
                note(.skipped, resource, "product=\"\(product)\" variant: only the default product is imported")
                return nil
            }
            if let line = seen[name] {
                note(.skipped, resource, "defined again in this file (first at line \(line))")
                return nil
            }
            let value: ImportedValue
            var formPositions: [ImportPluralCategory: SourcePoint] = [:]
            switch resource.kind {
            case .stringArray:
                note(.skipped, resource, "<string-array> is not supported by routekit")
                return nil
            case .other:
                return nil
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
                    formPositions[category] = SourcePoint(line: item.line, column: item.column)
                }
                guard !forms.isEmpty else {
                    note(.skipped, resource, "<plurals> without any <item quantity=…>")
                    return nil
                }
                if forms[.other] == nil { note(.note, resource, "plural has no 'other' form") }
                value = .plural(forms)
            }
            // Bytes, not Foundation's `contains` (a locale-aware search, slow per string).
            if name.utf8.contains(UInt8(ascii: ".")) {
                note(.note, resource, "name contains '.', which nests keys in routekit")
            }
            seen[name] = resource.line
            return ParsedFile.Entry(key: name, value: value, line: resource.line, column: resource.column,
                                    formPositions: formPositions, translatable: translatable)
        }

        /// The notes made since the last call (reading in place turns them into findings as it goes).
        mutating func takeNotes() -> [ImportNote] {
            guard !notes.isEmpty else { return [] }
            defer { notes = [] }
            return notes
        }

        /// The notes, with one for the elements that are no strings at all.
        mutating func finish() -> [ImportNote] {
            if !ignoredKinds.isEmpty {
                let list = ignoredKinds.sorted { $0.key < $1.key }.map { "\($0.value) <\($0.key)>" }.joined(separator: ", ")
                notes.append(ImportNote(.note, file: display, "ignored non-string resources: \(list)"))
            }
            return notes
        }
    }

    /// Which text rules apply to a `values*` directory: Compose under a `composeResources` tree,
    /// Android otherwise.
    static func flavor(forValuesDirectory valuesDirectory: String) -> ResourceTextFlavor {
        let tree = valuesDirectory.split(separator: "/").dropLast()
        return tree.contains("composeResources") ? .compose : .android
    }
}
