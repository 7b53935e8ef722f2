#!/usr/bin/env bash
# The one definition of how a Taskgate service is started beside its peers on one machine: which settings and
# which keys each service gets. bin/taskgate (the local stack), bin/conformance and the system tests (e2e,
# LocalStack) all start services through it; each adds only what is its own (ports, test schedules).
#
#   bin/lib/service-env.sh prepare            create what the state folder lacks: keys (folder 700, files 600),
#                                             the rewrite sandbox and the folders of the workspace acme/demo
#   bin/lib/service-env.sh env SERVICE        print the service's environment, one NAME=value per line
#   bin/lib/service-env.sh java-opts          print the JVM options a service runs with: the production set, the
#                                             fast-start set when TASKGATE_FAST_START=1, or TASKGATE_JAVA_OPTS
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
#   TASKGATE_RUN_MCP_TASKS_ENABLED, TASKGATE_RUN_COMPAT_ENABLED
#                               [true] mcp-frontend's switches of the native task surface and the compatibility tools
#   TASKGATE_RUN_DEFAULT_HANDOFF [block] mcp-frontend's handoff policy of tools without their own
#   TASKGATE_RUN_OTEL_ENDPOINT  [none] an OTLP collector (e.g. http://127.0.0.1:4317) the services send spans to
#   TASKGATE_FAST_START         [0] 1: java-opts prints the fast-start flags (C1 only) instead of the production ones
#   TASKGATE_JAVA_OPTS          [none] when set, java-opts prints it as it is
#
# Each service gets its own Kafka user (named like the service) with its password (keys/kafka-<service>.password),
# and only the keys it uses: job-control the handle, checkpoint and payload keys, the keys of the services it trusts
# on its internal API and its database role's password; worker-pool the checkpoint and payload keys and its own
# signing key; mcp-frontend the handle and payload keys, its own signing key and the JWT public key (the payload ring
# seals the payloads of Kafka records, so the three share it); webhook-dispatcher the handle key, its
# secret-encryption key, the JWT public key and its database role's password. Every service listens on 127.0.0.1
# only: its API (QUARKUS_HTTP_HOST/PORT) and its management interface with the health checks
# (QUARKUS_MANAGEMENT_HOST/PORT).
set -euo pipefail

state=${TASKGATE_RUN_STATE:?TASKGATE_RUN_STATE names the state folder}
keys="$state/keys"
ports=${TASKGATE_RUN_PORTS:-"mcp-frontend=8080 job-control=8081 worker-pool=8082 webhook-dispatcher=8083"}
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$repo/bin/lib/java-tool.sh"

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

# the port of a service when it is part of this run, else nothing (a run may start only some services)
listed_port_of() {
  local entry
  for entry in $ports; do
    [ "${entry%%=*}" = "$1" ] && { echo "${entry#*=}"; return 0; }
  done
  return 0
}

