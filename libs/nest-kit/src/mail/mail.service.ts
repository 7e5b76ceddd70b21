import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { JobQueue, type Job } from '../jobs/job-queue';
import {
  mailQueueName,
  type MailSettings,
  type MailTemplateDefinition,
  type MailTemplateQueue,
  type OutgoingMail,
  type QueuedMail,
  type TemplatedMail,
} from './mail.types';

export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

/** A BullMQ job id may not contain `:`; the key's colons become underscores, and the job id is the Message-ID's left part. */
const jobIdOf = (key: string) => key.replace(/:/g, '_');

/**
 * How a permanent refusal is told apart when the job is read back (ADR 0072): the receiving server answered 5xx to the
 * recipient or the message, so no attempt is made again and the address is bounced.
 */
export const PERMANENT_FAILURE = 'permanent SMTP failure: ';

/** `failed` says whether the server refused the address for good (`permanent`, a 5xx) or the attempts ran out. */
export type MailOutcome = { state: 'sent' | 'waiting' | 'missing' } | { state: 'failed'; error: string; permanent: boolean };

/** A 5xx answer to RCPT TO or DATA is final (RFC 5321 §4.2.1); 4xx and connection trouble are worth another try. */
export const isPermanentSmtpFailure = (error: unknown): error is Error & { responseCode: number } =>
  typeof (error as { responseCode?: unknown })?.responseCode === 'number' && (error as { responseCode: number }).responseCode >= 500;
export const MAIL_LOGGER = Symbol('MAIL_LOGGER');
export const MAIL_SERVICE_NAME = Symbol('MAIL_SERVICE_NAME');

/**
 * Mail queued in bulk (a payout run's, a campaign's) waits behind mail queued one at a time (a welcome, a sign-in link,
 * a receipt): BullMQ takes jobs without a priority before prioritized ones, so a run of 1,500 payout mails never delays
 * the next member's welcome (ADR 0067).
 */
export const BULK_MAIL_PRIORITY = 10;

/** The server's reply as it said it (`550 5.1.1 <a@b>: …`), on one line; its code first when the reply lacks one. */
function smtpReply(error: Error & { responseCode: number; response?: string }): string {
  const reply = (error.response ?? error.message).replace(/\s+/g, ' ').trim().slice(0, 400);
  return reply.startsWith(String(error.responseCode)) ? reply : `${error.responseCode} ${reply}`;
}

/** Delay before retry n (1-based): base·2^(n-1), capped. An SMTP outage delays mail; it does not lose it. */
export const mailBackoff = (attemptsMade: number, baseMs: number, maxMs: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attemptsMade - 1));

