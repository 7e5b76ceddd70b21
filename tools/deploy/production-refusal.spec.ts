// Starts the built entry points (services/<name>/dist/src/main.js, as the Docker image does) with NODE_ENV=production
// and the environment docker-compose.yml gives them when nothing is set: each must refuse to start, naming every
// offending variable on its own line and never printing a secret. Needs `npm test` (or `npm run build`) first.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, unknown> }>;
};

/** What compose substitutes with an empty environment: every `${VAR:-default}` becomes its default, `${VAR}` nothing. */
const withDefaults = (value: string): string => value.replace(/\$\{[A-Za-z0-9_]+(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');

function composeDefaults(service: string): Record<string, string> {
  const env = compose.services[service]?.environment;
  assert.ok(env && !Array.isArray(env), `docker-compose.yml has an environment map for ${service}`);
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, withDefaults(String(value))]));
}

/** The secret parts of an environment: whole values of secret-named keys and the passwords inside URLs. */
function secretValues(env: Record<string, string>): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (/PASSWORD|SECRET|_KEY$|_PASS$/.test(key) && value) values.push(value);
    if (/_URL$/.test(key)) {
      try {
        const password = decodeURIComponent(new URL(value).password);
        if (password) values.push(password);
      } catch {
        // not a URL
      }
    }
  }
  return values;
}

const cases: { service: string; refused: string[] }[] = [
  { service: 'identity', refused: ['ADMIN_PASSWORD', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL'] },
  { service: 'orders', refused: ['DATABASE_URL', 'NATS_URL', 'ORDER_LINK_SECRET', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] },
  { service: 'gateway', refused: ['NATS_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'VISITOR_HASH_KEY'] },
];

for (const { service, refused } of cases) {
  test(`${service} refuses to start in production with docker-compose.yml's defaults: exit 1, one line naming each of ${refused.join(', ')}, no secret printed`, () => {
    const main = path.join(ROOT, 'services', service, 'dist', 'src', 'main.js');
    assert.ok(existsSync(main), `${path.relative(ROOT, main)} is built (run npm test or npm run build)`);
    const env = composeDefaults(service);
    assert.equal(env.NODE_ENV, 'production', 'compose runs the services with NODE_ENV=production');

    // Had the configuration passed, the service would wait for nats://nats:4222 forever: the timeout catches that.
    const run = spawnSync(process.execPath, [main], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 20_000 });

    assert.equal(run.error, undefined, `${service} exited by itself (${run.error?.message})`);
    assert.equal(run.status, 1, `${service} exits with status 1; stderr: ${run.stderr}`);
    const lines = run.stderr.split('\n').filter(Boolean);
    const named = lines.map((line) => /^[a-z]+: invalid configuration: ([A-Z0-9_]+): /.exec(line)?.[1] ?? `unexpected line: ${line}`);
    assert.deepEqual(named.sort(), [...refused].sort());
    for (const line of lines) assert.ok(line.startsWith(`${service}: `), `every line names the service: ${line}`);
    const secrets = secretValues(env);
    assert.ok(secrets.length >= refused.length, 'the compose defaults carry the secrets this test looks for');
    for (const secret of secrets) assert.ok(!run.stderr.includes(secret), `stderr does not print the value of a secret (${secret.length} characters)`);
    assert.equal(run.stdout, '', 'nothing is started, so nothing is logged');
  });
}
