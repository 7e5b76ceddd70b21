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

  async send<TResult, TPayload = unknown>(subject: string, payload: TPayload, timeoutMs = this.options.timeoutMs): Promise<TResult> {
    const headers = nats.headers();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
    const service = subject.split('.')[0];
    try {
      return await firstValueFrom(this.proxy.send<TResult>(subject, record).pipe(timeout(timeoutMs)));
    } catch (error) {
      const known = AppError.from(error);
      if (known) throw known;
      if (error instanceof TimeoutError || isNoResponders(error)) {
        throw new UnavailableError(`The ${service} service did not answer in time. Please try again in a moment.`);
      }
      throw error;
    }
  }

  async onApplicationShutdown() {
    await this.proxy.close();
  }
}

function isNoResponders(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '503' || code === 503 || (error instanceof Error && /no responders|CONNECTION_REFUSED|DISCONNECT/i.test(error.message));
}
