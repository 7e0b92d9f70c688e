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
        let cache = StringTableCache(Self.table)
        #expect(cache.pluralCategories(of: "en") == [1, 5, 0, 3, 5])
        #expect(cache.pluralCategories(of: "de") == [1, 5])
        #expect(cache.pluralCategories(of: "fr") == [])
    }

    @Test func computedOnceWhenAskedFromManyThreads() {
        let cache = StringTableCache(Self.table)
        let answers = Concurrent.map(count: 16) { _ in cache.pluralCategories(of: "en") }
        #expect(answers.allSatisfy { $0 == [1, 5, 0, 3, 5] })
    }
}
