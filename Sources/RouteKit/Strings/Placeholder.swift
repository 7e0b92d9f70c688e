/// A placeholder in a string value: named `%{name}` or printf-style `%s %d %1$s %2$d %@ %lld`.
public struct Placeholder: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case named(String)
        /// `position` is the explicit `n$` index, or nil for sequential (`%s`).
        case printf(position: Int?, conversion: Character)
    }

    public var kind: Kind
    /// The placeholder as written, e.g. `%1$s`.
    public var text: String
    /// Offset in Unicode scalars from the start of the value.
    public var offset: Int

    /// The printf type family used to compare translations: `%d` and `%lld` are both integers.
    public var typeFamily: String? {
        guard case .printf(_, let conversion) = kind else { return nil }
        switch conversion {
        case "d", "i", "u", "o", "x", "X": return "integer"
        case "f", "F", "e", "E", "g", "G", "a", "A": return "float"
        case "c", "C": return "character"
        case "s", "S", "@": return "object"
        case "p": return "pointer"
        default: return String(conversion)
        }
    }
}

/// Parses placeholders once per value. `%%` is a literal percent; a `%` that starts nothing
/// valid is plain text (translations often contain "50 %").
public enum PlaceholderParser {
    private static let conversions: Set<Unicode.Scalar> = ["d", "i", "u", "o", "x", "X", "f", "F", "e", "E", "g", "G",
                                                           "a", "A", "c", "C", "s", "S", "p", "@"]

    public static func parse(_ value: String) -> [Placeholder] {
        let scalars = Array(value.unicodeScalars)
        guard scalars.contains("%") else { return [] }
        var result: [Placeholder] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let start = index
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                index += 2
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "{",
               let close = scalars[(index + 2)...].firstIndex(of: "}"), close > index + 2 {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                if name.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
                    result.append(Placeholder(kind: .named(name), text: "%{\(name)}", offset: start))
                    index = close + 1
                    continue
                }
            }
            if let (placeholder, end) = printf(scalars, start) {
                result.append(placeholder)
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    /// `%` [n$] [flags] [width] [.precision] [length] conversion
    private static func printf(_ s: [Unicode.Scalar], _ start: Int) -> (Placeholder, Int)? {
        var i = start + 1
        func digits() -> Int? {
            var value = 0, any = false
            while i < s.count, let digit = s[i].properties.numericType != nil ? Int(String(s[i])) : nil, ("0"..."9").contains(s[i]) {
                value = value &* 10 &+ digit
                any = true
                i += 1
            }
            return any ? value : nil
        }
        var position: Int?
        let save = i
        if let number = digits(), i < s.count, s[i] == "$", number > 0 {
            position = number
            i += 1
        } else {
            i = save
        }
        // No space flag: "50 % off" is text in every language, not `% o`.
        while i < s.count, "-+#0'".unicodeScalars.contains(s[i]) { i += 1 }
        _ = digits()
        if i < s.count, s[i] == "." {
            i += 1
            _ = digits()
        }
        for length in ["ll", "hh", "l", "h", "q", "z", "t", "j", "L"] {
            let parts = Array(length.unicodeScalars)
            if i + parts.count <= s.count, Array(s[i..<(i + parts.count)]) == parts {
                i += parts.count
                break
            }
        }
        guard i < s.count, conversions.contains(s[i]) else { return nil }
        let text = String(String.UnicodeScalarView(s[start...i]))
        return (Placeholder(kind: .printf(position: position, conversion: Character(s[i])), text: text, offset: start), i + 1)
    }
}
