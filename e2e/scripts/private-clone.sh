#!/usr/bin/env bash
# A clone inside a folder only its owner may enter (as /root is) starts its PostgreSQL and Kafka: run as root, the
# server runs as the postgres user, which cannot reach such a folder, so the cluster lives under
# /var/lib/taskgate/pg instead. Also: TASKGATE_PG_BIN naming a folder without PostgreSQL is refused clearly.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
private=$(mktemp -d /tmp/taskgate-private-XXXXXX)
chmod 700 "$private"
source "$repo/bin/lib/common.sh"
# ports below Linux's ephemeral range (32768-60999) that nothing listens on: a fixed port inside it can be taken, at
# any moment, by an outgoing connection of whatever else runs (seen: the broker's controller port, beside the system
# tests)
pg_port=$(free_port 21394 21493) || { echo "no free port in 21394-21493" >&2; exit 1; }
kafka_port=$(free_port 21494 21592) || { echo "no free port in 21494-21592" >&2; exit 1; }
controller_port=$(free_port $((kafka_port + 1)) 21593) || { echo "no free controller port" >&2; exit 1; }
export TASKGATE_TEST_PG_PORT=$pg_port TASKGATE_TEST_KAFKA_PORT=$kafka_port TASKGATE_TEST_KAFKA_CONTROLLER_PORT=$controller_port
clone="$private/taskgate"
cleanup() {
  if [ -d "$clone" ]; then
    (cd "$clone" && bin/test-infra down >/dev/null 2>&1)
    home=$(cat "$clone/.taskgate/test-infra/pg/home" 2>/dev/null) && rm -rf "$home"
  fi
  rm -rf "$private"
}
trap cleanup EXIT
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

git clone -q "$repo" "$clone" || { echo "cannot clone $repo" >&2; exit 1; }
cd "$clone" || exit 1

out=$(TASKGATE_PG_BIN=/nonexistent/bin bin/test-infra up 2>&1) && fail "a TASKGATE_PG_BIN without PostgreSQL was accepted"
grep -qF 'TASKGATE_PG_BIN=/nonexistent/bin has no executable initdb' <<< "$out" \
  || fail "no clear error for a TASKGATE_PG_BIN without PostgreSQL: $out"

bin/test-infra up --fresh || fail "bin/test-infra up failed in a clone inside a mode-700 folder"
"${TASKGATE_PG_BIN:-/usr/lib/postgresql/15/bin}"/psql -X -h 127.0.0.1 -p "$TASKGATE_TEST_PG_PORT" -U postgres -d taskgate_test -tAc 'select 1' \
  | grep -qx 1 || fail "PostgreSQL does not answer"
if [ "$(id -u)" = 0 ]; then
  home=$(cat .taskgate/test-infra/pg/home 2>/dev/null) || fail "as root, the cluster should live outside the private folder"
  [[ "${home:-}" == /var/lib/taskgate/pg/* ]] || fail "unexpected cluster home: ${home:-none}"
  [ -f "${home:-/none}/data/PG_VERSION" ] || fail "no cluster in ${home:-none}"
fi
bin/test-infra down || fail "bin/test-infra down failed"
exit "$failed"