/**
 * Every outgoing email goes through the service's BullMQ mail queue (ARCHITECTURE §7, ADR 0067). `send` is
 * idempotent per `key`: enqueueing the same key twice sends one email.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<QueuedMail>;
  private transport: Transporter | undefined;
  private readonly templates = new Map<string, MailTemplateDefinition<never>>();

  constructor(
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
    @Inject(MAIL_LOGGER) private readonly logger: Logger,
    @Inject(MAIL_SERVICE_NAME) serviceName: string,
  ) {
    this.jobs = new JobQueue<QueuedMail>(mailQueueName(serviceName), settings.redisUrl, logger);
  }

  /** Queues one email. `key` identifies it (e.g. `contact-ack:<id>`) so a repeat is ignored. */
  async send(key: string, mail: OutgoingMail): Promise<void> {
    await this.jobs.queue.add('send', mail, this.jobOptions(key));
  }

  /**
   * Queues many emails in one round trip (e.g. a payout run's); each `key` is idempotent as in `send`. `attempts`
   * overrides the settings' for these emails (a campaign gives up sooner and reports the failure, ADR 0057).
   */
  async sendMany(mails: { key: string; mail: OutgoingMail }[], options: { attempts?: number } = {}): Promise<void> {
    if (mails.length > 0)
      await this.jobs.queue.addBulk(
        mails.map(({ key, mail }) => ({ name: 'send', data: mail, opts: { ...this.jobOptions(key, options.attempts), priority: BULK_MAIL_PRIORITY } })),
      );
  }

  /**
   * Registers a kind of mail rendered by the worker that sends it (ADR 0077) and answers how to queue it. Every process
   * that works this service's queue registers the same templates (a provider's constructor does, before the worker
   * starts); a job whose template a process lacks is tried again later, never sent unrendered.
   */
  template<P>(name: string, definition: MailTemplateDefinition<P>): MailTemplateQueue<P> {
    if (this.templates.has(name)) throw new Error(`mail template ${name} is registered twice`);
    this.templates.set(name, definition as MailTemplateDefinition<never>);
    return {
      sendMany: async (mails, options = {}) => {
        if (mails.length === 0) return;
        await this.jobs.queue.addBulk(
          mails.map(({ key, params }) => ({
            name: 'send',
            data: { to: definition.to(params), subject: definition.subject(params), template: name, params } satisfies TemplatedMail<P>,
            opts: { ...this.jobOptions(key, options.attempts), priority: BULK_MAIL_PRIORITY },
          })),
        );
      },
    };
  }

  /**
   * Where each keyed email stands in the queue: `sent`, `failed` (no attempt left, with the last error), `waiting`
   * (queued or being retried) or `missing` (never queued, or lost with Redis's data). Read in one pipeline.
   */
  async outcomes(keys: string[]): Promise<Map<string, MailOutcome>> {
    const states = await Promise.all(keys.map((key) => this.jobs.queue.getJobState(jobIdOf(key))));
    const out = new Map<string, MailOutcome>();
    await Promise.all(
      keys.map(async (key, i) => {
        const state = states[i];
        if (state === 'completed') out.set(key, { state: 'sent' });
        else if (state === 'unknown') out.set(key, { state: 'missing' });
        else if (state === 'failed') {
          const error = (await this.jobs.queue.getJob(jobIdOf(key)))?.failedReason ?? 'failed';
          out.set(key, { state: 'failed', error, permanent: error.startsWith(PERMANENT_FAILURE) });
        } else out.set(key, { state: 'waiting' });
      }),
    );
    return out;
  }

  private jobOptions(key: string, attempts?: number) {
    return {
      jobId: jobIdOf(key),
      attempts: attempts ?? this.settings.attempts ?? 60,
      backoff: { type: 'capped-exponential' },
      removeOnComplete: { age: 14 * 24 * 3600 },
      removeOnFail: false,
    };
  }

  async onApplicationBootstrap() {
    if (!this.settings.worker) return;
    const { smtp } = this.settings;
    const concurrency = this.settings.concurrency ?? 8;
    this.transport = nodemailer.createTransport({
      // One connection per email in flight, kept open and reused (ADR 0072): the handshake is paid once, not per email.
      pool: true,
      maxConnections: concurrency,
      maxMessages: 1000,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
      // Plain local catchers offer no TLS; production SMTP upgrades with STARTTLS when offered.
      ignoreTLS: !smtp.secure && !smtp.user,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
    const base = this.settings.backoffMs ?? 2000;
    const max = this.settings.maxBackoffMs ?? 10 * 60_000;
    this.jobs.work((job) => this.deliver(job), {
      concurrency,
      lockDuration: this.settings.lockMs ?? 30_000,
      stalledInterval: this.settings.lockMs ?? 30_000,
      settings: { backoffStrategy: (attemptsMade: number) => mailBackoff(attemptsMade, base, max) },
      failed: 'mail delivery failed; tried again with backoff unless the server refused it for good',
    });
  }

  /** The mail a job carries, rendered now if it was queued as a template's parameters. */
  private rendered(data: QueuedMail): OutgoingMail {
    if (!('template' in data)) return data;
    const template = this.templates.get(data.template);
    // A replica of an older release may lack a template a newer one queued: another worker, or a later try, renders it.
    if (!template) throw new Error(`no mail template "${data.template}" in this process`);
    return template.render(data.params as never);
  }

  private async deliver(job: Job<QueuedMail>) {
    const { to, subject, text, html, replyTo, headers } = this.rendered(job.data);
    // SMTP is at-least-once: a worker killed after the server took the message but before the job was marked done
    // sends it again. The Message-ID comes from the job, so a redelivery is the same message, which receivers dedupe.
    const domain = /@([^>\s]+)/.exec(this.settings.from)?.[1] ?? 'kingdom-marketplace.invalid';
    try {
      await this.transport!.sendMail({ from: this.settings.from, to, subject, text, html, replyTo, headers, messageId: `<${job.id}@${domain}>` });
    } catch (error) {
      // The server refused this address or message for good: trying again changes nothing and hurts our reputation.
      if (isPermanentSmtpFailure(error)) throw new UnrecoverableError(`${PERMANENT_FAILURE}${smtpReply(error)}`);
      throw error;
    }
    this.logger.info({ jobId: job.id, to, subject }, 'mail sent');
  }

  async onApplicationShutdown() {
    await this.jobs.close();
    this.transport?.close();
  }
}
