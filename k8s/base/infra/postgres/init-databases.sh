#!/bin/sh
# One database per service (docs/architecture.md), created from POSTGRES_DATABASES (comma-separated), which compose
# sets in the postgres service's environment and k8s from the postgres-databases ConfigMap (k8s/base/kustomization.yaml);
# both lists equal libs/registry's DATABASES (tools/deploy/deploy-config.spec.ts). The postgres image runs this once,
# on an empty data directory (/docker-entrypoint-initdb.d). Databases that exist are skipped, so after adding a
# service it is safe to run again by hand: docker compose exec postgres /docker-entrypoint-initdb.d/init-databases.sh
# (k8s: kubectl exec statefulset/postgres -- /docker-entrypoint-initdb.d/init-databases.sh).
set -e
if [ -z "${POSTGRES_DATABASES:-}" ]; then
  echo "init-databases.sh: POSTGRES_DATABASES is empty; set it to the databases to create, e.g. identity,catalog" >&2
  exit 1
fi
# %I quotes each name as an identifier, so a list entry can only ever name a database.
psql -v ON_ERROR_STOP=1 -v databases="$POSTGRES_DATABASES" --username "${POSTGRES_USER:-postgres}" --dbname postgres <<'SQL'
SELECT format('CREATE DATABASE %I', name)
FROM (SELECT DISTINCT btrim(entry) AS name FROM unnest(string_to_array(:'databases', ',')) AS entry) AS wanted
WHERE name <> '' AND NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = name)
\gexec
SQL
