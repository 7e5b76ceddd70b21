import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { apiRequest, createQueryFn, serverMessage } from './api-client';

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

describe('serverMessage', () => {
  it('extracts the message of a JSON error body', () => {
    const err = new Error('401: {"statusCode":401,"code":"unauthorized","message":"Invalid username or password"}');
    assert.equal(serverMessage(err), 'Invalid username or password');
  });

  it('joins a list of validation messages', () => {
    const err = new Error('400: {"statusCode":400,"message":["username is required","password is required"]}');
    assert.equal(serverMessage(err), 'username is required; password is required');
  });

  it('returns undefined when there is no usable message', () => {
    assert.equal(serverMessage(new Error('500: Internal Server Error')), undefined);
    assert.equal(serverMessage(new Error('400: {"statusCode":400}')), undefined);
    assert.equal(serverMessage(new Error('400: {"message":""}')), undefined);
    assert.equal(serverMessage(new Error('Logout failed')), undefined);
    assert.equal(serverMessage('not an error'), undefined);
  });
});
