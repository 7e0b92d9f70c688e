/// A base-locale key that a required locale can only get from another language. A regional
/// locale may inherit from its parent (en-GB from en-001 and en, es-MX from es-419 and es), and
/// config `fallbacks:` count as deliberate; falling back to the base locale does not.
struct MissingTranslation: LintRule {
    static let id = "missing-translation"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let project = context.project
        let strings = project.strings
        guard let base = strings.base else { return [] }
        let locales = context.requiredLocales.filter { $0 != strings.baseLocale }
        guard !locales.isEmpty else { return [] }
        let overrides = LocaleFallbackOverrides(project.config.fallbacks)
        // Keys a native file marks as not to be translated are expected in the base locale only.
        let untranslatable = strings.untranslatable
        @Sendable func isExpected(_ key: Int32) -> Bool {
            untranslatable.isEmpty || !untranslatable.contains(strings.keyName(key))
        }
        let expectedCount = strings.untranslatable.isEmpty ? base.count : base.entries.count { isExpected($0.key) }
        let sources = locales.map { Self.sources(for: $0, in: strings, overrides: overrides) }
        // Keys × locales can outgrow any input (a locale stub is four bytes): findings are
        // counted first, from the locales' own entries (never base keys × locales), and listed up
        // to `limits.findings`, locale by locale; one more finding counts the rest.
        let counts = Concurrent.map(count: locales.count) { index in
            strings[locales[index]]?.declarations.first == nil
                ? 1 : Self.missingCount(expected: expectedCount, base: base, sources: sources[index], isExpected: isExpected)
        }
        var allotted: [Int] = []
        var remaining = project.config.limits.findings
        for count in counts {
            allotted.append(min(count, remaining))
            remaining -= allotted.last!
        }
        let allowed = allotted
        let unlisted = zip(counts, allowed).reduce(0) { $0 + $1.0 - $1.1 }
        let listed = locales.indices.filter { allowed[$0] > 0 && strings[locales[$0]]?.declarations.first != nil }
        guard !listed.isEmpty else { return unlisted > 0 ? [overLimit(unlisted, project)] : [] }
        let indexes = sources.map { $0.map(\.slots) }
        // Each locale's listed keys: the first `allowed` of its missing keys in the order their
        // messages sort, as indices in `base.entries`, on all cores. A selection holds only
        // those (`limits.findings` in all), never every base key's name sorted: a thousand
        // findings listed of a million base keys cost a thousand keys, not 20 bytes a base key.
        var selected = Concurrent.map(count: locales.count) { index -> [Int32] in
            guard allowed[index] > 0, strings[locales[index]]?.declarations.first != nil else { return [] }
            var selection = KeyOrder.Selection(limit: allowed[index], of: strings.storage, before: UInt8(ascii: "'"))
            for entry in base.entries.indices {
                let key = base.entries.key(at: entry)
                if Self.isMissing(key, in: indexes[index]) && isExpected(key) { selection.offer(key, tag: Int32(entry)) }
            }
            return selection.tags
        }
        // Only keys listed somewhere are named (a String each, shared by every locale's run), so
        // memory follows the findings, not the base locale's size: each once, in base order, then
        // in message order by a stable sort (names Strings find equal stay in base order, as in
        // each selection). A key's item is its place in that order.
        let keys: FindingBatch.Keys
        // The items in the order of their entries in the base locale (see `appendInOrder`).
        var itemsInEntryOrder: [Int32] = []
        do {
            var listedEntries = Array(selected.joined())
            listedEntries.sort()
            var unique = 0
            for index in listedEntries.indices where unique == 0 || listedEntries[unique - 1] != listedEntries[index] {
                listedEntries[unique] = listedEntries[index]
                unique += 1
            }
            listedEntries.removeLast(listedEntries.count - unique)
            let order = KeyOrder.positions(listedEntries.map { base.entries.key(at: Int($0)) }, of: strings.storage, before: UInt8(ascii: "'"))
            var itemOf = [Int32](repeating: 0, count: order.count)
            for (item, position) in order.enumerated() { itemOf[Int(position)] = Int32(item) }
            // Each locale's entries become its items, in place, in message order (a binary search
            // each in `listedEntries`, ascending).
            for index in selected.indices where !selected[index].isEmpty {
                for place in selected[index].indices {
                    selected[index][place] = itemOf[Self.index(of: selected[index][place], in: listedEntries)]
                }
                selected[index].sort()
            }
            // Each key's findings are at its entry in the base locale (docs/GUIDE.md, "Where
            // findings are"): in a String Catalog, inside the key's own entry; in YAML and
            // strings.xml, the line that defines the key, since the translation file has none.
            // The place is the entry's file, line and column: 12 bytes a listed key.
            keys = FindingBatch.Keys(count: order.count, name: { strings.keyName(base.entries.key(at: Int(listedEntries[Int(order[$0])]))) },
                                     sortedBefore: "'", places: FindingBatch.KeyPlaces(base: base, entries: order.map { listedEntries[Int($0)] }))
            itemsInEntryOrder = itemOf
        }
        // A locale's findings are one batch: their messages are made only when a reporter asks.
        // One array of the findings' exact size (a finding is 16 bytes; a million may be listed).
        var found: [Finding] = []
        found.reserveCapacity(selected.reduce(locales.count + 1) { $0 + $1.count })
        var batches: [FindingBatch?] = Array(repeating: nil, count: locales.count)
        // The batches share their keys and prefix: each suffix is ranked once, for the linter's sort.
        let suffixes = locales.map { "' is missing in locale '\($0)': users see the '\(strings.baseLocale)' text" }
        let suffixRanks = Self.ranks(suffixes)
        for (index, locale) in locales.enumerated() where allowed[index] > 0 {
            guard let declaration = strings[locale]?.declarations.first else {
                let location = project.config.locales?.first { $0.value == locale }?.location
                found.append(finding("required locale '\(locale)' has no strings at all", at: location,
                                     file: project.config.path, locale: locale))
                continue
            }
            batches[index] = FindingBatch(rule: Self.id, location: declaration, locale: locale, messagePrefix: "'", keys: keys,
                                          messageSuffix: suffixes[index], suffixRank: suffixRanks[index])
        }
        Self.appendInOrder(keys: keys, itemsInEntryOrder: itemsInEntryOrder, batches: batches, selected: &selected, to: &found)
        if unlisted > 0 { found.append(overLimit(unlisted, project)) }
        return found
    }

    private func overLimit(_ unlisted: Int, _ project: Project) -> Finding {
        finding("\(unlisted) more missing translation(s) are not listed: over the limit of \(project.config.limits.findings) findings (limits.findings)",
                at: nil, file: project.config.path)
    }
}

