import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export type Profile = 'dev' | 'test';

/** Fixed loopback ports; the test stack runs beside a running dev stack without clashing. */
export interface Ports {
  gateway: number;
  identity: number;
  postgres: number;
  redis: number;
  nats: number;
  natsMonitor: number;
  s3: number;
  smtp: number;
  mailWeb: number;
}

export const PORTS: Record<Profile, Ports> = {
  dev: { gateway: 3000, identity: 3101, postgres: 5442, redis: 6392, nats: 4232, natsMonitor: 8232, s3: 9010, smtp: 1025, mailWeb: 1080 },
  test: { gateway: 3900, identity: 3901, postgres: 5443, redis: 6393, nats: 4233, natsMonitor: 8233, s3: 9011, smtp: 1026, mailWeb: 1081 },
};

export interface StackSettings {
  profile: Profile;
  ports: Ports;
  dataDir: string;
  adminUsername: string;
  adminPassword: string;
}

/** The only place the tools read the environment. */
export function stackSettings(profile: Profile): StackSettings {
  const ports = { ...PORTS[profile] };
  if (profile === 'dev' && process.env.PORT) {
    const port = Number(process.env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
    ports.gateway = port;
  }
  return {
    profile,
    ports,
    dataDir: path.join(ROOT, '.data', profile),
    adminUsername: process.env.ADMIN_USERNAME ?? 'admin',
    adminPassword: process.env.ADMIN_PASSWORD ?? 'kingdom-admin-dev',
  };
}

export const isCI = () => process.env.CI === 'true';
