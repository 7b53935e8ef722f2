# shellcheck shell=bash
# Single-file programs of tools/, compiled once per version of their source: launched from source, javac would run
# again at each launch (2-7 s of CPU), and the system tests prepare dozens of stacks.

# java_tool_classes SOURCE CACHE [CLASSPATH]: compiles SOURCE (a .java file) into CACHE/<name>-<hash of the source>
# unless that folder exists, and prints the folder. Safe when two callers compile at once: the first complete
# folder stays.
java_tool_classes() {
  local source=$1 cache=$2 classpath=${3:-} classes tmp
  classes="$cache/$(basename "$source" .java)-$(sha1sum "$source" | cut -c1-12)"
  if [ ! -d "$classes" ]; then
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/.compiling-XXXXXX")
    if ! javac ${classpath:+-cp "$classpath"} -d "$tmp" "$source" >&2; then
      rm -rf "$tmp"
      echo "cannot compile $source" >&2
      return 1
    fi
    mv -T "$tmp" "$classes" 2>/dev/null || rm -rf "$tmp"
  fi
  echo "$classes"
}
