import assert from 'node:assert/strict';
import { nulCharacterAt, refuseNulCharacters } from './nul-characters';

test('finds the first string holding U+0000, by its path, in bodies and queries of any shape', () => {
  assert.equal(nulCharacterAt({ firstName: 'Li', phone: '555\u00001234' }), 'phone');
  assert.equal(nulCharacterAt({ items: [{ name: 'ok' }, { name: 'bad\u0000' }] }), 'items.1.name');
  assert.equal(nulCharacterAt('\u0000'), '');
  assert.equal(nulCharacterAt({ firstName: 'Li', note: 'line\nbreak and ✝ unicode', n: 3, ok: true, none: null }), undefined);
  assert.equal(nulCharacterAt(undefined), undefined);
});

test('a request with U+0000 gets a 400 naming the field; any other request goes on', () => {
  const answers: { status?: number; body?: unknown }[] = [];
  const res = {
    status(code: number) {
      answers.push({ status: code });
      return this;
    },
    send(body: unknown) {
      answers[answers.length - 1].body = body;
      return this;
    },
  };
  let passed = 0;
  // The query is checked when the request arrives, the body once it is parsed.
  const middleware = (req: { body: unknown; query: unknown }, _res: unknown, next: () => void) => {
    const request = { ...req, url: '/api/members/me' } as never;
    refuseNulCharacters('query')(request, res as never, () => refuseNulCharacters('body')(request, res as never, next));
  };
  middleware({ body: { phone: '\u0000' }, query: {} }, res, () => passed++);
  middleware({ body: {}, query: { q: 'a\u0000' } }, res, () => passed++);
  middleware({ body: { phone: '555-0100' }, query: { q: 'bible' } }, res, () => passed++);
  assert.equal(passed, 1);
  const message = 'phone contains the NUL character (\\u0000), which text cannot hold. Remove it and try again.';
  assert.deepEqual(answers[0], { status: 400, body: { statusCode: 400, code: 'invalid', message, details: { fields: [{ field: 'phone', message }] } } });
  assert.equal((answers[1].body as { details: { fields: { field: string }[] } }).details.fields[0].field, 'q');
});
