# A single-node KRaft Kafka broker (broker + controller in one JVM) from Maven jars, with authentication and
# authorization on: clients authenticate with SASL/SCRAM-SHA-512 (one user per service, ACLs from
# schemas/kafka/acls.txt, the user taskgate-admin for set-up), the controller listener with SASL/PLAIN and a password
# made at each start. Everything listens on 127.0.0.1.
# shellcheck shell=bash
source "$REPO/bin/lib/java-tool.sh"

# The services that have a Kafka user of their own (named like the service).
KAFKA_SERVICE_USERS=(mcp-frontend job-control worker-pool webhook-dispatcher)

# kafka_dev_password USER: the published, insecure password of USER on the test infrastructure's broker (the services'
# %test profiles and libs/test-support TestInfra use the same rule). Never used by the local stack.
kafka_dev_password() { echo "dev-insecure-kafka-$1"; }

# kafka_write_dev_passwords DIR: one kafka-<user>.password file per service user, with the development passwords.
kafka_write_dev_passwords() {
  local user
  mkdir -p "$1"
  for user in "${KAFKA_SERVICE_USERS[@]}"; do
    (umask 077 && kafka_dev_password "$user" > "$1/kafka-$user.password")
  done
}

# random_password: 48 hex digits (nothing a JAAS line or the format tool would have to quote)
random_password() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# Resolved broker classpath and compiled set-up tool, shared by every state folder of this clone.
KAFKA_CACHE="$REPO/.taskgate/cache"

# kafka_classpath: prints the broker classpath, resolving it once per pom version.
kafka_classpath() {
  local pom="$REPO/tools/kafka-broker/pom.xml" out sum tmp
  mkdir -p "$KAFKA_CACHE"
  sum=$(sha1sum "$pom" | cut -c1-12)
  out="$KAFKA_CACHE/kafka-classpath-$sum.txt"
  if [ ! -s "$out" ]; then
    tmp=$(mktemp "$KAFKA_CACHE/.classpath-XXXXXX")
    mvnw -f "$pom" dependency:build-classpath -Dmdep.outputFile="$tmp" >/dev/null \
      || { rm -f "$tmp"; die "cannot resolve the Kafka broker classpath"; }
    mv -f "$tmp" "$out"
  fi
  cat "$out"
}

# The broker's JVM options: a heap that starts at 64 MB and a 32 MB young generation (with the JVM's defaults on this
# machine the heap started at 384 MB with a 100 MB eden, all of it resident after a few minutes of load; docs/
# performance.md "Memory: where it goes and what was cut"), and performance counters sampled once a second instead of
# every 50 ms (bin/lib/service-env.sh). TASKGATE_KAFKA_JAVA_OPTS replaces them, for measurements.
KAFKA_JAVA_OPTS="-Xms64m -Xmx512m -Xmn32m -XX:+UseSerialGC -XX:PerfDataSamplingInterval=1000"

