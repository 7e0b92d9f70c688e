#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How the text of a `<string>` or plural `<item>` becomes the runtime string.
public enum ResourceTextFlavor: String, Sendable, CaseIterable {
    /// Android's aapt2: escapes `\' \" \n \t \@ \? \\ \uXXXX`, double quotes keep whitespace and
    /// are removed, unquoted whitespace runs collapse to one space and are trimmed at both ends.
    case android
    /// Compose Multiplatform resources: the text as written, with only `\n`, `\t`, `\uXXXX` and
    /// `\\` decoded; whitespace and quotes are kept as they are.
    case compose
}

/// Decoding of resource text, after the XML parser has resolved entities and CDATA.
public enum AndroidResourceText {
    public struct Decoded: Sendable, Equatable {
        public var text: String
        /// Things worth telling the user (each once).
        public var notes: [String]
    }

    public static func decode(_ raw: String, flavor: ResourceTextFlavor) -> Decoded {
        // Most strings have nothing to decode: they are returned as they are, without the
        // per-scalar pass (this is what keeps reading 50 MB of strings.xml fast).
        if isPlain(raw, flavor: flavor) { return Decoded(text: raw, notes: []) }
        switch flavor {
        case .android: return decodeAndroid(raw)
        case .compose: return decodeCompose(raw)
        }
    }

    /// True when decoding would return `raw` unchanged and say nothing: no backslash; for
    /// Android also no quote or apostrophe, no leading `@`/`?`, and only single spaces between
    /// words; for Compose no whitespace at either end.
    static func isPlain(_ raw: String, flavor: ResourceTextFlavor) -> Bool {
        raw.utf8.withContiguousStorageIfAvailable { isPlain($0, flavor: flavor) } ?? false
    }

