import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './config';

/** Builds every project with Nx (cached: an unchanged project is not rebuilt). */
export function buildAll(): void {
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  // One build at a time on this machine: parallel stacks must not write the same dist folders at once.
  const lock = path.join(os.tmpdir(), 'kingdom-marketplace-build.lock');
  const result = spawnSync('flock', [lock, nx, 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}
