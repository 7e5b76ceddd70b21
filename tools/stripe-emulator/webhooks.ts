// Webhook delivery: signs each attempt exactly as Stripe does and retries with capped exponential
// backoff while an endpoint fails or is down. Deliveries run in the background, never inside an API call.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface RetryOptions {
  /** Attempts per event and endpoint, the first included. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles after each failure… */
  initialDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** An attempt that has not answered by then counts as failed. */
  timeoutMs: number;
}
export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 8, initialDelayMs: 1000, maxDelayMs: 60_000, timeoutMs: 10_000 };

export interface Endpoint {
  url: string;
  secret: string;
  apiVersion: string;
}
export interface Attempt {
  attempt: number;
  at: string;
  durationMs: number;
  status?: number;
  error?: string;
}
export interface Delivery {
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Attempt[];
  nextAttemptAt?: string;
}

/** `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<http.ClientRequest>();
  private stopped = false;
  /** Bumped by cancelAll: an attempt from before a reset must not schedule a retry afterwards. */
  private generation = 0;

  constructor(
    private readonly retry: RetryOptions,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Queues one delivery; `payload` renders the event for the endpoint's API version. */
  deliver(delivery: Delivery, endpoint: Endpoint, payload: () => string, onSettled: () => void) {
    const generation = this.generation;
    this.schedule(0, () => this.attempt(delivery, endpoint, payload, onSettled, generation));
  }

  /** Cancels pending retries and open requests (reset, shutdown). */
  cancelAll() {
    this.generation++;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
  }
  stop() {
    this.stopped = true;
    this.cancelAll();
  }

  private schedule(ms: number, fn: () => void) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(delivery: Delivery, endpoint: Endpoint, payload: () => string, onSettled: () => void, generation: number) {
    const body = payload();
    const started = Date.now();
    const result = await this.post(endpoint.url, body, signatureHeader(body, endpoint.secret));
    if (this.stopped || generation !== this.generation || delivery.state !== 'pending') return;
    delivery.attempts.push({ attempt: delivery.attempts.length + 1, at: new Date(started).toISOString(), durationMs: Date.now() - started, ...result });
    delete delivery.nextAttemptAt;
    if (result.status && result.status >= 200 && result.status < 300) {
      delivery.state = 'delivered';
      return onSettled();
    }
    const n = delivery.attempts.length;
    const why = result.status ? `HTTP ${result.status}` : result.error;
    if (n >= this.retry.maxAttempts) {
      delivery.state = 'failed';
      this.log(`webhook ${endpoint.url} failed ${n} times (${why}); giving up`);
      return onSettled();
    }
    const delay = Math.min(this.retry.initialDelayMs * 2 ** (n - 1), this.retry.maxDelayMs);
    delivery.nextAttemptAt = new Date(Date.now() + delay).toISOString();
    this.log(`webhook ${endpoint.url} attempt ${n} failed (${why}); retrying in ${delay} ms`);
    this.schedule(delay, () => this.attempt(delivery, endpoint, payload, onSettled, generation));
  }

  private post(url: string, body: string, signature: string): Promise<{ status?: number; error?: string }> {
    return new Promise((resolve) => {
      let req: http.ClientRequest;
      try {
        req = (url.startsWith('https:') ? https : http).request(url, {
          method: 'POST',
          agent: false, // no pooled sockets left behind after a reset or shutdown
          timeout: this.retry.timeoutMs,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'Cache-Control': 'no-cache',
            Accept: '*/*; q=0.5, application/xml',
            'Stripe-Signature': signature,
          },
        });
      } catch (e) {
        return resolve({ error: (e as Error).message });
      }
      this.inFlight.add(req);
      const done = (r: { status?: number; error?: string }) => {
        this.inFlight.delete(req);
        resolve(r);
      };
      req.on('response', (res) => {
        res.resume(); // the answer's body does not matter, only its status
        res.on('end', () => done({ status: res.statusCode }));
        res.on('error', () => done({ status: res.statusCode }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.retry.timeoutMs} ms`)));
      req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
      req.end(body);
    });
  }
}
