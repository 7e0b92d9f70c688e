import Testing
@testable import RouteKit

/// `EditDistance.swift`: Levenshtein distance (an ASCII fast path and a general one that must
/// agree) and the "did you mean" suggestion built on it.
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("kitten", "sitting", 3),
        ("flaw", "lawn", 2), ("title", "titel", 2), ("title", "titl", 1), ("lint", "lnt", 1),
        ("routes", "rotues", 2), ("a", "b", 1), ("ab", "ba", 2),
    ])
    func asciiDistances(a: String, b: String, distance: Int) {
        #expect(editDistance(a, b) == distance)
        #expect(editDistance(b, a) == distance)
    }

    /// Non-ASCII text goes through the general path: distances count characters, not bytes.
    @Test(arguments: [("Übersicht", "Ubersicht", 1), ("日本語", "日本", 1), ("é", "e\u{301}", 0), ("naïve", "naive", 1),
                      ("tab\u{7}", "tab", 1), ("👍🏽", "👍", 1)])
    func generalDistances(a: String, b: String, distance: Int) {
        #expect(editDistance(a, b) == distance)
        #expect(editDistance(b, a) == distance)
    }

    /// The fast path agrees with the general one (a text with one non-ASCII scalar takes it).
    @Test func theTwoPathsAgree() {
        var generator = SeededGenerator(seed: 42)
        let letters = Array("abcde")
        for _ in 0..<300 {
            let a = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            // "é" before both adds the same character to each: the distance is unchanged.
            #expect(editDistance(a, b) == editDistance("é" + a, "é" + b), "\(a) \(b)")
        }
    }

    @Test func closestMatchTakesTypos() {
        let rules = ["tab-root-missing-title", "literal-title", "title-too-long", "untranslated"]
        #expect(closestMatch(to: "tab-root-missing-titel", among: rules) == "tab-root-missing-title")
        #expect(closestMatch(to: "litreal-title", among: rules) == "literal-title")
        #expect(closestMatch(to: "untranslatd", among: rules) == "untranslated")
        // Nothing close: no suggestion.
        #expect(closestMatch(to: "zzzz", among: rules) == nil)
        #expect(closestMatch(to: "anything", among: [String]()) == nil)
    }

    /// Close enough is at most 2 edits, or a third of the word.
    @Test func theThreshold() {
        #expect(closestMatch(to: "abc", among: ["xyz"]) == nil)          // 3 edits, word of 3
        #expect(closestMatch(to: "ab", among: ["xy"]) == "xy")           // 2 edits are always close
        #expect(closestMatch(to: "abcdefghi", among: ["abcxyzghi"]) == "abcxyzghi")   // 3 = 9 / 3
        #expect(closestMatch(to: "abcdefghi", among: ["axxxxfghi"]) == nil)           // 4 > 3
    }

    @Test func theNearestWinsAndTiesKeepTheFirst() {
        #expect(closestMatch(to: "title", among: ["titles", "title"]) == "title")
        #expect(closestMatch(to: "cat", among: ["bat", "hat"]) == "bat")
        #expect(closestMatch(to: "cat", among: ["hat", "bat"]) == "hat")
    }

    @Test func suggestionText() {
        #expect(suggestion("titel", among: ["title", "subtitle"]) == "; did you mean 'title'?")
        #expect(suggestion("qqqqqq", among: ["title", "subtitle"]) == "")
    }
}
