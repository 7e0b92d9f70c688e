/// What every dialect's rendering shares. How each platform fills a string's placeholders is its
/// dialect's (`StringDialect.rules.render`): Compose's `replaceWithArgs`, Android's
/// `java.util.Formatter`, Apple's `String(format:)`, Ruby's `I18n.interpolate`.
public enum StringFormatter {
    /// First Strong Isolate … Pop Directional Isolate: keeps a user-supplied value's direction
    /// from reordering the text around it (a Hebrew name inside an English title).
    public static func isolated(_ value: String) -> String { "\u{2068}" + value + "\u{2069}" }
}
