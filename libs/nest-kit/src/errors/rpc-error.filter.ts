import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { AppError, UnavailableError } from './app-error';

/** Turns anything a handler throws into a serialisable error payload for the caller. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const known = AppError.from(exception);
    if (known) return throwError(() => known.toPayload());
    if (isDatabaseConnectionLost(exception)) {
      // The transaction was rolled back with the connection; the pool reconnects, so asking again is the remedy.
      this.logger.warn(`database connection lost: ${(exception as Error).message}`);
      return throwError(() => new UnavailableError('The service lost its database connection. Please try again in a moment.').toPayload());
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => new AppError('internal', 'The service failed to handle the request.').toPayload());
  }
}

/**
 * A query or commit that failed because its Postgres connection went away (terminated by an administrator, a restart,
 * a cut network): SQLSTATE class 08 (connection exception) or 57P01–57P03 (shutdown), or the pg driver's own message.
 * The fault suite's pg_terminate_backend found these answered as 500 (tools/faults).
 */
export function isDatabaseConnectionLost(error: unknown): boolean {
  // TypeORM releases a query runner whose connection emitted an error; the transaction's next query (or manager.query)
  // then throws one of these instead of the driver's error (the fault suite's pg_terminate_backend found them as 500).
  if (['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError'].includes((error as Error)?.name)) return true;
  const driver = (error as { driverError?: unknown })?.driverError ?? error;
  const code = (driver as { code?: unknown })?.code;
  if (typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))) return true;
  const message = driver instanceof Error ? driver.message : '';
  return /^Connection terminated|Client has encountered a connection error|ECONNREFUSED|ECONNRESET/.test(message);
}