random_password() {
  local file=$1
  [ -s "$file" ] && return 0
  # hex: nothing a JAAS line would have to quote
  (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$file")
}

random_key() {
  local file=$1 prefix=${2:-}
  [ -s "$file" ] && return 0
  (umask 077 && printf '%s%s\n' "$prefix" "$(head -c 32 /dev/urandom | base64)" > "$file")
}

# java_tool SOURCE ARGS...: runs a single-file program of tools/ (SOURCE relative to it), compiled once into
# .taskgate/cache/tools/ (bin/lib/java-tool.sh).
java_tool() {
  local source="$repo/tools/$1" classes
  shift
  classes=$(java_tool_classes "$source" "$repo/.taskgate/cache/tools") || return 1
  java -cp "$classes" "$(basename "$source" .java)" "$@"
}

prepare() {
  mkdir -p "$keys" "$state/rewrite-sandbox" "$state/workspaces/demo/src" "$state/workspaces/demo/docs"
  chmod 700 "$keys"
  # the development JWT key pair; existing keys are kept (the system tests bring their own)
  if [ ! -s "$keys/jwt-private.pem" ] || [ ! -s "$keys/jwt-public.pem" ]; then
    java_tool dev-token/DevToken.java keygen "$keys" >/dev/null
  fi
  # the keys of the services that call job-control's internal API (each its own; job-control holds them all)
  java_tool service-key/ServiceKey.java "$keys" mcp-frontend worker-pool
  # each service's Kafka password (its user is named like the service); bin/taskgate gives them to the broker
  local service
  for service in mcp-frontend job-control worker-pool webhook-dispatcher; do
    random_password "$keys/kafka-$service.password"
  done
  random_key "$keys/handle-key"
  random_key "$keys/checkpoint-key"
  random_key "$keys/webhook-secret-key"
  # the passwords of the services' database roles (bin/lib/postgres.sh pg_create_db sets them on the roles); the
  # test infrastructure's callers write the public development passwords here before
  random_key "$keys/pg-jobctl-password"
  random_key "$keys/pg-webhooks-password"
  # the payload ring "<id>:<key>": losing it makes stored inputs and results (and records still in Kafka) unreadable,
  # so it is made once
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
  echo "TASKGATE_KAFKA_USERNAME=$service"
  echo "TASKGATE_KAFKA_PASSWORD=$(key "kafka-$service.password")"
  [ -n "${TASKGATE_RUN_TOPIC_PREFIX:-}" ] && echo "TASKGATE_TOPIC_PREFIX=$TASKGATE_RUN_TOPIC_PREFIX"
  # traces: exported only to a collector named here; plain-text logs on one machine (containers log JSON)
  echo "TASKGATE_OTEL_ENDPOINT=${TASKGATE_RUN_OTEL_ENDPOINT:-}"
  echo "TASKGATE_LOG_JSON=false"
  case "$service" in
    job-control)
      echo "TASKGATE_SHUTDOWN_DELAY=0s" # one machine, no load balancer to tell before a stop
      echo "TASKGATE_PG_PORT=${TASKGATE_RUN_PG_PORT:-15432}"
      echo "TASKGATE_PG_DATABASE=${TASKGATE_RUN_PG_DATABASE:-taskgate}"
      echo "TASKGATE_PG_USER=taskgate_jobctl"
      echo "TASKGATE_PG_PASSWORD=$(key pg-jobctl-password)"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_CHECKPOINT_KEY=$(key checkpoint-key)"
      echo "TASKGATE_PAYLOAD_KEYS=$(key payload-keys)"
      echo "JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS=$(key mcp-frontend.trusted-key),$(key worker-pool.trusted-key)"
      # the project whose operators may list and replay dead letters (bin/taskgate dlq; docs/kafka.md)
      echo "TASKGATE_OPERATOR_WORKSPACE=${TASKGATE_RUN_OPERATOR_WORKSPACE:-taskgate/operator}"
      ;;
    worker-pool)
      echo "TASKGATE_JOB_CONTROL_URL=http://127.0.0.1:$(port_of job-control)"
      echo "TASKGATE_CHECKPOINT_KEY=$(key checkpoint-key)"
      echo "TASKGATE_PAYLOAD_KEYS=$(key payload-keys)"
      echo "TASKGATE_SERVICE_AUTH_SIGNING_KEY=$(key worker-pool.signing-key)"
      echo "TASKGATE_WORKER_REWRITE_SANDBOX=$state/rewrite-sandbox"
      # results link artifacts with absolute URIs on the frontend
      echo "TASKGATE_WORKER_ARTIFACTS_PUBLIC_BASE_URL=http://127.0.0.1:$(port_of mcp-frontend)"
      echo "TASKGATE_WORKER_WORKSPACES_DEMO_ID=acme/demo"
      echo "TASKGATE_WORKER_WORKSPACES_DEMO_ROOTS=$state/workspaces/demo/src,docs=$state/workspaces/demo/docs"
      ;;
    mcp-frontend)
      echo "TASKGATE_SHUTDOWN_DELAY=0s" # one machine, no load balancer to tell before a stop
      echo "TASKGATE_JOB_CONTROL_URL=http://127.0.0.1:$(port_of job-control)"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_PAYLOAD_KEYS=$(key payload-keys)"
      echo "TASKGATE_SERVICE_AUTH_SIGNING_KEY=$(key mcp-frontend.signing-key)"
      echo "TASKGATE_FRONTEND_COMPAT_DEFAULT_HANDOFF=${TASKGATE_RUN_DEFAULT_HANDOFF:-block}"
      echo "MP_JWT_VERIFY_PUBLICKEY_LOCATION=file:$keys/jwt-public.pem"
      # the MCP surfaces' switches (docs/mcp-frontend.md "Switching surfaces off"), on unless the caller says otherwise
      echo "TASKGATE_FRONTEND_MCP_TASKS_ENABLED=${TASKGATE_RUN_MCP_TASKS_ENABLED:-true}"
      echo "TASKGATE_FRONTEND_COMPAT_ENABLED=${TASKGATE_RUN_COMPAT_ENABLED:-true}"
      # the operator console (docs/console.md) calls webhook-dispatcher's API on its own port
      local hooks
      hooks=$(listed_port_of webhook-dispatcher)
      if [ -n "$hooks" ]; then echo "TASKGATE_CONSOLE_WEBHOOKS_URL=http://127.0.0.1:$hooks"; fi
      ;;
    webhook-dispatcher)
      echo "TASKGATE_SHUTDOWN_DELAY=0s" # one machine, no load balancer to tell before a stop
      echo "TASKGATE_PG_PORT=${TASKGATE_RUN_PG_PORT:-15432}"
      echo "TASKGATE_PG_DATABASE=${TASKGATE_RUN_PG_DATABASE:-taskgate}"
      echo "TASKGATE_PG_USER=taskgate_webhooks"
      echo "TASKGATE_PG_PASSWORD=$(key pg-webhooks-password)"
      echo "TASKGATE_HANDLES_KEY=$(key handle-key)"
      echo "TASKGATE_WEBHOOKS_SECRET_KEY=$(key webhook-secret-key)"
      # the origin the operator console is served from (mcp-frontend), allowed to call this API from a browser
      local console
      console=$(listed_port_of mcp-frontend)
      if [ -n "$console" ]; then echo "TASKGATE_CONSOLE_ORIGINS=http://127.0.0.1:$console"; fi
      echo "MP_JWT_VERIFY_PUBLICKEY_LOCATION=file:$keys/jwt-public.pem"
      ;;
    *)
      echo "unknown service: $service" >&2
      return 2
      ;;
  esac
}

