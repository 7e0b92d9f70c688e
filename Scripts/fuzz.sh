#!/usr/bin/env bash
# Fuzzes routekit's readers and loaders with libFuzzer (see SECURITY.md).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET]
#
# SECONDS: how long to fuzz EACH target (default 60). TARGET: one of
# yaml config catalog strings flow json glob project kotlin swift xml xcstrings (default: all, one after the other).
#
# Builds Tools/Sources/routekit-fuzz with -sanitize=fuzzer (and address, unless FUZZ_SANITIZERS says
# otherwise) into its own scratch path (.build/fuzz), so a normal `swift build` is untouched.
# Corpora live in fuzz-out/corpus/TARGET (git-ignored) and grow from run to run; they are seeded
# from the example project, the lint-rules examples, the bad-input fixtures and the yaml-test-suite. Crashes, hangs
# and leaks land in fuzz-out/crashes/TARGET/ and make the script exit 1; replay one with
#   .build/fuzz/debug/routekit-fuzz -runs=1 fuzz-out/crashes/TARGET/crash-…   (ROUTEKIT_FUZZ_TARGET=TARGET)
# or, without libFuzzer: swift run --package-path Tools routekit-fuzz --target TARGET FILE.
#
# Last, one Markdown table row per target is printed, ready to paste into SECURITY.md:
#   | target | seconds | executions | exec/s | cov | ft | corpus | crashes |
#
# Environment: FUZZ_SANITIZERS (default "fuzzer,address"), FUZZ_MAX_LEN (default 16384),
# FUZZ_TIMEOUT per input in seconds (default 10), FUZZ_RSS_MB (default 2048), FUZZ_EXTRA (more
# libFuzzer flags, e.g. "-jobs=2 -workers=2" is NOT supported with the summary; use "-fork=2").
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${1:-60}"
ONLY="${2:-}"
ALL_TARGETS=(yaml config catalog strings flow json glob project kotlin swift xml xcstrings)
SANITIZERS="${FUZZ_SANITIZERS:-fuzzer,address}"
MAX_LEN="${FUZZ_MAX_LEN:-16384}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
RSS_MB="${FUZZ_RSS_MB:-2048}"
OUT=fuzz-out
SCRATCH=$PWD/.build/fuzz

if [ -n "$ONLY" ]; then
  case " ${ALL_TARGETS[*]} " in *" $ONLY "*) ;; *) echo "unknown target '$ONLY'; known: ${ALL_TARGETS[*]}" >&2; exit 2;; esac
  TARGETS=("$ONLY")
else
  TARGETS=("${ALL_TARGETS[@]}")
fi
case "$SECONDS_PER_TARGET" in ''|*[!0-9]*) echo "SECONDS must be a whole number" >&2; exit 2;; esac

echo "== building routekit-fuzz (-sanitize=$SANITIZERS) into $SCRATCH" >&2
swift build --package-path Tools --product routekit-fuzz --scratch-path "$SCRATCH" \
  -Xswiftc "-sanitize=$SANITIZERS" -Xswiftc -DFUZZING -Xswiftc -parse-as-library 2>&1 \
  | grep -v "Cannot export local symbol" >&2
BIN="$SCRATCH/debug/routekit-fuzz"

# --- seed corpora ---------------------------------------------------------------------------
mkdir -p "$OUT/seeds" "$OUT/crashes"
seed() {  # seed TARGET NAME < content
  mkdir -p "$OUT/seeds/$1"
  cat > "$OUT/seeds/$1/$2"
}
python3 - "$OUT/seeds" <<'PY'
import glob, os, sys, hashlib
out = sys.argv[1]
def put(target, data):
    if isinstance(data, str): data = data.encode()
    if len(data) > 16384: data = data[:16384]
    d = os.path.join(out, target); os.makedirs(d, exist_ok=True)
    open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb").write(data)
yaml_files = sorted(glob.glob("Resources/Examples/**/*.yml", recursive=True)
                    + glob.glob("Resources/Examples/**/.routekit.yml", recursive=True))
rules = sorted(glob.glob("lint-rules/*.yml"))
bad = sorted(glob.glob("Tests/RouteKitTests/Fixtures/BadInput/**/*", recursive=True))
bad = [f for f in bad if os.path.isfile(f)]
# The official yaml-test-suite's inputs (vendored): every corner of YAML syntax.
bad += sorted(glob.glob("Tests/RouteKitTests/Fixtures/yaml-test-suite/cases/*.yaml"))
catalogs, strings = [], []
for f in yaml_files + rules + bad:
    data = open(f, "rb").read()
    put("yaml", data)
    for t in ("config", "catalog", "strings", "flow"): put(t, data)
    if "routes" in f or "catalog" in f: catalogs.append(data)
    if "/strings/" in f or "strings" in os.path.basename(f): strings.append(data)
