import type { Subject, SubjectPayload, SubjectResult } from '@km/contracts/common';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import * as nats from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppError, UnavailableError } from '../errors/app-error';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context';

export const RPC_CLIENT_PROXY = Symbol('RPC_CLIENT_PROXY');
export const RPC_OPTIONS = Symbol('RPC_OPTIONS');

export interface RpcOptions {
  timeoutMs: number;
}

/**
 * Request/reply over NATS with a deadline. A missing or slow service becomes an
 * `unavailable` error (HTTP 503), and a service's own error comes back as an AppError.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  constructor(
    @Inject(RPC_CLIENT_PROXY) private readonly proxy: ClientProxy,
    @Inject(RPC_OPTIONS) private readonly options: RpcOptions,
  ) {}

  /**
   * Asks another service. Payload and result types come from the contracts' `SubjectMap` for the subject given,
   * so a wrong payload, or a wrong idea of what comes back, does not compile.
   */
  async send<S extends Subject>(subject: S, payload: SubjectPayload<S>, timeoutMs = this.options.timeoutMs): Promise<SubjectResult<S>> {
    return (await this.request(subject, payload, timeoutMs)) as SubjectResult<S>;
  }

  /** {@link send} for a subject outside the contracts' map (the kit's own tests); the answer is `unknown`. */
  async request(subject: string, payload: unknown, timeoutMs = this.options.timeoutMs): Promise<unknown> {
    const headers = nats.headers();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
    const service = subject.split('.')[0];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await firstValueFrom(this.proxy.send<unknown>(subject, record).pipe(timeout(Math.max(1, deadline - Date.now()))));
      } catch (error) {
        const known = AppError.from(error);
        if (known) throw known;
        // The NATS client refuses to publish a request over the server's max_payload; say so instead of a bare 500.
        if ((error as { code?: unknown })?.code === 'MAX_PAYLOAD_EXCEEDED') {
          throw new AppError('payload_too_large', `The request to ${subject} is larger than the message bus allows. Send less at once.`, { subject });
        }
        // Nobody subscribed means nobody handled it, so asking again is safe (e.g. during a restart). So is a request
        // refused while the bus connection is down: it was never sent.
        const notHandled = isNoResponders(error) || isBusDisconnected(error);
        if (notHandled && Date.now() + NO_RESPONDERS_RETRY_MS < deadline) {
          await new Promise((r) => setTimeout(r, NO_RESPONDERS_RETRY_MS));
          continue;
        }
        if (error instanceof TimeoutError || notHandled) {
          throw new UnavailableError(`The ${service} service did not answer in time. Please try again in a moment.`);
        }
        throw error;
      }
    }
  }

  async onApplicationShutdown() {
    await this.proxy.close();
  }
}

const NO_RESPONDERS_RETRY_MS = 100;

/**
 * Nest's NATS client rejects with this string (not an Error) between a disconnect and the reconnect; the fault suite
 * found it as a 500 when NATS was killed mid-checkout (tools/faults).
 */
function isBusDisconnected(error: unknown): boolean {
  return String(error).includes('Connection lost. Trying to reconnect');
}

function isNoResponders(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '503' || code === 503 || (error instanceof Error && /no responders|no subscribers listening/i.test(error.message));
}
