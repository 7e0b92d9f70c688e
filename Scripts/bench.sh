#!/bin/sh
# Builds routekit and the benchmark (the package in Tools/) in release, the C reference parsers
# in Tools/References (each when its library's headers are installed: libxml2-dev,
# libsimdjson-dev), and runs the benchmark; arguments go to routekit-bench
# (e.g. --sizes S,M --no-mastodon --runs 5 --markdown out.md).
set -e
cd "$(dirname "$0")/.."
swift build -c release --product routekit
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
exec Tools/.build/release/routekit-bench --binary .build/release/routekit --references "$references" "$@"
