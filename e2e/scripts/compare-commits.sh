#!/usr/bin/env bash
# tools/bench/compare-commits.sh refuses what it cannot run before it takes the benchmark lock or starts anything: no
# commit, a name that is not a commit, an unknown option, a duration that is not a positive whole number of seconds.
# Starts no stack and takes no lock (the script is run as if it held it).
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo" || exit 2
script=tools/bench/compare-commits.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }
# refused NAME EXPECTED_MESSAGE ARGS...: exits non-zero at once, says why, and creates nothing
refused() {
  local name=$1 expected=$2 existed=false
  shift 2
  [ -e .taskgate/compare ] && existed=true
  # without the lock's re-exec, so that timeout reaches the script itself should a regression let it run on
  if TASKGATE_BENCH_LOCKED=1 timeout 20 "$script" "$@" > "$work/out" 2>&1; then
    fail "$name: accepted"
    return
  fi
  grep -q -- "$expected" "$work/out" || fail "$name: expected [$expected] in: $(cat "$work/out")"
  if ! $existed && [ -e .taskgate/compare ]; then
    fail "$name: a run started (.taskgate/compare created)"
  fi
}

refused "no commit" "usage: tools/bench/compare-commits.sh"
refused "not a commit" "not a commit: no-such-commit-x" HEAD no-such-commit-x
refused "an unknown option" "usage: tools/bench/compare-commits.sh" --fast HEAD
refused "seconds not a number" "usage: tools/bench/compare-commits.sh" --seconds ten HEAD
refused "no warm-up value" "usage: tools/bench/compare-commits.sh" HEAD --warmup
refused "zero seconds" "usage: tools/bench/compare-commits.sh" --seconds 0 HEAD

[ "$failed" -eq 0 ] && echo "compare-commits: every wrong argument refused"
exit "$failed"
