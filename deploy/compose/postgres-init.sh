#!/usr/bin/env bash
# The Compose stack's PostgreSQL set-up (docker-compose.yml, service postgres-init): bin/lib/postgres.sh's
# pg_create_db, the very function bin/taskgate up runs, against the PostgreSQL container's loopback (the service
# shares its network namespace). Idempotent: it runs at every `docker compose up`.
#
# Inputs: TASKGATE_PG_DATABASE, TASKGATE_PG_JOBCTL_PASSWORD, TASKGATE_PG_WEBHOOKS_PASSWORD; PGPASSWORD (the
# superuser's); PGPORT [5432]; the repository's bin/lib mounted at /taskgate/bin/lib (TASKGATE_LIB).
set -euo pipefail

log() { printf '[postgres-init] %s\n' "$*" >&2; }
die() { printf '[postgres-init] error: %s\n' "$*" >&2; exit 1; }

# psql of the image (the official postgres image keeps PostgreSQL 15's binaries here)
export TASKGATE_PG_BIN=${TASKGATE_PG_BIN:-/usr/lib/postgresql/15/bin}
# shellcheck source=../../bin/lib/postgres.sh
source "${TASKGATE_LIB:-/taskgate/bin/lib}/postgres.sh"

pg_create_db "${PGPORT:-5432}" "${TASKGATE_PG_DATABASE:-taskgate}" \
  "${TASKGATE_PG_JOBCTL_PASSWORD:?}" "${TASKGATE_PG_WEBHOOKS_PASSWORD:?}"
log "database ${TASKGATE_PG_DATABASE:-taskgate}, roles taskgate_jobctl and taskgate_webhooks, schemas jobctl and webhooks ready"
