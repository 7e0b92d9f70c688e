import Foundation

/// Fills a string's placeholders: `%{name}` (as is) and `%<name>…` (Ruby's format) from named args,
/// `%1$s`/`%s`/`%d`/`%@`/`%lld`/`%,d`/`%.2f`… from positional args (flags, width and precision as
/// printf and java.util.Formatter apply them, numbers with the locale's separators; see
/// `PrintfSpec.render`), `%%` as a literal percent.
public enum StringFormatter {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// First Strong Isolate … Pop Directional Isolate: keeps a user-supplied value's direction
    /// from reordering the text around it (a Hebrew name inside an English title).
    public static func isolated(_ value: String) -> String { "\u{2068}" + value + "\u{2069}" }

    /// - Parameters:
    ///   - allTexts: every form of the entry (for plurals), so an arg that only another form uses,
    ///     or `count` used to choose the form, is not "extra".
    ///   - locale: the locale the app formats numbers for (its decimal and grouping separators);
    ///     nil formats as CLDR root (`1,234.5`).
    public static func format(
        _ template: String, named: [String: String] = [:], positional: [String] = [],
        allTexts: [String]? = nil, isolate: Bool = false, key: String = "the string", locale: String? = nil
    ) -> Result<String, Failure> {
        // Most titles: no placeholder, no `%%`, no args. Nothing to fill or check.
        if named.isEmpty && positional.isEmpty && !template.utf8.contains(UInt8(ascii: "%")) { return .success(template) }
        let placeholders = PlaceholderParser.parse(template)
        var output = ""
        var positions = PrintfPositions()
        var cursor = template.unicodeScalars.startIndex
        let scalars = template.unicodeScalars
        func wrap(_ value: String) -> String { isolate ? isolated(value) : value }
        var symbols: NumberSymbols?
        func localSymbols() -> NumberSymbols {
            if let symbols { return symbols }
            let found = locale.map { NumberSymbols.for(locale: $0) } ?? .root
            symbols = found
            return found
        }
        for placeholder in placeholders {
            let start = scalars.index(scalars.startIndex, offsetBy: placeholder.offset)
            output += unescapePercents(String(scalars[cursor..<start]))
            cursor = scalars.index(start, offsetBy: placeholder.text.unicodeScalars.count)
            switch placeholder.kind {
            case .named(let name):
                guard let value = named[name] else {
                    return .failure(Failure(message: "\(key) needs a value for %{\(name)}"))
                }
                guard let spec = placeholder.spec else {
                    output += wrap(value)
                    continue
                }
                switch spec.render(value, ruby: true, symbols: .root) {
                case .success(let value): output += wrap(value)
                case .failure(let failure):
                    return .failure(Failure(message: "\(key): the value for \(placeholder.text) \(failure.message)"))
                }
            case .printf(let position, _):
                let index = positions.position(position)
                guard index <= positional.count else {
                    return .failure(Failure(message: "\(key) needs argument \(index) for \(placeholder.text), but \(positional.count) given"))
                }
                switch placeholder.spec!.render(positional[index - 1], ruby: false, symbols: localSymbols()) {
                case .success(let value): output += wrap(value)
                case .failure(let failure):
                    return .failure(Failure(message: "\(key): argument \(index) for \(placeholder.text) \(failure.message)"))
                }
            }
        }
        output += unescapePercents(String(scalars[cursor...]))
        // Extra args are mistakes too: a value that no form of the string shows.
        let signature = PlaceholderSignature(allTexts ?? [template])
        let usedNames = signature.named.union(allTexts == nil ? [] : ["count"])
        if let extra = named.keys.filter({ !usedNames.contains($0) }).sorted().first {
            return .failure(Failure(message: "\(key) has no %{\(extra)} placeholder"))
        }
        let maxPosition = signature.printf.keys.max() ?? 0
        if positional.count > maxPosition {
            return .failure(Failure(message: "\(key) takes \(maxPosition) positional argument\(maxPosition == 1 ? "" : "s"), but \(positional.count) given"))
        }
        return .success(output)
    }

    private static func unescapePercents(_ text: String) -> String {
        text.contains("%%") ? text.replacingOccurrences(of: "%%", with: "%") : text
    }
}
