import Foundation

/// In-file suppression comments:
/// `# routekit:disable-next-line rule-a, rule-b` and `# routekit:disable-line` (no ids: every rule).
/// The marker is recognised after a `#` at the start of a line or after white space, so that a
/// `#` inside a quoted value rarely matters; a value that spells the marker out is the one
/// false positive, and it can only hide findings on its own line.
public struct Suppressions: Sendable, Hashable {
    /// Line → suppressed rule ids; an empty set suppresses every rule on that line.
    public private(set) var lines: [Int: Set<String>] = [:]

    public init() {}

    public func suppresses(rule: String, line: Int) -> Bool {
        guard let rules = lines[line] else { return false }
        return rules.isEmpty || rules.contains(rule)
    }

    private static let marker = Array("routekit:disable".utf8)

    /// Scans the raw text of a file. Cheap when the file has no marker at all.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Suppressions {
        var result = Suppressions()
        guard containsMarker(bytes) else { return result }
        var lineNumber = 0
        // Split on LF bytes, not Characters: in Swift "\r\n" is one Character, so splitting a
        // CRLF file's String on "\n" gave one line and suppressions never matched.
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Substring(String(decoding: lineBytes, as: UTF8.self))
            lineNumber += 1
            guard let hash = commentStart(in: line) else { continue }
            result.apply(comment: line[line.index(after: hash)...], line: lineNumber)
        }
        return result
    }

    /// Records the directive in one comment's text (without its `#` or `<!--`), if it holds one.
    /// `line` is the comment's last line: `disable-line` means it, `disable-next-line` the next.
    mutating func apply(comment text: Substring, line lineNumber: Int) {
        let comment = text.trimmed(of: " \t\r\n")
        for (directive, offset) in [("routekit:disable-next-line", 1), ("routekit:disable-line", 0)] {
            guard comment.hasPrefix(directive) else { continue }
            let rest = comment.dropFirst(directive.count)
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { continue }
            let ids = rest.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
            let target = lineNumber + offset
            if ids.isEmpty {
                lines[target] = []
            } else if lines[target] != [] {
                lines[target, default: []].formUnion(ids)
            }
            return
        }
    }

    private static func commentStart(in line: Substring) -> Substring.Index? {
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "#" && (previous == " " || previous == "\t") { return index }
            previous = character
        }
        return nil
    }

    /// `memchr` for the marker's rare `k`, then a compare: far faster than a byte loop.
    private static func containsMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= marker.count else { return false }
        let pivot = 5  // "route|k|it:disable"
        var offset = pivot
        let end = bytes.count - (marker.count - pivot)
        while offset <= end {
            guard let found = memchr(base + offset, Int32(UInt8(ascii: "k")), end + 1 - offset) else { return false }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if marker.withUnsafeBufferPointer({ memcmp(base + position - pivot, $0.baseAddress!, $0.count) == 0 }) { return true }
            offset = position + 1
        }
        return false
    }
}

extension StringProtocol {
    func trimmed(of set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
