import fc from 'fast-check';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { isApiPath, MAX_PATH_LENGTH, normalisePath, rewriteRequestUrl } from './request-path';

const ok = (path: string) => {
  const result = normalisePath(path);
  assert.ok(result.ok, `${path} was refused: ${!result.ok && result.problem}`);
  return result.path;
};
const problem = (path: string) => {
  const result = normalisePath(path);
  assert.ok(!result.ok, `${path} was accepted as ${result.ok && result.path}`);
  return result.problem;
};

test('equivalent spellings of /api/auth/logout all normalise to it', () => {
  for (const path of [
    '/api/auth/logout',
    '/%61pi/auth/logout',
    '/%61%70%69/auth/logout',
    '/a%70i/auth/logout',
    '//api/auth/logout',
    '///api///auth//logout',
    '/api/./auth/logout',
    '/./api/auth/logout',
    '/%2e/api/auth/logout',
    '/api/%61uth/logout',
    '/api/auth/logou%74',
  ])
    assert.equal(ok(path), '/api/auth/logout', path);
});

test('a trailing slash is kept (the router ignores it), and the root stays the root', () => {
  assert.equal(ok('/api/products/'), '/api/products/');
  assert.equal(ok('/api/products/.'), '/api/products/');
  assert.equal(ok('/'), '/');
  assert.equal(ok('//'), '/');
});

test('escapes of reserved and non-ASCII characters stay escaped, their hex upper-cased', () => {
  assert.equal(ok('/media/a%20b'), '/media/a%20b');
  assert.equal(ok('/media/caf%c3%a9'), '/media/caf%C3%A9');
  assert.equal(ok('/media/100%25'), '/media/100%25');
  assert.equal(ok('/media/a%3fb'), '/media/a%3Fb');
  assert.equal(ok('/media/%7E%2d%5F'), '/media/~-_');
});

test('case is kept (the router is case-sensitive); isApiPath treats any case of /api/ as the API', () => {
  assert.equal(ok('/API/auth/logout'), '/API/auth/logout');
  assert.equal(ok('/%41PI/auth/logout'), '/API/auth/logout');
  assert.ok(isApiPath('/API/auth/logout'));
  assert.ok(isApiPath('/Api/x'));
  assert.ok(isApiPath('/api/'));
  assert.ok(!isApiPath('/api'));
  assert.ok(!isApiPath('/apix/x'));
  assert.ok(!isApiPath('/media/api/x'));
});

test('what has no single meaning is refused, saying why', () => {
  const cases: [string, RegExp][] = [
    ['/api/auth%2Flogout', /encoded slash/],
    ['/api/auth%2flogout', /encoded slash/],
    ['/%2Fapi/auth/logout', /encoded slash/],
    ['/api%5Cauth', /encoded slash or backslash/],
    ['/api%5cauth', /encoded slash or backslash/],
    ['/api\\auth', /backslash/],
    ['/%zzpi', /malformed %-escape/],
    ['/%6pi', /malformed %-escape/],
    ['/api/x%', /malformed %-escape/],
    ['/api/x%4', /malformed %-escape/],
    ['/%C1%A1pi', /not UTF-8/],
    ['/%E0%81%A1pi', /not UTF-8/],
    ['/x/%C0%AE%C0%AE/api', /not UTF-8/],
    ['/%C3', /not UTF-8/],
    ['/%ED%A0%80', /not UTF-8/],
    ['/api%00/x', /NUL or another control character/],
    ['/api/x%0A', /NUL or another control character/],
    ['/api/x%7F', /NUL or another control character/],
    ['/api/\u0000', /NUL or another control character/],
    ['/api/a b', /space/],
    ['/api/é', /outside ASCII/],
    ['/..', /a "\.\." segment/],
    ['/../api/auth/logout', /a "\.\." segment/],
    ['/x/../api/auth/logout', /a "\.\." segment/],
    ['/x/y/../../api/auth/logout', /a "\.\." segment/],
    ['/x/%2e%2e/api/auth/logout', /a "\.\." segment/],
    ['/x/%2E%2E/api/auth/logout', /a "\.\." segment/],
    ['/x/.%2e/api/auth/logout', /a "\.\." segment/],
    ['/api/products/x/..', /a "\.\." segment/],
    ['api/auth/logout', /does not start with "\/"/],
    ['*', /does not start with "\/"/],
    ['http://evil.example/api/auth/logout', /does not start with "\/"/],
    [`/${'a'.repeat(MAX_PATH_LENGTH)}`, /longer than/],
  ];
  for (const [path, why] of cases) assert.match(problem(path), why, path);
});

