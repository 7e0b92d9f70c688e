#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real pre-commit framework.
#
# It installs pre-commit (pip, into a virtualenv when possible), takes a snapshot of this
# checkout (its files as on disk, uncommitted changes included, committed in a temporary
# repository, much like the shadow repository `pre-commit try-repo` makes), and in a temporary
# git repository whose project sits in `mobile/` (with YAML outside any project beside it) checks:
#   - the source hook `routekit` (language: swift): `pre-commit try-repo <snapshot> routekit`
#     fails on a defect and prints the finding; installed from a .pre-commit-config.yaml
#     (`pre-commit install`), a commit with a defect is blocked, a clean one goes through, and
#     one without YAML skips the hook;
#   - the binary hook `routekit-system` (language: system, `verbose: true`, routekit on PATH):
#     a defect is blocked, a clean commit shows its warnings and goes through, YAML in no
#     project passes, and a commit touching two projects lints each once.
# pre-commit's swift language runs `swift build -c release` in its own clone. That happens twice
# (try-repo always uses a throwaway store; the installed hook builds once and then reuses it):
# about 2 × 1.5 minutes on two cores. The system hook uses the packaged binary.
#
# Usage: Scripts/test-pre-commit.sh
#   PRE_COMMIT=path        use this pre-commit instead of installing one
#   ROUTEKIT_PACKAGE=DIR   the output of `Scripts/package.sh DIR` (else it is built)
#   ROUTEKIT_SKIP_SOURCE_HOOK=1  test only the system hook (no source builds)
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
# The routekit project sits in mobile/; the workflow YAML at the top belongs to no project.
project="$work/project"
mkdir -p "$project/mobile/strings" "$project/.github/workflows"
cd "$project"
git init --quiet -b main .
cat > mobile/.routekit.yml <<'YAML'
catalog: routes.yml
strings: [strings/*.yml]
base-locale: en
YAML
printf 'en:\n  nav:\n    schedule: Schedule\n' > mobile/strings/en.yml
printf 'de:\n  nav:\n    schedule: Programm\n' > mobile/strings/de.yml
printf 'on: push\njobs: {}\n' > .github/workflows/ci.yml
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

# ROUTEKIT_SKIP_SOURCE_HOOK=1 leaves out the source hook (its two release builds), for a quick run
# of the system hook alone; CI runs both.
if [ "${ROUTEKIT_SKIP_SOURCE_HOOK:-}" != 1 ]; then
# 1. try-repo, the way a hook author checks a hook before tagging it.
printf '%s\n' "$broken_routes" > mobile/routes.yml
git add -A
echo "# pre-commit try-repo (builds routekit with swift build -c release)…"
if out=$("${pre_commit[@]}" try-repo "$src" routekit --ref "$rev" 2>&1); then
  fail "try-repo: a defect fails the hook (it passed)"; echo "$out"
elif grep -q "^mobile/routes.yml:4:5: error: .*\[unknown-field\]" <<<"$out" && grep -q "routekit lint.*Failed" <<<"$out"; then
  pass "try-repo: a defect in mobile/ fails the hook and prints the finding ($(elapsed))"
else
  fail "try-repo: a defect fails the hook with the finding printed"; echo "$out"
fi

# try-repo builds in a throwaway store every time, so it runs once; the clean case is shown by
# the installed hook below, which builds once into PRE_COMMIT_HOME and reuses that build.
printf '%s\n' "$clean_routes" > mobile/routes.yml
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

printf '%s\n' "$broken_routes" > mobile/routes.yml
git add mobile/routes.yml
before=$(commits)
echo "# git commit with the installed hook (builds routekit once more)…"
if out=$(git commit -m "broken routes" 2>&1); then
  fail "git commit with a defect is blocked (it went through)"; echo "$out"
elif [ "$(commits)" = "$before" ] && grep -q "\[unknown-field\]" <<<"$out"; then
  pass "git commit with a defect is blocked and shows the finding ($(elapsed))"
else
  fail "git commit with a defect is blocked with the finding shown"; echo "$out"
fi

printf '%s\n' "$clean_routes" | sed 's/clock/calendar/' > mobile/routes.yml
git add mobile/routes.yml
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

else
  printf '%s\n' "$clean_routes" > mobile/routes.yml
  git add -A
  git commit --quiet --no-verify -m "initial"
  echo "# source hook skipped (ROUTEKIT_SKIP_SOURCE_HOOK=1)"
fi

# 3. The binary hook (language: system) with an installed routekit, as a team without a Swift
# toolchain uses it. A fresh clone of the project, so nothing of the source hook is reused.
package=${ROUTEKIT_PACKAGE:-}
if [ -z "$package" ]; then
  package="$work/package"
  "$checkout/Scripts/package.sh" "$package" >/dev/null
fi
mkdir -p "$work/bin"
cp "$package/routekit" "$work/bin/routekit"
export PATH="$work/bin:$PATH"
system_project="$work/system-project"
git clone --quiet "$project" "$system_project"
cd "$system_project"
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $src
    rev: $rev
    hooks:
      - id: routekit-system
        verbose: true
YAML
git add .pre-commit-config.yaml
git commit --quiet --no-verify -m "system hook"
system_start=$(date +%s)
"${pre_commit[@]}" install >/dev/null

printf '%s\n' "$broken_routes" > mobile/routes.yml
git add mobile/routes.yml
before=$(commits)
if out=$(git commit -m "broken routes" 2>&1); then
  fail "system hook: a commit with a defect is blocked (it went through)"; echo "$out"
elif [ "$(commits)" = "$before" ] && grep -q "^mobile/routes.yml:4:5: error: .*\[unknown-field\]" <<<"$out"; then
  pass "system hook: a defect in mobile/ is blocked with mobile/routes.yml:4:5 shown (first lint $(( $(date +%s) - system_start ))s after install)"
else
  fail "system hook: a defect in mobile/ is blocked with the finding shown"; echo "$out"
fi

# Clean but for a warning: verbose: true shows it, the commit goes through.
printf '%s\n' "$clean_routes" "  FinalistScreen:" "    title: nav.schedule" "    subtitle: { text: Winner }" > mobile/routes.yml
git add mobile/routes.yml
before=$(commits)
if out=$(git commit -m "routes with a warning" 2>&1) && [ "$(commits)" = $((before + 1)) ] \
   && grep -q "^mobile/routes.yml:7:23: warning: .*\[literal-title\]" <<<"$out"; then
  pass "system hook: warnings are shown (verbose: true) and do not block"
else
  fail "system hook: warnings are shown (verbose: true) and do not block"; echo "$out"
fi

printf 'on: [push, pull_request]\njobs: {}\n' > .github/workflows/ci.yml
git add .github/workflows/ci.yml
before=$(commits)
if out=$(git commit -m "workflow only" 2>&1) && [ "$(commits)" = $((before + 1)) ] && grep -q "routekit lint.*Passed" <<<"$out" \
   && grep -q "nothing to lint" <<<"$out"; then
  pass "system hook: YAML in no project passes (nothing to lint)"
else
  fail "system hook: YAML in no project passes"; echo "$out"
fi

# Two projects in one commit: each is linted once, whatever the number of its files.
mkdir -p admin/strings
printf 'catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n' > admin/.routekit.yml
printf 'en:\n  nav:\n    users: Users\n' > admin/strings/en.yml
printf 'routes:\n  UsersScreen:\n    tab: { icon: person }\n    titel: nav.users\n' > admin/routes.yml
printf 'de:\n  nav:\n    schedule: Zeitplan\n' > mobile/strings/de.yml
printf '%s\n' "$broken_routes" > mobile/routes.yml
git add -A
if out=$(git commit -m "two projects" 2>&1); then
  fail "system hook: a commit touching two projects lints both (it went through)"; echo "$out"
elif grep -q "^admin/routes.yml:4:5: error: " <<<"$out" && grep -q "^mobile/routes.yml:4:5: error: " <<<"$out" \
     && [ "$(grep -cE '^[0-9]+ errors?, ' <<<"$out")" = 2 ]; then
  pass "system hook: a commit touching two projects lints each once"
else
  fail "system hook: a commit touching two projects lints each once"; echo "$out"
fi

echo "# total $(elapsed)"
if [ "$failures" -eq 0 ]; then
  echo "PASS: pre-commit hook end-to-end"
else
  echo "FAIL: pre-commit hook end-to-end ($failures failed)"
  exit 1
fi
