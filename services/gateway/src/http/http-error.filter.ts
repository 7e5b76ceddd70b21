import { AppError, httpStatusForCode } from '@km/nest-kit';
import type { ErrorCode } from '@km/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
}

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
    if ((exception as { type?: string })?.type === 'entity.parse.failed') {
      return { statusCode: 400, code: 'invalid', message: 'The request body is not valid JSON.' };
    }
    const known = AppError.from(exception);
    if (known) {
      return { statusCode: httpStatusForCode[known.code], code: known.code, message: known.message, ...(known.details === undefined ? {} : { details: known.details }) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : (res as { message?: string | string[] }).message;
      return {
        statusCode: status,
        code: codeForStatus[status] ?? (status >= 500 ? 'internal' : 'invalid'),
        message: Array.isArray(message) ? message.join('; ') : message ?? exception.message,
      };
    }
    // Errors raised by body parsers carry their own status (malformed JSON, body too large).
    const parserStatus = (exception as { status?: number; type?: string })?.status;
    if (parserStatus && parserStatus >= 400 && parserStatus < 500) {
      const type = (exception as { type?: string }).type;
      const message = type === 'entity.too.large' ? 'The request body is too large.' : (exception as Error).message;
      return { statusCode: parserStatus, code: codeForStatus[parserStatus] ?? 'invalid', message };
    }
    this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    return { statusCode: 500, code: 'internal', message: 'Something went wrong on our side. Please try again.' };
  }
}
