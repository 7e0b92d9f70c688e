import Testing
@testable import RouteKit

@Suite struct PluralOperandsTests {
    func operands(_ text: String) -> PluralOperands {
        PluralOperands(text)!
    }

    @Test func integerOperands() {
        let value = PluralOperands(42)
        #expect(value.i == 42)
        #expect(value.v == 0 && value.w == 0 && value.f == 0 && value.t == 0 && value.e == 0 && value.c == 0)
        #expect(value.n == 42)
        #expect(PluralOperands(-7).i == 7)
        #expect(PluralOperands(Int.min).i == 9_223_372_036_854_775_808)
    }

    @Test func decimalWithTrailingZero() {
        let value = operands("1.50")
        #expect(value.n == 1.5)
        #expect(value.i == 1)
        #expect(value.v == 2)
        #expect(value.w == 1)
        #expect(value.f == 50)
        #expect(value.t == 5)
        #expect(value.e == 0)
        #expect(value.description == "1.50")
    }

    @Test func visibleZerosCount() {
        #expect(operands("1.0").v == 1)
        #expect(operands("1.0").w == 0)
        #expect(operands("1.0").t == 0)
        #expect(operands("1").v == 0)
        #expect(operands("1.00").f == 0)
        #expect(operands("1.00").v == 2)
        #expect(operands("0.05").f == 5)
        #expect(operands("0.05").t == 5)
        #expect(operands("0.050").f == 50)
        #expect(operands("0.050").w == 2)
        #expect(operands("0.050").description == "0.050")
    }

    @Test func compactExponent() {
        let million = operands("1c6")
        #expect(million.i == 1_000_000)
        #expect(million.v == 0)
        #expect(million.e == 6)
        #expect(million.c == 6)
        let shifted = operands("1.0000001c6")
        #expect(shifted.i == 1_000_000)
        #expect(shifted.v == 1)
        #expect(shifted.f == 1)
        #expect(shifted.e == 6)
        let short = operands("1.1c3")
        #expect(short.i == 1100 && short.v == 0 && short.e == 3)
        let thousandPointOne = operands("1.0001c3")
        #expect(thousandPointOne.i == 1000 && thousandPointOne.v == 1 && thousandPointOne.t == 1)
        #expect(operands("1e3") == operands("1c3"))
    }

    @Test func negativeNumbersUseTheAbsoluteValue() {
        #expect(operands("-1.5") == operands("1.5"))
    }

    @Test func rejectsNonNumbers() {
        for text in ["", "-", "1.", ".5", "1..2", "abc", "1,5", "1c", "1.5x", "+1", "1 ", "1234567890123456789"] {
            #expect(PluralOperands(text) == nil, "\(text)")
        }
        #expect(PluralOperands("123456789012345678") != nil)
    }

    @Test func categoriesAreOrdered() {
        #expect(PluralCategory.allCases.map(\.rawValue) == ["zero", "one", "two", "few", "many", "other"])
        #expect(PluralCategory.one < PluralCategory.other)
    }
}