# The files embedded in the lint-rules examples, by the role their name gives them.
try:
    import yaml as pyyaml  # optional
except ImportError:
    pyyaml = None
if pyyaml:
    for f in rules:
        try: doc = pyyaml.safe_load(open(f))
        except Exception: continue
        for ex in doc.get("examples", []) or []:
            for name, text in (ex.get("files") or {}).items():
                if not isinstance(text, str): continue
                put("yaml", text)
                if "routes" in name: put("catalog", text); catalogs.append(text.encode())
                elif "flow" in name: put("flow", text)
                elif name.endswith(".routekit.yml"): put("config", text)
                else: put("strings", text); strings.append(text.encode())
for c in catalogs[:40]:
    for s in strings[:3]:
        put("project", c + b"\n%%%\n" + s)
for line in ['{"route":"SessionScreen","locales":["de-AT","en"],"params":{"sessionId":"42","sessionTitle":"Keynote"}}',
             '{"route":"InfoScreen","locale":"ja"}', '{"route":"X","params":{"n":1.5e3,"b":true,"z":null}}',
             '{"route":"\\u00e9\\ud83d\\ude00","locale":"en"}', '[1,2,{"a":[]}]', '{"route":1}', '"x"', '{}']:
    put("json", line)
# Kotlin and Swift: the conference app's sources, the lint-rules examples' code and the bad-input fixtures.
for f in sorted(glob.glob("Tests/RouteKitTests/Fixtures/**/*.kt", recursive=True)):
    put("kotlin", open(f, "rb").read())
for f in sorted(glob.glob("Tests/RouteKitTests/Fixtures/**/*.swift", recursive=True)):
    put("swift", open(f, "rb").read())
# The lint-rules examples' source and native string files, each to the target that reads it.
example_targets = {".kt": "kotlin", ".swift": "swift", ".xml": "xml", ".xcstrings": "xcstrings"}
if pyyaml:
    for f in rules:
        try: doc = pyyaml.safe_load(open(f))
        except Exception: continue
        for ex in doc.get("examples", []) or []:
            for name, text in (ex.get("files") or {}).items():
                target = example_targets.get(os.path.splitext(name)[1])
                if isinstance(text, str) and target: put(target, text)
for text in ['val s = "${"${x}"}"', 'val r = """raw ${ "x" }""""', "val c = '\\u0041' /* /* */ */", '`odd name`(A("1", null))',
             'Tab(String(localized: "A"), systemImage: "a", value: 1) { V(route: R()) }', 'let s = #"raw \\#(x)"#',
             'let m = """\n  a \\(b("\\(c)"))\n  """']:
    put("kotlin" if text.startswith(("val", "`")) else "swift", text)
# strings.xml and String Catalogs: the conference app's, the lint-rules examples', and hostile shapes.
for f in sorted(glob.glob("Tests/RouteKitTests/Fixtures/**/*.xml", recursive=True)):
    put("xml", open(f, "rb").read())
for f in sorted(glob.glob("Tests/RouteKitTests/Fixtures/**/*.xcstrings", recursive=True)):
    put("xcstrings", open(f, "rb").read())
for text in ['<!DOCTYPE r [<!ENTITY a "&b;&b;">]><resources/>', '<resources><string name="a"><![CDATA[x]]>&#x1F600;&amp;</string></resources>',
             '<?xml version="1.0"?><resources><plurals name="p"><item quantity="one">\\u00e9 \\\' %d</item></plurals></resources>',
             '<resources><!-- routekit:disable-next-line x --><string name="a" translatable="false">"  q  "</string></resources>']:
    put("xml", text)
for text in ['{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"x"}}}}}}}}}',
             '{"strings":{"%#@n@":{"localizations":{"en":{"stringUnit":{"value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"value":"%arg x"}}}}}}}}}}}',
             '{"strings":{"a\\ud83d\\ude00":{"shouldTranslate":false,"extractionState":"stale"}},"sourceLanguage":"de"}', '[1e5,-0.5,true,null]']:
    put("xcstrings", text)
for g in ["strings/*.yml", "**/*.yml", "{a,b}/{c,d}.yml", "strings/[a-z][!0-9]?.y*ml", "a/**/b/**/*.yml",
          "*.{yml,yaml}\0de.yml", "[^x]*\0routes.yml", "**\0a"]:
    put("glob", g)
