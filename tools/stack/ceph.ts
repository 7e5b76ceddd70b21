import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'minio';
import type { Ports } from './config';
import { ProcessGroup, waitFor, type Managed } from './processes';

const run = promisify(execFile);

/**
 * The S3 user the stack creates in its Ceph cluster (development and tests only; production refuses these, see
 * libs/nest-kit's storage-config and production-secrets).
 */
export const S3_DEV_CREDENTIALS = { accessKey: 'kingdom-dev-s3', secretKey: 'kingdom-dev-s3' } as const;

/** The OSD binds this many ports from `ports.cephOsd` on: public, cluster and the two heartbeat messengers (msgr2 only). */
export const CEPH_OSD_PORTS = 4;

/** Small, fixed caches: several stacks share one machine (ADR 0064). */
const OSD_CACHE_BYTES = 128 * 1024 * 1024;
/** The OSD's block device: a sparse file, so it takes only what is written. */
const OSD_BLOCK_BYTES = 8 * 1024 * 1024 * 1024;

export interface CephDirs {
  root: string;
  conf: string;
  /** Written once the cluster, its S3 user and the bucket exist: without it the next start builds the cluster anew. */
  ready: string;
}

export const cephDirs = (dataDir: string): CephDirs => {
  const root = path.join(dataDir, 'ceph');
  return { root, conf: path.join(root, 'ceph.conf'), ready: path.join(root, 'ready') };
};

/**
 * One monitor, one OSD on a sparse file and radosgw (Ceph's S3 gateway) on loopback, every path under the stack's
 * data folder and every port from the stack's offset, so stacks side by side are separate clusters (ADR 0064).
 * Authentication inside the cluster is off (loopback only); S3 requests are signed with the stack's S3 user.
 */
function renderConf(root: string, fsid: string, ports: Ports): string {
  const lines = {
    fsid,
    'mon host': `v2:127.0.0.1:${ports.cephMon}`,
    'public addr': '127.0.0.1',
    'cluster addr': '127.0.0.1',
    // Without `ms mon client mode = crc` radosgw waits 300 s for an authentication the cluster does not do.
    'auth cluster required': 'none',
    'auth service required': 'none',
    'auth client required': 'none',
    'ms mon client mode': 'crc',
    'ms bind msgr1': 'false',
    'ms bind port min': String(ports.cephOsd),
    'ms bind port max': String(ports.cephOsd + CEPH_OSD_PORTS - 1),
    'run dir': path.join(root, 'run'),
    'admin socket': path.join(root, 'run', '$name.asok'),
    'pid file': path.join(root, 'run', '$name.pid'),
    'log file': path.join(root, 'log', '$name.log'),
    'crash dir': path.join(root, 'crash'),
    keyring: path.join(root, 'keyring'),
    'mon data': path.join(root, 'mon'),
    // The disk is shared with everything else on the machine: a fuller disk is not the monitor's concern here.
    'mon data avail warn': '1',
    'mon data avail crit': '0',
    'mon allow pool size one': 'true',
    'mon warn on pool no redundancy': 'false',
    // One copy per object, few placement groups: radosgw's pools fit one OSD's limit.
    'osd pool default size': '1',
    'osd pool default min size': '1',
    'osd pool default pg num': '8',
    'osd pool default pgp num': '8',
    'osd crush chooseleaf type': '0',
    'osd data': path.join(root, 'osd'),
    'osd objectstore': 'bluestore',
    // Outside the OSD's folder ("Too many levels of symbolic links" otherwise).
    'bluestore block path': path.join(root, 'osd-block'),
    'bluestore block create': 'true',
    'bluestore block size': String(OSD_BLOCK_BYTES),
    'bluestore cache autotune': 'false',
    'bluestore cache size': String(OSD_CACHE_BYTES),
    'rgw data': path.join(root, 'rgw'),
    'rgw frontends': `beast endpoint=127.0.0.1:${ports.s3}`,
  };
  return `# Written by tools/stack/ceph.ts at every start (ADR 0064).\n[global]\n${Object.entries(lines)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n')}\n`;
}

