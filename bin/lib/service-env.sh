#!/usr/bin/env bash
# The one definition of how a Taskgate service is started beside its peers on one machine: which settings and
# which keys each service gets. bin/taskgate (the local stack), bin/conformance and the system tests (e2e,
# LocalStack) all start services through it; each adds only what is its own (ports, test schedules).
#
#   bin/lib/service-env.sh prepare            create what the state folder lacks: keys (folder 700, files 600),
#                                             the rewrite sandbox and the folders of the workspace acme/demo
#   bin/lib/service-env.sh env SERVICE        print the service's environment, one NAME=value per line
#   bin/lib/service-env.sh java-opts          print the JVM options a service runs with
#
# Inputs (environment, defaults in brackets):
#   TASKGATE_RUN_STATE          the state folder (required): keys/, rewrite-sandbox/, workspaces/demo/{src,docs}
#   TASKGATE_RUN_PORTS          ["mcp-frontend=8080 job-control=8081 worker-pool=8082 webhook-dispatcher=8083"]
#                               each service's API port; its management port (health) is SERVICE.management=PORT
#                               when listed, else the API port + 1000 (the local stack: 9080-9083)
#   TASKGATE_RUN_KAFKA_PORT     [19092]
#   TASKGATE_RUN_PG_PORT        [15432]
#   TASKGATE_RUN_PG_DATABASE    [taskgate]
#   TASKGATE_RUN_TOPIC_PREFIX   [none]
#
# Each service gets only the keys it uses: job-control the handle, checkpoint and payload keys and the public keys of
# the services it trusts on its internal API; worker-pool the checkpoint key and its own signing key; mcp-frontend
# the handle key, its own signing key and the JWT public key; webhook-dispatcher the handle key, its
# secret-encryption key and the JWT public key. Every service listens on 127.0.0.1 only: its API
# (QUARKUS_HTTP_HOST/PORT) and its management interface with the health checks (QUARKUS_MANAGEMENT_HOST/PORT).
set -euo pipefail

state=${TASKGATE_RUN_STATE:?TASKGATE_RUN_STATE names the state folder}
keys="$state/keys"
ports=${TASKGATE_RUN_PORTS:-"mcp-frontend=8080 job-control=8081 worker-pool=8082 webhook-dispatcher=8083"}
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

port_of() {
  local entry
  for entry in $ports; do
    [ "${entry%%=*}" = "$1" ] && { echo "${entry#*=}"; return 0; }
  done
  echo "no port for $1 in TASKGATE_RUN_PORTS" >&2
  return 1
}

# the management interface's port: listed as SERVICE.management, else the API port + 1000
management_port_of() {
  local entry api
  for entry in $ports; do
    [ "${entry%%=*}" = "$1.management" ] && { echo "${entry#*=}"; return 0; }
  done
  api=$(port_of "$1") || return 1
  echo $((api + 1000))
}

random_key() {
  local file=$1 prefix=${2:-}
  [ -s "$file" ] && return 0
  (umask 077 && printf '%s%s\n' "$prefix" "$(head -c 32 /dev/urandom | base64)" > "$file")
}

prepare() {
  mkdir -p "$keys" "$state/rewrite-sandbox" "$state/workspaces/demo/src" "$state/workspaces/demo/docs"
  chmod 700 "$keys"
  # the development JWT key pair; existing keys are kept (the system tests bring their own)
  java "$repo/tools/dev-token/DevToken.java" keygen "$keys" >/dev/null
  # the keys of the services that call job-control's internal API (each its own; job-control holds them all)
  java "$repo/tools/service-key/ServiceKey.java" "$keys" mcp-frontend worker-pool
  random_key "$keys/handle-key"
  random_key "$keys/checkpoint-key"
  random_key "$keys/webhook-secret-key"
  # the payload ring "<id>:<key>": losing it makes stored inputs and results unreadable, so it is made once
  random_key "$keys/payload-keys" "local-1:"
  chmod 600 "$keys"/*
}

key() {
  [ -s "$keys/$1" ] || { echo "missing key $keys/$1: run 'service-env.sh prepare' first" >&2; return 1; }
  cat "$keys/$1"
}

env_of() {
  local service=$1
  echo "QUARKUS_HTTP_HOST=127.0.0.1"
  echo "QUARKUS_HTTP_PORT=$(port_of "$service")"
  echo "QUARKUS_MANAGEMENT_HOST=127.0.0.1"
  echo "QUARKUS_MANAGEMENT_PORT=$(management_port_of "$service")"
  echo "TASKGATE_KAFKA_BOOTSTRAP=127.0.0.1:${TASKGATE_RUN_KAFKA_PORT:-19092}"
  [ -n "${TASKGATE_RUN_TOPIC_PREFIX:-}" ] && echo "TASKGATE_TOPIC_PREFIX=$TASKGATE_RUN_TOPIC_PREFIX"
  case "$service" in
    job-control)
      echo "TASKGATE_PG_PORT=${TASKGATE_RUN_PG_PORT:-15432}"
      echo "TASKGATE_PG_DATABASE=${TASKGATE_RUN_PG_DATABASE:-taskgate}"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_CHECKPOINT_KEY=$(key checkpoint-key)"
      echo "JOBCTL_PAYLOAD_KEYS=$(key payload-keys)"
      echo "JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS=$(key mcp-frontend.trusted-key),$(key worker-pool.trusted-key)"
      ;;
    worker-pool)
      echo "TASKGATE_JOB_CONTROL_URL=http://127.0.0.1:$(port_of job-control)"
      echo "TASKGATE_CHECKPOINT_KEY=$(key checkpoint-key)"
      echo "TASKGATE_SERVICE_AUTH_SIGNING_KEY=$(key worker-pool.signing-key)"
      echo "TASKGATE_WORKER_REWRITE_SANDBOX=$state/rewrite-sandbox"
      # results link artifacts with absolute URIs on the frontend
      echo "TASKGATE_WORKER_ARTIFACTS_PUBLIC_BASE_URL=http://127.0.0.1:$(port_of mcp-frontend)"
      echo "TASKGATE_WORKER_WORKSPACES_DEMO_ID=acme/demo"
      echo "TASKGATE_WORKER_WORKSPACES_DEMO_ROOTS=$state/workspaces/demo/src,docs=$state/workspaces/demo/docs"
      ;;
    mcp-frontend)
      echo "TASKGATE_JOB_CONTROL_URL=http://127.0.0.1:$(port_of job-control)"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_SERVICE_AUTH_SIGNING_KEY=$(key mcp-frontend.signing-key)"
      echo "MP_JWT_VERIFY_PUBLICKEY_LOCATION=file:$keys/jwt-public.pem"
      ;;
    webhook-dispatcher)
      echo "TASKGATE_PG_PORT=${TASKGATE_RUN_PG_PORT:-15432}"
      echo "TASKGATE_PG_DATABASE=${TASKGATE_RUN_PG_DATABASE:-taskgate}"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_WEBHOOKS_SECRET_KEY=$(key webhook-secret-key)"
      echo "MP_JWT_VERIFY_PUBLICKEY_LOCATION=file:$keys/jwt-public.pem"
      ;;
    *)
      echo "unknown service: $service" >&2
      return 2
      ;;
  esac
}

case "${1:-}" in
  prepare) prepare ;;
  env) env_of "${2:?env needs a service name}" ;;
  # development start-up: C1 and the serial collector start a service in a few seconds on 2 cores
  java-opts) echo "${TASKGATE_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m}" ;;
  *) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
