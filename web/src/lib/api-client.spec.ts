import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiRequest, createQueryFn, serverMessage } from './api-client';

type FetchCall = { url: string; init: RequestInit | undefined };

let calls: FetchCall[];
let nextResponse: () => Response;
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return nextResponse();
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const queryContext = (queryKey: readonly unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    nextResponse = () => Response.json({ ok: true });
    const res = await apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' });
    assert.deepEqual(await res.json(), { ok: true });
    const { url, init } = calls[0];
    assert.equal(url, '/api/auth/login');
    assert.equal(init?.method, 'POST');
    assert.equal(init?.credentials, 'include');
    assert.deepEqual(init?.headers, { 'Content-Type': 'application/json' });
    assert.equal(init?.body, '{"username":"a","password":"b"}');
  });

  it('sends no body and no content type without a payload', async () => {
    nextResponse = () => Response.json({ ok: true });
    await apiRequest('POST', '/api/auth/logout');
    assert.equal(calls[0].init?.body, undefined);
    assert.equal(calls[0].init?.headers, undefined);
    assert.equal(calls[0].init?.credentials, 'include');
  });

  it('turns a non-OK response into "<status>: <body>"', async () => {
    const body = '{"statusCode":401,"code":"unauthorized","message":"Invalid username or password"}';
    nextResponse = () => new Response(body, { status: 401, statusText: 'Unauthorized' });
    await assert.rejects(apiRequest('POST', '/api/auth/login', {}), { message: `401: ${body}` });
  });

  it('falls back to the status text when the body is empty', async () => {
    nextResponse = () => new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await assert.rejects(apiRequest('GET', '/api/products'), { message: '503: Service Unavailable' });
  });
});

describe('createQueryFn', () => {
  it('joins the query key into the URL and sends credentials', async () => {
    nextResponse = () => Response.json({ id: '7' });
    const data = await createQueryFn({ on401: 'throw' })(queryContext(['/api/products', '7']));
    assert.deepEqual(data, { id: '7' });
    assert.equal(calls[0].url, '/api/products/7');
    assert.equal(calls[0].init?.credentials, 'include');
  });

  it('returns null on 401 only when configured to', async () => {
    nextResponse = () => new Response('', { status: 401, statusText: 'Unauthorized' });
    assert.equal(await createQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me'])), null);
    await assert.rejects(createQueryFn({ on401: 'throw' })(queryContext(['/api/auth/me'])), {
      message: '401: Unauthorized',
    });
  });

  it('still throws other errors when 401 returns null', async () => {
    nextResponse = () => new Response('boom', { status: 500 });
    await assert.rejects(createQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me'])), {
      message: '500: boom',
    });
  });
});

describe('ApiError', () => {
  it('is what apiRequest throws, with the status, code and details of the JSON body beside the §8 message', async () => {
    const body = '{"statusCode":409,"code":"conflict","message":"Your cart changed","details":{"reason":"cart_changed","total":"64.80"}}';
    nextResponse = () => new Response(body, { status: 409 });
    const err = await apiRequest('POST', '/api/orders', {}).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.ok(err instanceof Error);
    assert.equal(err.message, `409: ${body}`);
    assert.equal(err.status, 409);
    assert.equal(err.code, 'conflict');
    assert.deepEqual(err.details, { reason: 'cart_changed', total: '64.80' });
    assert.equal(err.serverMessage, 'Your cart changed');
  });

  it('keeps the status of a body that is not JSON, with no code or details', () => {
    const err = new ApiError(502, 'Bad Gateway');
    assert.equal(err.message, '502: Bad Gateway');
    assert.equal(err.status, 502);
    assert.equal(err.code, undefined);
    assert.equal(err.details, undefined);
    assert.equal(err.serverMessage, undefined);
  });

  it('is thrown by the default query function too', async () => {
    nextResponse = () => new Response('{"statusCode":404,"code":"not_found","message":"No such order"}', { status: 404 });
    const err = await createQueryFn({ on401: 'throw' })(queryContext(['/api/orders', 'x'])).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 404);
    assert.equal(err.code, 'not_found');
  });
});

describe('serverMessage', () => {
  it('extracts the message of a JSON error body', () => {
    const err = new ApiError(401, '{"statusCode":401,"code":"unauthorized","message":"Invalid username or password"}');
    assert.equal(serverMessage(err), 'Invalid username or password');
  });

  it('joins a list of validation messages', () => {
    const err = new ApiError(400, '{"statusCode":400,"message":["username is required","password is required"]}');
    assert.equal(serverMessage(err), 'username is required; password is required');
  });

  it('returns undefined when there is no usable message', () => {
    assert.equal(serverMessage(new ApiError(500, 'Internal Server Error')), undefined);
    assert.equal(serverMessage(new ApiError(400, '{"statusCode":400}')), undefined);
    assert.equal(serverMessage(new ApiError(400, '{"message":""}')), undefined);
    assert.equal(serverMessage(new Error('Logout failed')), undefined);
    assert.equal(serverMessage('not an error'), undefined);
  });

  it('never parses the text of an error that is not an ApiError', () => {
    assert.equal(serverMessage(new Error('401: {"statusCode":401,"message":"Invalid username or password"}')), undefined);
  });
});
