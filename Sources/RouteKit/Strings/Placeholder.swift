/// A placeholder in a string value: named `%{name}` or Ruby's `%<name>s` (with flags, width and
/// precision: `%<n>05.1f`), or printf-style `%s %d %1$s %2$d %@ %lld %,d %'d %#x %-10s %.2f`.
public struct Placeholder: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `%{name}` or `%<name>…`: filled by name (`spec` tells which of the two).
        case named(String)
        /// `position` is the explicit `n$` index, or nil for sequential (`%s`).
        case printf(position: Int?, conversion: Character)
    }

    public var kind: Kind
    /// The placeholder as written, e.g. `%1$s`.
    public var text: String
    /// Offset in Unicode scalars from the start of the value.
    public var offset: Int
    /// Flags, width, precision, length and conversion; nil for `%{name}`, which takes its value as is.
    public var spec: PrintfSpec?

    /// The printf type family used to compare translations: `%d` and `%lld` are both integers;
    /// nil for named placeholders, which are compared by name.
    public var typeFamily: String? {
        guard case .printf = kind, let spec else { return nil }
        return spec.typeFamily
    }
}

/// What follows the `%` (and `n$` or `<name>`) of a printf-style placeholder.
public struct PrintfSpec: Sendable, Hashable {
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `-`
        public static let leftAlign = Flags(rawValue: 1)
        /// `+`
        public static let plus = Flags(rawValue: 2)
        /// ` ` (Ruby's `%<n> d` only: in printf texts "50 % off" is text)
        public static let space = Flags(rawValue: 4)
        /// `#`
        public static let alternate = Flags(rawValue: 8)
        /// `0`
        public static let zeroPad = Flags(rawValue: 16)
        /// `'` (POSIX)
        public static let apostrophe = Flags(rawValue: 32)
        /// `,` (java.util.Formatter, Android)
        public static let comma = Flags(rawValue: 64)
        public static let grouping: Flags = [.apostrophe, .comma]
    }

    public var flags: Flags = []
    public var width: Int?
    public var precision: Int?
    /// The size in bits of an integer argument as the length modifier gives it (`%hhu` 8, `%hu` 16,
    /// `%u` 32, `%lu`/`%llu`/`%qu`/`%zu` 64): what an unsigned or hexadecimal conversion wraps at.
    public var integerBits: Int = 32
    /// The conversion character as a byte (`d`, `s`, `@`…); 0 for `%{name}`.
    public var conversion: UInt8 = 0

    /// The type family compared across translations. `%@` (an object) and `%s` (a C string on
    /// Apple platforms, which crashes when given an object) are different.
    public var typeFamily: String {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"): "integer"
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
             UInt8(ascii: "a"), UInt8(ascii: "A"): "float"
        case UInt8(ascii: "c"), UInt8(ascii: "C"): "character"
        case UInt8(ascii: "s"), UInt8(ascii: "S"): "string (%s)"
        case UInt8(ascii: "@"): "object (%@)"
        case UInt8(ascii: "p"): "pointer"
        default: String(UnicodeScalar(conversion))
        }
    }

    /// A small number per type family, for the byte-level comparison (`PlaceholderBytes`).
    var familyCode: Int {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"): 1
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
             UInt8(ascii: "a"), UInt8(ascii: "A"): 2
        case UInt8(ascii: "c"), UInt8(ascii: "C"): 3
        case UInt8(ascii: "s"), UInt8(ascii: "S"): 4
        case UInt8(ascii: "p"): 5
        case UInt8(ascii: "@"): 6
        default: 256 + Int(conversion)
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

/// Parses placeholders once per value — the one parser that lint and rendering share. `%%` is a
/// literal percent; a `%` that starts nothing valid is plain text (translations often contain "50 %").
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
        scan(b) { range, name, position, spec in
            while counted < range.lowerBound {
                if b[counted] & 0xC0 != 0x80 { scalarsBefore += 1 }
                counted += 1
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
            if let name {
                let name = String(decoding: UnsafeBufferPointer(rebasing: b[name]), as: UTF8.self)
                result.append(Placeholder(kind: .named(name), text: text, offset: scalarsBefore,
                                          spec: spec.conversion == 0 ? nil : spec))
            } else {
                result.append(Placeholder(kind: .printf(position: position, conversion: Character(Unicode.Scalar(spec.conversion))),
                                          text: text, offset: scalarsBefore, spec: spec))
            }
        }
        return result
    }

    /// False when `b` surely has no placeholder: every one starts with a `%`.
    @inline(__always)
    static func mayHavePlaceholders(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b) != nil
    }

    /// True when the text has a strftime directive that no printf placeholder spells (`%Y`, `%b`,
    /// `%H`, `%-m`…): a date format (Rails `date.formats`), where `%-d` is the unpadded day, not
    /// a printf `%d` with a stray flag.
    static func looksLikeStrftime(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while let found = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b, from: index) {
            var next = found + 1
            // strftime's own flags: `-` (no padding), `_`, `0`, `^`, `#`.
            while next < b.count, "-_0^#".utf8.contains(b[next]) { next += 1 }
            if next < b.count, strftimeOnly.contains(b[next]) { return true }
            index = max(next, found + 1)
            if index >= b.count { break }
        }
        return false
    }

    private static let strftimeOnly: Set<UInt8> = Set("YyBbmHIMSZzjklPUWVDTRrh".utf8)

    /// Calls `body(byte range as written, name bytes (named), position, spec)` for each
    /// placeholder, in order; `spec.conversion` is 0 for `%{name}`. Cheap on texts without any:
    /// the scan jumps from `%` to `%`.
    static func scan(_ b: UnsafeBufferPointer<UInt8>,
                     _ body: (Range<Int>, Range<Int>?, Int?, PrintfSpec) -> Void) {
        var index = 0
        while let found = next(b, from: &index) { body(found.range, found.name, found.position, found.spec) }
    }

    /// The placeholder that starts at `start` (where `scan` found one), without scanning the rest.
    static func placeholder(at start: Int, in b: UnsafeBufferPointer<UInt8>)
        -> (range: Range<Int>, name: Range<Int>?, position: Int?, spec: PrintfSpec)? {
        var index = start
        guard let found = next(b, from: &index), found.range.lowerBound == start else { return nil }
        return found
    }

    /// The first placeholder at or after `index`, which moves past it; nil when there is none.
    private static func next(_ b: UnsafeBufferPointer<UInt8>, from index: inout Int)
        -> (range: Range<Int>, name: Range<Int>?, position: Int?, spec: PrintfSpec)? {
        while index < b.count {
            guard let found = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b, from: index) else {
                index = b.count
                return nil
            }
            index = found
            let start = index
            if index + 1 < b.count, b[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            if index + 1 < b.count, b[index + 1] == UInt8(ascii: "{") || b[index + 1] == UInt8(ascii: "<") {
                let close = b[index + 1] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ">")
                if let end = b[(index + 2)...].firstIndex(of: close), end > index + 2,
                   isName(UnsafeBufferPointer(rebasing: b[(index + 2)..<end])) {
                    if close == UInt8(ascii: "}") {
                        index = end + 1
                        return (start..<(end + 1), (start + 2)..<end, nil, PrintfSpec())
                    }
                    // Ruby I18n's `%<name>` takes a sprintf format after it: `%<n>05.1f`.
                    if let (spec, specEnd) = printfSpec(b, end + 1, ruby: true) {
                        index = specEnd
                        return (start..<specEnd, (start + 2)..<end, nil, spec)
                    }
                }
            }
            if let (position, spec, end) = printf(b, start) {
                index = end
                return (start..<end, nil, position, spec)
            }
            index += 1
        }
        return nil
    }

    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    /// Ruby's `Kernel#format` conversions, as I18n's pattern accepts them.
    private static let rubyConversionBytes: Set<UInt8> = Set("bBdiouxXeEfgGcps".utf8)
    private static let lengths: [(bytes: [UInt8], bits: Int)] = [("ll", 64), ("hh", 8), ("l", 64), ("h", 16), ("q", 64),
                                                                  ("z", 64), ("t", 64), ("j", 64), ("L", 64)]
        .map { (Array($0.0.utf8), $0.1) }

    /// `%` [n$] spec → (position, spec, end)
    static func printf(_ s: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Int?, PrintfSpec, Int)? {
        var i = start + 1
        var position: Int?
        if let number = digits(s, &i), i < s.count, s[i] == UInt8(ascii: "$"), number > 0 {
            position = number
            i += 1
        } else {
            i = start + 1
        }
        guard let (spec, end) = printfSpec(s, i, ruby: false) else { return nil }
        return (position, spec, end)
    }

    private static func digits(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        var value = 0, any = false
        while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") {
            value = min(value &* 10 &+ Int(s[i] - UInt8(ascii: "0")), 1_000_000)
            any = true
            i += 1
        }
        return any ? value : nil
    }

    /// [flags] [width] [.precision] [length] conversion, from `i` → (spec, end). Ruby's `%<name>`
    /// takes a space flag and no length; in printf texts a space is no flag ("50 % off" is text
    /// in every language, not `% o`).
    static func printfSpec(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, ruby: Bool) -> (PrintfSpec, Int)? {
        var i = start
        var spec = PrintfSpec()
        flags: while i < s.count {
            switch s[i] {
            case UInt8(ascii: "-"): spec.flags.insert(.leftAlign)
            case UInt8(ascii: "+"): spec.flags.insert(.plus)
            case UInt8(ascii: "#"): spec.flags.insert(.alternate)
            case UInt8(ascii: "0"): spec.flags.insert(.zeroPad)
            case UInt8(ascii: "'"): spec.flags.insert(.apostrophe)
            case UInt8(ascii: ","): spec.flags.insert(.comma)
            case UInt8(ascii: " ") where ruby: spec.flags.insert(.space)
            default: break flags
            }
            i += 1
        }
        spec.width = digits(s, &i)
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            spec.precision = digits(s, &i) ?? 0
        }
        if !ruby {
            for length in lengths where i + length.bytes.count <= s.count {
                if s[i..<(i + length.bytes.count)].elementsEqual(length.bytes) {
                    i += length.bytes.count
                    spec.integerBits = length.bits
                    break
                }
            }
        }
        guard i < s.count, (ruby ? rubyConversionBytes : conversionBytes).contains(s[i]) else { return nil }
        spec.conversion = s[i]
        return (spec, i + 1)
    }
}
