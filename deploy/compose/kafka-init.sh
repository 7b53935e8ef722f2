#!/usr/bin/env bash
# The Compose stack's Kafka set-up (docker-compose.yml, service kafka-init), as the administrator, idempotently: what
# tools/kafka-broker/KafkaSetup.java does for the local stack, from the same two files, with the broker's own tools.
#
#   1. every topic of TASKGATE_TOPICS_FILE (schemas/kafka/topics.txt) with its partitions, retention.ms and
#      segment.ms, prefixed with TASKGATE_TOPIC_PREFIX; an existing topic keeps its records, must have the listed
#      partitions and gets the listed retention.ms and segment.ms;
#   2. the SCRAM-SHA-512 password (4096 iterations) of every service user with a file kafka-<user>.password in
#      TASKGATE_KAFKA_USERS_DIR;
#   3. every grant of TASKGATE_ACLS_FILE (schemas/kafka/acls.txt), {prefix} replaced by TASKGATE_TOPIC_PREFIX.
#
# Inputs: KAFKA_ADMIN_BOOTSTRAP (host:port of the administrator's listener), KAFKA_ADMIN_CONFIG (its client
# properties), the three above, KAFKA_BIN [/opt/kafka/bin]. tools/deploy-check runs this script against stand-ins of
# the tools and compares what it asked for with the two files.
set -euo pipefail

bin=${KAFKA_BIN:-/opt/kafka/bin}
bootstrap=${KAFKA_ADMIN_BOOTSTRAP:?KAFKA_ADMIN_BOOTSTRAP names the administrator listener}
admin=${KAFKA_ADMIN_CONFIG:?KAFKA_ADMIN_CONFIG names the administrator client properties}
topics=${TASKGATE_TOPICS_FILE:?}
acls=${TASKGATE_ACLS_FILE:?}
users=${TASKGATE_KAFKA_USERS_DIR:?}
prefix=${TASKGATE_TOPIC_PREFIX:-}
connect=(--bootstrap-server "$bootstrap" --command-config "$admin")

fail() { echo "kafka-init: $*" >&2; exit 1; }
# the lines of a file that are neither blank nor comments
entries() { grep -v -E '^[[:space:]]*(#|$)' "$1" || true; }

count=0
while read -r name partitions retention segment extra; do
  [ -n "$segment" ] && [ -z "$extra" ] || fail "topics: expected 'name partitions retention.ms segment.ms': $name"
  topic="$prefix$name"
  "$bin/kafka-topics.sh" "${connect[@]}" --create --if-not-exists --topic "$topic" --partitions "$partitions" \
    --replication-factor 1 --config "retention.ms=$retention" --config "segment.ms=$segment" </dev/null >/dev/null
  actual=$("$bin/kafka-topics.sh" "${connect[@]}" --describe --topic "$topic" </dev/null \
    | grep -o 'PartitionCount: *[0-9]*' | grep -o '[0-9]*$' || true)
  [ "$actual" = "$partitions" ] || fail "topic $topic has ${actual:-no} partitions, expected $partitions"
  "$bin/kafka-configs.sh" "${connect[@]}" --alter --entity-type topics --entity-name "$topic" \
    --add-config "retention.ms=$retention,segment.ms=$segment" </dev/null >/dev/null
  count=$((count + 1))
done < <(entries "$topics")
echo "kafka-init: topics ready: $count" >&2

count=0
for file in "$users"/kafka-*.password; do
  [ -f "$file" ] || continue
  user=$(basename "$file" .password)
  user=${user#kafka-}
  password=$(tr -d '[:space:]' < "$file")
  "$bin/kafka-configs.sh" "${connect[@]}" --alter --entity-type users --entity-name "$user" \
    --add-config "SCRAM-SHA-512=[iterations=4096,password=$password]" >/dev/null
  count=$((count + 1))
done
echo "kafka-init: service users ready: $count" >&2

count=0
while read -r user operation type pattern name extra; do
  [ -n "$name" ] && [ -z "$extra" ] || fail "acls: expected 'user operation resource pattern name': $user"
  case "$type" in
    TOPIC) resource=--topic ;;
    GROUP) resource=--group ;;
    *) fail "acls: resource type $type is not TOPIC or GROUP" ;;
  esac
  case "$pattern" in
    LITERAL | PREFIXED) ;;
    *) fail "acls: pattern type $pattern is not LITERAL or PREFIXED" ;;
  esac
  "$bin/kafka-acls.sh" "${connect[@]}" --add --allow-principal "User:$user" --operation "$operation" \
    --resource-pattern-type "${pattern,,}" "$resource" "${name//\{prefix\}/$prefix}" </dev/null >/dev/null
  count=$((count + 1))
done < <(entries "$acls")
echo "kafka-init: acls ready: $count" >&2
