import { keysetPages } from '@km/nest-kit/jobs';
import type { MailService, MailTemplateQueue, OutgoingMail } from '@km/nest-kit/mail';
import type { DataSource } from 'typeorm';

/** A payout or profit bonus as its mail needs it. */
export interface RewardToMail {
  id: string;
  amount: string;
  payout_date: string;
  email: string;
  first_name: string;
  /** Payouts only: where the payout stands when its mail is written (ADR 0077). */
  status?: string;
  held_reason?: string | null;
  method?: string | null;
}

/** What a reward's mail is rendered from, by the worker that sends it (ADR 0077): the reward and its run. */
export interface RewardMailParams extends RewardToMail {
  run: string;
}

/** A kind of reward's mail: its queue key, its subject, and its body. */
export interface RewardMail {
  key: (reward: RewardToMail) => string;
  subject: (params: RewardMailParams) => string;
  render: (params: RewardMailParams) => OutgoingMail;
}

/** Where a kind of reward is kept: its table, and the column naming its run (a payout month, a bonus half-year). */
const SOURCES = {
  payouts: { table: 'payouts', run: 'month', outcome: ', x.status, x.held_reason, x.method' },
  profit_bonuses: { table: 'profit_bonuses', run: 'bonus_period', outcome: '' },
} as const;

const MAIL_BATCH = 2000;

/**
 * The mails of a run's rewards (payouts, profit bonuses), written once for both runners (ADR 0016, 0018): each is
 * queued keyed by the reward's id, so a repeat enqueues nothing new, and marked mailed; what a run that died left
 * unmailed is swept afterwards in keyset pages of ids. A reward of 0.00 (open debt took it all) pays nothing and is
 * not mailed, but is marked, so no sweep picks it up again.
 */
export class RewardMailer {
  private readonly source: (typeof SOURCES)[keyof typeof SOURCES];
  private readonly queue: MailTemplateQueue<RewardMailParams>;

  /** Registers the kind's mail template with `mail`: the service's workers render each mail when they send it. */
  constructor(
    private readonly dataSource: DataSource,
    mail: MailService,
    kind: keyof typeof SOURCES,
    private readonly reward: RewardMail,
  ) {
    this.source = SOURCES[kind];
    this.queue = mail.template<RewardMailParams>(`membership-${kind}`, { to: (p) => p.email, subject: reward.subject, render: reward.render });
  }

  /** Queues the mails of these rewards of a run and marks them mailed. */
  async send(rewards: RewardToMail[], run: string): Promise<void> {
    if (rewards.length === 0) return;
    await this.queue.sendMany(rewards.filter((r) => Number(r.amount) > 0).map((r) => ({ key: this.reward.key(r), params: { ...r, run } })));
    await this.dataSource.query(`UPDATE ${this.source.table} SET mailed_at = now() WHERE id = ANY($1::uuid[]) AND mailed_at IS NULL`, [
      rewards.map((r) => r.id),
    ]);
  }

  /** Mails the run's rewards not mailed yet; given `ids`, only those (a batch whose payouts were just decided). */
  async sendUnsent(run: string, ids?: string[]): Promise<void> {
    const { table, run: column, outcome } = this.source;
    const unmailed = keysetPages(
      (after) =>
        this.dataSource.query(
          `SELECT x.id, x.amount::text AS amount, x.payout_date::text AS payout_date, m.email, m.first_name${outcome}
           FROM ${table} x CROSS JOIN LATERAL (SELECT m.email, m.first_name FROM members m WHERE m.id = x.member_id LIMIT 1) m
           WHERE x.${column} = $1 AND x.mailed_at IS NULL AND x.id > $2 AND ($4::uuid[] IS NULL OR x.id = ANY($4::uuid[])) ORDER BY x.id LIMIT $3`,
          [run, after, MAIL_BATCH, ids ?? null],
        ) as Promise<RewardToMail[]>,
      (r) => r.id,
    );
    for await (const rewards of unmailed) await this.send(rewards, run);
  }
}