extension MissingTranslation {
    /// Appends each locale's findings (`selected[locale]`: its items, ascending) in the order the
    /// linter sorts them, so its sort finds them sorted: key by key in the order of their places,
    /// and at a key, locale by locale in the order of their messages' suffixes (the messages agree
    /// up to there). Places are ordered by file (path order), then by entry: a file's entries
    /// come in the order of their lines (were they not, the linter would sort them). Each
    /// locale's list becomes the places' ranks in place, and the lists are merged: besides the
    /// findings, 8 bytes a key for a moment and 4 after, never a table by finding. Empties `selected`.
    static func appendInOrder(keys: FindingBatch.Keys, itemsInEntryOrder: [Int32], batches: [FindingBatch?],
                              selected: inout [[Int32]], to found: inout [Finding]) {
        guard let places = keys.places else { return }
        // Items in place order: by entry within a file, files in path order (a stable sort, only
        // when the files' runs of entries are not already in path order).
        var itemOrder = itemsInEntryOrder
        do {
            let pathRank: [Int32] = {
                let rank = Dictionary(Set(places.paths).sorted().enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
                return places.paths.map { rank[$0]! }
            }()
            var fileRank = itemOrder.map { pathRank[Int(places[Int($0)].file)] }
            if zip(fileRank, fileRank.dropFirst()).contains(where: { $0 > $1 }) {
                var positions = Array(0..<Int32(itemOrder.count))
                positions.sort { (fileRank[Int($0)], $0) < (fileRank[Int($1)], $1) }
                itemOrder = positions.map { itemOrder[Int($0)] }
            }
            fileRank = []
        }
        do {
            var rank = [Int32](repeating: 0, count: itemOrder.count)
            for (position, item) in itemOrder.enumerated() { rank[Int(item)] = Int32(position) }
            for index in batches.indices where batches[index] != nil && !selected[index].isEmpty {
                for place in selected[index].indices { selected[index][place] = rank[Int(selected[index][place])] }
                selected[index].sort()
            }
        }
        // The merge: a heap of the locales' next ranks, ties in suffix order.
        let localeOrder = batches.indices.filter { batches[$0] != nil && !selected[$0].isEmpty }.sorted { left, right in
            batches[left]!.messageAroundKey.suffix < batches[right]!.messageAroundKey.suffix
        }
        // Each heap entry is a locale's next rank and its position in `localeOrder`, in one
        // integer (rank high): entries compare as integers, and every entry is distinct.
        var cursor = [Int](repeating: 0, count: localeOrder.count)
        func entry(_ position: Int) -> UInt64 {
            UInt64(UInt32(selected[localeOrder[position]][cursor[position]])) << 32 | UInt64(position)
        }
        var heap = localeOrder.indices.map(entry)
        for start in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(&heap, start) }
        while let top = heap.first {
            let position = Int(top & 0xFFFF_FFFF), rank = Int(top >> 32)
            let locale = localeOrder[position]
            found.append(Finding(batches[locale]!, item: Int(itemOrder[rank]), severity: .error))
            cursor[position] += 1
            if cursor[position] < selected[locale].count {
                heap[0] = entry(position)
            } else {
                selected[locale] = []
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if heap.count > 1 { siftDown(&heap, 0) }
        }
    }

    /// Restores the heap order (least first) below `start`.
    private static func siftDown(_ heap: inout [UInt64], _ start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var parent = start
            let value = heap[parent]
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { break }
                let child = left + 1 < heap.count && heap[left + 1] < heap[left] ? left + 1 : left
                guard heap[child] < value else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = value
        }
    }

