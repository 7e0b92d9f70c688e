import Testing
@testable import RouteKit

/// The printf grammar the dialects share (`PrintfSpec`): what Compose and Rails show verbatim,
/// what Apple fills, and the format after Ruby's `%<name>`.
@Suite struct PrintfSpecTests {
    /// The placeholder at the `%` at `offset`, as written, or nil.
    static func placeholder(_ text: String, at offset: Int = 0) -> (written: String, position: Int?, spec: PrintfSpec)? {
        var text = text
        return text.withUTF8 { b in
            PrintfSpec.placeholder(in: b, at: offset).map { found in
                (String(decoding: UnsafeBufferPointer(rebasing: b[offset ..< found.end]), as: UTF8.self), found.position, found.spec)
            }
        }
    }

    static func ruby(_ spec: String) -> PrintfSpec? {
        var text = spec
        return text.withUTF8 { b in PrintfSpec.parse(b, from: 0, ruby: true).flatMap { $0.1 == b.count ? $0.0 : nil } }
    }

    @Test func readsPositionFlagsWidthPrecisionAndLength() {
        #expect(Self.placeholder("%1$s and")?.written == "%1$s" && Self.placeholder("%1$s")?.position == 1)
        #expect(Self.placeholder("%s")?.position == nil)
        #expect(Self.placeholder("%2$,d")?.spec.flags == .comma && Self.placeholder("%'d")?.spec.flags == .apostrophe)
        #expect(Self.placeholder("%#x")?.spec.flags == .alternate)
        #expect(Self.placeholder("%-10s|")?.written == "%-10s" && Self.placeholder("%-10s")?.spec.width == 10)
        #expect(Self.placeholder("%.3s")?.spec.precision == 3 && Self.placeholder("%.f")?.spec.precision == 0)
        #expect(Self.placeholder("%llu")?.spec.integerBits == 64 && Self.placeholder("%hhu")?.spec.integerBits == 8)
        #expect(Self.placeholder("%hu")?.spec.integerBits == 16 && Self.placeholder("%u")?.spec.integerBits == 32)
        #expect(Self.placeholder("%@")?.spec.conversion == UInt8(ascii: "@"))
        #expect(Self.placeholder("x %lld", at: 2)?.written == "%lld")
    }

    /// A `%` that starts nothing valid is text: "50 % off", "100%", `%0$s`'s position is no position.
    @Test func loosePercentsAreNoPlaceholder() {
        #expect(Self.placeholder("% off") == nil && Self.placeholder("%") == nil && Self.placeholder("%q") == nil)
        #expect(Self.placeholder("%{name}") == nil && Self.placeholder("%<name>s") == nil)
        #expect(Self.placeholder("%0$s")?.position == nil)
    }

    /// Ruby's `%<name>` format: a space flag, no length, Kernel#format's conversions.
    @Test func readsRubyFormats() {
        #expect(Self.ruby("05.1f") == PrintfSpec(flags: .zeroPad, width: 5, precision: 1, conversion: UInt8(ascii: "f")))
        #expect(Self.ruby(" d")?.flags == .space)
        #expect(Self.ruby("b")?.conversion == UInt8(ascii: "b"))
        #expect(Self.ruby("lld") == nil && Self.ruby("@") == nil)
    }
}
