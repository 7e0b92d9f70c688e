/// The routes the Kotlin code declares, in declaration order: a collection of `KotlinRoute`
/// values made when read, over packed storage. A code base of nothing but route declarations
/// (`data object R1 : AppRoute`, 28 bytes) keeps about 50 bytes a route: a record of positions
/// and flags, its name once (interned); params as 24-byte records with interned names and types;
/// title and subtitle positions in side tables. A `KotlinRoute` of its own was hundreds.
public struct KotlinRoutes: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private struct Record {
        var name: Int32
        var file: UInt32
        var line: UInt32
        var column: UInt32
        /// `params[paramsEnd of the route before ..< paramsEnd]` are the route's params.
        var paramsEnd: UInt32
        var flags: UInt8
    }

    private static let isObject: UInt8 = 1, isTab: UInt8 = 2, hasTitle: UInt8 = 4, hasSubtitle: UInt8 = 8

    private var records: [Record] = []
    private var names = KeyInterner()
    /// The first route of each interned name, by name id: `route(named:)` without a scan.
    private var firstWithName: [Int32] = [-1]
    private var files = PackedFiles()
    private var params: [Param] = []
    /// Params' names and types: apart from the routes' names, which may be shared with the pushes.
    private var words = KeyInterner()
    /// Where the title and subtitle properties are declared, for the routes that have them.
    private var titles = SideTable<Position>()
    private var subtitles = SideTable<Position>()

    private struct Position {
        var file: UInt32
        var line: UInt32
        var column: UInt32
    }

    private struct Param {
        var name: Int32
        var type: Int32
        var position: Position
        var isOptional: Bool
    }

    public init() {}

    /// Routes to be appended in the order `names` interned them, each name's first route by name
    /// id in `firstWithName`: the hierarchy the routes were read from hands its names over instead
    /// of a second copy being made.
    init(names: KeyInterner, firstWithName: [Int32]) {
        self.names = names
        self.firstWithName = firstWithName
        // A route per name at most: no growing by copies.
        records.reserveCapacity(firstWithName.count)
    }

    /// Makes room for `count` more params in all: no growing by copies.
    mutating func reserveParams(_ count: Int) { params.reserveCapacity(params.count + count) }

    public init(_ routes: some Sequence<KotlinRoute>) {
        for route in routes { append(route) }
    }

    public init(arrayLiteral routes: KotlinRoute...) { self.init(routes) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(index: Int) -> KotlinRoute {
        let record = records[index]
        let start = index == 0 ? 0 : Int(records[index - 1].paramsEnd)
        return KotlinRoute(
            name: names.name(record.name), location: files.location(record.file, record.line, record.column),
            isObject: record.flags & Self.isObject != 0, isTab: record.flags & Self.isTab != 0,
            params: params[start ..< Int(record.paramsEnd)].map { param in
                KotlinRoute.Param(name: words.name(param.name), type: words.name(param.type), isOptional: param.isOptional,
                                  location: location(param.position))
            },
            title: record.flags & Self.hasTitle != 0 ? titles[index].map(location) : nil,
            subtitle: record.flags & Self.hasSubtitle != 0 ? subtitles[index].map(location) : nil)
    }

    private func location(_ position: Position) -> SourceLocation {
        files.location(position.file, position.line, position.column)
    }

    /// The name of route `index`, without making the rest of it.
    public func name(at index: Int) -> String { names.name(records[index].name) }

    /// The first route called `name`.
    public func route(named name: String) -> KotlinRoute? {
        var name = name
        let id = name.withUTF8 { names.lookup(0, $0) }
        guard let id, firstWithName[Int(id)] >= 0 else { return nil }
        return self[Int(firstWithName[Int(id)])]
    }

    public mutating func append(_ route: KotlinRoute) {
        let id = names.intern(route.name)
        while firstWithName.count <= Int(id) { firstWithName.append(-1) }
        if firstWithName[Int(id)] < 0 { firstWithName[Int(id)] = Int32(records.count) }
        precondition(firstWithName[Int(id)] <= Int32(records.count), "routes appended out of their names' order")
        let (file, line, column) = files.pack(route.location)
        func pack(_ location: SourceLocation) -> Position {
            let (file, line, column) = files.pack(location)
            return Position(file: file, line: line, column: column)
        }
        for param in route.params {
            params.append(Param(name: words.intern(param.name), type: words.intern(param.type), position: pack(param.location), isOptional: param.isOptional))
        }
        var flags: UInt8 = route.isObject ? Self.isObject : 0
        if route.isTab { flags |= Self.isTab }
        if let title = route.title {
            flags |= Self.hasTitle
            titles.append(pack(title), at: records.count)
        }
        if let subtitle = route.subtitle {
            flags |= Self.hasSubtitle
            subtitles.append(pack(subtitle), at: records.count)
        }
        records.append(Record(name: id, file: file, line: line, column: column, paramsEnd: UInt32(params.count), flags: flags))
    }
}

/// The files of packed positions: each path once, a position is its index and UInt32 line and column.
struct PackedFiles: Sendable {
    private var paths: [String] = []
    private var indices: [String: UInt32] = [:]
    /// The last file packed: positions come file by file.
    private var last: (path: String, index: UInt32)?

    mutating func pack(_ location: SourceLocation) -> (file: UInt32, line: UInt32, column: UInt32) {
        let file: UInt32
        if let last, last.path == location.file {
            file = last.index
        } else if let known = indices[location.file] {
            file = known
        } else {
            file = UInt32(paths.count)
            indices[location.file] = file
            paths.append(location.file)
        }
        last = (location.file, file)
        return (file, UInt32(clamping: location.line), UInt32(clamping: location.column))
    }

    func location(_ file: UInt32, _ line: UInt32, _ column: UInt32) -> SourceLocation {
        SourceLocation(file: paths[Int(file)], line: Int(line), column: Int(column))
    }
}

/// Values for a few of the elements of a packed collection, kept in element order (mostly
/// appended at the end; a declaration's properties may come after its nested ones') and found by
/// binary search: what most elements lack costs them nothing.
struct SideTable<Value: Sendable>: Sendable {
    private var elements: [UInt32] = []
    private var values: [Value] = []

    /// Sets the value of `element`: at the end when elements come in order, as they mostly do.
    mutating func append(_ value: Value, at element: Int) {
        let key = UInt32(element)
        guard let last = elements.last, last >= key else {
            elements.append(key)
            values.append(value)
            return
        }
        let index = position(of: element)
        if index < elements.count, elements[index] == key {
            values[index] = value
        } else {
            elements.insert(key, at: index)
            values.insert(value, at: index)
        }
    }

    /// The index in `elements` of `element`, or where it would go.
    private func position(of element: Int) -> Int {
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle] < UInt32(element) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    subscript(element: Int) -> Value? {
        let low = position(of: element)
        return low < elements.count && elements[low] == UInt32(element) ? values[low] : nil
    }
}
