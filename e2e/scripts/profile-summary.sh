#!/usr/bin/env bash
# The profiling of `bin/bench --profile` on one small JVM of its own: async-profiler resolved from Maven Central and
# attached through jcmd (bin/lib/profile.sh), a JFR recording in the same window, the three files written; then
# tools/bench/ProfileSummary.java: its categorisation self-check, and its summary of these files (the JVM's hot loop in
# JDK crypto, as the categorisation says). Starts no stack.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo" || exit 2
source "$repo/bin/lib/common.sh"
source "$repo/bin/lib/java-tool.sh"
source "$repo/bin/lib/kafka.sh"
source "$repo/bin/lib/profile.sh"
work=$(mktemp -d)
busy_pid=""
cleanup() {
  [ -z "$busy_pid" ] || kill "$busy_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

summary=$(java_tool_classes "$repo/tools/bench/ProfileSummary.java" "$KAFKA_CACHE") || { echo "cannot compile"; exit 1; }
java -cp "$summary" ProfileSummary --self-check || fail "ProfileSummary --self-check"

lib=$(profiler_library) || { echo "cannot resolve async-profiler"; exit 1; }
[ -s "$lib" ] || fail "no agent library at $lib"

# a JVM hashing for at most 120 s (ended sooner by the trap)
mkdir -p "$work/busy"
cat > "$work/busy/Busy.java" <<'JAVA'
public class Busy {
    public static void main(String[] args) throws Exception {
        var digest = java.security.MessageDigest.getInstance("SHA-256");
        byte[] data = new byte[4096];
        long end = System.nanoTime() + 120_000_000_000L;
        System.out.println("ready");
        while (System.nanoTime() < end) {
            data = digest.digest(data).length == 32 ? data : new byte[1];
        }
    }
}
JAVA
javac -d "$work/busy" "$work/busy/Busy.java" || { echo "cannot compile Busy"; exit 1; }
java -cp "$work/busy" Busy > "$work/busy.out" 2>&1 &
busy_pid=$!
for _ in $(seq 1 100); do grep -q ready "$work/busy.out" 2>/dev/null && break; sleep 0.1; done
grep -q ready "$work/busy.out" || { echo "Busy did not start"; exit 1; }

event=$(profiler_event "$busy_pid" "$lib")
case "$event" in "cpu: "*) ;; *) fail "event: [$event]" ;; esac
mkdir -p "$work/profiles/busy-1"
profile_prime "$busy_pid" "$lib" "$work/prime" || fail "profile_prime"
[ -s "$work/prime/prime.collapsed" ] || fail "profile_prime wrote no collapsed stacks"
profile_start "$busy_pid" "$lib" "$work/repository" || fail "profile_start"
sleep 3
profile_stop "$busy_pid" "$lib" "$work/profiles/busy-1/busy" || fail "profile_stop"
for ext in collapsed html jfr; do
  [ -s "$work/profiles/busy-1/busy.$ext" ] || fail "no busy.$ext"
done
grep -q '^\[main tid=[0-9]*\];.*Busy\.main' "$work/profiles/busy-1/busy.collapsed" \
  || fail "no sample of Busy.main on thread main in the collapsed stacks"
# a second profile of the same JVM works too (bin/bench profiles each JVM once per scenario)
profile_start "$busy_pid" "$lib" "$work/repository" || fail "profile_start, second time"
profile_stop "$busy_pid" "$lib" "$work/second" || fail "profile_stop, second time"

echo "scenario=busy concurrency=1 seconds=3 executions=3" > "$work/profiles/busy-1/window.txt"
mkdir -p "$work/profiles/prime" && cp "$work/prime/prime.collapsed" "$work/profiles/prime/busy.collapsed"
java -cp "$summary" ProfileSummary "$work/profiles" 5 > "$work/summary.md" || fail "ProfileSummary on the files"
grep -q '^### busy × 1$' "$work/summary.md" || fail "no scenario heading"
[ "$(grep -c '^### ' "$work/summary.md")" = 1 ] || fail "a folder without window.txt was read as a scenario"
crypto=$(sed -n 's/^| JDK crypto | \([0-9.]*\) |$/\1/p' "$work/summary.md")
awk -v c="${crypto:-0}" 'BEGIN { exit !(c > 50) }' || fail "JDK crypto share [$crypto] should be most of Busy's samples"
grep -q '^| busy | [0-9.]* | [0-9]* | [0-9]* |' "$work/summary.md" || fail "no JFR row for busy"

# bad input: a missing folder is an error, not an empty summary
java -cp "$summary" ProfileSummary "$work/nothing-here" 5 > /dev/null 2>&1 && fail "a missing folder was accepted"
java -cp "$summary" ProfileSummary > /dev/null 2>&1
[ $? -eq 2 ] || fail "no arguments: expected exit 2"

[ "$failed" -eq 0 ] && echo "profile-summary: ok"
exit "$failed"
