/// The declarations of one Kotlin file: a collection of `KotlinDeclaration` values made when
/// read, over packed storage. A file of nothing but routes declares one per line, and every
/// file's declarations live until the routes are read: a `KotlinDeclaration` of its own was about
/// 200 bytes (its supertypes an array each), 370 with a parameter, more with a `title`
/// expression. This keeps a record of positions and flags; names, supertypes, parameter names
/// and types as interned ids; parameters as flat records; `title` and `subtitle` as positions and
/// a range of one array of their expressions' tokens; and the rare default values in a side table.
struct PackedKotlinDeclarations: RandomAccessCollection, Sendable, Equatable {
    private struct Record {
        var name: Int32
        /// `supertypes[supertypesEnd of the declaration before ..< supertypesEnd]` are its supertypes.
        var supertypesEnd: UInt32
        /// Likewise for `parameters`.
        var parametersEnd: UInt32
        var line: Int32
        var nameLine: Int32
        var nameColumn: Int32
        var modifiers: KotlinModifiers
        var kind: KotlinDeclaration.Kind
        var flags: UInt8
    }

    private static let typeParameters: UInt8 = 1, hasTitle: UInt8 = 2, hasSubtitle: UInt8 = 4

    private struct Parameter {
        var name: Int32
        var type: Int32
        var line: Int32
        var column: Int32
        var isProperty: Bool
        /// Its default value is in `defaults`.
        var hasDefault: Bool
    }

    /// A `title` or `subtitle`: a constructor parameter's name, or an expression's tokens.
    private struct Property {
        /// The parameter's name id; -1 for an expression.
        var parameter: Int32
        var line: Int32
        var column: Int32
        var records: Range<UInt32>
        var bytes: Range<UInt32>
    }

    /// The file every declaration here is in.
    let file: String
    private var records: [Record] = []
    private var names = KeyInterner(tableCapacity: 64)
    private var supertypes: [Int32] = []
    private var parameters: [Parameter] = []
    /// Default values by parameter index.
    private var defaults = SideTable<String>()
    private var titles = SideTable<Property>()
    private var subtitles = SideTable<Property>()
    /// The tokens of every `title` and `subtitle` expression, and the bytes they point into.
    private var expressionRecords: [KotlinTokenRecord] = []
    private var expressionBytes: [UInt8] = []
    /// The file's type uses (`KotlinTypeUse`), their names interned with the declarations': a
    /// class of routes with a parameter is one, and a set of them held a string and an array each.
    private var typeUseRecords: [(name: Int32, typesEnd: UInt32)] = []
    private var typeUseTypes: [Int32] = []

    init(file: String) { self.file = file }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    subscript(index: Int) -> KotlinDeclaration {
        let record = records[index]
        let title = record.flags & Self.hasTitle != 0 ? titles[index] : nil
        let subtitle = record.flags & Self.hasSubtitle != 0 ? subtitles[index] : nil
        func position(_ value: Int32?) -> Int? { value.flatMap { $0 < 0 ? nil : Int($0) } }
        return KotlinDeclaration(
            kind: record.kind, name: names.name(record.name), modifiers: record.modifiers, supertypes: supertypes(at: index),
            parameters: parameters(at: index), typeParameters: record.flags & Self.typeParameters != 0,
            title: title.map(source), subtitle: subtitle.map(source), file: file, line: Int(record.line),
            nameLine: Int(record.nameLine), nameColumn: Int(record.nameColumn),
            titleLine: position(title?.line), titleColumn: position(title?.column),
            subtitleLine: position(subtitle?.line), subtitleColumn: position(subtitle?.column))
    }

    // What the importer reads of every declaration, without making the rest of it.

    func name(at index: Int) -> String { names.name(records[index].name) }
    func kind(at index: Int) -> KotlinDeclaration.Kind { records[index].kind }
    func modifiers(at index: Int) -> KotlinModifiers { records[index].modifiers }
    func line(at index: Int) -> Int { Int(records[index].line) }
    func typeParameters(at index: Int) -> Bool { records[index].flags & Self.typeParameters != 0 }

    func supertypes(at index: Int) -> [String] {
        let start = index == 0 ? 0 : Int(records[index - 1].supertypesEnd)
        return supertypes[start ..< Int(records[index].supertypesEnd)].map(names.name)
    }

    func parameterCount(at index: Int) -> Int {
        Int(records[index].parametersEnd) - (index == 0 ? 0 : Int(records[index - 1].parametersEnd))
    }

