#!/usr/bin/env bash
# Sums every surefire and failsafe report under a directory (not the script tests' reports: .ci/run counts those, and
# they may appear while bin/test runs) and prints one closing line:
#   N passed, N failed, N skipped
# Exits non-zero when a test failed or errored, or when no test ran at all.
set -uo pipefail
root=${1:-.}
tests=0 failures=0 errors=0 skipped=0
while IFS= read -r -d '' report; do
  # the first <testsuite ...> element carries the counts for the whole class
  header=$(grep -m1 -o '<testsuite [^>]*>' "$report") || continue
  attr() { printf '%s' "$header" | grep -o " $1=\"[0-9]*\"" | grep -o '[0-9]*' || echo 0; }
  tests=$((tests + $(attr tests)))
  failures=$((failures + $(attr failures)))
  errors=$((errors + $(attr errors)))
  skipped=$((skipped + $(attr skipped)))
done < <(find "$root" -path '*/target/*-reports/TEST-*.xml' -not -path '*/node_modules/*' \
  -not -path '*/target/script-reports/*' -print0)
failed=$((failures + errors))
passed=$((tests - failed - skipped))
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$tests" -gt 0 ] && [ "$failed" -eq 0 ]
