#!/usr/bin/env bash
# Fails when a tracked file refers to a path outside the repository: a user has only the clone, so nothing may
# read, link or build from a folder beside it (a sibling of the clone). Every relative reference (`../…`) is resolved
# against the file's own folder and, for a module's sources (…/src/…), against the module's folder (tests and build
# plugins run there); if either escapes the repository root, the line is reported.
#
# Test data that must climb out of a folder on purpose (path-traversal cases) is marked on its line with a comment
# containing `not-a-repo-path`. vendor/ holds unmodified third-party files and is not checked.
#
#   bin/lib/check-self-contained.sh [REPO]
set -uo pipefail
repo=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
cd "$repo" || exit 2

module_of() {
  local dir=$1
  [[ "$dir" == */src/* || "$dir" == src/* ]] || { printf '%s\n' "$dir"; return 0; }
  while [ "$dir" != "." ] && [ ! -f "$dir/pom.xml" ]; do
    dir=$(dirname "$dir")
  done
  # the root pom builds nothing itself: a file outside the modules is read from its own folder
  [ "$dir" = "." ] && dir=$1
  printf '%s\n' "$dir"
}

escapes() {
  local base=$1 ref=$2 resolved
  resolved=$(realpath -m --relative-to="$repo" "$repo/$base/$ref")
  [ "$resolved" = ".." ] || [[ "$resolved" == ../* ]]
}

bad=0
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  ref=${rest#*:}
  dir=$(dirname "$file")
  if { escapes "$dir" "$ref" || escapes "$(module_of "$dir")" "$ref"; } \
      && ! sed -n "${line}p" "$file" | grep -q 'not-a-repo-path'; then
    printf '%s:%s: refers to %s, outside the repository\n' "$file" "$line" "$ref" >&2
    bad=1
  fi
done < <(git grep -nIoE '(\.\./)+[A-Za-z0-9_.-]*' -- . ':!vendor/' ':!**/package-lock.json')

if [ "$bad" -ne 0 ]; then
  echo "self-contained check failed: vendor what the build needs into the repository, restate what the docs need" >&2
  exit 1
fi
