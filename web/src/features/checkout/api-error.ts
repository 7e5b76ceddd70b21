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

/**
 * POST /api/orders answers 409 "Your cart changed; …" with the new totals in `details` when the prices moved
 * since the quote; a 409 for an unknown or sold-out product carries no totals.
 */
export function isCartChanged(err: unknown): boolean {
  const body = apiErrorBody(err);
  if (body?.status !== 409) return false;
  const details = body.details as { total?: unknown } | undefined;
  return typeof details?.total === 'string' || /cart changed/i.test(body.message ?? '');
}
