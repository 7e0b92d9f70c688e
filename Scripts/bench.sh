#!/bin/sh
# Builds release and runs the benchmark; arguments go to routekit-bench
# (e.g. --sizes S,M --no-mastodon --runs 5 --markdown out.md).
set -e
cd "$(dirname "$0")/.."
swift build -c release
exec .build/release/routekit-bench "$@"
