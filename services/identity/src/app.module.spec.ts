import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const HEAVY = /[\\/]node_modules[\\/](bullmq|nodemailer|minio)[\\/]/;

/** Requires `target` in a fresh node and answers the packages from HEAVY it loaded. */
function heavyPackagesLoadedBy(target: string): string[] {
  const script = `require(${JSON.stringify(target)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
  const child = spawnSync(process.execPath, ['-e', script], { cwd: __dirname, encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const loaded: string[] = JSON.parse(child.stdout);
  return [...new Set(loaded.map((file) => HEAVY.exec(file)?.[1]).filter((name): name is string => name !== undefined))].sort();
}

test("identity's app module loads the mail kit (it mails its own links, ADR 0026) but not the S3 client: it stores no objects", () => {
  assert.deepEqual(heavyPackagesLoadedBy(path.join(__dirname, 'app.module.js')), ['bullmq', 'nodemailer']);
});

test("the check sees them when a module does load them (the kit's mail and storage entries)", () => {
  assert.deepEqual(heavyPackagesLoadedBy('@km/nest-kit/mail'), ['bullmq', 'nodemailer']);
  assert.deepEqual(heavyPackagesLoadedBy('@km/nest-kit/storage'), ['minio']);
});
