import Dispatch
import Testing
@testable import RouteKit

@Suite struct StringTableCacheTests {
    static let table = StringsLoader.load([YAMLReader.read(text: """
        en:
          talks:
            one: "%{count} talk"
            other: "%{count} talks"
          title: Title
          rooms:
            zero: none
            few: some
            other: many
        de:
          talks:
            one: "%{count} Vortrag"
            other: "%{count} Vorträge"
        """, path: "s.yml")], baseLocale: "en").0

    @Test func pluralCategoriesFollowTheForms() {
        let derived = StringTableCache(Self.table)
        #expect(derived.pluralCategories(of: "en") == [1, 5, 0, 3, 5])
        #expect(derived.pluralCategories(of: "de") == [1, 5])
        #expect(derived.pluralCategories(of: "fr") == [])
    }

    @Test func computedOnceWhenAskedFromManyThreads() {
        let derived = StringTableCache(Self.table)
        let answers = UnsafeMutableBufferPointer<[Int8]>.allocate(capacity: 16)
        answers.initialize(repeating: [])
        defer { answers.deallocate() }
        nonisolated(unsafe) let slots = answers
        DispatchQueue.concurrentPerform(iterations: 16) { slots[$0] = derived.pluralCategories(of: "en") }
        #expect(answers.allSatisfy { $0 == [1, 5, 0, 3, 5] })
    }
}
