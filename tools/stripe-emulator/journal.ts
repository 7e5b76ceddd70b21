// The emulator's journal (ADR 0073): an append-only file of state changes, one JSON line each, fsync'd before the
// emulator answers, so a kill -9 forgets nothing Stripe would remember (objects, events, idempotency keys). Requests
// answered at the same time share one fsync (a group commit). At start the file is read back line by line into the
// state and rewritten compacted (each object once, as it is now; expired keys dropped), so it never grows past one
// run of the emulator. A last line cut short by a kill was never answered: it is dropped.
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, openSync, fsyncSync, closeSync, renameSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Changes, EventRecord, StripeState } from './store';

/** A request's answer kept under its Idempotency-Key (server.ts). */
export interface StoredAnswer {
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  at: number;
}

/** One line of the journal. */
interface Line {
  /** The state was reset (POST /_emulator/reset) before the rest of the line. */
  x?: true;
  /** Entries as they are now. */
  e?: Changes['entries'];
  /** [kind, id] removed. */
  rm?: Changes['removed'];
  /** Events emitted, without their deliveries. */
  ev?: Omit<EventRecord, '_deliveries' | 'pending_webhooks'>[];
  b?: Record<string, number>;
  t?: Record<string, number>;
  /** Answers kept under idempotency keys. */
  k?: [string, StoredAnswer][];
  /** Webhook deliveries settled: [event id, url, outcome]. */
  d?: [string, string, 'delivered' | 'failed'][];
}

/** What the journal held at start, besides the state it restored. */
export interface Replayed {
  idempotency: Map<string, StoredAnswer>;
  /** Per event id, the endpoints its delivery was settled for (a delivery not settled is made again). */
  settled: Map<string, Map<string, 'delivered' | 'failed'>>;
  lines: number;
}

const eventLine = ({ _deliveries, pending_webhooks, ...event }: EventRecord) => (void _deliveries, void pending_webhooks, event);

export class Journal {
  private buffer: string[] = [];
  /** The fsync that will take what is in `buffer`, and the one under way. */
  private next: { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } | null = null;
  private flushing: Promise<void> | null = null;
  private failed: Error | null = null;

  private constructor(private readonly file: FileHandle) {}

  /**
   * Opens (or creates) the journal at `file`, restores what it holds into `state`, rewrites it compacted and answers
   * it ready for appends. Idempotency keys older than `keyTtlMs` are not kept.
   */
  static async open(file: string, state: StripeState, keyTtlMs: number): Promise<{ journal: Journal; replayed: Replayed }> {
    mkdirSync(path.dirname(file), { recursive: true });
    const replayed: Replayed = { idempotency: new Map(), settled: new Map(), lines: 0 };
    if (existsSync(file)) {
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      let torn: string | null = null;
      for await (const text of lines) {
        if (torn !== null) throw new Error(`Stripe emulator journal ${file}: line ${replayed.lines} cannot be read (${torn}); the file is damaged`);
        if (!text) continue;
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch (e) {
          torn = (e as Error).message; // only the last line may be cut short (a kill during its write): it was never answered
          continue;
        }
        replayed.lines++;
        if (line.x) {
          replayed.idempotency.clear();
          replayed.settled.clear();
        }
        state.restore({
          reset: line.x,
          entries: line.e ?? [],
          removed: line.rm ?? [],
          events: (line.ev ?? []) as EventRecord[],
          balanceAdjustments: line.b,
          transferredOut: line.t,
        });
        for (const [key, answer] of line.k ?? []) replayed.idempotency.set(key, answer);
        for (const [event, url, outcome] of line.d ?? []) {
          if (!replayed.settled.has(event)) replayed.settled.set(event, new Map());
          replayed.settled.get(event)!.set(url, outcome);
        }
      }
    }
    for (const [key, answer] of replayed.idempotency) if (Date.now() - answer.at >= keyTtlMs) replayed.idempotency.delete(key);
    await compact(file, state, replayed);
    const journal = new Journal(await open(file, 'a'));
    return { journal, replayed };
  }

  /** Writes the state's changes (and answers kept under keys, deliveries settled) with the next fsync; nothing when there is none. */
  append(changes: Changes | null, keys: [string, StoredAnswer][] = [], settled: Line['d'] = []) {
    if (!changes && !keys.length && !settled.length) return;
    const line: Line = {
      ...(changes?.reset && { x: true as const }),
      ...(changes?.entries.length && { e: changes.entries }),
      ...(changes?.removed.length && { rm: changes.removed }),
      ...(changes?.events.length && { ev: changes.events.map(eventLine) }),
      ...(changes?.balanceAdjustments && { b: changes.balanceAdjustments, t: changes.transferredOut }),
      ...(keys.length && { k: keys }),
      ...(settled.length && { d: settled }),
    };
    this.buffer.push(`${JSON.stringify(line)}\n`);
    if (!this.next) {
      let resolve!: () => void, reject!: (e: Error) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      promise.catch(() => undefined); // a waiter, if any, gets the error
      this.next = { promise, resolve, reject };
    }
    this.flush();
  }

  /** Resolves once everything appended so far is on disk (fsync'd); rejects if the journal could not be written. */
  durable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.next) return this.next.promise;
    return this.flushing ?? Promise.resolve();
  }

  private flush() {
    if (this.flushing || !this.next) return;
    const batch = this.buffer.join('');
    const done = this.next;
    this.buffer = [];
    this.next = null;
    this.flushing = (async () => {
      await this.file.write(batch);
      await this.file.datasync();
    })()
      .then(done.resolve, (e: Error) => {
        this.failed = new Error(`the Stripe emulator's journal could not be written: ${e.message}`);
        done.reject(this.failed);
      })
      .finally(() => {
        this.flushing = null;
        this.flush();
      });
  }

  async close() {
    while (this.flushing || this.next) await this.durable().catch(() => undefined);
    await this.file.close();
  }
}

/** Rewrites the journal as the state now is (each entry once, the events, the live keys and settled deliveries), atomically. */
async function compact(file: string, state: StripeState, replayed: Replayed) {
  const tmp = `${file}.compacting`;
  const out = createWriteStream(tmp, 'utf8');
  const write = async (line: Line) => {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  };
  const CHUNK = 500;
  const { entries, events } = state.snapshot();
  for (let i = 0; i < entries.length; i += CHUNK) await write({ e: entries.slice(i, i + CHUNK) });
  for (let i = 0; i < events.length; i += CHUNK) await write({ ev: events.slice(i, i + CHUNK).map(eventLine) });
  await write({ b: state.balanceAdjustments, t: state.transferredOut });
  const keys = [...replayed.idempotency];
  for (let i = 0; i < keys.length; i += CHUNK) await write({ k: keys.slice(i, i + CHUNK) });
  const settled = [...replayed.settled].flatMap(([event, urls]) =>
    [...urls].map(([url, outcome]) => [event, url, outcome] as [string, string, 'delivered' | 'failed']),
  );
  for (let i = 0; i < settled.length; i += CHUNK) await write({ d: settled.slice(i, i + CHUNK) });
  out.end();
  await once(out, 'finish');
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
  const dir = openSync(path.dirname(file), 'r');
  fsyncSync(dir);
  closeSync(dir);
}
