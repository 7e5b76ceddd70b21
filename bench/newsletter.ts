// A newsletter campaign at scale: `KM_PORT_OFFSET=110 npx tsx bench/newsletter.ts [recipients=10000] [--cpu-prof]`
//
// Starts a throw-away test-profile stack (ports shifted by KM_PORT_OFFSET), writes `recipients` confirmed subscribers
// straight into forms' database (double opt-in is not what is measured), then sends a campaign as an admin would
// (POST /api/admin/newsletter/campaigns, then …/send) and waits until its report says every email was sent (the
// mail queue's SMTP delivery to the stack's mail catcher included). Then it counts, in the mail catcher, the copies
// each address received by Message-ID: more than one is a duplicate (ADR 0057). Where the time goes: the CPU seconds
// each process of the stack spent during the send, and with `--cpu-prof` the forms service's CPU by package.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client as Postgres } from 'pg';
import { profileShares } from './cpu-profile';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';

const args = process.argv.slice(2);
const [recipients = 10_000] = args.filter((a) => !a.startsWith('--')).map(Number);
const cpuProfile = args.includes('--cpu-prof');
const loadAverage = () => `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${os.cpus().length} CPUs)`;

async function main() {
  // 500 recipients a second: the batch rate a production list of this size would be given.
  const profileFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'km-newsletter-profile-')), 'forms.cpuprofile');
  const profiled: Record<string, string> = cpuProfile
    ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profiler.cjs')}`, KM_CPU_PROFILE: profileFile }
    : {};
  const { settings, urls, base, stop, pidFile } = await startBenchStack('test', {
    forms: { NEWSLETTER_BATCH_SIZE: '500', NEWSLETTER_BATCH_INTERVAL_MS: '1000', ...profiled },
    gateway: { RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const db = new Postgres({ connectionString: urls.databaseUrl('forms') });
  try {
    await db.connect();
    console.log(`━━ seeding ${recipients} confirmed subscribers`);
    await db.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source, confirmed_at)
       SELECT 'reader-' || i || '@bench.example', substr(md5(random()::text) || md5(random()::text), 1, 43), 'footer', now() FROM generate_series(1, $1) i`,
      [recipients],
    );
    await db.query('ANALYZE');

    const origin = `http://localhost:${settings.ports.gateway}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: settings.adminUsername, password: settings.adminPassword }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`the admin could not sign in: ${login.status}`);
    const headers = { 'content-type': 'application/json', cookie, origin };
    const subject = `Bench campaign ${Date.now()}`;
    const created = await fetch(`${base}/api/admin/newsletter/campaigns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ subject, bodyMarkdown: '## Hello friends\n\nThis month: **new books** and [the shop](/products).' }),
    });
    if (created.status !== 201) throw new Error(`creating the campaign answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };

    console.log(`━━ sending to ${recipients} recipients; load average ${loadAverage()}`);
    const formsPid = () =>
      readFileSync(pidFile, 'utf8')
        .split('\n')
        .find((line) => line.endsWith(' forms'))
        ?.split(' ')[0];
    if (cpuProfile) process.kill(Number(formsPid()), 'SIGWINCH');
    const cpuBefore = cpuSeconds(pidFile);
    const started = performance.now();
    const send = await fetch(`${base}/api/admin/newsletter/campaigns/${id}/send`, { method: 'POST', headers });
    if (send.status !== 202) throw new Error(`sending answered ${send.status}: ${await send.text()}`);
    let report: { status: string; counts: { sent: number; failed: number; pending: number; total: number } } | undefined;
    while (report?.status !== 'sent') {
      await new Promise((r) => setTimeout(r, 500));
      report = (await (await fetch(`${base}/api/admin/newsletter/campaigns/${id}`, { headers })).json()) as typeof report;
      if (performance.now() - started > 600_000) throw new Error(`the campaign did not finish in 10 minutes: ${JSON.stringify(report?.counts)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(pidFile);
    if (cpuProfile) process.kill(Number(formsPid()), 'SIGWINCH');

    const mails = (await (await fetch(`${urls.mailWebUrl}/api/email`)).json()) as {
      subject: string;
      to: { address: string }[];
      headers?: Record<string, string>;
    }[];
    const byAddress = new Map<string, Set<string>>();
    let deliveries = 0;
    mails.forEach((m, i) => {
      if (m.subject !== subject) return;
      deliveries++;
      const ids = byAddress.get(m.to[0].address) ?? new Set<string>();
      ids.add(m.headers?.['message-id'] ?? `no Message-ID ${i}`);
      byAddress.set(m.to[0].address, ids);
    });
    const duplicates = [...byAddress.values()].reduce((sum, ids) => sum + ids.size - 1, 0);

    console.log(`\nnewsletter send ${recipients / 1000}k recipients: ${seconds.toFixed(1)} s (goal ≤ 120)`);
    console.log(`duplicates: ${duplicates} (goal ≤ 0)`);
    console.log(`addresses reached: ${byAddress.size} (goal ≥ ${recipients})`);
    console.log(
      `report: sent ${report.counts.sent}, failed ${report.counts.failed}, pending ${report.counts.pending}; deliveries at the catcher ${deliveries}`,
    );
    const spent = Object.entries(cpuAfter)
      .map(([name, s]): [string, number] => [name, s - (cpuBefore[name] ?? 0)])
      .filter(([, s]) => s >= 0.5)
      .sort((a, b) => b[1] - a[1]);
    console.log(`CPU seconds during the send: ${spent.map(([name, s]) => `${name} ${s.toFixed(1)}`).join(', ')}; load average ${loadAverage()}`);
    if (cpuProfile) {
      await new Promise((r) => setTimeout(r, 2000));
      const shares = profileShares(profileFile, 12);
      console.log(`forms CPU by package: ${shares.map(([bucket, share]) => `${bucket} ${(share * 100).toFixed(0)}%`).join(', ')}`);
    }
  } finally {
    await db.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
