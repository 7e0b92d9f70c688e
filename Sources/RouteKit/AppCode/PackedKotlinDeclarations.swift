/// The declarations of one Kotlin file: a collection of `KotlinDeclaration` values made when
/// read, over packed storage. A file of nothing but routes (`data object R1 : AppRoute`, 28 bytes)
/// declares one per line, and every file's declarations live until the routes are read: a
/// `KotlinDeclaration` of its own was about 200 bytes (its supertypes an array each), this keeps
/// about 40 — a record of positions and flags, names and supertypes as interned ids, and the rare
/// payloads (parameters, `title` and `subtitle`) in a side table.
struct PackedKotlinDeclarations: RandomAccessCollection, Sendable, Equatable {
    private struct Record: Equatable {
        var name: Int32
        /// `supertypes[supertypesEnd of the declaration before ..< supertypesEnd]` are its supertypes.
        var supertypesEnd: UInt32
        var line: Int32
        var nameLine: Int32
        var nameColumn: Int32
        var modifiers: KotlinModifiers
        var kind: KotlinDeclaration.Kind
        var typeParameters: Bool
        var hasPayload: Bool
    }

    /// What few declarations have: parameters, a title or a subtitle, and where they are.
    private struct Payload: Sendable, Equatable {
        var parameters: [KotlinParameter]
        var title: KotlinPropertySource?
        var subtitle: KotlinPropertySource?
        var titleLine: Int?
        var titleColumn: Int?
        var subtitleLine: Int?
        var subtitleColumn: Int?
    }

    /// The file every declaration here is in.
    let file: String
    private var records: [Record] = []
    private var names = KeyInterner()
    private var supertypes: [Int32] = []
    private var payloads = SideTable<Payload>()

    init(file: String) { self.file = file }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    subscript(index: Int) -> KotlinDeclaration {
        let record = records[index]
        let payload = record.hasPayload ? payloads[index] : nil
        return KotlinDeclaration(
            kind: record.kind, name: names.name(record.name), modifiers: record.modifiers, supertypes: supertypes(at: index),
            parameters: payload?.parameters ?? [], typeParameters: record.typeParameters, title: payload?.title,
            subtitle: payload?.subtitle, file: file, line: Int(record.line), nameLine: Int(record.nameLine),
            nameColumn: Int(record.nameColumn), titleLine: payload?.titleLine, titleColumn: payload?.titleColumn,
            subtitleLine: payload?.subtitleLine, subtitleColumn: payload?.subtitleColumn)
    }

    // What the importer reads of every declaration, without making the rest of it.

    func name(at index: Int) -> String { names.name(records[index].name) }
    func kind(at index: Int) -> KotlinDeclaration.Kind { records[index].kind }
    func modifiers(at index: Int) -> KotlinModifiers { records[index].modifiers }
    func line(at index: Int) -> Int { Int(records[index].line) }
    func typeParameters(at index: Int) -> Bool { records[index].typeParameters }

    func supertypes(at index: Int) -> [String] {
        let start = index == 0 ? 0 : Int(records[index - 1].supertypesEnd)
        return supertypes[start ..< Int(records[index].supertypesEnd)].map(names.name)
    }

    static func == (a: Self, b: Self) -> Bool { a.file == b.file && a.elementsEqual(b) }

    mutating func append(_ declaration: KotlinDeclaration) {
        precondition(declaration.file == file, "a declaration of another file")
        func intern(_ name: String) -> Int32 {
            var name = name
            return name.withUTF8 { names.intern(0, $0) }
        }
        supertypes += declaration.supertypes.map(intern)
        let hasPayload = !declaration.parameters.isEmpty || declaration.title != nil || declaration.subtitle != nil
        if hasPayload {
            payloads.append(Payload(parameters: declaration.parameters, title: declaration.title, subtitle: declaration.subtitle,
                                    titleLine: declaration.titleLine, titleColumn: declaration.titleColumn,
                                    subtitleLine: declaration.subtitleLine, subtitleColumn: declaration.subtitleColumn),
                            at: records.count)
        }
        records.append(Record(
            name: intern(declaration.name), supertypesEnd: UInt32(supertypes.count), line: Int32(clamping: declaration.line),
            nameLine: Int32(clamping: declaration.nameLine), nameColumn: Int32(clamping: declaration.nameColumn),
            modifiers: declaration.modifiers, kind: declaration.kind, typeParameters: declaration.typeParameters,
            hasPayload: hasPayload))
    }
}