    private func parameters(at index: Int) -> [KotlinParameter] {
        let start = index == 0 ? 0 : Int(records[index - 1].parametersEnd)
        return (start ..< Int(records[index].parametersEnd)).map { position in
            let parameter = parameters[position]
            return KotlinParameter(name: names.name(parameter.name), type: names.name(parameter.type),
                                   defaultValue: parameter.hasDefault ? defaults[position] : nil, isProperty: parameter.isProperty,
                                   line: Int(parameter.line), column: Int(parameter.column))
        }
    }

    private func source(_ property: Property) -> KotlinPropertySource {
        if property.parameter >= 0 { return .constructorParameter(names.name(property.parameter)) }
        let records = expressionRecords[Int(property.records.lowerBound) ..< Int(property.records.upperBound)].map { record in
            var rebased = record
            rebased.start -= property.bytes.lowerBound
            return rebased
        }
        return .expression(KotlinTokens(
            bytes: Array(expressionBytes[Int(property.bytes.lowerBound) ..< Int(property.bytes.upperBound)]), records: records))
    }

    static func == (a: Self, b: Self) -> Bool {
        a.file == b.file && a.elementsEqual(b) && a.typeUses.elementsEqual(b.typeUses)
    }

    /// The type uses, in the order they were appended.
    var typeUses: some RandomAccessCollection<KotlinTypeUse> {
        typeUseRecords.indices.lazy.map { index in
            let start = index == 0 ? 0 : Int(typeUseRecords[index - 1].typesEnd)
            return KotlinTypeUse(name: names.name(typeUseRecords[index].name),
                                 types: typeUseTypes[start ..< Int(typeUseRecords[index].typesEnd)].map(names.name))
        }
    }

    mutating func append(_ use: KotlinTypeUse) {
        typeUseTypes += use.types.map { intern($0) }
        typeUseRecords.append((intern(use.name), UInt32(typeUseTypes.count)))
    }

    mutating func append(_ declaration: KotlinDeclaration) {
        precondition(declaration.file == file, "a declaration of another file")
        let index = records.count
        supertypes += declaration.supertypes.map { intern($0) }
        for parameter in declaration.parameters {
            if let value = parameter.defaultValue { defaults.append(value, at: parameters.count) }
            parameters.append(Parameter(name: intern(parameter.name), type: intern(parameter.type), line: Int32(clamping: parameter.line),
                                        column: Int32(clamping: parameter.column), isProperty: parameter.isProperty,
                                        hasDefault: parameter.defaultValue != nil))
        }
        var flags: UInt8 = declaration.typeParameters ? Self.typeParameters : 0
        if let title = declaration.title {
            flags |= Self.hasTitle
            titles.append(property(title, declaration.titleLine, declaration.titleColumn), at: index)
        }
        if let subtitle = declaration.subtitle {
            flags |= Self.hasSubtitle
            subtitles.append(property(subtitle, declaration.subtitleLine, declaration.subtitleColumn), at: index)
        }
        records.append(Record(
            name: intern(declaration.name), supertypesEnd: UInt32(supertypes.count), parametersEnd: UInt32(parameters.count),
            line: Int32(clamping: declaration.line), nameLine: Int32(clamping: declaration.nameLine),
            nameColumn: Int32(clamping: declaration.nameColumn), modifiers: declaration.modifiers, kind: declaration.kind,
            flags: flags))
    }

    /// Sets the `title` and `subtitle` of declaration `index`, appended without them while its
    /// body was still to be read.
    mutating func setProperties(of index: Int, title: (KotlinPropertySource, Int, Int)?, subtitle: (KotlinPropertySource, Int, Int)?) {
        if let (source, line, column) = title {
            records[index].flags |= Self.hasTitle
            titles.append(property(source, line, column), at: index)
        }
        if let (source, line, column) = subtitle {
            records[index].flags |= Self.hasSubtitle
            subtitles.append(property(source, line, column), at: index)
        }
    }

    private mutating func intern(_ name: String) -> Int32 { names.intern(name) }

    private mutating func property(_ source: KotlinPropertySource, _ line: Int?, _ column: Int?) -> Property {
        let line = line.map { Int32(clamping: $0) } ?? -1, column = column.map { Int32(clamping: $0) } ?? -1
        switch source {
        case .constructorParameter(let name):
            return Property(parameter: intern(name), line: line, column: column, records: 0 ..< 0, bytes: 0 ..< 0)
        case .expression(let tokens):
            let records = UInt32(expressionRecords.count), bytes = UInt32(expressionBytes.count)
            expressionBytes += tokens.bytes
            expressionRecords += tokens.records.map { record in
                var rebased = record
                rebased.start += bytes
                return rebased
            }
            return Property(parameter: -1, line: line, column: column, records: records ..< UInt32(expressionRecords.count),
                            bytes: bytes ..< UInt32(expressionBytes.count))
        }
    }
}
