#!/usr/bin/env bash
# Builds a self-contained release routekit and packs it for people without a Swift toolchain:
#   OUT/routekit-<version>-linux-<arch>.tar.gz    bin/routekit, LICENSE, NOTICE, licenses/, README.md
#   OUT/routekit.artifactbundle/                  a SwiftPM artifact bundle (info.json + the binary),
#   OUT/routekit.artifactbundle.zip (+ .sha256)   the same, zipped, for `.binaryTarget(url:checksum:)`
#   OUT/routekit                                  the binary itself
# The binary links the Swift runtime and FoundationEssentials statically (--static-swift-stdlib),
# libyaml (libyaml.a from libyaml-dev), libstdc++ and libgcc statically, so it needs only the C
# library (libc, libm and the loader) the system has.
#
# Usage: Scripts/package.sh [OUT]          (default OUT: .build/package)
#   ROUTEKIT_SCRATCH=DIR   SwiftPM build directory (default .build/static: kept apart from
#                          `swift build -c release`, whose dynamic link it would otherwise undo)
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$checkout/.build/package}
scratch=${ROUTEKIT_SCRATCH:-$checkout/.build/static}
mkdir -p "$out"
out=$(cd "$out" && pwd)

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$checkout/Sources/RouteKit/Support/RouteKitInfo.swift")
arch=$(uname -m)
case "$arch" in
  x86_64) triple=x86_64-unknown-linux-gnu ;;
  aarch64 | arm64) arch=aarch64; triple=aarch64-unknown-linux-gnu ;;
  *) echo "package.sh: unsupported architecture $arch" >&2; exit 2 ;;
esac
name="routekit-$version-linux-$arch"

# libyaml statically: SwiftPM reads the CYAML target's flags from pkg-config (yaml-0.1). A .pc file
# found first on PKG_CONFIG_PATH points the linker at a directory that holds only libyaml.a, so
# `-lyaml` cannot pick the shared library.
libdir=$(pkg-config --variable=libdir yaml-0.1)
if [ ! -f "$libdir/libyaml.a" ]; then
  echo "package.sh: $libdir/libyaml.a not found; install libyaml-dev" >&2
  exit 2
fi
static=$(mktemp -d "${TMPDIR:-/tmp}/routekit-static-yaml.XXXXXX")
trap 'rm -rf "$static"' EXIT
ln -s "$libdir/libyaml.a" "$static/libyaml.a"
cat > "$static/yaml-0.1.pc" <<PC
Name: LibYAML
Description: libyaml, linked statically into routekit
Version: $(pkg-config --modversion yaml-0.1)
Cflags: $(pkg-config --cflags yaml-0.1)
Libs: -L$static -lyaml
PC

# The C++ runtime the Swift runtime needs, statically too: a directory searched before the system's
# holds only libstdc++.a, and clang links libgcc's static unwinder instead of libgcc_s.so. The
# binary then needs libc, libm and the loader alone.
libstdcxx=$(g++ -print-file-name=libstdc++.a 2>/dev/null || true)
if [ ! -f "$libstdcxx" ]; then
  libstdcxx=$(ls /usr/lib/gcc/*/*/libstdc++.a 2>/dev/null | sort -V | tail -1)
fi
if [ ! -f "$libstdcxx" ]; then
  echo "package.sh: libstdc++.a not found; install libstdc++-dev (or g++)" >&2
  exit 2
fi
ln -s "$libstdcxx" "$static/libstdc++.a"

echo "# swift build -c release --static-swift-stdlib (libyaml.a, libstdc++.a, libgcc)…"
start=$(date +%s)
(cd "$checkout" && PKG_CONFIG_PATH="$static${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
  swift build -c release --product routekit --static-swift-stdlib --scratch-path "$scratch" \
    -Xlinker -L"$static" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
binary="$scratch/release/routekit"
echo "# built in $(( $(date +%s) - start ))s"

# Only the C library may be loaded at run time: libc, libm and the loader.
if ldd "$binary" | grep -Ev 'linux-vdso|libc\.so|libm\.so|ld-linux'; then
  echo "package.sh: the binary still loads the libraries above" >&2
  exit 1
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/routekit-package.XXXXXX")
trap 'rm -rf "$static" "$stage"' EXIT
install -D -m 755 "$binary" "$stage/$name/bin/routekit"
strip "$stage/$name/bin/routekit" 2>/dev/null || true
cp "$checkout/LICENSE" "$checkout/NOTICE" "$checkout/README.md" "$stage/$name/"
# The licences of what is linked in (NOTICE lists them).
mkdir -p "$stage/$name/licenses"
swift_license=$(dirname "$(readlink -f "$(command -v swift)")")/../share/swift/LICENSE.txt
yaml_license=$(ls /usr/share/doc/libyaml-0-2/copyright /usr/share/doc/libyaml-dev/copyright 2>/dev/null | head -1 || true)
if [ ! -f "$swift_license" ] || [ -z "$yaml_license" ]; then
  echo "package.sh: the Swift or LibYAML licence text was not found" >&2
  exit 1
fi
cp "$swift_license" "$stage/$name/licenses/swift.txt"
cp "$yaml_license" "$stage/$name/licenses/libyaml.txt"
cp "$checkout/Resources/CLDR/LICENSE" "$stage/$name/licenses/unicode.txt"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"

bundle="$out/routekit.artifactbundle"
rm -rf "$bundle"
mkdir -p "$bundle/$name/bin"
cp "$stage/$name/bin/routekit" "$bundle/$name/bin/routekit"
cp -R "$checkout/LICENSE" "$checkout/NOTICE" "$stage/$name/licenses" "$bundle/"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "routekit": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$name/bin/routekit", "supportedTriples": ["$triple"] }
      ]
    }
  }
}
JSON
rm -f "$out/routekit.artifactbundle.zip"
(cd "$out" && zip -qry routekit.artifactbundle.zip routekit.artifactbundle)
sha256sum "$out/routekit.artifactbundle.zip" | cut -d' ' -f1 > "$out/routekit.artifactbundle.zip.sha256"
cp "$stage/$name/bin/routekit" "$out/routekit"

echo "# $out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1))"
echo "# $bundle (zip checksum $(cat "$out/routekit.artifactbundle.zip.sha256"))"
echo "# $out/routekit: $("$out/routekit" --version)"
