import { AppError, errorBody, httpStatusForCode } from '@km/nest-kit';
import type { ErrorBody, ErrorCode } from '@km/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

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
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.code === 'rate_limited') {
      const retry = (body.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retry) response.setHeader('Retry-After', String(retry));
    }
    if (!response.headersSent) response.status(body.statusCode).json(body);
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
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return errorBody(500, 'internal', 'Something went wrong on our side. Please try again.');
  }
}

const parserMessages: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'encoding.unsupported': 'The request body uses an unsupported character encoding.',
  'charset.unsupported': 'The request body uses an unsupported character set.',
};

/** Answers JSON body-parser failures (bad JSON, too large) in the same error shape as everything else. */
export function bodyParserErrors() {
  return (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    const message = error?.type ? parserMessages[error.type] : undefined;
    if (!message || res.headersSent) return next(error);
    const statusCode = error.status ?? 400;
    res.status(statusCode).json(errorBody(statusCode, codeForStatus[statusCode] ?? 'invalid', message));
  };
}
