#!/usr/bin/env python3
"""Derive routekit's compiled-in CLDR data from Resources/CLDR/*.xml.

Writes Sources/RouteKit/Locale/CLDRData+Generated.swift: string literals in a simple line format
that Sources/RouteKit/Locale/CLDRData.swift searches (likely subtags, parents and aliases: sorted by
key here) or reads at first use (plural rules, the legacy language aliases), and the validity data
as sorted integer ranges, laid out in the binary. (Swift array literals of mixed or inferred types
compile very slowly; string literals and typed integer arrays do not.)

Locale identifiers are written with `-` (BCP 47) instead of CLDR's `_`; nothing else is changed.
Every entry of the source elements is kept, so the test LocaleCLDRDataTests can compare the XML
with the compiled-in data entry by entry.

Number symbols (the decimal and grouping separators of the `latn` numbering system) come from
CLDR's per-locale `common/main/*.xml`, which is large: `--numbers-from DIR` extracts what routekit
needs from such a directory (Debian's `unicode-cldr-core` has it in
/usr/share/unicode/cldr/common/main) into Resources/CLDR/numberSymbols.txt, which is vendored;
the symbols each locale states itself are kept, inheritance is applied at run time along the same
parent chain as the strings (parentLocales, then truncation, then root).

Usage: python3 Scripts/generate-cldr-data.py [--check] [--numbers-from DIR]
  --check  exit 1 (and write nothing) when the generated file is not up to date.
"""

import os
import sys
import xml.etree.ElementTree as ET

import generated_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLDR = os.path.join(ROOT, "Resources", "CLDR")
OUT = os.path.join(ROOT, "Sources", "RouteKit", "Locale", "CLDRData+Generated.swift")
NUMBERS = os.path.join(CLDR, "numberSymbols.txt")


def load(name):
    return ET.parse(os.path.join(CLDR, name)).getroot()


def dash(identifier):
    return identifier.replace("_", "-")


def one_line(text):
    return " ".join(text.split())


def sorted_by_key(lines, fields=1):
    # routekit searches these lines (SortedLines): sorted by their key, the first `fields` fields,
    # in byte order (code point order is byte order in UTF-8), each key once.
    def key(line):
        return " ".join(line.split(" ")[:fields])
    result = sorted(lines, key=key)
    for a, b in zip(result, result[1:]):
        assert key(a) != key(b), f"key given twice: {key(a)}"
    return result


def likely_subtags():
    lines = []
    for e in load("likelySubtags.xml").iter("likelySubtag"):
        lines.append(f"{dash(e.get('from'))} {dash(e.get('to'))}")
    return sorted_by_key(lines)


def parent_locales():
    lines = []
    for parents in load("supplementalData.xml").iter("parentLocales"):
        # CLDR 41 has one unnamed <parentLocales>; later versions add component="segmentations" etc.
        if parents.get("component"):
            continue
        for e in parents.iter("parentLocale"):
            parent = dash(e.get("parent"))
            for child in e.get("locales").split():
                lines.append(f"{dash(child)} {parent}")
    return sorted_by_key(lines)


def aliases():
    # `kind type replacement… reason`; kind: language, script, territory, variant.
    lines = []
    alias = load("supplementalMetadata.xml").find("metadata/alias")
    for kind in ("language", "script", "territory", "variant"):
        for e in alias.iter(kind + "Alias"):
            replacement = e.get("replacement")
            if kind == "language":
                replacement = dash(replacement)
            parts = [kind, dash(e.get("type"))] + replacement.split() + [e.get("reason")]
            lines.append(" ".join(parts))
    return sorted_by_key(lines, fields=2)


# Statuses in the order the packed validity tables index them (CLDRData.SubtagStatus's raw values).
STATUSES = ["regular", "special", "macroregion", "deprecated", "reserved", "private_use", "unknown"]
VALIDITY_KINDS = ("language", "script", "region", "variant")


