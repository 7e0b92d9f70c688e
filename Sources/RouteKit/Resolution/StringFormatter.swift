import Foundation

/// Fills a string's placeholders: `%{name}` from named args, `%1$s`/`%s`/`%d`/`%@`/`%lld`… from
/// positional args, `%%` as a literal percent.
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
    public static func format(
        _ template: String, named: [String: String] = [:], positional: [String] = [],
        allTexts: [String]? = nil, isolate: Bool = false, key: String = "the string"
    ) -> Result<String, Failure> {
        // Most titles: no placeholder, no `%%`, no args. Nothing to fill or check.
        if named.isEmpty && positional.isEmpty && !template.utf8.contains(UInt8(ascii: "%")) { return .success(template) }
        let placeholders = PlaceholderParser.parse(template)
        var output = ""
        var positions = PrintfPositions()
        var cursor = template.unicodeScalars.startIndex
        let scalars = template.unicodeScalars
        func wrap(_ value: String) -> String { isolate ? isolated(value) : value }
        for placeholder in placeholders {
            let start = scalars.index(scalars.startIndex, offsetBy: placeholder.offset)
            output += unescapePercents(String(scalars[cursor..<start]))
            cursor = scalars.index(start, offsetBy: placeholder.text.unicodeScalars.count)
            switch placeholder.kind {
            case .named(let name):
                guard let value = named[name] else {
                    return .failure(Failure(message: "\(key) needs a value for %{\(name)}"))
                }
                output += wrap(value)
            case .printf(let position, let conversion):
                let index = positions.position(position)
                guard index <= positional.count else {
                    return .failure(Failure(message: "\(key) needs argument \(index) for \(placeholder.text), but \(positional.count) given"))
                }
                switch render(positional[index - 1], conversion: conversion, spec: placeholder.text) {
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

    /// Renders one printf argument. Values arrive as text (from params, JSON or the command line).
    private static func render(_ value: String, conversion: Character, spec: String) -> Result<String, Failure> {
        // Drop the `n$` position; keep flags, width and precision.
        var format = spec
        if let dollar = format.firstIndex(of: "$") { format = "%" + format[format.index(after: dollar)...] }
        switch conversion {
        case "s", "S", "@":
            return .success(value)
        case "d", "i", "u":
            guard let number = Int64(value.trimmingCharacters(in: .whitespaces)) else {
                return .failure(Failure(message: "must be a whole number, got '\(value)'"))
            }
            let normalized = format.dropLast().replacingOccurrences(of: "ll", with: "").replacingOccurrences(of: "l", with: "")
                .replacingOccurrences(of: "h", with: "").replacingOccurrences(of: "q", with: "")
                .replacingOccurrences(of: "z", with: "").replacingOccurrences(of: "t", with: "").replacingOccurrences(of: "j", with: "")
            return .success(String(format: normalized + "lld", number))
        case "x", "X", "o":
            guard let number = Int64(value.trimmingCharacters(in: .whitespaces)) else {
                return .failure(Failure(message: "must be a whole number, got '\(value)'"))
            }
            return .success(String(format: "%ll" + String(conversion), number))
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let number = Double(value.trimmingCharacters(in: .whitespaces)) else {
                return .failure(Failure(message: "must be a number, got '\(value)'"))
            }
            let normalized = format.replacingOccurrences(of: "L", with: "").replacingOccurrences(of: "l", with: "")
            return .success(String(format: normalized, number))
        case "c", "C":
            return .success(String(value.prefix(1)))
        default:
            return .success(value)
        }
    }
}
