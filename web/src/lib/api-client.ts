import type { QueryFunctionContext } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Spec §8: a non-OK response becomes `Error("<status>: <body text or status text>")`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
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

/**
 * The gateway answers errors as JSON `{statusCode, code, message}`; this returns that `message` from an
 * error thrown by `apiRequest`, or undefined when the body is not such JSON.
 */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return undefined;
  try {
    const body: unknown = JSON.parse(match[1]);
    if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
    const { message } = body;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
      return message.join('; ');
    }
  } catch {
    // Not JSON: the caller falls back to its own wording.
  }
  return undefined;
}
