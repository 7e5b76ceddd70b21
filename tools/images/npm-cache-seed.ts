import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The entries of the machine's npm cache that an install of the lockfile reads (ADR 0076), hard-linked into `dir`
 * in the cache's own layout (cacache: index-v5 buckets keyed by request URL, content-v2 files named by their digest).
 * The lockfile names no tarball URLs or digests (the machine's npm omits them), so npm asks the registry for each
 * package's document, then its tarball: both are seeded. Returns how many files and bytes were linked.
 */
export function seedNpmCache(lockfile: string, dir: string): { files: number; bytes: number } {
  // Under `npm run`/`npm test`, npm hands down its settings that differ from its defaults as npm_config_*.
  const setting = (name: string, fallback: string) =>
    process.env[`npm_config_${name}`] ??
    (process.env.npm_config_user_agent ? fallback : execFileSync('npm', ['config', 'get', name], { encoding: 'utf8' }).trim());
  const cache = path.join(setting('cache', path.join(homedir(), '.npm')), '_cacache');
  const registry = setting('registry', 'https://registry.npmjs.org/').replace(/\/?$/, '/');
  rmSync(dir, { recursive: true, force: true });
  const { packages } = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, { name?: string; version?: string; link?: boolean }> };

  const bucket = (key: string) => {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join('index-v5', hash.slice(0, 2), hash.slice(2, 4), hash.slice(4));
  };
  const content = (integrity: string) => {
    const [algorithm, base64] = integrity.split(/\s+/)[0].split(/-(.*)/s);
    const hex = Buffer.from(base64, 'base64').toString('hex');
    return path.join('content-v2', algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  };
  const files = new Set<string>();
  const seed = (url: string) => {
    const key = `make-fetch-happen:request-cache:${url}`;
    const index = bucket(key);
    if (!existsSync(path.join(cache, index))) return;
    // A bucket is an append-only log of "<sha1>\t<json>" lines; the last entry for the key is the one npm reads.
    const entries = readFileSync(path.join(cache, index), 'utf8')
      .split('\n')
      .map((line) => line.slice(line.indexOf('\t') + 1))
      .filter((json) => json.startsWith('{'))
      .map((json) => JSON.parse(json) as { key: string; integrity?: string | null })
      .filter((entry) => entry.key === key);
    const integrity = entries[entries.length - 1]?.integrity;
    if (!integrity || !existsSync(path.join(cache, content(integrity)))) return;
    files.add(index).add(content(integrity));
  };

  for (const [where, entry] of Object.entries(packages)) {
    if (!where.includes('node_modules/') || entry.link || !entry.version) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    seed(`${registry}${name.replace('/', '%2f')}`);
    seed(`${registry}${name}/-/${name.split('/').pop()}-${entry.version}.tgz`);
  }

  let bytes = 0;
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      linkSync(path.join(cache, file), path.join(dir, file));
    } catch {
      copyFileSync(path.join(cache, file), path.join(dir, file)); // another file system
    }
    bytes += statSync(path.join(dir, file)).size;
  }
  return { files: files.size, bytes };
}