# The services' JVM flags (docs/performance.md#jvm-flags has the measurements behind them). Production: the full JIT
# (C2) and the serial collector in a heap of at most 256 MB that starts at 64 MB (it grows only when the live data
# needs it) with a 24 MB young generation, whose eden every collection cycle touches whole: about 50-65 MB less resident
# memory per service than the default young generation of a third of the heap (docs/performance.md "Memory: where it
# goes and what was cut"). Fast start (tests, conformance runs, TASKGATE_FAST_START=1): C1 only, which starts a
# service with about half the CPU but spends more per execution afterwards. PerfDataSamplingInterval: the JVM samples
# its performance counters (what jstat reads) every 50 ms by default, about 1 ms of CPU a second per JVM at rest; once
# a second costs a fiftieth of that and jstat still works (docs/performance.md "Idle: the JVMs' counter sampling").
PRODUCTION_JAVA_OPTS="-XX:+UseSerialGC -Xms64m -Xmx256m -Xmn24m -XX:PerfDataSamplingInterval=1000 -XX:+ExitOnOutOfMemoryError"
FAST_START_JAVA_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m"

java_opts() {
  if [ -n "${TASKGATE_JAVA_OPTS:-}" ]; then
    echo "$TASKGATE_JAVA_OPTS"
  elif [ "${TASKGATE_FAST_START:-0}" = 1 ]; then
    echo "$FAST_START_JAVA_OPTS"
  elif [ "${TASKGATE_FAST_START:-0}" = 0 ]; then
    echo "$PRODUCTION_JAVA_OPTS"
  else
    echo "TASKGATE_FAST_START must be 1 or 0, not: $TASKGATE_FAST_START" >&2
    return 2
  fi
}

case "${1:-}" in
  prepare) prepare ;;
  env) env_of "${2:?env needs a service name}" ;;
  java-opts) java_opts ;;
  *) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
