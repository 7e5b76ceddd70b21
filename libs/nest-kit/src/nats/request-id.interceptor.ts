import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable, tap } from 'rxjs';
import { REQUEST_ID_HEADER, requestContext } from '../logging/request-context';

/** Runs each NATS handler inside the request context its caller sent in the message headers. */
@Injectable()
export class RequestIdInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const natsContext = context.switchToRpc().getContext<NatsContext>();
    const requestId = natsContext?.getHeaders?.()?.get(REQUEST_ID_HEADER) || randomUUID();
    const subject = natsContext?.getSubject?.();
    const started = Date.now();
    // A line per answered request is debug (the checkout bench's profile, bench/checkout.ts: a pino write per RPC on the hot
    // path); a failure stays at info.
    const done = (outcome: string, failed: boolean) => {
      const line = `${subject} ${outcome} in ${Date.now() - started} ms`;
      if (failed) this.logger.log(line);
      else this.logger.debug(line);
    };
    return new Observable((subscriber) =>
      requestContext.run({ requestId }, () =>
        next
          .handle()
          .pipe(tap({ complete: () => done('ok', false), error: (e: { code?: string }) => done(`failed (${e?.code ?? 'error'})`, true) }))
          .subscribe(subscriber),
      ),
    );
  }
}
