/// The decimal and grouping separators a locale writes numbers with (CLDR, `latn` digits): what
/// Android's `String.format(Locale, …)` and Apple's `String(format:locale:)` put into `%.2f`
/// (`3,14` in German) and `%,d` / `%'d` (`1.234.567`).
public struct NumberSymbols: Sendable, Hashable {
    public var decimal: String
    public var group: String
    /// The locale's default numbering system: `latn` (0–9) for most, `arab` for Arabic, `beng`…
    /// routekit writes Latin digits only, and refuses to format numbers for the others.
    public var numberingSystem: String = "latn"

    /// CLDR root: `1,234.5`.
    public static let root = NumberSymbols(decimal: ".", group: ",")

    /// Each symbol from the first locale along the CLDR chain (parentLocales, then truncation)
    /// that states it, else root's. A locale that is no tag formats as root.
    public static func `for`(locale: String) -> NumberSymbols {
        if let cached = cache[locale] { return cached }
        var decimal: String?, group: String?, system: String?
        if let tag = LocaleFallback.cachedCanonical(locale) {
            for element in LocaleFallback.cldrChain(for: tag) {
                guard let stated = CLDRData.numberSymbols[element.identifier] else { continue }
                decimal = decimal ?? stated.decimal
                group = group ?? stated.group
                system = system ?? stated.system
                if decimal != nil && group != nil && system != nil { break }
            }
        }
        // `th-u-nu-thai`: the numbering system the user asked for.
        if let extensions = LocaleTag.splittingExtensions(locale).extensions, let asked = LocaleTag.numberingSystem(inExtensions: extensions) {
            system = asked
        }
        let symbols = NumberSymbols(decimal: decimal ?? root.decimal, group: group ?? root.group,
                                    numberingSystem: system ?? root.numberingSystem)
        cache[locale] = symbols
        return symbols
    }

    private static let cache = LocaleCache<String, NumberSymbols>()
}

extension CLDRData {
    /// Locale → the symbols and numbering system it states itself (nil where it inherits).
    static let numberSymbols: [String: (decimal: String?, group: String?, system: String?)] = {
        var result: [String: (decimal: String?, group: String?, system: String?)] = [:]
        func symbol(_ field: String) -> String? {
            guard field != "-" else { return nil }
            var text = String.UnicodeScalarView()
            for part in field.split(separator: ".") {
                guard let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                text.append(scalar)
            }
            return String(text)
        }
        LineScanner.forEachLine(Generated.numberSymbols) { line in
            guard line.count == 4 else { return }
            let system = line.string(3)
            result[line.string(0)] = (symbol(line.string(1)), symbol(line.string(2)), system == "-" ? nil : system)
        }
        return result
    }()
}
