/// Which way a locale's text runs, for `dir` attributes: right to left when the locale's script
/// (its own, else CLDR's likely script: `ar` → Arab, `ur` → Arab, `he` → Hebr, `az-IR` → Arab)
/// is one of `rightToLeftScripts`.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The scripts written right to left: Unicode's right-to-left scripts as CLDR's script
    /// metadata (`scriptMetadata.txt`, column "RTL") marks them.
    public static let rightToLeftScripts: Set<String> = [
        "Adlm", "Arab", "Aran", "Armi", "Avst", "Chrs", "Cprt", "Elym", "Hatr", "Hebr", "Hung", "Khar",
        "Lydi", "Mand", "Mani", "Mend", "Merc", "Mero", "Narb", "Nbat", "Nkoo", "Orkh", "Ougr", "Palm",
        "Phli", "Phlp", "Phnx", "Prti", "Rohg", "Samr", "Sarb", "Sogd", "Sogo", "Syrc", "Thaa", "Yezi",
    ]

    public init(locale: String) {
        let script = LocaleTag.canonical(locale)?.likelyScript
        self = script.map(Self.rightToLeftScripts.contains) == true ? .rightToLeft : .leftToRight
    }
}
