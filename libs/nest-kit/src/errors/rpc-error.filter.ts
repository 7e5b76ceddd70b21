import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { AppError } from './app-error';

/** Turns anything a handler throws into a serialisable error payload for the caller. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const known = AppError.from(exception);
    if (known) return throwError(() => known.toPayload());
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => new AppError('internal', 'The service failed to handle the request.').toPayload());
  }
}
