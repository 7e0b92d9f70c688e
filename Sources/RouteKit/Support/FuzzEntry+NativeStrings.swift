import FoundationEssentials

extension FuzzEntry {
    /// A `strings.xml`, read in place (as `values-de/strings.xml` of a Compose tree and as an
    /// Android `values/strings.xml`), merged into a table, and through the importer's path.
    /// Traps when the importer and the in-place reader disagree on whether the XML is well-formed,
    /// or when reading plain `<string>`s in one step hands over other resources than reading them
    /// element by element (its oracle). Returns the number of records read.
    @discardableResult
    public static func xml(_ bytes: [UInt8]) -> Int {
        let atOnce = AndroidResources.scanTrace(bytes, atOnce: true), byElement = AndroidResources.scanTrace(bytes, atOnce: false)
        if atOnce != byElement {
            preconditionFailure("plain strings read at once: \(atOnce); element by element: \(byElement)")
        }
        let compose = NativeStringsReader.read(bytes: bytes, path: "/fuzz/composeResources/values-de/strings.xml",
                                               format: .androidXML, baseLocale: "en", limits: .default)
        let android = NativeStringsReader.read(bytes: bytes, path: "/fuzz/res/values/strings.xml",
                                               format: .androidXML, baseLocale: "en", limits: .default)
        var files = [android.data, compose.data]
        _ = StringsLoader.merge(&files, baseLocale: "en")
        let imported = Result { () throws(ImportError) in
            try ComposeResourcesImporter.parse(Data(bytes), display: "fuzz", flavor: .android)
        }
        let syntaxError = android.file.diagnostics.contains { $0.rule == "xml-syntax" && !$0.message.hasPrefix("the root element") }
        if case .success = imported, syntaxError {
            preconditionFailure("the importer read XML that the in-place reader refused")
        }
        return android.data.items.count + compose.data.items.count
    }

    /// A String Catalog, read in place and merged, and through the importer's path. Traps when the
    /// streaming reader and the whole-document one (its oracle) read it differently, or when the
    /// parser's direct reading of string units makes other nodes than its general loop.
    /// Returns the number of records read.
    @discardableResult
    public static func xcstrings(_ bytes: [UInt8]) -> Int {
        if let difference = StringsRecordDump.catalogDifference(bytes) {
            preconditionFailure("the streaming String Catalog reader parts from the whole-document one:\n\(difference)")
        }
        let (direct, general) = bytes.withUnsafeBufferPointer { buffer in
            (JSONDocument.catalogParseSummary(buffer, readsUnitsDirectly: true), JSONDocument.catalogParseSummary(buffer, readsUnitsDirectly: false))
        }
        if direct != general {
            preconditionFailure("string units read directly: \(direct); by the general loop: \(general)")
        }
        let result = NativeStringsReader.read(bytes: bytes, path: "/fuzz/Localizable.xcstrings",
                                              format: .stringCatalog, baseLocale: "en", limits: .default)
        var files = [result.data]
        _ = StringsLoader.merge(&files, baseLocale: "en")
        _ = try? XCStringsImporter().importData(Data(bytes), display: "fuzz")
        return result.data.items.count
    }
}