def pack(subtag):
    # Up to 8 ASCII bytes, big-endian in 64 bits, as CLDRData.ValidityData.pack does: the subtags of
    # a compact range (`aaa~i`) are contiguous in this order.
    assert 0 < len(subtag) <= 8 and subtag.isascii(), subtag
    key = 0
    for byte in subtag.encode("ascii"):
        key = key << 8 | byte
    return key


def validity():
    # Per kind, (first, last, status) of every range, sorted by first: CLDR's compact ranges
    # (`aaa~i`) are one range each, a plain subtag a range of one. A subtag has one status, and
    # routekit's binary search relies on no two ranges overlapping: both are checked here.
    tables, seen = {}, set()
    for kind in VALIDITY_KINDS:
        ranges = []
        for e in load(f"validity/{kind}.xml").iter("id"):
            assert e.get("type") == kind
            status = STATUSES.index(e.get("idStatus"))
            for token in e.text.split():
                if "~" in token:
                    start, end = token.split("~")
                    assert len(end) == 1 and start[-1] <= end, token
                    subtags = [start[:-1] + chr(c) for c in range(ord(start[-1]), ord(end) + 1)]
                    ranges.append((pack(start), pack(start[:-1] + end), status))
                else:
                    subtags = [token]
                    ranges.append((pack(token), pack(token), status))
                for subtag in subtags:
                    assert (kind, subtag) not in seen, f"{kind} {subtag} given twice"
                    seen.add((kind, subtag))
        ranges.sort()
        for a, b in zip(ranges, ranges[1:]):
            assert a[1] < b[0], f"{kind}: ranges overlap"
        tables[kind] = ranges
    return tables


def legacy_language_aliases(alias_lines):
    # The language aliases whose type has more than one subtag (`zh-min-nan`, `art-lojban`,
    # `und-aaland`): LegacyTags reads only these (about 65 of the 1,100 alias lines) at first use.
    prefix = "language "
    return [line[len(prefix):] for line in alias_lines if line.startswith(prefix) and "-" in line.split(" ")[1]]


def plurals():
    # `@ locale…` starts a rule set; each `category: rule @integer … @decimal …` line follows.
    lines = []
    for group in load("plurals.xml").iter("plurals"):
        if group.get("type") != "cardinal":
            continue
        for rules in group.iter("pluralRules"):
            lines.append("@ " + " ".join(dash(l) for l in rules.get("locales").split()))
            for rule in rules.iter("pluralRule"):
                lines.append(f"{rule.get('count')}: {one_line(rule.text or '')}")
    return lines


def hex_symbol(text):
    return "-" if text is None else ".".join(f"{ord(c):X}" for c in text)


def extract_number_symbols(main):
    # `locale decimal group system`: each symbol (of the latn numbering system) as its code points
    # in hex joined by `.`; system is the default numbering system (`arab` for Arabic); `-` when
    # the locale does not state it (it inherits).
    # The release is stated once, in the DTD beside main/: `cldrVersion CDATA #FIXED "41"`.
    import re
    with open(os.path.join(main, "..", "dtd", "ldml.dtd"), encoding="utf-8") as f:
        header = re.search(r'cldrVersion CDATA #FIXED "([^"]+)"', f.read()).group(1)
    lines = []
    for name in sorted(os.listdir(main)):
        if not name.endswith(".xml"):
            continue
        root = ET.parse(os.path.join(main, name)).getroot()
        values = {}
        for e in root.iter("defaultNumberingSystem"):
            if e.get("alt") is None and e.text:
                values["system"] = e.text
        for symbols in root.iter("symbols"):
            if symbols.get("numberSystem") != "latn":
                continue
            for kind in ("decimal", "group"):
                for e in symbols.findall(kind):
                    if e.get("alt") is None and e.text:
                        values[kind] = e.text
        if values:
            locale = "root" if name == "root.xml" else dash(name[:-4])
            lines.append(f"{locale} {hex_symbol(values.get('decimal'))} {hex_symbol(values.get('group'))} {values.get('system', '-')}")
    with open(NUMBERS + ".tmp", "w", encoding="utf-8") as f:
        f.write(f"# Extracted by Scripts/generate-cldr-data.py --numbers-from from CLDR {header} common/main/*.xml\n")
        f.write("# (numbers/symbols[@numberSystem=latn], numbers/defaultNumberingSystem):\n")
        f.write("# locale decimal group system; symbols as hex code points; - inherits.\n")
        f.write("\n".join(lines) + "\n")
    os.replace(NUMBERS + ".tmp", NUMBERS)


