/// `file:` URIs and paths, as LSP clients send them (percent-encoded, `file:///path`).
enum FileURI {
    /// The absolute path of a `file:` URI; nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: only the local host (empty or `localhost`) is a path here.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = JSONDocument.hexValue(utf8[utf8.startIndex]), let low = JSONDocument.hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return PathUtilities.normalize(String(decoding: bytes, as: UTF8.self))
    }

    /// The `file:` URI of an absolute path, percent-encoding all but unreserved characters and `/`
    /// (as VS Code writes them, so the client sees the URI it sent).
    static func uri(_ path: String) -> String {
        var out = "file://"
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        out += String(decoding: encoded, as: UTF8.self)
        return out
    }
}
