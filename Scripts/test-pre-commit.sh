#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real pre-commit framework.
#
# It installs pre-commit (pip, into a virtualenv when possible), takes a snapshot of this
# checkout (its files as on disk, uncommitted changes included, committed in a temporary
# repository, much like the shadow repository `pre-commit try-repo` makes), and in
# a temporary git repository with a catalog and strings checks that:
#   - `pre-commit try-repo <snapshot> routekit` fails on a defect and prints the finding;
#   - with the hook installed from a .pre-commit-config.yaml (`pre-commit install`), a commit
#     with a defect is blocked, a clean one goes through, and one without YAML skips the hook.
# pre-commit's swift language runs `swift build -c release` in its own clone. That happens twice
# (try-repo always uses a throwaway store; the installed hook builds once and then reuses it):
# about 2 × 1.5 minutes on two cores.
#
# Usage: Scripts/test-pre-commit.sh
#   PRE_COMMIT=path        use this pre-commit instead of installing one
#   ROUTEKIT_KEEP_TMP=1    keep the temporary directory (its path is printed)
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/routekit-pre-commit-test.XXXXXX")
cleanup() { if [ "${ROUTEKIT_KEEP_TMP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
trap 'echo "FAIL: pre-commit hook end-to-end (unexpected error on line $LINENO)"' ERR
start=$(date +%s)
failures=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1"; failures=$((failures + 1)); }
elapsed() { echo "$(( $(date +%s) - start ))s"; }

# Git without the user's config, with an identity for commits.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
# CI may run as a user other than the checkout's owner: let git read the checkout anyway.
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
export GIT_AUTHOR_NAME=routekit-test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=routekit-test GIT_COMMITTER_EMAIL=test@example.com
# A private pre-commit cache: a fresh build of the snapshot, nothing left behind.
export PRE_COMMIT_HOME="$work/pre-commit-home"
export NO_COLOR=1

# --- pre-commit ---------------------------------------------------------------------------
if [ -n "${PRE_COMMIT:-}" ]; then
  pre_commit=("$PRE_COMMIT")
elif python3 -m venv "$work/venv" >/dev/null 2>&1; then
  "$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check pre-commit
  pre_commit=("$work/venv/bin/pre-commit")
else
  python3 -m pip install --quiet --disable-pip-version-check pre-commit
  pre_commit=(python3 -m pre_commit)
fi
echo "# $("${pre_commit[@]}" --version) ($(elapsed))"

# --- snapshot of this checkout ------------------------------------------------------------
# A one-commit repository of the checkout's files (tracked and untracked, not ignored), as they
# are on disk. Copying instead of cloning also works when the checkout belongs to another user.
src="$work/routekit-src"
mkdir -p "$src"
if git -C "$checkout" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$checkout" && git ls-files -z --cached --others --exclude-standard) |
    while IFS= read -r -d '' file; do
      if [ -e "$checkout/$file" ] || [ -L "$checkout/$file" ]; then
        mkdir -p "$(dirname "$src/$file")"
        cp -a "$checkout/$file" "$src/$file"
      fi
    done
  head=$(git -C "$checkout" rev-parse --short HEAD)
  if [ -n "$(git -C "$checkout" status --porcelain)" ]; then
    echo "# testing $head plus uncommitted changes"
  else
    echo "# testing $head"
  fi
else
  # Not a git checkout (an exported tree): take everything but build output.
  tar -C "$checkout" --exclude=./.git --exclude=./.build --exclude=./.swiftpm -cf - . | tar -C "$src" -xf -
  echo "# testing the files in $checkout"
fi
git -C "$src" init --quiet -b main
git -C "$src" add -A
git -C "$src" commit --quiet -m "routekit snapshot"
rev=$(git -C "$src" rev-parse HEAD)

# --- a project repository -----------------------------------------------------------------
project="$work/project"
mkdir -p "$project/strings"
cd "$project"
git init --quiet -b main .
cat > .routekit.yml <<'YAML'
catalog: routes.yml
strings: [strings/*.yml]
base-locale: en
YAML
printf 'en:\n  nav:\n    schedule: Schedule\n' > strings/en.yml
printf 'de:\n  nav:\n    schedule: Programm\n' > strings/de.yml
echo "A project with route metadata." > README.md
clean_routes='routes:
  ScheduleScreen:
    tab: { icon: clock }
    title: nav.schedule'
broken_routes='routes:
  ScheduleScreen:
    tab: { icon: clock }
    titel: nav.schedule'
commits() { git rev-list --count HEAD 2>/dev/null || echo 0; }

# 1. try-repo, the way a hook author checks a hook before tagging it.
printf '%s\n' "$broken_routes" > routes.yml
git add -A
echo "# pre-commit try-repo (builds routekit with swift build -c release)…"
if out=$("${pre_commit[@]}" try-repo "$src" routekit --ref "$rev" 2>&1); then
  fail "try-repo: a defect fails the hook (it passed)"; echo "$out"
elif grep -q "\[unknown-field\]" <<<"$out" && grep -q "routekit lint.*Failed" <<<"$out"; then
  pass "try-repo: a defect fails the hook and prints the finding ($(elapsed))"
else
  fail "try-repo: a defect fails the hook with the finding printed"; echo "$out"
fi

# try-repo builds in a throwaway store every time, so it runs once; the clean case is shown by
# the installed hook below, which builds once into PRE_COMMIT_HOME and reuses that build.
printf '%s\n' "$clean_routes" > routes.yml
git add -A
git commit --quiet --no-verify -m "initial"

# 2. The hook as users install it: .pre-commit-config.yaml + `pre-commit install`.
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $src
    rev: $rev
    hooks:
      - id: routekit
YAML
git add .pre-commit-config.yaml
git commit --quiet --no-verify -m "pre-commit config"
"${pre_commit[@]}" install >/dev/null

printf '%s\n' "$broken_routes" > routes.yml
git add routes.yml
before=$(commits)
echo "# git commit with the installed hook (builds routekit once more)…"
if out=$(git commit -m "broken routes" 2>&1); then
  fail "git commit with a defect is blocked (it went through)"; echo "$out"
elif [ "$(commits)" = "$before" ] && grep -q "\[unknown-field\]" <<<"$out"; then
  pass "git commit with a defect is blocked and shows the finding ($(elapsed))"
else
  fail "git commit with a defect is blocked with the finding shown"; echo "$out"
fi

printf '%s\n' "$clean_routes" | sed 's/clock/calendar/' > routes.yml
git add routes.yml
before=$(commits)
if out=$(git commit -m "clean routes" 2>&1) && [ "$(commits)" = $((before + 1)) ] && grep -q "routekit lint.*Passed" <<<"$out"; then
  pass "git commit of a clean project goes through"
else
  fail "git commit of a clean project goes through"; echo "$out"
fi

echo "More text." >> README.md
git add README.md
if out=$(git commit -m "docs only" 2>&1) && grep -q "routekit lint.*Skipped" <<<"$out"; then
  pass "a commit without YAML files skips the hook"
else
  fail "a commit without YAML files skips the hook"; echo "$out"
fi

echo "# total $(elapsed)"
if [ "$failures" -eq 0 ]; then
  echo "PASS: pre-commit hook end-to-end"
else
  echo "FAIL: pre-commit hook end-to-end ($failures failed)"
  exit 1
fi
