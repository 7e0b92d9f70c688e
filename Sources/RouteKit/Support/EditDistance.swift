/// Levenshtein distance, for "did you mean" suggestions (config fields, rule ids, commands,
/// string keys, routes).

/// "; did you mean 'title'?" when a close match exists.
func suggestion(_ word: String, among candidates: some Sequence<String>) -> String {
    closestMatch(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
}

/// The candidate nearest to `word` by edit distance, when it is close enough to be a typo of it
/// (at most 2 edits, or a third of the word): for "did you mean" in config messages and on the
/// command line (`routekit lnt`, `--formt`). Of several as near, the first. The work is bounded
/// (`SuggestionSearch`): words and candidates may come from the input.
public func closestMatch(to word: String, among candidates: some Sequence<String>) -> String? {
    var search = SuggestionSearch(word)
    return search.closest(among: candidates)
}

/// One "did you mean" search, with its work bounded whatever the input: an unknown key of 1,000
/// characters against 40,000 keys took a minute, a route name of 100 KB in `title --batch` more.
/// A word longer than `maxWordLength` gets no suggestion (no one types a name that long);
/// candidates whose length differs by more than the edits allowed are skipped unread; a distance
/// is given up as soon as it exceeds the best so far (only a band of cells along the diagonal is
/// computed); and at most `maxCandidates` candidates are looked at and `maxCells` cells computed:
/// a few milliseconds, enough to compare a short name with every one of 20,000.
struct SuggestionSearch {
    static let maxWordLength = 64
    static let maxCandidates = 100_000
    static let maxCells = 2_000_000

    /// The word's characters, or nil when it is too long to suggest for.
    private let characters: [Character]?
    /// Its bytes when it is printable ASCII (every byte one character).
    private let ascii: [UInt8]?
    /// The most edits a typo may have: 2, or a third of the word.
    let maxEdits: Int
    /// Work done, for tests: candidates looked at, compared by edit distance, and the cells computed.
    private(set) var candidatesLookedAt = 0
    private(set) var candidatesCompared = 0
    private(set) var cellsComputed = 0

    init(_ word: String) {
        // One character past the limit is enough to know the word is too long.
        let characters = Array(word.prefix(Self.maxWordLength + 1))
        self.characters = characters.count <= Self.maxWordLength ? characters : nil
        ascii = self.characters == nil ? nil : printableASCII(word)
        maxEdits = max(2, characters.count / 3)
    }

    mutating func closest(among candidates: some Sequence<String>) -> String? {
        guard let characters else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            candidatesLookedAt += 1
            guard candidatesLookedAt <= Self.maxCandidates else { break }
            // Only a strictly nearer candidate replaces the best: the first of equals stays.
            let limit = best.map { $0.distance - 1 } ?? maxEdits
            guard limit >= 0 else { break }
            // A character is at least one byte: a candidate of too few bytes has too few characters.
            // One of more than four bytes a character allowed is not read either.
            let bytes = candidate.utf8.count
            guard bytes >= characters.count - limit, bytes <= 4 * (characters.count + limit) else { continue }
            guard cellsComputed < Self.maxCells else { break }
            candidatesCompared += 1
            let distance: Int?
            if let ascii, let other = printableASCII(candidate) {
                distance = boundedEditDistance(ascii, other, limit: limit, cells: &cellsComputed)
            } else {
                distance = boundedEditDistance(characters, Array(candidate), limit: limit, cells: &cellsComputed)
            }
            if let distance { best = (candidate, distance) }
        }
        return best?.candidate
    }
}

/// The edit distance of `a` and `b` when it is at most `limit`, else nil: only the diagonal band
/// of `2 × limit + 1` cells a row is computed, and the rows stop once all of the band exceeds it.
/// `cells` counts the cells computed.
func boundedEditDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int, cells: inout Int) -> Int? {
    guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // Cells outside the band hold `beyond`: more than the limit, whatever they would be.
    let beyond = limit + 1
    var previous = [Int](repeating: beyond, count: b.count + 1)
    var current = previous
    for j in 0 ... min(b.count, limit) { previous[j] = j }
    for i in 1 ... a.count {
        let low = max(1, i - limit), high = min(b.count, i + limit)
        current[low - 1] = low == 1 ? min(i, beyond) : beyond
        var rowMinimum = current[low - 1]
        let left = a[i - 1]
        for j in low ... high {
            let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (left == b[j - 1] ? 0 : 1), beyond)
            current[j] = value
            rowMinimum = min(rowMinimum, value)
        }
        cells += high - low + 1
        if high < b.count { current[high + 1] = beyond }
        guard rowMinimum <= limit else { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}

/// The whole edit distance: in characters, or in bytes when both are printable ASCII (the same
/// distance, without splitting graphemes).
func editDistance(_ a: String, _ b: String) -> Int {
    // No distance exceeds the longer one's length, and a character is at least a byte.
    let limit = max(a.utf8.count, b.utf8.count)
    var cells = 0
    if let x = printableASCII(a), let y = printableASCII(b) { return boundedEditDistance(x, y, limit: limit, cells: &cells)! }
    return boundedEditDistance(Array(a), Array(b), limit: limit, cells: &cells)!
}

/// The bytes of `text` when all are printable ASCII (every byte one character), else nil.
private func printableASCII(_ text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes : nil
}
