# shellcheck shell=bash
# Profiles of running JVMs for `bin/bench --profile`: async-profiler (CPU samples with native frames) and JFR (the
# "profile" settings: allocation samples, GC, per-thread CPU load), attached to each JVM by its pid through jcmd and
# stopped together at the end of one window. Needs KAFKA_CACHE (bin/lib/kafka.sh) and mvnw (bin/lib/common.sh).

ASYNC_PROFILER_VERSION=4.2
# sampling period of the CPU event: 5 ms gives a few thousand samples per busy process in a 30 s window
PROFILE_INTERVAL=5ms

# profiler_library: resolves async-profiler from Maven Central once (its linux-x64 jar holds the agent library) and
# prints the path of libasyncProfiler.so
profiler_library() {
  local dir="$KAFKA_CACHE/async-profiler-$ASYNC_PROFILER_VERSION" jar
  if [ ! -s "$dir/linux-x64/libasyncProfiler.so" ]; then
    jar="$dir/async-profiler-$ASYNC_PROFILER_VERSION-linux-x64.jar"
    if [ ! -s "$jar" ]; then
      (cd "$REPO" && mvnw -N dependency:copy \
        -Dartifact="tools.profiler:async-profiler:$ASYNC_PROFILER_VERSION:jar:linux-x64" \
        -DoutputDirectory="$dir" >/dev/null) || return 1
    fi
    (cd "$dir" && jar xf "$jar" linux-x64/libasyncProfiler.so) || return 1
  fi
  echo "$dir/linux-x64/libasyncProfiler.so"
}

# profiler_command PID LIBRARY ACTIONS: one async-profiler command through the JVM's attach mechanism. The
# diagnostic command parser reads an unquoted `a=b` as its own named argument, so the actions go in double quotes.
# The agent prints its messages on the target's stdout (the service's log), not here: jcmd's return code (0) is what
# tells success.
profiler_command() {
  local out
  out=$(jcmd "$1" JVMTI.agent_load "$2" "\"$3\"" 2>&1) || true
  grep -q '^return code: 0$' <<< "$out"
}

# profiler_event PID LIBRARY: the CPU engine async-profiler picks for event=cpu on this machine. It uses perf_events'
# cpu-clock when the kernel allows it and falls back to a per-thread CPU timer (ctimer) otherwise. Whether kernel
# frames are recorded depends on perf_event_paranoid and on the user (root may): the summary counts them.
profiler_event() {
  local check
  check=$(mktemp)
  if profiler_command "$1" "$2" "check,event=cpu-clock,file=$check" && grep -q OK "$check"; then
    echo "cpu: perf_events cpu-clock (perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid), user $(id -un))"
  else
    echo "cpu: CPU timer (ctimer), perf_events unavailable"
  fi
  rm -f "$check"
}

# profile_start PID LIBRARY REPOSITORY: starts the CPU profiler (stacks split by thread) and a JFR recording named
# bench-profile whose chunks go to REPOSITORY: by default they go under java.io.tmpdir, which for worker-pool's
# children is their work directory, emptied after every run
profile_start() {
  profiler_command "$1" "$2" "start,event=cpu,interval=$PROFILE_INTERVAL,threads" || return 1
  mkdir -p "$3"
  jcmd "$1" JFR.configure repositorypath="$3" >/dev/null 2>&1 || return 1
  jcmd "$1" JFR.start name=bench-profile settings=profile >/dev/null 2>&1 || return 1
}

# profile_prime PID LIBRARY REPOSITORY: loads the agent and runs both profilers once, briefly, before the JIT warm-up:
# loading an agent and a first JFR recording (which instruments the JDK's event classes) can make the JVM drop
# compiled code, and that recompilation belongs in the warm-up rather than in a measured window
profile_prime() {
  profile_start "$1" "$2" "$3" || return 1
  profiler_command "$1" "$2" "stop,file=$3/prime.collapsed,collapsed" || return 1
  jcmd "$1" JFR.stop name=bench-profile >/dev/null 2>&1 || return 1
}

# profile_stop PID LIBRARY FILE_PREFIX: writes FILE_PREFIX.collapsed (one line per stack: frames from the thread
# down to the leaf, then the sample count), FILE_PREFIX.html (flame graph) and FILE_PREFIX.jfr, and stops both
profile_stop() {
  local pid=$1 lib=$2 prefix=$3 ok=0
  profiler_command "$pid" "$lib" "dump,file=$prefix.collapsed,collapsed" || ok=1
  profiler_command "$pid" "$lib" "stop,file=$prefix.html" || ok=1
  jcmd "$pid" JFR.stop name=bench-profile filename="$prefix.jfr" >/dev/null 2>&1 || ok=1
  return $ok
}
