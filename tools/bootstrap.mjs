#!/usr/bin/env node
// Entry for `npm start`, `npm test` and `npm run reset`. Plain JavaScript with no
// dependencies, because it runs before anything is installed.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

// npm install runs only when package-lock.json differs from the one the last install was made from (its hash is kept
// in node_modules); a tree installed before that hash was kept falls back on npm's own marker being older (ADR 0074).
const phases = [];
const lockHash = () => (existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '');
const installedFrom = path.join(root, 'node_modules', '.km-package-lock.sha256');
const stale = existsSync(installedFrom)
  ? readFileSync(installedFrom, 'utf8').trim() !== lockHash()
  : !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  console.log('Installing npm dependencies…');
  const from = Date.now();
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  console.log(`npm install took ${((Date.now() - from) / 1000).toFixed(1)} s`);
}
if (existsSync(path.dirname(installedFrom))) writeFileSync(installedFrom, `${lockHash()}\n`);
// `npm start`'s "Ready in" counts from here: after the installs (tools/stack/cli.ts).
const clock = Date.now();

// The stack's own tools read the shared libraries (contracts: subjects, events, the bus permissions), so those
// are built before the CLI loads; on a fresh clone nothing is built yet. Nx's cache makes this instant afterwards.
if (['start', 'test', 'stack', 'images', undefined].includes(process.argv[2])) {
  const libs = readdirSync(path.join(root, 'libs'))
    .map((dir) => path.join(root, 'libs', dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')).name);
  const built = spawnSync(path.join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--projects', libs.join(','), '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
  if (built.status !== 0) {
    console.error('Building the shared libraries failed; see the output above.');
    process.exit(built.status ?? 1);
  }
  phases.push(`libraries=${Date.now() - clock}`);
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, [path.join(root, 'tools', 'stack', 'cli.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, KM_START_CLOCK: String(clock), KM_START_PHASES: phases.join(',') },
});
// The CLI handles Ctrl-C itself (it stops what it started); don't die before it is done.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
