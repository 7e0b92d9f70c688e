@testable import RouteKit
import Testing

/// `UTF8Text.pluralCategory` tells CLDR's six category names by their bytes; its indices are
/// `ImportPluralCategory.order`, and `inOrder` maps them back.
@Suite struct PluralCategoryBytesTests {
    static func category(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { UTF8Text.pluralCategory($0) }
    }

    @Test func everyCategoryIsToldByItsName() {
        for category in ImportPluralCategory.allCases {
            #expect(Self.category(category.rawValue) == category.order)
            #expect(ImportPluralCategory.inOrder[category.order] == category)
        }
        #expect(ImportPluralCategory.inOrder.count == ImportPluralCategory.allCases.count)
    }

    @Test(arguments: ["", "on", "One", "ONE", "others", "othe", "zer", "zeros", "few ", " two", "many\u{0}", "öne"])
    func nearMissesAreNoCategory(_ text: String) {
        #expect(Self.category(text) == nil)
    }

    @Test func literalsCompareByLengthAndBytes() {
        var empty: [UInt8] = []
        #expect(empty.withUnsafeBufferPointer { UTF8Text.equals($0, "") })
        #expect(!empty.withUnsafeBufferPointer { UTF8Text.equals($0, "a") })
        empty = Array("null".utf8)
        #expect(empty.withUnsafeBufferPointer { UTF8Text.equals($0, "null") && !UTF8Text.equals($0, "nul") && !UTF8Text.equals($0, "Null") })
    }

    /// Two runs of bytes (placeholder names): equal by length and every byte; empty runs inside
    /// different bytes are equal (nothing of them is read).
    @Test func runsCompareByLengthAndBytes() {
        let a = Array("xname".utf8), b = Array("ynamf".utf8)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                #expect(UTF8Text.equals(UnsafeBufferPointer(rebasing: a[0 ..< 0]), UnsafeBufferPointer(rebasing: b[0 ..< 0])))
                #expect(UTF8Text.equals(UnsafeBufferPointer(rebasing: a[5 ..< 5]), UnsafeBufferPointer(start: nil, count: 0)))
                #expect(UTF8Text.equals(UnsafeBufferPointer(rebasing: a[1 ..< 4]), UnsafeBufferPointer(rebasing: b[1 ..< 4])))
                #expect(!UTF8Text.equals(UnsafeBufferPointer(rebasing: a[1 ..< 5]), UnsafeBufferPointer(rebasing: b[1 ..< 5])))
                #expect(!UTF8Text.equals(UnsafeBufferPointer(rebasing: a[0 ..< 3]), UnsafeBufferPointer(rebasing: b[0 ..< 3])))
                #expect(!UTF8Text.equals(UnsafeBufferPointer(rebasing: a[1 ..< 3]), UnsafeBufferPointer(rebasing: b[1 ..< 4])))
            }
        }
    }
}
