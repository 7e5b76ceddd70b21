import { errorBody } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** Longer paths than this are refused: the longest real one is a media key (≤ 1,024 bytes, ×3 when every byte is escaped). */
export const MAX_PATH_LENGTH = 4096;

export type NormalisedPath = { ok: true; path: string } | { ok: false; problem: string };

/** RFC 3986 §2.3: characters whose escape means the character itself, so `%61` is `a` (§6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = /^[0-9A-Fa-f]{2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one spelling of a request path that every check and the router decide on (ADR 0027). Equivalent spellings are
 * canonicalised: escapes of unreserved characters decoded (`/%61pi` is `/api`), the hex of other escapes upper-cased,
 * empty segments and `.` segments dropped (`//api` and `/./api` are `/api`); a trailing slash is kept (the router
 * ignores it). What has no single meaning, or is never sent by a browser, is refused: a `..` segment, a malformed
 * escape, escapes that are not UTF-8 (overlong forms included), an encoded slash or backslash (a segment holding `/`
 * would be one path to us and another to anything behind us), a raw backslash, NUL or another control character, a
 * path that is not absolute, or one over {@link MAX_PATH_LENGTH}.
 */
export function normalisePath(path: string): NormalisedPath {
  if (!path.startsWith('/')) return { ok: false, problem: 'it does not start with "/"' };
  if (path.length > MAX_PATH_LENGTH) return { ok: false, problem: `it is longer than ${MAX_PATH_LENGTH} characters` };
  const segments: string[] = [];
  const parts = path.slice(1).split('/');
  for (const part of parts) {
    const segment = normaliseSegment(part);
    if (typeof segment !== 'string') return segment;
    if (segment === '' || segment === '.') continue;
    // Browsers resolve dot segments before they send a request, so only a hand-made one carries `..`; it is refused
    // rather than resolved, as /media always refused it (a path that names a parent is never one of our addresses).
    if (segment === '..') return { ok: false, problem: 'it has a ".." segment' };
    segments.push(segment);
  }
  const trailingSlash = segments.length > 0 && ['', '.'].includes(normaliseSegment(parts.at(-1) ?? '') as string);
  return { ok: true, path: `/${segments.join('/')}${trailingSlash ? '/' : ''}` };
}

/** One segment with its escapes decoded where they name unreserved characters, or why it cannot be. */
function normaliseSegment(segment: string): string | { ok: false; problem: string } {
  let out = '';
  for (let i = 0; i < segment.length;) {
    const c = segment[i];
    const code = segment.charCodeAt(i);
    if (c === '\\') return { ok: false, problem: 'it holds a backslash' };
    if (code < 0x21 || code > 0x7e) return { ok: false, problem: 'it holds NUL or another control character, a space or a character outside ASCII' };
    if (c !== '%') {
      out += c;
      i++;
      continue;
    }
    // A run of escapes is decoded together: one character of UTF-8 may take several.
    const bytes: number[] = [];
    while (segment[i] === '%') {
      const pair = segment.slice(i + 1, i + 3);
      if (!HEX.test(pair)) return { ok: false, problem: 'it has a malformed %-escape' };
      bytes.push(parseInt(pair, 16));
      i += 3;
    }
    let text: string;
    try {
      text = utf8.decode(Uint8Array.from(bytes));
    } catch {
      return { ok: false, problem: 'its %-escapes are not UTF-8 (an overlong or broken sequence)' };
    }
    if (text.includes('/') || text.includes('\\')) return { ok: false, problem: 'it has an encoded slash or backslash (%2F, %5C)' };
    if (/[\u0000-\u001f\u007f]/.test(text)) return { ok: false, problem: 'it holds NUL or another control character' };
    let at = 0;
    for (const ch of text) {
      const width = Buffer.byteLength(ch);
      out += UNRESERVED.test(ch)
        ? ch
        : bytes
            .slice(at, at + width)
            .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('');
      at += width;
    }
  }
  return out;
}

/** Why a request's path was refused, kept from {@link rewriteRequestUrl} until {@link refuseUnnormalisedPath} answers. */
const refused = new WeakMap<IncomingMessage, string>();

/** Where a refused request is routed: matches no route, and the first hook answers 400 before anything else runs. */
const REFUSED_URL = '/.refused-path';

/**
 * fastify's `rewriteUrl`: runs before the router, so the router and every hook see the normalised path (and
 * `request.originalUrl` keeps what was sent). The query string is passed on untouched.
 */
export function rewriteRequestUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  if (path.includes('#')) {
    refused.set(req, 'it holds "#" (a fragment is never sent)');
    return REFUSED_URL;
  }
  const normalised = normalisePath(path);
  if (!normalised.ok) {
    refused.set(req, normalised.problem);
    return REFUSED_URL;
  }
  return question === -1 ? normalised.path : normalised.path + url.slice(question);
}

/** The first `onRequest` hook: a path {@link rewriteRequestUrl} could not normalise is answered 400 here. */
export function refuseUnnormalisedPath() {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const problem = refused.get(req.raw);
    if (problem === undefined) return done();
    void reply
      .status(400)
      .send(
        errorBody(
          400,
          'invalid',
          `That address is not valid: ${problem}. Use the address as the site links to it, with each character at most once %-encoded.`,
        ),
      );
  };
}

/** The request's normalised path, without its query string: what every check decides on. */
export function requestPath(req: FastifyRequest): string {
  const question = req.url.indexOf('?');
  return question === -1 ? req.url : req.url.slice(0, question);
}

/**
 * Whether a normalised path is in the API. Case-insensitive although the router is not: `/API/…` matches no route, and
 * the checks still treat it as the API (no-store, Origin, the address budget), so no spelling is judged by fewer of them.
 */
export const isApiPath = (path: string): boolean => path.length >= 5 && path.slice(0, 5).toLowerCase() === '/api/';
