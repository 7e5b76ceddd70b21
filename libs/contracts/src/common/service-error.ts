import { ErrorCodes, type ErrorCode } from '../vocabulary/errors';

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