def number_symbols():
    with open(NUMBERS, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def literal(name, doc, lines):
    # A raw multi-line literal whose closing delimiter sits in column 0, so the lines are kept as-is.
    body = "\n".join(lines)
    assert '"""' not in body and "\\" not in body
    return f'\n        /// {doc}\n        static let {name} = #"""\n{body}\n"""#\n'


def packed_table(name, doc, ranges):
    # A typed integer array literal: it compiles quickly and is laid out in the binary (no work at
    # start-up), where a text table would be parsed and sorted at first use.
    numbers = [f"0x{value:X}" for entry in ranges for value in entry]
    rows = [", ".join(numbers[i:i + 6]) for i in range(0, len(numbers), 6)]
    body = ",\n".join("            " + row for row in rows)
    return f'\n        /// {doc}\n        static let {name}: [UInt64] = [\n{body},\n        ]\n'


def render():
    alias_lines = aliases()
    sections = [
        ("likelySubtags", "likelySubtags.xml: `from to` per line.", likely_subtags()),
        ("parentLocales", "supplementalData.xml `<parentLocales>`: `child parent` per line.", parent_locales()),
        ("aliases", "supplementalMetadata.xml `<alias>`: `kind type replacement… reason` per line.", alias_lines),
        ("legacyLanguageAliases", "The `language` lines of `aliases` whose type has more than one subtag, without `language `.",
         legacy_language_aliases(alias_lines)),
        ("plurals", "plurals.xml (cardinal): `@ locale…`, then `category: rule @samples` lines.", plurals()),
        ("numberSymbols", "numberSymbols.txt: `locale decimal group system` (latn symbols as hex code points joined by `.`; the default numbering system; `-` inherits).",
         number_symbols()),
    ]
    tables = validity()
    statuses = ", ".join(f'"{status}"' for status in STATUSES)
    packed = (
        "\n        /// validity/*.xml: each kind's ranges of packed subtags (`ValidityData.pack`; CLDR's `aaa~i` is one\n"
        "        /// range) as `first, last, status` triples sorted by `first`; a status indexes `validityStatuses`.\n"
        f"        static let validityStatuses = [{statuses}]\n"
        + "".join(packed_table(f"{kind}Validity", f"validity/{kind}.xml.", tables[kind]) for kind in VALIDITY_KINDS)
    )
    return (
        "// GENERATED by Scripts/generate-cldr-data.py from Resources/CLDR/*.xml. Do not edit.\n"
        "//\n"
        "// Derived from Unicode CLDR data (plurals.xml: CLDR 48; number symbols: CLDR 41; the rest: CLDR 41).\n"
        "// Copyright © 1991-2025 Unicode, Inc. Unicode License v3 (SPDX: Unicode-3.0);\n"
        "// see Resources/CLDR/LICENSE.\n"
        "\n"
        "extension CLDRData {\n"
        "    enum Generated {"
        + "".join(literal(*section) for section in sections)
        + packed
        + "    }\n}\n"
    )


def main():
    if "--numbers-from" in sys.argv[1:]:
        extract_number_symbols(sys.argv[sys.argv.index("--numbers-from") + 1])
    return generated_files.update(OUT, render(), ROOT, "Scripts/generate-cldr-data.py")


if __name__ == "__main__":
    sys.exit(main())
