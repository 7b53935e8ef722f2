#!/usr/bin/env bash
# bin/test-infra up that cannot start the broker (its port taken by another process) fails and leaves nothing of its
# own running: the PostgreSQL it had started is stopped again. A private state folder and ports of its own.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/bin/lib/common.sh"
source "$repo/bin/lib/postgres.sh"
# ports below Linux's ephemeral range that nothing listens on (free_port, bin/lib/common.sh)
pg_port=$(free_port 21594 21693) || { echo "no free port in 21594-21693" >&2; exit 1; }
kafka_port=$(free_port 21694 21793) || { echo "no free port in 21694-21793" >&2; exit 1; }
controller_port=$(free_port $((kafka_port + 1)) 21793) || { echo "no free controller port" >&2; exit 1; }
work=$(mktemp -d /tmp/taskgate-infra-XXXXXX)
chmod 755 "$work"
holder=""
cleanup() {
  [ -z "$holder" ] || kill "$holder" 2>/dev/null
  TASKGATE_TEST_STATE="$work/state" TASKGATE_TEST_PG_PORT=$pg_port TASKGATE_TEST_KAFKA_PORT=$kafka_port \
    TASKGATE_TEST_KAFKA_CONTROLLER_PORT=$controller_port "$repo/bin/test-infra" down >/dev/null 2>&1
  pg_delete "$work/state/pg" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

# another process holds the broker's port
python3 -c '
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen()
print("listening", flush=True)
time.sleep(600)
' "$kafka_port" > "$work/holder.out" &
holder=$!
for _ in $(seq 1 100); do grep -q listening "$work/holder.out" 2>/dev/null && break; sleep 0.1; done
grep -q listening "$work/holder.out" || { echo "could not hold port $kafka_port" >&2; exit 1; }

if TASKGATE_TEST_STATE="$work/state" TASKGATE_TEST_PG_PORT=$pg_port TASKGATE_TEST_KAFKA_PORT=$kafka_port \
  TASKGATE_TEST_KAFKA_CONTROLLER_PORT=$controller_port "$repo/bin/test-infra" up > "$work/up.log" 2>&1; then
  fail "up succeeded although the broker's port $kafka_port was taken"
fi
grep -q 'stopping what this run started' "$work/up.log" || fail "up did not say it stops what it started"
if (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null; then
  fail "PostgreSQL still listens on $pg_port after the failed up"
fi
if [ -s "$work/state/pg/data/postmaster.pid" ]; then
  fail "PostgreSQL of the failed up still runs (postmaster.pid present)"
fi
[ "$failed" -eq 0 ] || { echo "--- up's output:"; cat "$work/up.log"; }
exit "$failed"