    /// `isPlain` over the UTF-8 bytes of a text.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, flavor: ResourceTextFlavor) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        let space = UInt8(ascii: " ")
        func isWhite(_ byte: UInt8) -> Bool { byte == space || (byte >= 0x09 && byte <= 0x0D) }
        if isWhite(first) || isWhite(last) { return false }
        switch flavor {
        case .compose:
            return memchr(bytes.baseAddress!, Int32(UInt8(ascii: "\\")), bytes.count) == nil
        case .android:
            if first == UInt8(ascii: "@") || first == UInt8(ascii: "?") { return false }
            var previousSpace = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x09 ... 0x0D: return false
                case space:
                    if previousSpace { return false }
                    previousSpace = true
                default:
                    previousSpace = false
                }
            }
            return true
        }
    }

    /// True when the runtime text of `bytes` is `bytes` (what `appendDecoded` writes), notes
    /// aside: `isPlain`, or for Compose any text whose backslashes it keeps as written (before
    /// `'`, `"`, `@`, `?` or any byte but `\\`, `n`, `t` and `u`, or at the end), as in
    /// `Don\'t`, which `isPlain` sends to the decoder for its note.
    static func decodesUnchanged(_ bytes: UnsafeBufferPointer<UInt8>, flavor: ResourceTextFlavor) -> Bool {
        guard flavor == .compose else { return isPlain(bytes, flavor: flavor) }
        guard let base = bytes.baseAddress else { return true }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\\")), bytes.count - from) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard at + 1 < bytes.count else { return true }
            switch bytes[at + 1] {
            case UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "u"): return false
            default: from = at + 1
            }
        }
        return true
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}"
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": return c.value - 0x30
        case "a"..."f": return c.value - 0x61 + 10
        case "A"..."F": return c.value - 0x41 + 10
        default: return nil
        }
    }

    /// Reads up to `maxDigits` hex digits at `start`; returns the value and how many were read.
    private static func readHex(_ scalars: [Unicode.Scalar], at start: Int, maxDigits: Int) -> (UInt32, Int) {
        var value: UInt32 = 0
        var count = 0
        while count < maxDigits, start + count < scalars.count, let digit = hexValue(scalars[start + count]) {
            value = value * 16 + digit
            count += 1
        }
        return (value, count)
    }

    private static func decodeAndroid(_ raw: String) -> Decoded {
        let scalars = Array(raw.unicodeScalars)
        var out = String.UnicodeScalarView()
        var notes: [String] = []
        func note(_ text: String) { if !notes.contains(text) { notes.append(text) } }
        var quoted = false
        var pendingSpace = false
        func flushSpace() {
            if pendingSpace && !out.isEmpty { out.append(" ") }
            pendingSpace = false
        }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" {
                guard i + 1 < scalars.count else {
                    note("a trailing backslash was dropped")
                    break
                }
                flushSpace()
                let escaped = scalars[i + 1]
                i += 2
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "#", "@", "?", "\"", "'", "\\": out.append(escaped)
                case "u":
                    let (value, digits) = readHex(scalars, at: i, maxDigits: 4)
                    i += digits
                    if digits == 0 {
                        note("\\u without hex digits was dropped")
                    } else if let decoded = Unicode.Scalar(value) {
                        if digits < 4 { note("short escape \\u with \(digits) hex digit(s)") }
                        out.append(decoded)
                    } else {
                        note("\\u escape of a surrogate was replaced by U+FFFD")
                        out.append("\u{FFFD}")
                    }
                default:
                    note("unknown escape \\\(escaped): the backslash was dropped")
                    out.append(escaped)
                }
                continue
            }
            if c == "\"" {
                if !quoted { flushSpace() }
                quoted.toggle()
                i += 1
                continue
            }
            if !quoted && isSpace(c) {
                pendingSpace = true
                i += 1
                continue
            }
            if !quoted && c == "'" {
                note("unescaped apostrophe (aapt2 rejects it; write \\')")
            }
            flushSpace()
            out.append(c)
            i += 1
        }
        if quoted { note("unterminated double quote") }
        if let first = out.first, first == "@" || first == "?",
            let rawFirst = raw.unicodeScalars.first(where: { !isSpace($0) && $0 != "\"" }), rawFirst != "\\"
        {
            note("starts with \(first): Android reads it as a resource reference; kept as text")
        }
        return Decoded(text: String(out), notes: notes)
    }

    /// Over UTF-8 bytes: every escape Compose decodes is ASCII, so multi-byte text is copied.
    private static func decodeCompose(_ raw: String) -> Decoded {
        var notes: [String] = []
        var out: [UInt8] = []
        var raw = raw
        raw.withUTF8 { bytes in
            out.reserveCapacity(bytes.count)
            decodeCompose(bytes, into: &out) { if !notes.contains($0) { notes.append($0) } }
        }
        return Decoded(text: String(decoding: out, as: UTF8.self), notes: notes)
    }

    /// Appends the runtime text of the resource text `bytes` (references already resolved) to
    /// `out`, without the notes: how reading in place decodes a `<string>` into its file's arena.
    static func appendDecoded<Out: ByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, flavor: ResourceTextFlavor, to out: inout Out) {
        if decodesUnchanged(bytes, flavor: flavor) {
            out.append(contentsOf: bytes)
        } else {
            appendDecoding(bytes, flavor: flavor, to: &out)
        }
    }

    /// `appendDecoded` of a text `decodesUnchanged` says is not kept as it is (its caller asked already).
    static func appendDecoding<Out: ByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, flavor: ResourceTextFlavor, to out: inout Out) {
        switch flavor {
        case .compose: decodeCompose(bytes, into: &out, note: nil)
        case .android: out.append(utf8: decodeAndroid(String(decoding: bytes, as: UTF8.self)).text)
        }
    }

    /// Compose's decoding of `bytes`, appended to `out`; `note` (when given) hears what is worth
    /// telling.
    private static func decodeCompose<Out: ByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout Out, note: ((String) -> Void)?) {
        let start = out.count
        let backslash = UInt8(ascii: "\\")
        guard let base = bytes.baseAddress else { return }
        var i = 0
        while i < bytes.count {
            // The run up to the next backslash in one copy (a byte at a time was 1,000
            // instructions a text).
            let found = memchr(base + i, Int32(backslash), bytes.count - i)
            let runEnd = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
            if runEnd > i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i ..< runEnd])) }
            i = runEnd
            guard i < bytes.count else { break }
            guard i + 1 < bytes.count else {
                out.append(backslash)
                break
            }
            let escaped = bytes[i + 1]
            switch escaped {
            case backslash:
                out.append(backslash)
                i += 2
            case UInt8(ascii: "n"):
                out.append(0x0A)
                i += 2
            case UInt8(ascii: "t"):
                out.append(0x09)
                i += 2
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, i + 2 + digits < bytes.count, let digit = hexValue(Unicode.Scalar(bytes[i + 2 + digits])) {
                    value = value * 16 + digit
                    digits += 1
                }
                if digits == 4, let decoded = Unicode.Scalar(value) {
                    out.append(utf8: String(decoded))
                    i += 6
                } else {
                    out.append(backslash)
                    i += 1
                }
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "@"), UInt8(ascii: "?"):
                note?("\\\(Unicode.Scalar(escaped)) kept as written: Compose Multiplatform does not decode it")
                out.append(backslash)
                i += 1
            default:
                out.append(backslash)
                i += 1
            }
        }
        // The white space `isSpace` knows is ASCII: the decoded bytes' ends tell.
        func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        if let note, out.count > start, isSpaceByte(out[start]) || isSpaceByte(out[out.count - 1]) {
            note("leading or trailing whitespace kept (Compose Multiplatform keeps it)")
        }
    }
}

