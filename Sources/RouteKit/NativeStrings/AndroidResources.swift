#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

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
        let header = try scan(bytes, limits: limits) { resources.append($0.resource) }
        return Document(header: header, resources: resources)
    }

    /// A `<string name="NAME">TEXT</string>` with nothing in its name or text to decode
    /// (`XMLScanner.plainStringElement`): its name is not empty, and has no reference.
    struct PlainString {
        var name: UnsafeBufferPointer<UInt8>
        var text: UnsafeBufferPointer<UInt8>
        var line: Int
        var column: Int
    }

    /// A `<plurals>` of items with only a `quantity`, each a distinct CLDR category, and texts
    /// without markup (`XMLScanner.plainPluralsElement`): its name is not empty, and has no
    /// reference.
    struct PlainPlurals {
        struct Item {
            var category: ImportPluralCategory
            /// As written: references (when `hasReference`) not yet decoded.
            var text: UnsafeBufferPointer<UInt8>
            var hasReference: Bool
            var line: Int
            var column: Int
        }

        var name: UnsafeBufferPointer<UInt8>
        var line: Int
        var column: Int
        /// In the order written (valid while the scanner's handler runs).
        var items: [Item]
    }

    /// A top-level element as the scanner closes it: its attributes still bytes of the file, the
    /// text of a `<string>` decoded of references but not yet a `String`. `resource` makes the
    /// `RawResource` the converter reads; reading in place takes the common case from the bytes.
    struct ScannedResource {
        let file: UnsafeBufferPointer<UInt8>
        var kind: RawResource.Kind
        /// The values of `name`, `translatable` and `product`, references not yet decoded.
        var name: Range<Int>?
        var translatable: Range<Int>?
        var product: Range<Int>?
        var line: Int
        var column: Int
        /// A `<string>`'s text (valid while the scanner's handler runs).
        var text: UnsafeBufferPointer<UInt8>
        var items: [RawResource.Item] = []
        var markup: Set<String> = []

        /// The name's bytes when it has no reference to decode.
        var plainName: UnsafeBufferPointer<UInt8>? {
            guard let name, memchr(file.baseAddress! + name.lowerBound, Int32(UInt8(ascii: "&")), name.count) == nil else { return nil }
            return UnsafeBufferPointer(rebasing: file[name])
        }

        var resource: RawResource {
            func value(_ range: Range<Int>?) -> String? { range.map { XMLScanner.value(of: $0, in: file) } }
            return RawResource(kind: kind, name: value(name), translatable: value(translatable), product: value(product),
                               line: line, column: column, text: String(decoding: text, as: UTF8.self), items: items, markup: markup)
        }
    }

    /// Scans the XML of one file, handing each top-level element to `resource` when it closes:
    /// no list of them is kept (a resource is some 150 bytes, an element of a one-line file 6).
    ///
    /// `plainStringsAtOnce`: a `<string name="…">text</string>` with nothing to decode, and a
    /// `<plurals>` of plain items, are read in one step (`XMLScanner.plainStringElement`,
    /// `plainPluralsElement`); off only for tests that hold that path to the element-by-element
    /// one. Such a string goes to `plainString` first, such plurals to `plainPlurals`, and either
    /// to `resource` only when that returns false (the default).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: InputLimits = .default, plainStringsAtOnce: Bool = true,
                     resource: (ScannedResource) -> Void,
                     plainString: (PlainString) -> Bool = { _ in false },
                     plainPlurals: (PlainPlurals) -> Bool = { _ in false }) throws(NativeSyntaxError) -> Header {
        var scanner = XMLScanner(bytes, maxDepth: limits.depth, maxElements: limits.nodeCount)
        try scanner.validateEncoding()
        var document = Header()
        var current: ScannedResource?
        var currentItem: RawResource.Item?
        /// The text of the current `<string>`.
        var stringText: [UInt8] = []
        /// The text of the current plural or array item until it is flushed (another element's
        /// text is dropped).
        var text: [UInt8] = []
        var pluralItems: [XMLScanner.PlainPluralItem] = []
        var plainItems: [PlainPlurals.Item] = []
        func flushText() {
            guard !text.isEmpty else { return }
            if currentItem != nil { currentItem!.text += String(decoding: text, as: UTF8.self) }
            text.removeAll(keepingCapacity: true)
        }
        let maxText = limits.scalarLength
        func checkLength(_ offset: Int, _ scanner: inout XMLScanner) throws(NativeSyntaxError) {
            if text.count + (currentItem?.text.utf8.count ?? stringText.count) > maxText {
                let (line, column) = scanner.position(offset)
                throw NativeSyntaxError("a text longer than \(maxText) bytes (limits.scalar-length)", line: line, column: column)
            }
        }
        func close(depth: Int) {
            // Moved out (`take`), not copied: a resource's arrays and set were retained and
            // released for every element closed.
            if depth == 3, let item = currentItem.take() {
                current?.items.append(item)
            } else if depth == 2, var closed = current.take() {
                stringText.withUnsafeBufferPointer { text in
                    closed.text = text
                    resource(closed)
                }
                stringText.removeAll(keepingCapacity: true)
            }
        }
        while true {
            if plainStringsAtOnce, current == nil, let plain = scanner.plainStringElement(maxText: maxText) {
                let (line, column) = scanner.position(plain.offset)
                let text = UnsafeBufferPointer(rebasing: bytes[plain.text])
                // Nothing to build or destroy for most strings (a resource's array and set were
                // released at each).
                if !plainString(PlainString(name: UnsafeBufferPointer(rebasing: bytes[plain.name]), text: text, line: line, column: column)) {
                    resource(ScannedResource(file: bytes, kind: .string, name: plain.name, line: line, column: column, text: text))
                }
                continue
            }
            if plainStringsAtOnce, current == nil, let plurals = scanner.plainPluralsElement(maxText: maxText, items: &pluralItems) {
                let (line, column) = scanner.position(plurals.offset)
                plainItems.removeAll(keepingCapacity: true)
                for item in pluralItems {
                    let (itemLine, itemColumn) = scanner.position(item.offset)
                    plainItems.append(PlainPlurals.Item(category: item.category, text: UnsafeBufferPointer(rebasing: bytes[item.text]),
                                                        hasReference: item.hasReference, line: itemLine, column: itemColumn))
                }
                let name = UnsafeBufferPointer(rebasing: bytes[plurals.name])
                if !plainPlurals(PlainPlurals(name: name, line: line, column: column, items: plainItems)) {
                    // As the scan would have made it: the items' texts decoded of references.
                    let items = zip(plainItems, pluralItems).map { plain, item in
                        text.removeAll(keepingCapacity: true)
                        scanner.appendText(item.text, into: &text)
                        return RawResource.Item(quantity: plain.category.rawValue, text: String(decoding: text, as: UTF8.self),
                                                line: plain.line, column: plain.column)
                    }
                    text.removeAll(keepingCapacity: true)
                    resource(ScannedResource(file: bytes, kind: .plurals, name: plurals.name, line: line, column: column,
                                             text: UnsafeBufferPointer(start: nil, count: 0), items: items))
                }
                continue
            }
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
                // A `<string>`'s own text goes straight to its buffer.
                if currentItem == nil && current!.kind == .string {
                    scanner.appendText(range, into: &stringText)
                } else {
                    scanner.appendText(range, into: &text)
                }
                try checkLength(range.lowerBound, &scanner)
            case .cdata(let range):
                guard current != nil else { continue }
                if currentItem == nil && current!.kind == .string {
                    scanner.appendLiteral(range, into: &stringText)
                } else {
                    scanner.appendLiteral(range, into: &text)
                }
                try checkLength(range.lowerBound, &scanner)
            case .start(let name, let selfClosing, let offset):
                flushText()
                // Depth after opening (a self-closing element opens and closes at once).
                let depth = scanner.depth + (selfClosing ? 1 : 0)
                func attribute(_ key: StaticString) -> Range<Int>? {
                    scanner.attributes.first { scanner.equals($0.name, key) }?.value
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
                    } else if scanner.equals(name, "item"), let type = attribute("type"), XMLScanner.value(of: type, in: bytes) == "string" {
                        kind = .string
                    } else {
                        kind = .other(scanner.string(name))
                    }
                    let (line, column) = scanner.position(offset)
                    current = ScannedResource(file: bytes, kind: kind, name: attribute("name"), translatable: attribute("translatable"),
                                              product: attribute("product"), line: line, column: column,
                                              text: UnsafeBufferPointer(start: nil, count: 0))
                default:
                    guard current != nil else { break }
                    if depth == 3, scanner.equals(name, "item"), current?.kind == .plurals || current?.kind == .stringArray {
                        let (line, column) = scanner.position(offset)
                        currentItem = RawResource.Item(quantity: attribute("quantity").map { XMLScanner.value(of: $0, in: bytes) },
                                                       line: line, column: column)
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
        /// Each name read, with the line that defines it (0: read, but skipped): a name defined
        /// again is skipped.
        private var names: Names
        private var ignoredKinds: [String: Int] = [:]
        /// Whether `names` is in use: from the first name looked up in it (a `convert`, or a
        /// name not as written in the file), it holds every name read before and since.
        private var lookingUp = false
        /// The names `names` makes room for when it comes into use.
        private let expectedNames: Int
        /// The first record of each name `checkDeferred` found defined again, in file order: the
        /// reader drops it with its forms (`RawItems.remove(recordsAt:)`).
        private(set) var droppedRecords: [Int] = []

        /// The names read, told apart by their bytes (no `String` each): in the file read when
        /// they are there as written, else in `bytes`. What a reader hands from one file's
        /// converter to the next (`takeNames`).
        struct Names {
            fileprivate var seen = KeyTable()
            fileprivate var bytes: [UInt8] = []
            /// Until `seen` is in use, the names `acceptPlain` takes on trust, as they lie in the
            /// file, each with the record made of it (a plural's forms follow it), told apart once
            /// the file is read (`checkDeferred`) by sorting their hashes. A look-up in `seen` between the scanning
            /// of each string, in a megabyte of slots, held the reading up (Compose's
            /// `strings.xml`: 13% of the lint).
            fileprivate var deferred: [DeferredName] = []
            fileprivate var sortKeys: [UInt64] = []
            fileprivate var sortScratch: [UInt64] = []

            var byteCount: Int { seen.byteCount + bytes.capacity + deferred.capacity * MemoryLayout<DeferredName>.stride }
        }

        fileprivate struct DeferredName {
            var start: Int32
            var length: Int32
            var line: Int32
            var record: Int32
        }

        /// The file read, whose names are compared where they lie (empty when not given).
        private let file: UnsafeBufferPointer<UInt8>

        /// `file`: the bytes read, whose size makes room for its names at once, in the table of
        /// `names` when given (an earlier file's converter's, emptied here).
        init(display: String, flavor: ResourceTextFlavor, keepUntranslatable: Bool, file: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0),
             reusing names: Names? = nil) {
            self.display = display
            self.flavor = flavor
            self.keepUntranslatable = keepUntranslatable
            self.file = file
            // A `<string name="…">…</string>` line is 60 bytes or more (the slots are written
            // when the table comes into use).
            self.names = names ?? Names()
            expectedNames = file.count / 64
            self.names.deferred.removeAll(keepingCapacity: true)
            self.names.deferred.reserveCapacity(expectedNames)
        }

        /// The names' buffers, for the next file's converter (this one is done).
        mutating func takeNames() -> Names {
            defer { names = Names() }
            return names
        }

        private mutating func note(_ kind: ImportNote.Kind, _ resource: RawResource, _ message: String) {
            notes.append(ImportNote(kind, file: display, line: resource.line, key: resource.name, message))
        }

        /// Gives `name` the line that defines it (0: read, not defined) and returns the line it
        /// had (nil: never read).
        private mutating func setLine(_ line: Int, of name: UnsafeBufferPointer<UInt8>) -> Int? {
            if !lookingUp { startLookingUp() }
            // A name as written (most) is compared where it lies in the file, never copied; a
            // decoded one is copied beside it (and dropped again when it was known).
            let offsetInFile = file.offset(of: name)
            let inFile = offsetInFile != nil
            let start = Int32(offsetInFile ?? names.bytes.count)
            if !inFile { names.bytes.append(contentsOf: name) }
            let earlier = names.bytes.withUnsafeBufferPointer {
                names.seen.update(start: start, length: Int32(name.count), inSecond: !inFile, hash: KeyHash.of(name),
                                  payload: UInt32(truncatingIfNeeded: line), in: KeyTable.Arenas(first: file, second: $0))
            }
            if earlier != nil, !inFile { names.bytes.removeSubrange(Int(start)...) }
            return earlier.map { Int($0) }
        }

        /// `names` in use, empty but for the names taken on trust so far, each checked in the
        /// order read as `acceptPlain` would have.
        private mutating func startLookingUp() {
            lookingUp = true
            names.seen.removeAll(expectedKeys: expectedNames)
            names.bytes.removeAll(keepingCapacity: true)
            var taken: [DeferredName] = []
            swap(&taken, &names.deferred)
            for name in taken {
                settle(name, definedAt: definedAgain(bytes(of: name), line: Int(name.line), setting: Int(name.line)), noted: true)
            }
            taken.removeAll(keepingCapacity: true)
            swap(&taken, &names.deferred)
        }

        private func bytes(of name: DeferredName) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: file[Int(name.start) ..< Int(name.start + name.length)])
        }

        /// Once the file is read: the names taken on trust, checked as `acceptPlain` would have
        /// checked them one by one. Sorted by hash (`RadixSort` by the top bits, then the few
        /// alike there by the whole hash), a name's repeats come next to it; the first of them in
        /// the file is its definition, the others are noted and dropped.
        mutating func checkDeferred() {
            guard !names.deferred.isEmpty else { return }
            // The buffers taken out while they are written, and given back for the next file.
            var taken: [DeferredName] = [], sortKeys: [UInt64] = []
            swap(&taken, &names.deferred)
            swap(&sortKeys, &names.sortKeys)
            defer {
                taken.removeAll(keepingCapacity: true)
                swap(&taken, &names.deferred)
                swap(&sortKeys, &names.sortKeys)
            }
            sortKeys.removeAll(keepingCapacity: true)
            for index in taken.indices { sortKeys.append(UInt64(KeyHash.of(bytes(of: taken[index]))) << 32 | UInt64(index)) }
            // A few hundred names (most files) sort whole, by hash then place, sooner than a
            // radix pass's thousands of buckets are counted.
            if sortKeys.count < 512 { sortKeys.sort() } else { RadixSort.sortByTopBits(&sortKeys, scratch: &names.sortScratch) }
            let sortedBits = UInt64(64 - RadixSort.sortedBits)
            // Each name's definition when it is defined again (-1: none), made at the first repeat.
            var definition: [Int32] = []
            sortKeys.withUnsafeMutableBufferPointer { keys in
                var run = 0
                while run < keys.count {
                    var end = run + 1
                    while end < keys.count, keys[end] >> sortedBits == keys[run] >> sortedBits { end += 1 }
                    guard end - run > 1 else {
                        run = end
                        continue
                    }
                    // Hashes alike in their top bits: by the whole hash, then in file order.
                    var alike = UnsafeMutableBufferPointer(rebasing: keys[run ..< end])
                    alike.sort()
                    var group = run
                    while group < end {
                        var groupEnd = group + 1
                        while groupEnd < end, keys[groupEnd] >> 32 == keys[group] >> 32 { groupEnd += 1 }
                        // One hash: the same names among them (each name's later ones marked at its first).
                        for first in group ..< groupEnd - 1 {
                            let a = Int(keys[first] & 0xFFFF_FFFF)
                            if !definition.isEmpty, definition[a] >= 0 { continue }
                            for later in first + 1 ..< groupEnd {
                                let b = Int(keys[later] & 0xFFFF_FFFF)
                                guard definition.isEmpty || definition[b] < 0, bytes(of: taken[a]).elementsEqual(bytes(of: taken[b])) else { continue }
                                if definition.isEmpty { definition = [Int32](repeating: -1, count: taken.count) }
                                definition[b] = Int32(a)
                            }
                        }
                        group = groupEnd
                    }
                    run = end
                }
            }
            for index in taken.indices {
                let first = definition.isEmpty || definition[index] < 0 ? nil : Int(taken[Int(definition[index])].line)
                settle(taken[index], definedAt: first, noted: false)
            }
        }

        /// A name taken on trust, once checked: defined at line `first` already, it is noted (unless
        /// `noted`) and its records dropped; else it is kept, noted if dotted, as `acceptPlain` does.
        private mutating func settle(_ name: DeferredName, definedAt first: Int?, noted: Bool) {
            guard let first else { return noteIfDotted(bytes(of: name), line: Int(name.line)) }
            if !noted { noteDefinedAgain(bytes(of: name), line: Int(name.line), first: first) }
            droppedRecords.append(Int(name.record))
        }

        private mutating func noteDefinedAgain(_ name: UnsafeBufferPointer<UInt8>, line: Int, first: Int) {
            notes.append(ImportNote(.skipped, file: display, line: line, key: String(decoding: name, as: UTF8.self),
                                    "defined again in this file (first at line \(first))"))
        }

        /// Gives `name` the line `setting` (0: read, not yet defined) unless it is defined already:
        /// then keeps that definition, notes this one as defined again and returns its line.
        private mutating func definedAgain(_ name: UnsafeBufferPointer<UInt8>, line: Int, setting: Int) -> Int? {
            guard let first = setLine(setting, of: name), first > 0 else { return nil }
            _ = setLine(first, of: name)
            noteDefinedAgain(name, line: line, first: first)
            return first
        }

        /// The common cases, read in place without a `RawResource`: a `<string>` whose only
        /// attribute is its `name` (`plainName`, not empty) and whose text has no markup, or a
        /// `PlainPlurals`; `convert` would make an entry of the name and the decoded text(s)
        /// (`AndroidResourceText.appendDecoded`). False when the name is defined already (noted,
        /// as `convert` notes it). A name as written in the file is taken on trust, and the
        /// records the caller makes of it (from `record` on) are dropped if `checkDeferred` finds
        /// it defined already.
        mutating func acceptPlain(name: UnsafeBufferPointer<UInt8>, line: Int, record: Int) -> Bool {
            if !lookingUp, let start = file.offset(of: name) {
                names.deferred.append(DeferredName(start: Int32(start), length: Int32(name.count), line: Int32(line), record: Int32(record)))
                return true
            }
            // One look-up: defined at once (the earlier definition kept when there is one).
            guard definedAgain(name, line: line, setting: line) == nil else { return false }
            noteIfDotted(name, line: line)
            return true
        }

        private mutating func noteIfDotted(_ name: UnsafeBufferPointer<UInt8>, line: Int) {
            // Bytes, not Foundation's `contains` (a locale-aware search, slow per string).
            guard memchr(name.baseAddress!, Int32(UInt8(ascii: ".")), name.count) != nil else { return }
            notes.append(ImportNote(.note, file: display, line: line, key: String(decoding: name, as: UTF8.self),
                                    "name contains '.', which nests keys in routekit"))
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
            var nameBytes = name
            if nameBytes.withUTF8({ definedAgain($0, line: resource.line, setting: 0) }) != nil { return nil }
            let value: ImportedValue
            // Room for every item at once (each growth rehashed the forms).
            var formPositions = [ImportPluralCategory: SourcePoint](minimumCapacity: resource.items.count)
            switch resource.kind {
            case .stringArray:
                note(.skipped, resource, "<string-array> is not supported by routekit")
                return nil
            case .other:
                return nil
            case .string:
                value = .text(decode(resource.text, markup: resource.markup, resource: resource))
            case .plurals:
                var forms = [ImportPluralCategory: String](minimumCapacity: resource.items.count)
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
            nameBytes.withUTF8 {
                noteIfDotted($0, line: resource.line)
                _ = setLine(resource.line, of: $0)
            }
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

extension AndroidResources {
    /// Every resource `scan` hands over (kind, attributes, place, text, items, markup) and how
    /// the scan ends, as text: what holds reading plain strings at once to reading them element
    /// by element (`PlainStringElementTests`, and the `xml` fuzz target on random input).
    static func scanTrace(_ bytes: [UInt8], atOnce: Bool, limits: InputLimits = .default) -> [String] {
        var seen: [String] = []
        let ending: String
        do {
            let header = try bytes.withUnsafeBufferPointer { buffer throws(NativeSyntaxError) in
                try AndroidResources.scan(buffer, limits: limits, plainStringsAtOnce: atOnce) { scanned in
                    let resource = scanned.resource
                    let items = resource.items.map { "\($0.quantity ?? "-")|\($0.text)|\($0.line):\($0.column)|\($0.markup.sorted())" }
                    seen.append("\(resource.kind.elementName) \(resource.name ?? "-") \(resource.translatable ?? "-") "
                        + "\(resource.product ?? "-") \(resource.line):\(resource.column) \(resource.text.debugDescription) "
                        + "\(items) \(resource.markup.sorted())")
                }
            }
            ending = "root \(header.rootName ?? "-") \(header.rootLine):\(header.rootColumn)"
        } catch {
            ending = "error \(error)"
        }
        return seen + [ending]
    }
}
