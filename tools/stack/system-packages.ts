import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/postgres`) && existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${base}/${versions[0]}/bin` : undefined;
}

const onPath = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

interface Requirement {
  pkg: string;
  present: () => boolean;
}

const REQUIREMENTS: Record<string, Requirement> = {
  postgresql: { pkg: 'postgresql', present: () => postgresBinDir() !== undefined },
  redis: { pkg: 'redis-server', present: () => onPath('redis-server') },
  nats: { pkg: 'nats-server', present: () => onPath('nats-server') },
  chromium: { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // the media service's renditions job (WAV/WEBM → M4A/MP4 for the podcast feed)
  ffmpeg: { pkg: 'ffmpeg', present: () => onPath('ffmpeg') },
  // the S3 server (ADR 0064): a one-OSD Ceph cluster and its S3 gateway (monmaptool comes with ceph-mon's ceph-base)
  ceph: {
    pkg: 'ceph-mon ceph-osd radosgw ceph-common',
    present: () => ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'ceph-authtool', 'monmaptool'].every(onPath),
  },
  // `npm run images` and the deploy stage (ADR 0068): Debian's engine and client, and the base image's root filesystem
  docker: { pkg: 'docker.io', present: () => existsSync('/usr/sbin/dockerd') && existsSync('/usr/bin/docker') },
  mmdebstrap: { pkg: 'mmdebstrap', present: () => onPath('mmdebstrap') },
};

/** Installs the Debian packages the stack needs, or says exactly what to install. */
export function ensureSystemPackages(names: (keyof typeof REQUIREMENTS)[]): void {
  const missing = names
    .map((n) => REQUIREMENTS[n])
    .filter((r) => !r.present())
    .map((r) => r.pkg);
  if (missing.length === 0) return;
  // Another apt-get (a second stack starting) holds the lock for a while: wait for it rather than fail.
  const command = `apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    throw new Error(`Missing system packages: ${missing.join(', ')}.\nInstall them, then run this again:\n  sudo sh -c '${command}'`);
  }
  console.log(`Installing system packages: ${missing.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('sh', ['-c', command], { stdio: 'inherit', env });
  const still = names
    .map((n) => REQUIREMENTS[n])
    .filter((r) => !r.present())
    .map((r) => r.pkg);
  if (still.length) throw new Error(`apt-get finished but these are still missing: ${still.join(', ')}`);
}