/// The qualifiers of a `values…` resource directory.
public enum AndroidValuesQualifiers: Sendable, Equatable {
    /// `values`: the default resources, the base locale.
    case base
    /// `values-de`, `values-zh-rTW`, `values-b+sr+Latn`: one locale.
    case locale(String)
    /// A configuration variant (`values-night`, `values-de-land`, `values-v21`): not imported.
    case variant(qualifiers: String)

    /// `values-iw` is Hebrew (`he`), `values-in` Indonesian (`id`), `values-ji` Yiddish (`yi`).
    static let legacyLanguages = ["iw": "he", "in": "id", "ji": "yi"]

    /// Three-letter UI-mode qualifiers that look like ISO 639 language codes.
    private static let nonLanguageWords: Set<String> = ["car"]

    /// Parses a directory name; nil when it is not a `values` directory at all.
    public static func parse(_ directoryName: String) -> AndroidValuesQualifiers? {
        guard directoryName.hasPrefix("values") else { return nil }
        let rest = directoryName.dropFirst("values".count)
        if rest.isEmpty { return .base }
        guard rest.hasPrefix("-") else { return nil }
        let tokens = rest.dropFirst().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        var extras: [String] = []
        while index < tokens.count, isMobileCode(tokens[index]) {
            extras.append(tokens[index])
            index += 1
        }
        var locale: String?
        if index < tokens.count {
            let token = tokens[index]
            if token.lowercased().hasPrefix("b+") {
                let subtags = token.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false).map(String.init)
                let tag = subtags.joined(separator: "-")
                if !subtags.isEmpty, ImportLocaleTag.isValid(tag), (2...3).contains(subtags[0].count) {
                    locale = ImportLocaleTag.canonical(tag)
                    index += 1
                }
            } else if (2...3).contains(token.count), token.unicodeScalars.allSatisfy(isLetter),
                !nonLanguageWords.contains(token.lowercased())
            {
                // Android (like Java) writes Hebrew, Indonesian and Yiddish with their old codes.
                var tag = Self.legacyLanguages[token.lowercased()] ?? token.lowercased()
                index += 1
                if index < tokens.count, let region = regionCode(tokens[index]) {
                    tag += "-" + region
                    index += 1
                }
                locale = tag
            }
        }
        extras += tokens[index...]
        if !extras.isEmpty {
            let all = (locale.map { [$0] } ?? []) + extras
            return .variant(qualifiers: all.joined(separator: "-"))
        }
        return locale.map { .locale($0) } ?? .base
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isMobileCode(_ token: String) -> Bool {
        let lower = token.lowercased()
        guard lower.hasPrefix("mcc") || lower.hasPrefix("mnc") else { return false }
        let digits = lower.dropFirst(3)
        return !digits.isEmpty && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// `rTW` → `TW`, `r419` → `419`.
    private static func regionCode(_ token: String) -> String? {
        guard token.count >= 3, token.first == "r" || token.first == "R" else { return nil }
        let code = token.dropFirst()
        if code.count == 2 && code.unicodeScalars.allSatisfy(isLetter) { return code.uppercased() }
        if code.count == 3 && code.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) { return String(code) }
        return nil
    }
}
