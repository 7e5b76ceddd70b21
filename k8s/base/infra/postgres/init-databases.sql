-- One database per service (ARCHITECTURE.md §3). The postgres image runs this once, on an empty data
-- directory (/docker-entrypoint-initdb.d); the NOT EXISTS guard makes it safe to run again by hand with psql.
-- k8s/base/infra/postgres/init-databases.sql is a copy and must stay identical (tools/deploy/deploy-config.spec.ts).
SELECT format('CREATE DATABASE %I', name)
FROM unnest(ARRAY['identity', 'catalog', 'media', 'orders', 'membership', 'forms']) AS name
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = name)
\gexec
