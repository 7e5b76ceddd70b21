/** A fully rendered email. Mail jobs carry this (no entities), keyed by a job id that makes enqueueing idempotent. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) of newsletter mail. */
  headers?: Record<string, string>;
}

/**
 * A mail the worker renders when it sends it (ADR 0077): queued with its recipient, its subject (both readable in the
 * queue, as a rendered mail's are) and what its template needs, a few hundred bytes instead of a rendered body's
 * 7 KB. Bulk runs (a payout run's 100,000 mails) queue these.
 */
export interface TemplatedMail<P = unknown> {
  to: string;
  subject: string;
  template: string;
  params: P;
}

/** What a mail job carries. */
export type QueuedMail = OutgoingMail | TemplatedMail;

/** A kind of templated mail: its envelope and its body, from the same parameters. */
export interface MailTemplateDefinition<P> {
  to: (params: P) => string;
  subject: (params: P) => string;
  render: (params: P) => OutgoingMail;
}

/** How a registered template's mails are queued, many in one round trip, each `key` idempotent. */
export interface MailTemplateQueue<P> {
  sendMany: (mails: { key: string; params: P }[], options?: { attempts?: number }) => Promise<void>;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

export interface MailSettings {
  redisUrl: string;
  smtp: SmtpSettings;
  from: string;
  /** Run the worker in this process (services that send mail); false = enqueue only. */
  worker: boolean;
  /** Attempts before a job is given up (kept in the failed set for inspection). */
  attempts?: number;
  /** Base delay for exponential backoff, capped at `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a worker's hold on a job lasts without renewal, and how often stalled jobs are looked for (BullMQ's
   * lockDuration and stalledInterval): mail a killed worker had taken is sent by another within about twice this.
   */
  lockMs?: number;
  /**
   * Emails a process sends at once (BullMQ's worker concurrency), each over one of as many pooled SMTP connections:
   * a campaign's throughput is this many round trips in flight, not one connection's handshake per email (ADR 0072).
   */
  concurrency?: number;
}

/**
 * Each service's mail has its own BullMQ queue, worked by that service's workers with that service's SMTP settings
 * (ADR 0067): one service's SMTP outage or misconfiguration delays only its own mail, never another's.
 */
export const mailQueueName = (serviceName: string) => `mail-${serviceName}`;
