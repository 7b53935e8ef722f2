#!/usr/bin/env bash
# bin/lib/check-self-contained.sh on repositories made for the purpose: it passes a repository whose references stay
# inside, and fails, naming file and line, one whose docs, build or sources refer to a folder beside the clone.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
check="$repo/bin/lib/check-self-contained.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

make_repo() {
  local dir="$work/$1"
  mkdir -p "$dir/docs" "$dir/mod/src/main/java/x" "$dir/scripts"
  git -C "$dir" init -q
  echo '<project/>' > "$dir/mod/pom.xml"
  echo 'See [the schemas](../schemas/README.md).' > "$dir/docs/guide.md"
  echo 'cd "$(dirname "$0")/.."' > "$dir/scripts/run.sh"
  echo 'class A { String p = "../../etc/passwd"; } // not-a-repo-path' > "$dir/mod/src/main/java/x/A.java"
  echo "$dir"
}

clean=$(make_repo clean)
git -C "$clean" add -A
"$check" "$clean" > "$work/clean.out" 2>&1 || fail "a self-contained repository was refused: $(cat "$work/clean.out")"

for case in doc pom source; do
  dir=$(make_repo "$case")
  case $case in
    doc) echo 'The blueprint is [there](../../beside-the-clone/ARCHITECTURE.md).' >> "$dir/docs/guide.md"; where="docs/guide.md:2" ;;
    pom) echo '<dir>${project.basedir}/../../beside-the-clone/spec</dir>' >> "$dir/mod/pom.xml"; where="mod/pom.xml:2" ;;
    source) echo 'class B { String p = "../../beside-the-clone/spec"; }' > "$dir/mod/src/main/java/x/B.java"; where="mod/src/main/java/x/B.java:1" ;;
  esac
  git -C "$dir" add -A
  if "$check" "$dir" > "$work/$case.out" 2>&1; then
    fail "a reference outside the repository in a $case was accepted"
  fi
  grep -qF "$where: refers to" "$work/$case.out" || fail "the $case case does not name $where: $(cat "$work/$case.out")"
done
exit "$failed"
