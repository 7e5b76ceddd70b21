// Sign-in bursts: `KM_PORT_OFFSET=830 npx tsx bench/login-burst.ts [attempts=300] [registrations=60]`
//
// Starts a throw-away test-profile stack on loopback (ports shifted by KM_PORT_OFFSET), with the gateway trusting
// one proxy so each request can claim its own client address. Prints:
//  1. 50 parallel wrong passwords for admin from one address: how many reached the password check (401) and 429;
//  2. `/api/auth/me` latency (session resolution, no argon2) alone, then while `attempts` wrong sign-ins and
//     `registrations` registrations, each from its own address, all arrive at once (they queue at identity's
//     argon2 gate), with the burst's own status counts and latencies.
import { startBenchStack } from './stack';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const [attempts = 300, registrations = 60] = process.argv.slice(2).map(Number);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const summary = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${sorted.at(-1)?.toFixed(1).padStart(7)} ms`;
};
const counts = (statuses: number[]) => JSON.stringify(statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}));
let address = 0;
const nextAddress = () => `10.77.${(++address >> 8) & 255}.${address & 255}`;

async function main() {
  // The stack's processes inherit this environment: one trusted proxy, so X-Forwarded-For names the client.
  process.env.TRUST_PROXY = '1';
  const { settings, base, stop } = await startBenchStack('test');
  const origin = `http://localhost:${settings.ports.gateway}`;

  const post = async (url: string, body: unknown, ip: string, cookie?: string) => {
    const started = performance.now();
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const message = res.status >= 500 ? ((JSON.parse(text) as { message?: string }).message ?? text) : undefined;
    return { status: res.status, message, ms: performance.now() - started, cookie: res.headers.get('set-cookie')?.split(';')[0] };
  };

  try {
    const admin = { username: settings.adminUsername, password: settings.adminPassword };
    const attacker = nextAddress();
    const burst = await Promise.all(Array.from({ length: 50 }, () => post('/api/auth/login', { username: admin.username, password: 'guess-123' }, attacker)));
    console.log(`\n50 parallel wrong passwords for ${admin.username} from one address: ${counts(burst.map((r) => r.status))}`);

    const home = nextAddress();
    const signedIn = await post('/api/auth/login', admin, home);
    if (signedIn.status !== 200 || !signedIn.cookie) throw new Error(`the admin could not sign in: ${signedIn.status}`);
    const me = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/auth/me`, { headers: { cookie: signedIn.cookie!, 'x-forwarded-for': home } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/auth/me answered ${res.status}`);
      return performance.now() - started;
    };
    const meLoop = async (until: () => boolean, workers = 4) => {
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (!until()) times.push(await me());
        }),
      );
      return times;
    };

    let quietDone = false;
    setTimeout(() => (quietDone = true), 3000);
    const quiet = await meLoop(() => quietDone);

    let burstDone = false;
    const started = performance.now();
    const sprayP = Promise.all([
      ...Array.from({ length: attempts }, () => post('/api/auth/login', { username: admin.username, password: `guess-${randomUUID()}` }, nextAddress())),
      ...Array.from({ length: registrations }, () =>
        post(
          '/api/auth/register',
          { username: `bench_${randomUUID().slice(0, 8)}`, password: 'password-123', email: `bench-${randomUUID()}@example.com` },
          nextAddress(),
        ),
      ),
    ]).finally(() => (burstDone = true));
    const [spray, loaded] = await Promise.all([sprayP, meLoop(() => burstDone)]);
    const burstMs = performance.now() - started;
    const logins = spray.slice(0, attempts);
    const regs = spray.slice(attempts);

    console.log(`\n${attempts} wrong sign-ins + ${registrations} registrations, each from its own address, at once (${(burstMs / 1000).toFixed(1)} s):`);
    console.log(`  sign-in statuses ${counts(logins.map((r) => r.status))}, registration statuses ${counts(regs.map((r) => r.status))}`);
    const messages = [...logins, ...regs].map((r) => r.message).filter(Boolean);
    for (const m of new Set(messages)) console.log(`  ${messages.filter((x) => x === m).length} × 503 "${m}"`);
    console.log(
      summary(
        '  sign-in (burst)',
        logins.map((r) => r.ms),
      ),
    );
    console.log(
      summary(
        '  registration (burst)',
        regs.map((r) => r.ms),
      ),
    );
    console.log(summary('  /api/auth/me, quiet', quiet));
    console.log(summary('  /api/auth/me, during the burst', loaded));
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
