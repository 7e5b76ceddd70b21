/**
 * The closed set of error codes a service may report (ARCHITECTURE §2).
 * The gateway maps each code to one HTTP status.
 */
export const ErrorCodes = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

/** The serialisable shape of an error as it travels between services. */
export interface ServiceErrorPayload {
  /** Marks the object as one of ours after JSON round trips. */
  isServiceError: true;
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export function isServiceErrorPayload(value: unknown): value is ServiceErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as ServiceErrorPayload).isServiceError === true &&
    ErrorCodes.includes((value as ServiceErrorPayload).code)
  );
}
