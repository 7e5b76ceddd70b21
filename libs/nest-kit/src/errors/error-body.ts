import type { ErrorBody, ErrorCode } from '@km/contracts';

/**
 * Every HTTP error body is made here (the gateway's filter, its middlewares, the readiness probe), so clients
 * always read `{statusCode, code, message, details?}` and decide by `code` and `details.reason`.
 */
export function errorBody(statusCode: number, code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { statusCode, code, message, ...(details === undefined ? {} : { details }) };
}
