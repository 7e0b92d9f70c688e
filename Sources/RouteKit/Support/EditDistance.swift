/// Levenshtein distance, for "did you mean" suggestions (config fields, rule ids, commands).

/// "; did you mean 'title'?" when a close match exists.
func suggestion(_ word: String, among candidates: some Sequence<String>) -> String {
    closestMatch(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
}

/// The candidate nearest to `word` by edit distance, when it is close enough to be a typo of it
/// (at most 2 edits, or a third of the word): for "did you mean" in config messages and on the
/// command line (`routekit lnt`, `--formt`).
public func closestMatch(to word: String, among candidates: some Sequence<String>) -> String? {
    let best = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    // Printable ASCII (every byte one character): the same distance over bytes, without
    // splitting graphemes or allocating a row per character.
    if let distance = asciiEditDistance(a, b) { return distance }
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

private func asciiEditDistance(_ a: String, _ b: String) -> Int? {
    var a = a, b = b
    return a.withUTF8 { x -> Int? in
        b.withUTF8 { y -> Int? in
            for byte in x where byte < 0x20 || byte >= 0x7F { return nil }
            for byte in y where byte < 0x20 || byte >= 0x7F { return nil }
            if x.isEmpty { return y.count }
            if y.isEmpty { return x.count }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (y.count + 1)) { rows -> Int in
                var previous = UnsafeMutableBufferPointer(rebasing: rows[0...y.count])
                var current = UnsafeMutableBufferPointer(rebasing: rows[(y.count + 1)...])
                for j in 0...y.count { previous[j] = j }
                for i in 1...x.count {
                    current[0] = i
                    let left = x[i - 1]
                    for j in 1...y.count {
                        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (left == y[j - 1] ? 0 : 1))
                    }
                    swap(&previous, &current)
                }
                return previous[y.count]
            }
        }
    }
}
