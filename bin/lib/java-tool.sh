# shellcheck shell=bash
# Single-file programs of tools/, compiled once per version of their source: launched from source, javac would run
# again at each launch (2-7 s of CPU), and the system tests prepare dozens of stacks.

# java_tool_classes SOURCE CACHE [CLASSPATH [SOURCE...]]: compiles SOURCE (a .java file), with the further sources
# it uses (the load drivers share tools/bench/LoopbackHttp.java), into CACHE/<name>-<hash of the sources> unless that
# folder exists, and prints the folder. Safe when two callers compile at once: the first complete folder stays.
java_tool_classes() {
  local source=$1 cache=$2 classpath=${3:-} classes tmp
  local sources=("$source" "${@:4}")
  classes="$cache/$(basename "$source" .java)-$(cat "${sources[@]}" | sha1sum | cut -c1-12)"
  if [ ! -d "$classes" ]; then
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/.compiling-XXXXXX")
    if ! javac ${classpath:+-cp "$classpath"} -d "$tmp" "${sources[@]}" >&2; then
      rm -rf "$tmp"
      echo "cannot compile $source" >&2
      return 1
    fi
    mv -T "$tmp" "$classes" 2>/dev/null || rm -rf "$tmp"
  fi
  echo "$classes"
}
