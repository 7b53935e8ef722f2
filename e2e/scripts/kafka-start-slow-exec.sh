#!/usr/bin/env bash
# kafka_start (bin/lib/kafka.sh) waits for a broker whose forked shell is slow to exec java: the start loop looks at
# the child it started, not at its command line, which is still this script's until the exec. Here the exec is held
# back by a second (a shell function named env, which the forked child runs first); a start loop that read the
# command line took the broker for exited at its first look, as a loaded machine once made it do in CI. A private
# state folder and ports of its own.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/bin/lib/common.sh"
source "$repo/bin/lib/kafka.sh"
# ports below Linux's ephemeral range that nothing listens on (free_port, bin/lib/common.sh)
port=$(free_port 21794 21893) || { echo "no free port in 21794-21893" >&2; exit 1; }
controller_port=$(free_port $((port + 1)) 21893) || { echo "no free controller port" >&2; exit 1; }
work=$(mktemp -d /tmp/taskgate-kafka-XXXXXX)
trap 'kafka_stop "$work/kafka" >/dev/null 2>&1; rm -rf "$work"' EXIT

env() { sleep 1; exec env "$@"; }

if ! (kafka_start "$work/kafka" "$port" "$controller_port") > "$work/start.log" 2>&1; then
  echo "FAILED: kafka_start gave up on a broker whose exec came a second late; its output:" >&2
  cat "$work/start.log" >&2
  exit 1
fi
pid_alive "$work/kafka/pid" kafka.Kafka || { echo "FAILED: no broker runs after kafka_start" >&2; exit 1; }
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "FAILED: nothing listens on $port" >&2; exit 1; }
echo "the broker started although its exec came a second late"
