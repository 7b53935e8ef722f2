# A single-node KRaft Kafka broker (broker + controller in one JVM) from Maven jars.
# shellcheck shell=bash

# kafka_classpath CACHE_DIR: prints the broker classpath, resolving it once per pom version.
kafka_classpath() {
  local cache=$1 pom="$REPO/tools/kafka-broker/pom.xml" out sum
  mkdir -p "$cache"
  sum=$(sha1sum "$pom" | cut -c1-12)
  out="$cache/kafka-classpath-$sum.txt"
  if [ ! -s "$out" ]; then
    mvnw -f "$pom" dependency:build-classpath -Dmdep.outputFile="$out" >/dev/null || die "cannot resolve the Kafka broker classpath"
  fi
  cat "$out"
}

# kafka_start DIR PORT CONTROLLER_PORT: formats the log dir once and starts the broker.
kafka_start() {
  local dir=$1 port=$2 cport=$3 cp id
  mkdir -p "$dir"
  if pid_alive "$dir/pid" kafka.Kafka; then
    log "Kafka already running (port $port)"
    return 0
  fi
  cp=$(kafka_classpath "$(dirname "$dir")/cache")
  cat > "$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
min.insync.replicas=1
PROPS
  if [ ! -f "$dir/data/meta.properties" ]; then
    # only stdout carries the id; a log line captured into it would silently break the broker
    id=$(java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)
    [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || die "could not generate a Kafka cluster id (got '$id')"
    java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" kafka.tools.StorageTool format \
      -t "$id" -c "$dir/server.properties" --ignore-formatted >"$dir/format.log" 2>&1 \
      || { cat "$dir/format.log" >&2; die "Kafka storage format failed"; }
  fi
  : > "$dir/kafka.log"
  java -Xmx512m -XX:+UseSerialGC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info \
    -cp "$cp" kafka.Kafka "$dir/server.properties" >>"$dir/kafka.log" 2>&1 &
  echo $! > "$dir/pid"
  local i
  for ((i = 0; i < 900; i++)); do
    grep -q "Kafka Server started" "$dir/kafka.log" && break
    pid_alive "$dir/pid" kafka.Kafka || { tail -30 "$dir/kafka.log" >&2; die "Kafka exited during start"; }
    sleep 0.1
  done
  grep -q "Kafka Server started" "$dir/kafka.log" || { tail -30 "$dir/kafka.log" >&2; die "Kafka did not start within 90 s"; }
  log "Kafka started on 127.0.0.1:$port"
}

# kafka_create_topics DIR BOOTSTRAP [PREFIX...]: every topic of schemas/kafka/topics.txt, per prefix.
kafka_create_topics() {
  local dir=$1 bootstrap=$2 cp
  shift 2
  cp=$(kafka_classpath "$(dirname "$dir")/cache")
  java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" "$REPO/tools/kafka-broker/CreateTopics.java" \
    "$bootstrap" "$REPO/schemas/kafka/topics.txt" "$@" || die "topic creation failed"
}

# kafka_stop DIR
kafka_stop() {
  stop_pid "$1/pid" kafka.Kafka 30
}
