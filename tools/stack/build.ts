import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './config';

/**
 * Builds every project with Nx: swc for the TypeScript projects, Vite for the SPA, each taken from Nx's cache when its
 * inputs are unchanged (ADR 0074). Asynchronous, so `npm start` starts the servers meanwhile.
 */
export function buildAll(): Promise<void> {
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  // One build at a time in this checkout: its dev and test stacks must not write the same dist folders at once. Other
  // checkouts have dist folders of their own and build beside it (ADR 0074).
  const lock = path.join(os.tmpdir(), `kingdom-marketplace-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  const child = spawn('flock', [lock, nx, 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error('The build failed; see the output above.'))));
  });
}
