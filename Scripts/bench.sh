#!/bin/sh
# Builds routekit and the benchmark (the package in Tools/) in release and runs the benchmark;
# arguments go to routekit-bench (e.g. --sizes S,M --no-mastodon --runs 5 --markdown out.md).
set -e
cd "$(dirname "$0")/.."
swift build -c release --product routekit
swift build -c release --package-path Tools --product routekit-bench
exec Tools/.build/release/routekit-bench --binary .build/release/routekit "$@"
