import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// In-file suppression comments:
/// `# routekit:disable-next-line rule-a, rule-b` and `# routekit:disable-line` (no ids: every rule),
/// written in the comment syntax of the file: `#` in YAML, `//` in Kotlin and Swift, `<!-- … -->`
/// in XML. The marker is recognised after the comment opener at the start of a line or after white
/// space, so that an opener inside a quoted value rarely matters; a value that spells the marker
/// out is the one false positive, and it can only hide findings on its own line.
public struct Suppressions: Sendable, Hashable {
    /// How a file's line comments start (and end).
    public enum CommentSyntax: Sendable {
        /// YAML: `# …`
        case hash
        /// Kotlin and Swift: `// …`
        case slashes
        /// XML: `<!-- … -->` on one line.
        case xml

        var opener: String {
            switch self {
            case .hash: "#"
            case .slashes: "//"
            case .xml: "<!--"
            }
        }

        var closer: String? { self == .xml ? "-->" : nil }

        /// The byte of the marker that `containsMarker` looks for, the rarer in such files: XML
        /// text has few `:` (about one byte in 2,000 in the conference app's, where `k` is one in
        /// 140); YAML keys and Kotlin and Swift types have many, and few `k`.
        var markerPivot: Int { self == .xml ? 8 : 5 }  // "routekit|:|disable", "route|k|it:disable"
    }

    /// Line → suppressed rule ids; an empty set suppresses every rule on that line.
    public private(set) var lines: [Int: Set<String>] = [:]

    public init() {}

    public func suppresses(rule: String, line: Int) -> Bool {
        guard let rules = lines[line] else { return false }
        return rules.isEmpty || rules.contains(rule)
    }

    private static let marker = Array("routekit:disable".utf8)

    /// Scans the raw text of a file. Cheap when the file has no marker at all.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, syntax: CommentSyntax = .hash) -> Suppressions {
        var result = Suppressions()
        guard containsMarker(bytes, pivot: syntax.markerPivot) else { return result }
        var lineNumber = 0
        // Split on LF bytes, not Characters: in Swift "\r\n" is one Character, so splitting a
        // CRLF file's String on "\n" gave one line and suppressions never matched.
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Substring(String(decoding: lineBytes, as: UTF8.self))
            lineNumber += 1
            guard let opener = commentStart(in: line, opener: syntax.opener) else { continue }
            var comment = line[opener...].trimmed(of: " \t\r")[...]
            if let closer = syntax.closer, let end = comment.ranges(of: closer).last {
                comment = comment[..<end.lowerBound].trimmed(of: " \t")[...]
            }
            for (directive, offset) in [("routekit:disable-next-line", 1), ("routekit:disable-line", 0)] {
                guard comment.hasPrefix(directive) else { continue }
                let rest = comment.dropFirst(directive.count)
                guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { continue }
                let ids = rest.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
                let target = lineNumber + offset
                if ids.isEmpty {
                    result.lines[target] = []
                } else if result.lines[target] != [] {
                    result.lines[target, default: []].formUnion(ids)
                }
                break
            }
        }
        return result
    }

    /// Where the comment's text starts (after the opener), for an opener at the start of the line
    /// or after white space.
    private static func commentStart(in line: Substring, opener: String) -> Substring.Index? {
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            if previous == " " || previous == "\t", line[index...].hasPrefix(opener) {
                return line.index(index, offsetBy: opener.count)
            }
            previous = line[index]
            index = line.index(after: index)
        }
        return nil
    }

    /// `memchr` for a rare byte of the marker (`pivot`, its index), then a compare: far faster
    /// than a byte loop.
    static func containsMarker(_ bytes: UnsafeBufferPointer<UInt8>, pivot: Int) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= marker.count else { return false }
        var offset = pivot
        let end = bytes.count - (marker.count - pivot)
        while offset <= end {
            guard let found = memchr(base + offset, Int32(marker[pivot]), end + 1 - offset) else { return false }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if marker.withUnsafeBufferPointer({ memcmp(base + position - pivot, $0.baseAddress!, $0.count) == 0 }) { return true }
            offset = position + 1
        }
        return false
    }
}
