import { ConflictReasons, type ConflictReason } from '@km/contracts/vocabulary';

/** The gateway's error body `{statusCode, code, message, details?}` out of an error thrown by `apiRequest`. */
export interface ApiErrorBody {
  status: number;
  code?: string;
  message?: string;
  details?: unknown;
}

export function apiErrorBody(err: unknown): ApiErrorBody | null {
  if (!(err instanceof Error)) return null;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!match) return null;
  const status = Number(match[1]);
  try {
    const body = JSON.parse(match[2]) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null) return { status };
    return {
      status,
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
      details: body.details,
    };
  } catch {
    return { status };
  }
}

/** Why a 409 happened (`details.reason`), or undefined for any other error. */
export function conflictReason(err: unknown): ConflictReason | undefined {
  const body = apiErrorBody(err);
  if (body?.status !== 409) return undefined;
  const reason = (body.details as { reason?: unknown } | undefined)?.reason;
  return (ConflictReasons as readonly unknown[]).includes(reason) ? (reason as ConflictReason) : undefined;
}

/** POST /api/orders answers 409 with reason `cart_changed` and the new totals when prices moved since the quote. */
export function isCartChanged(err: unknown): boolean {
  return conflictReason(err) === 'cart_changed';
}
