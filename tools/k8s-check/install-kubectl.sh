#!/usr/bin/env bash
# Puts Debian's kubectl (package kubernetes-client: kubectl 1.20, whose `kubectl kustomize` is kustomize v2.0.3) into
# DIR without installing it system-wide: the package is downloaded with apt-get and unpacked there. Prints the path of
# the kubectl. tools/k8s-check runs this when DIR has no kubectl yet (a fresh machine); nothing else on the machine
# changes, except that a root user without package lists gets them with `apt-get update`.
#
#   tools/k8s-check/install-kubectl.sh DIR
set -euo pipefail
dir=${1:?usage: install-kubectl.sh DIR}
kubectl="$dir/root/usr/bin/kubectl"
if [ -x "$kubectl" ]; then
  echo "$kubectl"
  exit 0
fi
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null \
  || { echo "install-kubectl.sh: needs apt-get and dpkg-deb (Debian or Ubuntu)" >&2; exit 1; }
mkdir -p "$dir"
work=$(mktemp -d "$dir/.download-XXXXXX")
trap 'rm -rf "$work"' EXIT
download() { (cd "$work" && apt-get download kubernetes-client >&2); }
if ! download; then
  [ "$(id -u)" = 0 ] || { echo "install-kubectl.sh: apt-get download failed; run 'apt-get update' as root" >&2; exit 1; }
  apt-get update >&2
  download
fi
dpkg-deb -x "$work"/kubernetes-client_*.deb "$work/root"
rm -rf "$dir/root"
mv "$work/root" "$dir/root"
"$kubectl" version --client >&2
echo "$kubectl"
