import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs a service whose config does not load, in a child process (runService exits it), and answers what it printed. */
function runBroken(loadConfig: string) {
  const kit = path.join(__dirname, '..', 'index.js');
  const script = `const kit = require(${JSON.stringify(kit)});
kit.runService({ name: 'demo', module: () => { throw new Error('module must not be built'); }, loadConfig: ${loadConfig} });`;
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

test('runService prints one line per configuration problem, naming the service, and exits with status 1', () => {
  const child = runBroken(`() => { throw new kit.ConfigError(['HTTP_PORT: Too big', 'NATS_URL: NATS_URL must look like nats://[user:password@]host:port']); }`);
  assert.equal(child.status, 1);
  assert.equal(child.stdout, '');
  assert.equal(
    child.stderr,
    'demo: invalid configuration: HTTP_PORT: Too big\ndemo: invalid configuration: NATS_URL: NATS_URL must look like nats://[user:password@]host:port\n',
  );
});

test('runService prints any other startup failure as one line and exits with status 1', () => {
  const child = runBroken(`() => { throw new Error('database unreachable'); }`);
  assert.equal(child.status, 1);
  assert.equal(child.stderr, 'demo: database unreachable\n');
});