    /// The rank of each value among the distinct values, in sorted order.
    private static func ranks(_ values: [String]) -> [Int32] {
        let rank = Dictionary(Set(values).sorted().enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        return values.map { rank[$0]! }
    }

    /// The locales whose strings count as `locale`'s own: its fallback chain, without the base
    /// locale unless that is the same language. The HTML report's completion uses them too.
    static func sources(for locale: String, in strings: StringTable, overrides: LocaleFallbackOverrides) -> [LocaleStrings] {
        let chain = LocaleFallback.chain(for: locale, overrides: overrides)
        return (chain.isEmpty ? [locale] : chain).filter { $0 != strings.baseLocale || LocaleFallback.sameLanguage($0, locale) }
            .compactMap { strings[$0] }
    }

    /// The index of `value` in `sorted` (ascending, containing it).
    static func index(of value: Int32, in sorted: [Int32]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// True when no source (by its key index) defines the base key `key`.
    @inline(__always)
    static func isMissing(_ key: Int32, in indexes: [KeyIndex]) -> Bool {
        // `contains(where:)` lends each index; a `for` loop would copy it (two retains a key).
        !indexes.contains(where: { $0[key] != 0 })
    }

    /// How many of the `expected` base keys (those `isExpected` accepts) no source defines,
    /// counted over the sources' entries: a thousand locale stubs against a million base keys
    /// take a thousand lookups, not a billion.
    static func missingCount(expected: Int, base: LocaleStrings, sources: [LocaleStrings], isExpected: (Int32) -> Bool) -> Int {
        var present = 0
        for (index, source) in sources.enumerated() {
            for entry in source.entries where base.contains(entry.key) && isExpected(entry.key)
                && !sources[..<index].contains(where: { $0.contains(entry.key) }) {
                present += 1
            }
        }
        return expected - present
    }
}

extension LocaleFallback {
    /// True when both tags have the same language subtag (after canonicalizing).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleTag.canonical(a), let right = LocaleTag.canonical(b) else { return a == b }
        return left.language == right.language
    }
}