const cephTool = (conf: string, cmd: string, args: string[]) => run(cmd, ['-c', conf, ...args], { timeout: 120_000 });

/**
 * Starts the stack's Ceph cluster and resolves once its S3 gateway answers with the stack's user and bucket. The
 * cluster is kept in the data folder: a later start only starts the daemons (≈ 5 s), the first builds it (≈ 15 s).
 * Returns radosgw's managed process (the fault suite stops it as `s3`).
 */
export async function startCeph(ports: Ports, dataDir: string, bucket: string, group: ProcessGroup, env: NodeJS.ProcessEnv): Promise<Managed> {
  const started = Date.now();
  const dirs = cephDirs(dataDir);
  const fresh = !existsSync(dirs.ready);
  // A first start interrupted half-way leaves a cluster that cannot be trusted: begin again.
  if (fresh) rmSync(dirs.root, { recursive: true, force: true });
  for (const dir of ['run', 'log', 'crash', 'mon', 'osd', 'rgw']) mkdirSync(path.join(dirs.root, dir), { recursive: true });
  const fsidFile = path.join(dirs.root, 'fsid');
  if (fresh) writeFileSync(fsidFile, randomUUID());
  const fsid = readFileSync(fsidFile, 'utf8').trim();
  writeFileSync(dirs.conf, renderConf(dirs.root, fsid, ports));
  const conf = dirs.conf;
  const daemon = (name: string, cmd: string, args: string[], supervise = false) => group.start(name, cmd, ['-f', '-c', conf, ...args], { env, supervise });

  let osdUuid = '';
  if (fresh) {
    const keyring = path.join(dirs.root, 'keyring');
    await run('ceph-authtool', ['--create-keyring', keyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
    const monmap = path.join(dirs.root, 'monmap');
    await run('monmaptool', ['--create', '--addv', 'a', `[v2:127.0.0.1:${ports.cephMon}]`, '--fsid', fsid, monmap]);
    await cephTool(conf, 'ceph-mon', ['--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring]);
    osdUuid = randomUUID();
  }
  const mon = daemon('ceph-mon', 'ceph-mon', ['-i', 'a'], true);
  if (fresh) {
    // The OSD's store is made while the monitor starts; registering it needs the monitor.
    await Promise.all([
      cephTool(conf, 'ceph-osd', ['-i', '0', '--mkfs', '--osd-uuid', osdUuid]),
      waitFor('Ceph monitor', () => cephTool(conf, 'ceph', ['osd', 'new', osdUuid, '--connect-timeout', '5']).then(() => true), 60_000, mon, group),
    ]);
  }
  daemon('ceph-osd', 'ceph-osd', ['-i', '0'], true);
  // Restarted if it dies, as its Deployment would (the fault suite stops it mid-upload).
  const rgw = daemon('s3', 'radosgw', ['-n', 'client.rgw'], true);
  await waitFor('S3 server (Ceph radosgw)', () => answers(ports.s3), 90_000, rgw, group);
  if (fresh) {
    const { accessKey, secretKey } = S3_DEV_CREDENTIALS;
    await cephTool(conf, 'radosgw-admin', [
      'user',
      'create',
      '--uid=kingdom',
      '--display-name=Kingdom Marketplace (development)',
      `--access-key=${accessKey}`,
      `--secret-key=${secretKey}`,
    ]);
    const client = new Client({ endPoint: '127.0.0.1', port: ports.s3, useSSL: false, ...S3_DEV_CREDENTIALS });
    if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket);
    writeFileSync(dirs.ready, new Date().toISOString());
  }
  console.log(`S3 server (Ceph ${fresh ? 'cluster built' : 'cluster kept'}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return rgw;
}

/** radosgw answers HTTP once it has reached the cluster (an anonymous GET / is a 200 listing no buckets). */
async function answers(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return true;
}
