#!/usr/bin/env bash
# Puts Debian's promtool (package prometheus, 2.42 on Debian 12) into DIR without installing it system-wide: the
# package is downloaded with apt-get and unpacked there, and only promtool is kept. Prints the path of the promtool.
# tools/deploy-check runs this when DIR has no promtool yet (a fresh machine); nothing else on the machine changes,
# except that a root user without package lists gets them with `apt-get update`.
#
#   tools/deploy-check/install-promtool.sh DIR
set -euo pipefail
dir=${1:?usage: install-promtool.sh DIR}
promtool="$dir/promtool"
if [ -x "$promtool" ]; then
  echo "$promtool"
  exit 0
fi
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null \
  || { echo "install-promtool.sh: needs apt-get and dpkg-deb (Debian or Ubuntu)" >&2; exit 1; }
mkdir -p "$dir"
work=$(mktemp -d "$dir/.download-XXXXXX")
trap 'rm -rf "$work"' EXIT
download() { (cd "$work" && apt-get download prometheus >&2); }
if ! download; then
  [ "$(id -u)" = 0 ] || { echo "install-promtool.sh: apt-get download failed; run 'apt-get update' as root" >&2; exit 1; }
  apt-get update >&2
  download
fi
dpkg-deb -x "$work"/prometheus_*.deb "$work/root"
mv "$work/root/usr/bin/promtool" "$promtool"
"$promtool" --version >&2
echo "$promtool"
