import type { ConflictReason, ErrorCode, ServiceErrorPayload } from '@km/contracts';
import { isServiceErrorPayload } from '@km/contracts';

/**
 * The one error type services throw. It serialises to {@link ServiceErrorPayload}
 * so it survives the trip over NATS; the gateway maps `code` to an HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ServiceErrorPayload {
    return { isServiceError: true, code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) };
  }

  static fromPayload(payload: ServiceErrorPayload): AppError {
    return new AppError(payload.code, payload.message, payload.details);
  }

  static from(value: unknown): AppError | undefined {
    if (value instanceof AppError) return value;
    if (isServiceErrorPayload(value)) return AppError.fromPayload(value);
    return undefined;
  }
}

export class NotFoundError extends AppError {
  constructor(entity: string, id: string) {
    super('not_found', `No ${entity} with id ${id} exists.`);
  }
}
export class InvalidError extends AppError {
  constructor(message: string, details?: unknown) {
    super('invalid', message, details);
  }
}
/** A conflict always says why in `details.reason`, so clients never have to read the message to tell conflicts apart. */
export class ConflictError extends AppError {
  constructor(reason: ConflictReason, message: string, details?: Record<string, unknown>) {
    super('conflict', message, { reason, ...details });
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'You need to sign in to do that.') {
    super('unauthorized', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super('forbidden', message);
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('unavailable', message);
  }
}
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message, { retryAfterSeconds });
  }
}

/** HTTP status for each error code; used by the gateway's exception filter. */
export const httpStatusForCode: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};
