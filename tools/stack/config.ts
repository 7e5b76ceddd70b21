import { SERVICES, servicePort, type ServiceName } from '@km/registry';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export type Profile = 'dev' | 'test';

/**
 * Fixed loopback ports; the test stack runs beside a running dev stack without clashing. App services' ports follow
 * libs/registry's scheme. Ceph's OSD takes four ports from `cephOsd` (dev 16800–16803, test 16804–16807), so stacks
 * side by side need offsets at least 8 apart (the helpers' 0, 70, 80 … are).
 */
export type Ports = Record<ServiceName, number> & {
  stripe: number;
  postgres: number;
  redis: number;
  nats: number;
  natsMonitor: number;
  s3: number;
  /** Ceph's monitor and the first of its OSD's ports (tools/stack/ceph.ts): the cluster behind the S3 server. */
  cephMon: number;
  cephOsd: number;
  smtp: number;
  mailWeb: number;
};

const servicePorts = (profile: Profile) => Object.fromEntries(SERVICES.map((s) => [s.name, servicePort(s, profile)])) as Record<ServiceName, number>;

export const PORTS: Record<Profile, Ports> = {
  dev: {
    ...servicePorts('dev'),
    stripe: 12111,
    postgres: 5442,
    redis: 6392,
    nats: 4232,
    natsMonitor: 8232,
    s3: 9010,
    cephMon: 16789,
    cephOsd: 16800,
    smtp: 1025,
    mailWeb: 1080,
  },
  test: {
    ...servicePorts('test'),
    stripe: 12911,
    postgres: 5443,
    redis: 6393,
    nats: 4233,
    natsMonitor: 8233,
    s3: 9011,
    cephMon: 16790,
    cephOsd: 16804,
    smtp: 1026,
    mailWeb: 1081,
  },
};

export interface StackSettings {
  profile: Profile;
  ports: Ports;
  dataDir: string;
  adminUsername: string;
  adminPassword: string;
}

/**
 * The only place the tools read the environment. KM_PORT_OFFSET shifts every port and
 * uses its own data folder, so several stacks can run side by side on one machine.
 */
export function stackSettings(profile: Profile, beside?: { name: string; offset: number }): StackSettings {
  const given = Number(process.env.KM_PORT_OFFSET ?? 0);
  if (!Number.isInteger(given) || given < 0 || given > 20000)
    throw new Error(`KM_PORT_OFFSET must be a whole number from 0 to 20000, got "${process.env.KM_PORT_OFFSET}"`);
  // A second stack of the same run (the fault suite's, beside the test stack): its ports a further offset up, its own folder.
  const offset = given + (beside?.offset ?? 0);
  const folder = beside ? `${profile}-${beside.name}` : profile;
  const ports = Object.fromEntries(Object.entries(PORTS[profile]).map(([k, v]) => [k, v + offset])) as unknown as Ports;
  if (profile === 'dev' && process.env.PORT) {
    const port = Number(process.env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
    ports.gateway = port;
  }
  return {
    profile,
    ports,
    dataDir: path.join(ROOT, '.data', given ? `${folder}-${given}` : folder),
    adminUsername: process.env.ADMIN_USERNAME ?? 'admin',
    adminPassword: process.env.ADMIN_PASSWORD ?? 'kingdom-admin-dev',
  };
}

export const isCI = () => process.env.CI === 'true';
