#!/usr/bin/env bash
# The README's walkthrough, run exactly as written: every ```bash block of its "Walkthrough with curl" section, in
# order, in one shell, against a local stack started by the walkthrough itself (bin/taskgate up) on a state folder
# of its own (.taskgate/walkthrough, deleted first). curl fails on any HTTP error; afterwards the transcript must show
# what each step promises (the result of every operation, the workspace operations on acme/demo, the artifact).
# Needs the default local-stack ports free (8080-8083, 9080-9083, 15432, 19092-19093).
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo" || exit 2
export TASKGATE_STATE="$repo/.taskgate/walkthrough"
# a test: the services start with the fast-start JVM flags (C1 only), as in every other test
export TASKGATE_FAST_START=1
work=$(mktemp -d)
trap 'bin/taskgate down >/dev/null 2>&1; rm -rf "$work"' EXIT

for port in 8080 8081 8082 8083 9080 9081 9082 9083 15432 19092 19093; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is in use: the walkthrough needs the local stack's ports (bin/taskgate down?)" >&2
    exit 1
  fi
done
bin/taskgate reset >/dev/null 2>&1

awk '/^## Walkthrough with curl/ {on = 1; next} /^## / {on = 0} on' README.md \
  | awk '/^```bash/ {block = 1; next} /^```/ {block = 0; next} block' > "$work/walkthrough.sh"
[ -s "$work/walkthrough.sh" ] || { echo "no bash blocks in the README's walkthrough" >&2; exit 1; }

# shellcheck disable=SC2016
bash -c 'set -euo pipefail
curl() { command curl --fail-with-body --max-time 120 "$@"; }
source "$1"' walkthrough "$work/walkthrough.sh" > "$work/transcript.txt" 2>&1
status=$?
cat "$work/transcript.txt"
[ "$status" -eq 0 ] || { echo "the walkthrough stopped with status $status" >&2; exit 1; }

failed=0
expect() {
  grep -qF -- "$1" "$work/transcript.txt" || { echo "the transcript lacks: $1 ($2)" >&2; failed=1; }
}
expect '"status":"queued"' "the create answer"
expect '"text":"slept 3 seconds"' "the exact result of demo.sleep"
expect '"cancel_requested":true' "the cancel answer"
expect '"text":"{\"hi\":\"there\"}"' "demo.echo over MCP"
expect 'whsec_' "the webhook subscription's secret"
expect '3 matches in 3 files' "workspace.search over the demo workspace"
expect 'Reference graph g-' "workspace.inspect"
expect 'SVG: /v1/orgs/acme/projects/demo/artifacts/' "workspace.render"
expect 'rewrote 1 files' "workspace.rewrite"
expect ' to sha256:' "workspace.compare"
expect '"key":"report/latest"' "the artifact's metadata"
# bin/taskgate up honoured TASKGATE_FAST_START (the walkthrough's own `bin/taskgate down` has stopped the services
# by now: their flags are checked in up's summary)
expect 'JVM flags      -XX:TieredStopAtLevel=1' "bin/taskgate up's summary of the JVM flags"
if grep -qE '"isError":true|workspace_not_registered|"type":"https?://[^"]*problem' "$work/transcript.txt"; then
  echo "the transcript holds an error" >&2
  failed=1
fi
exit "$failed"