test('rewriteRequestUrl keeps the query as sent and routes a refused path nowhere', () => {
  const rewrite = (url: string) => rewriteRequestUrl({ url } as IncomingMessage);
  assert.equal(rewrite('/%61pi/products?q=%61&x=/../'), '/api/products?q=%61&x=/../');
  assert.equal(rewrite('/api/products'), '/api/products');
  assert.equal(rewrite('/api/auth%2Flogout?x=1'), '/.refused-path');
  assert.equal(rewrite('/api/auth/logout#x'), '/.refused-path');
});

// Properties over generated paths: segments of letters, unreserved marks, escapes of anything, dots and slashes.
const segmentChar = fc.oneof(
  fc.constantFrom(...'abcAPIxyz09-._~'.split('')),
  fc.constantFrom('.', '..', '/', '//'),
  fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
  fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`),
  fc.constantFrom('%C3%A9', '%e2%82%ac', '%2e', '%2E', '%2f', '%5c', '%', '\\', ' ', '%00'),
);
const anyPath = fc.array(segmentChar, { maxLength: 24 }).map((parts) => `/${parts.join('')}`);

test('property: a normalised path is a fixed point, absolute, free of empty and dot segments and of escaped unreserved characters', () => {
  fc.assert(
    fc.property(anyPath, (path) => {
      const result = normalisePath(path);
      if (!result.ok) return;
      const p = result.path;
      assert.equal(normalisePath(p).ok && (normalisePath(p) as { path: string }).path, p, `not a fixed point: ${path} → ${p}`);
      assert.ok(p.startsWith('/'));
      assert.ok(!/\/\//.test(p), `empty segment in ${p}`);
      assert.ok(
        !p
          .split('/')
          .slice(1, -1)
          .some((s) => s === '.' || s === '..'),
        `dot segment in ${p}`,
      );
      assert.ok(!/%(2[DdEe]|3\d|[46][1-9A-Fa-f]|[57][0-9Aa]|5[Ff]|7[Ee])/.test(p), `escaped unreserved character in ${p}`);
      assert.ok(!/%[0-9A-F]?[a-f]/.test(p), `lower-case hex in ${p}`);
      assert.ok(!/[\\\s\u0000]/.test(p) && !/%(2F|5C|00)/.test(p));
    }),
    { numRuns: 5000 },
  );
});

test('property: the normalised path decodes to what the original means (same segments after dot resolution)', () => {
  // What a server that decodes every escape and resolves dot segments would see: it must agree with ours.
  const meaning = (path: string) => {
    const out: string[] = [];
    for (const s of path.split('/').map(decodeURIComponent)) {
      if (s === '' || s === '.') continue;
      if (s === '..') out.pop();
      else out.push(s);
    }
    return out.join('/');
  };
  fc.assert(
    fc.property(anyPath, (path) => {
      const result = normalisePath(path);
      if (!result.ok) return;
      assert.equal(meaning(result.path), meaning(path), `${path} → ${result.path}`);
    }),
    { numRuns: 5000 },
  );
});

test('property: no spelling that normalises to a path outside /api/ starts with /api/ once decoded, and vice versa', () => {
  fc.assert(
    fc.property(fc.constantFrom('/%61pi', '/a%70i', '//api', '/%2e/api', '/./api', '/API', '/%41pi', '/api'), anyPath, (prefix, rest) => {
      const result = normalisePath(prefix + rest);
      if (!result.ok) return;
      const decoded = decodeURIComponent(result.path);
      assert.equal(isApiPath(result.path), decoded.toLowerCase().startsWith('/api/'), `${prefix + rest} → ${result.path}`);
    }),
    { numRuns: 3000 },
  );
});
