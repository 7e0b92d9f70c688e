/// The String Catalog reader over a whole document's nodes: what `XCStringsReader` streams, read
/// the plain way, as the oracle it is held to (`XCStringsReaderDifferentialTests`, the `xcstrings`
/// fuzz target). Every node of the file is held; repeats are found over the whole document; the
/// entries of `strings` are its members as the document reads them (the last of a name), each read
/// once, with the source language known. What the two share is how one entry becomes records
/// (`CatalogEntries`), though here every localization is decoded (`XCStringsDecoder`), none read
/// from its bytes; what this one leaves out is what streaming adds: nodes dropped per entry,
/// entry names told apart as they come, an entry given again dropped in place or by a second
/// reading, the source language assumed before it is known. (Before stop 42 this was the reader
/// itself, and the streaming one was held to it whole.)
enum XCStringsDocumentReader {
    static func read(bytes: [UInt8], path: String, baseLocale: String, limits: InputLimits) -> StringsReader.Result {
        let repeated = CatalogEntries.repeatedMembers(path, limits)
        let lone = CatalogEntries.loneSurrogates(path, limits)
        return bytes.withUnsafeBufferPointer { buffer -> StringsReader.Result in
            let doc: JSONDocument
            switch Result(catching: { () throws(NativeSyntaxError) in
                try JSONDocument.parse(buffer, maxDepth: limits.depth, maxNodes: limits.nodeCount * 4, outline: .stringCatalog)
            }) {
            case .failure(let error):
                let file = NativeStringsReader.emptyFile(path, [CatalogEntries.syntax(error.message, (error.line, error.column), path)],
                                                         byteCount: bytes.count)
                return StringsReader.Result(file: file, data: StringsFileData(path: path))
            case .success(let value): doc = value
            }
            CatalogEntries.report(doc, repeated: repeated, lone: lone, path)
            var entries: CatalogEntries
            if doc.kind(doc.root) == .object, let strings = doc.member(doc.root, "strings"), doc.kind(strings) == .object {
                let source = CatalogEntries.sourceLanguage(doc, members: doc.members(doc.root))?.value ?? baseLocale
                entries = CatalogEntries(path: path, baseLocale: baseLocale, replay: .init(occurrence: 0, dropped: .init(), source: source),
                                         repeated: repeated, arenaCapacity: buffer.count, localizationsFromBytes: false)
                entries.streamStarts(doc, key: strings - 1)
                for (key, value) in doc.members(strings) { entries.member(doc, key: key, value: value) }
            } else {
                entries = CatalogEntries(path: path, baseLocale: baseLocale, replay: nil, repeated: repeated, arenaCapacity: 0)
            }
            guard case .read(let data, let diagnostics) = entries.finish(doc) else {
                preconditionFailure("a reading with the source language known is never read again")
            }
            var file = NativeStringsReader.emptyFile(path, diagnostics, byteCount: bytes.count)
            file.nodeFindings = [repeated, lone].filter { !$0.isEmpty }
            return StringsReader.Result(file: file, data: data)
        }
    }
}
