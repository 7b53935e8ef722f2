#!/bin/sh
# The Compose stack's worker-pool volume (docker-compose.yml, service worker-volume-init), mounted at /srv/taskgate:
# the demo workspace acme/demo, filled from examples/demo-workspace the first time only (later its files are the
# user's, as with bin/taskgate), and the demo.rewrite sandbox, all owned by the services' user (TASKGATE_UID:GID,
# the images' quarkus.jib.user).
set -eu
owner=${TASKGATE_UID:-10001}:${TASKGATE_GID:-10001}
root=/srv/taskgate
mkdir -p "$root/rewrite-sandbox" "$root/workspaces/demo/src" "$root/workspaces/demo/docs"
for part in src docs; do
  if [ -z "$(ls -A "$root/workspaces/demo/$part")" ]; then
    cp -R "/taskgate/examples/demo-workspace/$part/." "$root/workspaces/demo/$part/"
  fi
done
chown -R "$owner" "$root"
chmod 700 "$root/rewrite-sandbox"
echo "[worker-volume-init] $root ready for $owner" >&2
