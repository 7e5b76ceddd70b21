import { AppError, errorBody, httpStatusForCode } from '@km/nest-kit';
import type { ErrorBody, ErrorCode } from '@km/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The one place where errors become HTTP responses: `{statusCode, code, message, details?}`. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (body.code === 'rate_limited') {
      const retry = (body.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retry) response.header('Retry-After', String(retry));
    }
    // A route that took the raw response over (a download under way) has nothing left to answer with.
    if (!response.sent && !response.raw.headersSent) void response.status(body.statusCode).send(body);
  }

  toBody(exception: unknown): ErrorBody {
    const known = AppError.from(exception);
    if (known) {
      return errorBody(httpStatusForCode[known.code], known.code, known.message, known.details);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : (res as { message?: string | string[] }).message;
      if (status >= 500) {
        // A 5xx HttpException carries some library's internal text: log it, answer in our own words.
        this.logger.error(exception.stack ?? exception.message);
        return errorBody(status, codeForStatus[status] ?? 'internal', 'Something went wrong on our side. Please try again.');
      }
      return errorBody(
        status,
        codeForStatus[status] ?? (status >= 500 ? 'internal' : 'invalid'),
        Array.isArray(message) ? message.join('; ') : (message ?? exception.message),
      );
    }
    // What fails before a route runs (a body fastify could not read or parse, one over the limit) carries a 4xx.
    const early = exception as Partial<FastifyError> & { bodyMessage?: string };
    if (exception instanceof Error && typeof early.statusCode === 'number' && early.statusCode >= 400 && early.statusCode < 500) {
      const status = early.statusCode;
      return errorBody(status, codeForStatus[status] ?? 'invalid', early.bodyMessage ?? fastifyMessages[early.code ?? ''] ?? exception.message);
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return errorBody(500, 'internal', 'Something went wrong on our side. Please try again.');
  }
}

/** JSON bodies up to 1 MB; a Stripe webhook's raw body up to 512 KB. */
export const JSON_BODY_LIMIT = 1024 * 1024;
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const STRIPE_WEBHOOKS = '/api/webhooks/stripe';

/** A parser error the exception filter answers with its status and message. */
const bodyError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode, bodyMessage: message });

/**
 * The gateway's JSON body parser. Stripe signs the exact bytes it sends, so its webhooks get the body raw (a Buffer);
 * every other route gets it parsed, an empty body as `{}` (as Express's parser gave it).
 */
export function parseJsonBody(req: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void) {
  if (req.url.startsWith(STRIPE_WEBHOOKS)) {
    if (body.length > WEBHOOK_BODY_LIMIT) return done(bodyError(413, 'The request body is too large.'));
    return done(null, body);
  }
  if (body.length === 0) return done(null, {});
  // Strict, like Express's parser: only an object or an array is a request body.
  const text = body.toString('utf8');
  if (!/^[\s\uFEFF]*[[{]/.test(text)) return done(bodyError(400, 'The request body is not valid JSON.'));
  try {
    done(null, JSON.parse(text));
  } catch {
    done(bodyError(400, 'The request body is not valid JSON.'));
  }
}

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is shorter or longer than its Content-Length says.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON.',
};
