#!/bin/sh
# Builds routekit and the benchmark (the package in Tools/) in release, the C reference parsers
# in Tools/References (each when its library's headers are installed: libxml2-dev,
# libsimdjson-dev), and runs the benchmark; arguments go to routekit-bench
# (e.g. --sizes S,M --no-mastodon --runs 5 --markdown out.md).
#
# routekit is measured as it ships (Scripts/package.sh): the Swift runtime and FoundationEssentials
# linked in (--static-swift-stdlib), which spares every process the dynamic linker's symbol
# look-ups (a quarter of a small project's lint). Its own build directory, .build/bench, keeps the
# plain release build (.build/release) as it is.
set -e
cd "$(dirname "$0")/.."
swift build -c release --product routekit --static-swift-stdlib --scratch-path .build/bench
swift build -c release --package-path Tools --product routekit-bench
references=.build/references
mkdir -p "$references"
if pkg-config --exists libxml-2.0; then
  cc -O2 -o "$references/xml-sax" Tools/References/xml-sax.c $(pkg-config --cflags --libs libxml-2.0)
else
  echo "bench.sh: no libxml2 headers (apt-get install libxml2-dev): the XML row falls back to xmllint" >&2
fi
if pkg-config --exists simdjson; then
  c++ -O2 -std=c++17 -o "$references/json-simdjson" Tools/References/json-simdjson.cpp $(pkg-config --cflags --libs simdjson)
else
  echo "bench.sh: no simdjson (apt-get install libsimdjson-dev): the String Catalog row has no C++ reference" >&2
fi
exec Tools/.build/release/routekit-bench --binary .build/bench/release/routekit --references "$references" "$@"
