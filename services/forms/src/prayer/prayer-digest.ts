import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue } from '@km/nest-kit/jobs';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { FormsConfig } from '../config';
import { digestMail, type DigestLine } from './prayer-mails';

export const PRAYER_DIGEST_QUEUE = 'prayer-digest';

/**
 * Who prayed, as one value per person: the team member's id, the wall visitor's hash, or (a wall prayer from before
 * visitors were kept) the prayer itself. The digest counts people, not prayers (ADR 0042: "N people prayed for your request").
 */
const PERSON = `COALESCE('team:' || p.by_user_id::text, 'wall:' || p.visitor, 'prayer:' || p.id::text)`;
const SCHEDULER_ID = 'prayer-digest-daily';

/** The day (in the digest's time zone) a run belongs to: a requester gets at most one digest per such day. */
export const digestPeriod = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * The requesters' digest (ADR 0042). A BullMQ job scheduler fires the run; any replica may work it. Each requester's
 * digest is decided in the database: the row (address, day) is inserted in the transaction that queues the mail, so two
 * workers, or the scheduler firing twice, send it once. Only a requester something happened to since their last
 * digest is written to, and never one who unsubscribed or asked for no follow-up. The run also closes expired requests.
 */
@Injectable()
export class PrayerDigest implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<Record<string, never>>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new JobQueue(PRAYER_DIGEST_QUEUE, config.mail.redisUrl, logger);
  }

  async onApplicationBootstrap() {
    const { digestSchedule, digestTimeZone, digestWorker } = this.config.prayer;
    await this.jobs.schedule(SCHEDULER_ID, { pattern: digestSchedule, tz: digestTimeZone }, 'digest-run', { removeOnComplete: 50, removeOnFail: 50 });
    if (!digestWorker) return;
    this.jobs.work(() => this.run(), { concurrency: 1, failed: 'prayer digest run failed; the next run catches up' });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /** One run: closes what expired, then sends each due requester's digest once. Answers how many it sent. */
  async run(now = new Date()): Promise<number> {
    await this.dataSource.query(`UPDATE prayer_requests SET state = 'closed', updated_at = now() WHERE state IN ('new', 'praying') AND expires_at <= now()`);
    const period = digestPeriod(now, this.config.prayer.digestTimeZone);
    const due: { email: string }[] = await this.dataSource.query(
      `SELECT q.email FROM prayer_requesters q
       WHERE q.digest_unsubscribed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM prayer_digests d WHERE d.email = q.email AND d.period = $1)
         AND EXISTS (
           SELECT 1 FROM prayer_requests r JOIN prayer_prayers p ON p.request_id = r.id
           WHERE lower(r.email) = q.email AND r.taken_down_at IS NULL AND r.preferred_contact <> 'none'
             AND p.prayed_at > COALESCE((SELECT max(d.sent_at) FROM prayer_digests d WHERE d.email = q.email), '-infinity'))`,
      [period],
    );
    let sent = 0;
    for (const { email } of due) if (await this.sendOne(email, period)) sent++;
    if (sent) this.logger.info({ period, sent }, 'prayer digests queued');
    return sent;
  }

  private sendOne(email: string, period: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const lines: (DigestLine & { token: string })[] = (
        await manager.query(
          `SELECT r.request_type, r.created_at, q.token,
                  (SELECT count(DISTINCT ${PERSON})::int FROM prayer_prayers p WHERE p.request_id = r.id AND p.prayed_at > now() - interval '7 days') AS prayed
           FROM prayer_requests r JOIN prayer_requesters q ON q.email = lower(r.email)
           WHERE q.email = $1 AND r.taken_down_at IS NULL AND r.preferred_contact <> 'none' AND r.state IN ('new', 'praying')
           ORDER BY r.created_at DESC LIMIT 20`,
          [email],
        )
      ).map((r: { request_type: DigestLine['requestType']; created_at: Date; token: string; prayed: number }) => ({
        requestType: r.request_type,
        submittedAt: r.created_at,
        prayedThisWeek: r.prayed,
        token: r.token,
      }));
      const changed = lines.filter((line) => line.prayedThisWeek > 0);
      if (changed.length === 0) return false;
      // Everyone who prayed for any of these requests this week, each once: one person praying for two is one person.
      const [{ people }]: { people: number }[] = await manager.query(
        `SELECT count(DISTINCT ${PERSON})::int AS people FROM prayer_prayers p JOIN prayer_requests r ON r.id = p.request_id
         WHERE lower(r.email) = $1 AND r.taken_down_at IS NULL AND r.preferred_contact <> 'none' AND r.state IN ('new', 'praying')
           AND p.prayed_at > now() - interval '7 days'`,
        [email],
      );
      // The guard: the second worker's insert waits on this row's key and then finds it taken.
      const claimed: unknown[] = await manager.query(
        `INSERT INTO prayer_digests (email, period, prayed) VALUES ($1, $2, $3) ON CONFLICT (email, period) DO NOTHING RETURNING email`,
        [email, period, people],
      );
      if (claimed.length === 0) return false;
      await this.mail.send(`prayer-digest:${email}:${period}`, digestMail(email, changed[0].token, changed, people, this.config.publicOrigin));
      return true;
    });
  }
}