PY
echo 'strings: [strings/*.yml]' | seed config minimal.yml
echo '{"route":"R"}' | seed json minimal.json

# A dictionary of YAML and routekit tokens.
cat > "$OUT/yaml.dict" <<'DICT'
"routes:"
"strings:"
"catalog:"
"title:"
"subtitle:"
"tab:"
"icon:"
"params:"
"param:"
"fallback:"
"key:"
"args:"
"text:"
"from:"
"declaration:"
"steps:"
"navigate:"
"activate:"
"set:"
"back"
"expect:"
"locale:"
"limits:"
"allow-outside-root:"
"base-locale:"
"other:"
"one:"
"%{"
"%1$s"
"%%"
"---"
"..."
"&a"
"*a"
"<<:"
"!!str"
"!tag"
"? "
": "
"- "
"|"
">-"
"{"
"}"
"["
"]"
"\x22"
"'"
"#"
"# routekit:disable-next-line"
"\xef\xbb\xbf"
"\x0d\x0a"
"\x09"
DICT

# Kotlin and Swift tokens.
cat > "$OUT/code.dict" <<'DICT'
"sealed interface"
"data object"
"data class"
"override val title"
": AppRoute"
"stringResource(Res.string."
"navigator.add("
"onNavigate("
"::"
"->"
"${"
"\x22\x22\x22"
"/*"
"*/"
"//"
"`"
"'"
"\\u"
"TabView {"
"Tab("
"String(localized: "
"systemImage: "
".navigationTitle("
".navigationDestination"
"ForEach("
"#\x22"
"\\("
"struct "
DICT

# strings.xml and String Catalog tokens.
cat > "$OUT/native.dict" <<'DICT'
"<resources>"
"</resources>"
"<string name=\x22"
"</string>"
"<plurals name=\x22"
"<item quantity=\x22"
"</item>"
"translatable=\x22false\x22"
"<![CDATA["
"]]>"
"<!--"
"-->"
"<!DOCTYPE"
"<!ENTITY"
"<?xml"
"&amp;"
"&#x"
"\\u"
"\\'"
"\x22sourceLanguage\x22"
"\x22strings\x22"
"\x22localizations\x22"
"\x22stringUnit\x22"
"\x22variations\x22"
"\x22plural\x22"
"\x22substitutions\x22"
"\x22state\x22"
"\x22value\x22"
"\x22shouldTranslate\x22"
"%#@"
"%lld"
DICT

# --- run ------------------------------------------------------------------------------------
summary=()
failed=0
for target in "${TARGETS[@]}"; do
  corpus="$OUT/corpus/$target"
  crashes="$OUT/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  log="$OUT/$target.log"
  echo "== fuzzing $target for ${SECONDS_PER_TARGET}s (log: $log)" >&2
  dict=()
  case "$target" in
    json|glob) ;;
    xml|xcstrings) dict=(-dict="$OUT/native.dict") ;;
    kotlin|swift) dict=(-dict="$OUT/code.dict") ;;
    *) dict=(-dict="$OUT/yaml.dict") ;;
  esac
  set +e
  ROUTEKIT_FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$BIN" \
    -max_total_time="$SECONDS_PER_TARGET" -max_len="$MAX_LEN" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" \
    -print_final_stats=1 -artifact_prefix="$crashes/" "${dict[@]}" ${FUZZ_EXTRA:-} \
    "$corpus" "$OUT/seeds/$target" > "$log" 2>&1
  status=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  last=$(grep -E '^#[0-9]+' "$log" | grep -E 'cov: [0-9]+' | tail -1 || true)
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  units=$(find "$corpus" -type f | wc -l | tr -d ' ')
  found=$(find "$crashes" -type f | wc -l | tr -d ' ')
  if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    failed=1
    echo "!! $target: libFuzzer exited $status; artifacts in $crashes:" >&2
    grep -E 'ERROR|SUMMARY|Test unit written|deadly signal|timeout' "$log" | head -20 >&2 || true
  fi
  summary+=("| $target | $SECONDS_PER_TARGET | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | $units | $found |")
done

echo
echo "Fuzzing summary ($(date -u +%Y-%m-%d), $(swift --version 2>/dev/null | head -1), -sanitize=$SANITIZERS):"
echo "| target | seconds | executions | exec/s | cov | ft | corpus | crashes |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${summary[@]}"
exit "$failed"
