/// Where a symbol is defined and used: the targets of go-to-definition and find-references.
struct SymbolPlaces {
    let project: Project
    /// A file's current text (the editor's, else the disk's), for finding uses in code.
    let textOf: (String) -> DocumentText?

    /// A key: its string in the base locale. A route: from the catalog, its Kotlin declaration;
    /// from anywhere else, its catalog entry. A tab: its root route's catalog entry.
    func definitions(of symbol: ProjectSymbol, from path: String) -> [SourceLocation] {
        switch symbol {
        case .key(let key):
            let base = project.config.baseLocale.value
            let inBase = project.stringSets.compactMap { $0.strings[base]?[key]?.keyLocation }
            return inBase.isEmpty ? Array(entries(of: key).prefix(1)) : inBase
        case .catalogKey:
            return project.appCode.stringCatalogFiles.map { SourceLocation(file: $0, line: 1, column: 1) }
        case .route(let name):
            let inCatalog = project.catalog.route(named: name).map(\.location)
            let declaration = project.appCode.kotlinRoute(named: name)?.location
            if project.catalog.files.contains(path) { return [declaration ?? inCatalog].compactMap { $0 } }
            return [inCatalog ?? declaration].compactMap { $0 }
        case .tab(let index):
            let tab = project.appCode.tabs[index]
            let route = tab.rootCandidates.lazy.compactMap { self.project.catalog.route(named: $0.value) }.first
            return [route?.location ?? tab.location]
        }
    }

    /// Every place a symbol is written: a key's string in every locale and every use (catalog
    /// titles, pushes, `Res.string.KEY` in Kotlin); a route's catalog entry, declaration, pushes
    /// and the routes naming it in `from:`.
    func references(of symbol: ProjectSymbol) -> [SourceLocation] {
        var places: [SourceLocation] = []
        switch symbol {
        case .key(let key):
            places += entries(of: key)
            for route in project.catalog.routes {
                for spec in [route.title, route.subtitle].compactMap({ $0 }) {
                    places += spec.keys.filter { $0.value == key }.map(\.location)
                }
            }
            places += uses(of: "Res.string." + key, in: project.appCode.kotlinFiles)
        case .catalogKey(let key):
            places += project.appCode.tabs.compactMap { $0.label?.value == key ? $0.label?.location : nil }
        case .route(let name):
            if let route = project.catalog.route(named: name) { places.append(route.location) }
            if let declaration = project.appCode.kotlinRoute(named: name) { places.append(declaration.location) }
            places += project.appCode.pushSites.filter { $0.route == name }.map(\.location)
            for route in project.catalog.routes { places += route.from.filter { $0.value == name }.map(\.location) }
        case .tab(let index):
            let tab = project.appCode.tabs[index]
            places.append(tab.location)
            if let label = tab.label { places.append(label.location) }
        }
        var seen: Set<SourceLocation> = []
        return places.filter { seen.insert($0).inserted }
    }

    /// The key's string in every locale of every resource set, base first.
    func entries(of key: String) -> [SourceLocation] {
        let base = project.config.baseLocale.value
        return project.stringSets.flatMap { set in
            ([base] + set.strings.locales.sorted().filter { $0 != base }).compactMap { set.strings[$0]?[key]?.keyLocation }
        }
    }

    /// Where `needle` is written as a whole name (not followed by a name character) in `files`.
    func uses(of needle: String, in files: [String]) -> [SourceLocation] {
        let pattern = Array(needle.utf8)
        var found: [SourceLocation] = []
        for file in files {
            guard let text = textOf(file) else { continue }
            let bytes = text.bytes
            guard bytes.count >= pattern.count, let first = pattern.first else { continue }
            var index = 0
            while index + pattern.count <= bytes.count {
                defer { index += 1 }
                guard bytes[index] == first, bytes[index ..< index + pattern.count].elementsEqual(pattern) else { continue }
                let after = index + pattern.count
                if after < bytes.count, Self.isNameByte(bytes[after]) { continue }
                let position = text.position(ofOffset: index + needle.utf8.count - needle.split(separator: ".").last!.utf8.count,
                                             encoding: .utf32)
                let start = position.character + 1
                found.append(SourceLocation(file: file, line: position.line + 1, column: start,
                                            endLine: position.line + 1, endColumn: start + needle.split(separator: ".").last!.unicodeScalars.count))
            }
        }
        return found
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte >= 0x80
    }
}
