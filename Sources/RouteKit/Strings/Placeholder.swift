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

/// The argument a printf placeholder takes: its explicit `n$`, else the next of the sequential
/// ones (`%s %s` take 1 and 2), counted from 1 in each text.
struct PrintfPositions {
    private var sequential = 0

    mutating func position(_ explicit: Int?) -> Int {
        if let explicit { return explicit }
        sequential += 1
        return sequential
    }
}

/// Parses placeholders once per value. `%%` is a literal percent; a `%` that starts nothing
/// valid is plain text (translations often contain "50 %").
public enum PlaceholderParser {
    public static func parse(_ value: String) -> [Placeholder] {
        var value = value
        return value.withUTF8 { parse(bytes: $0) }
    }

    /// Works on UTF-8 bytes: every placeholder's syntax is ASCII (a `%{name}` may hold letters of
    /// any script); offsets are still counted in Unicode scalars.
    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> [Placeholder] {
        var result: [Placeholder] = []
        var counted = 0, scalarsBefore = 0
        scan(b) { range, name, position, conversion in
            while counted < range.lowerBound {
                if b[counted] & 0xC0 != 0x80 { scalarsBefore += 1 }
                counted += 1
            }
            if let name {
                let name = String(decoding: UnsafeBufferPointer(rebasing: b[name]), as: UTF8.self)
                result.append(Placeholder(kind: .named(name), text: "%{\(name)}", offset: scalarsBefore))
            } else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
                result.append(Placeholder(kind: .printf(position: position, conversion: Character(Unicode.Scalar(conversion))),
                                          text: text, offset: scalarsBefore))
            }
        }
        return result
    }

    /// False when `b` surely has no placeholder: every one starts with a `%`.
    @inline(__always)
    static func mayHavePlaceholders(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b) != nil
    }

    /// Calls `body(byte range as written, name bytes (named), position, conversion)` for each
    /// placeholder, in order. Cheap on texts without any: the scan jumps from `%` to `%`.
    static func scan(_ b: UnsafeBufferPointer<UInt8>,
                     _ body: (Range<Int>, Range<Int>?, Int?, UInt8) -> Void) {
        var index = 0
        while index < b.count {
            guard let found = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b, from: index) else { return }
            index = found
            let start = index
            if index + 1 < b.count, b[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            if index + 1 < b.count, b[index + 1] == UInt8(ascii: "{"),
               let close = b[(index + 2)...].firstIndex(of: UInt8(ascii: "}")), close > index + 2 {
                let nameBytes = UnsafeBufferPointer(rebasing: b[(index + 2)..<close])
                if isName(nameBytes) {
                    body(start..<(close + 1), (index + 2)..<close, nil, 0)
                    index = close + 1
                    continue
                }
            }
            if let (position, conversion, end) = printf(b, start) {
                body(start..<end, nil, position, conversion)
                index = end
                continue
            }
            index += 1
        }
    }

    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                continue
            case 0x80...:
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
                    $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                }
            default:
                return false
            }
        }
        return true
    }

    private static let conversionBytes: Set<UInt8> = Set("diuoxXfFeEgGaAcCsSp@".utf8)
    private static let lengths: [[UInt8]] = ["ll", "hh", "l", "h", "q", "z", "t", "j", "L"].map { Array($0.utf8) }

    /// `%` [n$] [flags] [width] [.precision] [length] conversion → (position, conversion, end)
    private static func printf(_ s: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Int?, UInt8, Int)? {
        var i = start + 1
        func digits() -> Int? {
            var value = 0, any = false
            while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") {
                value = value &* 10 &+ Int(s[i] - UInt8(ascii: "0"))
                any = true
                i += 1
            }
            return any ? value : nil
        }
        var position: Int?
        let save = i
        if let number = digits(), i < s.count, s[i] == UInt8(ascii: "$"), number > 0 {
            position = number
            i += 1
        } else {
            i = save
        }
        // No space flag: "50 % off" is text in every language, not `% o`.
        while i < s.count, "-+#0'".utf8.contains(s[i]) { i += 1 }
        _ = digits()
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            _ = digits()
        }
        for length in lengths where i + length.count <= s.count {
            if s[i..<(i + length.count)].elementsEqual(length) {
                i += length.count
                break
            }
        }
        guard i < s.count, conversionBytes.contains(s[i]) else { return nil }
        return (position, s[i], i + 1)
    }
}
