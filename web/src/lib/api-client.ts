import type { QueryFunctionContext } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Spec §8: a non-OK response becomes an error whose message is "<status>: <body text or status text>" (the podcast
 * "unique" toast reads it). The gateway's JSON body `{statusCode, code, message, details?}` is read once, here, into
 * typed fields beside it, so callers never parse the message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  /** The body's `message` (a list of validation messages joined with "; "), when it has a usable one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.status = status;
    const body = parseBody(text);
    this.code = typeof body?.code === 'string' ? body.code : undefined;
    this.details = body?.details;
    this.serverMessage = messageOf(body?.message);
  }
}

function parseBody(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(message: unknown): string | undefined {
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) return message.join('; ');
  return undefined;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, (await res.text()) || res.statusText);
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default reads (spec §7): the query key's parts joined with slashes form the URL. */
export function createQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): (context: QueryFunctionContext) => Promise<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    const res = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export const defaultQueryFn = createQueryFn<unknown>({ on401: 'throw' });

/** The server's own message from an ApiError, or undefined: the caller falls back to its own wording. */
export const serverMessage = (err: unknown): string | undefined => (err instanceof ApiError ? err.serverMessage : undefined);