# kafka_start DIR PORT CONTROLLER_PORT [ADMIN_PASSWORD]: formats the log dir once (with the administrator's SCRAM
# credential) and starts the broker. Without ADMIN_PASSWORD a random one is made once and kept in DIR/admin-password.
kafka_start() {
  local dir=$1 port=$2 cport=$3 admin_password=${4:-} cp id controller_password
  mkdir -p "$dir"
  if pid_alive "$dir/pid" kafka.Kafka; then
    log "Kafka already running (port $port)"
    return 0
  fi
  if [ -f "$dir/data/meta.properties" ] && [ ! -s "$dir/admin-password" ]; then
    # formatted before the broker had users: without the administrator's credential it cannot start any more
    log "Kafka data in $dir predates authentication: formatting it again (its topics and records are lost)"
    rm -rf "$dir/data"
  fi
  if [ -n "$admin_password" ]; then
    (umask 077 && echo "$admin_password" > "$dir/admin-password")
  elif [ ! -s "$dir/admin-password" ]; then
    (umask 077 && random_password > "$dir/admin-password")
  fi
  admin_password=$(cat "$dir/admin-password")
  controller_password=$(random_password)
  cp=$(kafka_classpath)
  (umask 077 && cat > "$dir/server.properties") <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=CLIENT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=CLIENT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=CLIENT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT
inter.broker.listener.name=CLIENT
listener.name.client.sasl.enabled.mechanisms=SCRAM-SHA-512
listener.name.controller.sasl.enabled.mechanisms=PLAIN
sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512
sasl.mechanism.controller.protocol=PLAIN
listener.name.client.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \
  username="taskgate-admin" password="$admin_password";
listener.name.controller.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \
  username="controller" password="$controller_password" user_controller="$controller_password";
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:taskgate-admin;User:controller
allow.everyone.if.no.acl.found=false
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
# the log cleaner's key map (compacted topics: __consumer_offsets and the like) is one heap array of this size,
# zeroed and so resident from the start; Kafka's default, 128 MB, was most of the local broker's live heap. 16 MB
# maps about 600,000 keys per cleaning pass, more than a local stack's compacted topics hold; a larger log is
# cleaned in several passes (docs/performance.md "Memory")
log.cleaner.dedupe.buffer.size=16777216
min.insync.replicas=1
# the controller appends a no-op record to the metadata log this often when nothing else happens (default 500 ms):
# every one is a log append and a round through the broker's metadata publishers; one node needs no faster beat
metadata.max.idle.interval.ms=5000
PROPS
  if [ ! -f "$dir/data/meta.properties" ]; then
    # only stdout carries the id; a log line captured into it would silently break the broker
    id=$(java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)
    [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || die "could not generate a Kafka cluster id (got '$id')"
    java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" kafka.tools.StorageTool format \
      -t "$id" -c "$dir/server.properties" --ignore-formatted \
      --add-scram "SCRAM-SHA-512=[name=taskgate-admin,password=$admin_password]" >"$dir/format.log" 2>&1 \
      || { cat "$dir/format.log" >&2; die "Kafka storage format failed"; }
  fi
  : > "$dir/kafka.log"
  local arenas pid i
  arenas=$(jvm_malloc_arenas)
  # shellcheck disable=SC2086 # the options are words
  env "$arenas" java ${TASKGATE_KAFKA_JAVA_OPTS:-$KAFKA_JAVA_OPTS} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info \
    -cp "$cp" kafka.Kafka "$dir/server.properties" >>"$dir/kafka.log" 2>&1 &
  pid=$!
  echo "$pid" > "$dir/pid"
  for ((i = 0; i < 900; i++)); do
    grep -q "Kafka Server started" "$dir/kafka.log" && break
    # the child itself, not pid_alive: until the forked shell has exec'd java its command line is this script's, and
    # a look at it then read as "exited" (a clean-clone CI run failed so)
    kill -0 "$pid" 2>/dev/null || { tail -30 "$dir/kafka.log" >&2; die "Kafka exited during start"; }
    sleep 0.1
  done
  grep -q "Kafka Server started" "$dir/kafka.log" || { tail -30 "$dir/kafka.log" >&2; die "Kafka did not start within 90 s"; }
  log "Kafka started on 127.0.0.1:$port"
}

# kafka_setup DIR BOOTSTRAP USERS_DIR [PREFIX...]: as the administrator of the broker started from DIR, every topic of
# schemas/kafka/topics.txt and every grant of schemas/kafka/acls.txt per prefix, and the password of each service
# user from USERS_DIR/kafka-<user>.password ("-": passwords left as they are).
kafka_setup() {
  local dir=$1 bootstrap=$2 users=$3 cp
  shift 3
  local classes
  cp=$(kafka_classpath)
  classes=$(java_tool_classes "$REPO/tools/kafka-broker/KafkaSetup.java" "$KAFKA_CACHE" "$cp") \
    || die "cannot compile the Kafka set-up tool"
  TASKGATE_KAFKA_ADMIN_PASSWORD=$(cat "$dir/admin-password") \
    java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$classes:$cp" KafkaSetup \
    "$bootstrap" "$REPO/schemas/kafka/topics.txt" "$REPO/schemas/kafka/acls.txt" "$users" "$@" \
    || die "Kafka set-up (topics, users, ACLs) failed"
}

# kafka_stop DIR
kafka_stop() {
  stop_pid "$1/pid" kafka.Kafka 30
}
