#!/usr/bin/env bash
# The services' JVM flags as the scripts choose them (docs/performance.md#jvm-flags): bin/taskgate gives the
# production set by default and the C1-only fast-start set with --fast-start or TASKGATE_FAST_START=1;
# TASKGATE_JAVA_OPTS replaces both; a wrong option or value stops `up` before anything starts; bin/taskgate-mcp-stdio
# starts with the fast-start set unless told otherwise. The readme walkthrough checks the flags of a running stack.
# Starts no stack; needs services/mcp-frontend packaged.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo" || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset TASKGATE_FAST_START TASKGATE_JAVA_OPTS TASKGATE_STDIO_JAVA_OPTS
export TASKGATE_STATE="$work/state"
FAST='-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m'

failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }
# same NAME EXPECTED ACTUAL
same() { [ "$2" = "$3" ] || fail "$1: expected [$2], got [$3]"; }

production=$(bin/taskgate jvm-flags) || fail "bin/taskgate jvm-flags failed"
same "the default is the shared definition's production set" \
  "$(TASKGATE_RUN_STATE="$work/state" bin/lib/service-env.sh java-opts)" "$production"
case " $production " in
  *TieredStopAtLevel*) fail "the production set stops the JIT at C1: $production" ;;
esac
case " $production " in
  *" -Xmx"*) ;;
  *) fail "the production set bounds no heap: $production" ;;
esac
# the young generation every collection cycle touches whole: unbounded, it is a third of the heap and resident
case " $production " in
  *" -Xmn"*) ;;
  *) fail "the production set leaves the young generation at its default size: $production" ;;
esac
# every 50 ms by default: about 1 ms of CPU a second per JVM at rest (docs/performance.md "Idle: the JVMs' counter
# sampling")
case " $production " in
  *" -XX:PerfDataSamplingInterval=1000 "*) ;;
  *) fail "the production set samples the JVM's performance counters more often than once a second: $production" ;;
esac
same "--fast-start" "$FAST" "$(bin/taskgate jvm-flags --fast-start)"
same "TASKGATE_FAST_START=1" "$FAST" "$(TASKGATE_FAST_START=1 bin/taskgate jvm-flags)"
same "TASKGATE_FAST_START=0" "$production" "$(TASKGATE_FAST_START=0 bin/taskgate jvm-flags)"
same "TASKGATE_JAVA_OPTS" "-Xmx1g -XX:+UseG1GC" "$(TASKGATE_JAVA_OPTS='-Xmx1g -XX:+UseG1GC' bin/taskgate jvm-flags)"
same "TASKGATE_JAVA_OPTS with --fast-start" "-Xmx1g" "$(TASKGATE_JAVA_OPTS=-Xmx1g bin/taskgate jvm-flags --fast-start)"

# refused before anything starts: no state folder, no processes
if out=$(bin/taskgate up --fast-star 2>&1); then fail "up accepted --fast-star"; fi
grep -qF 'unknown option: --fast-star' <<< "$out" || fail "up --fast-star said: $out"
if out=$(TASKGATE_FAST_START=yes bin/taskgate up 2>&1); then fail "up accepted TASKGATE_FAST_START=yes"; fi
grep -qF 'TASKGATE_FAST_START must be 1 or 0, not: yes' <<< "$out" || fail "TASKGATE_FAST_START=yes said: $out"
[ ! -e "$work/state" ] || fail "a refused up left $work/state behind"

# bin/taskgate-mcp-stdio, with a java that prints its arguments instead of starting
mkdir -p "$work/jdk/bin"
printf '#!/usr/bin/env bash\necho "$*"\n' > "$work/jdk/bin/java"
chmod +x "$work/jdk/bin/java"
stdio() { JAVA_HOME="$work/jdk" bin/taskgate-mcp-stdio 2>&1 | sed 's/ -Dquarkus.profile=stdio .*//'; }
same "bin/taskgate-mcp-stdio" "$FAST" "$(stdio)"
same "bin/taskgate-mcp-stdio with TASKGATE_FAST_START=0" "$production" "$(TASKGATE_FAST_START=0 stdio)"
same "bin/taskgate-mcp-stdio with TASKGATE_STDIO_JAVA_OPTS" "-Xmx99m" "$(TASKGATE_STDIO_JAVA_OPTS=-Xmx99m stdio)"

[ "$failed" -eq 0 ] && echo "jvm-flags: all checks passed"
exit "$failed"
