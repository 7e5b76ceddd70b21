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
    json(body: unknown) {
      answers[answers.length - 1].body = body;
      return this;
    },
  };
  let passed = 0;
  const middleware = refuseNulCharacters();
  middleware({ body: { phone: '\u0000' }, query: {} } as never, res as never, () => passed++);
  middleware({ body: {}, query: { q: 'a\u0000' } } as never, res as never, () => passed++);
  middleware({ body: { phone: '555-0100' }, query: { q: 'bible' } } as never, res as never, () => passed++);
  assert.equal(passed, 1);
  const message = 'phone contains the NUL character (\\u0000), which text cannot hold. Remove it and try again.';
  assert.deepEqual(answers[0], { status: 400, body: { statusCode: 400, code: 'invalid', message, details: { fields: [{ field: 'phone', message }] } } });
  assert.equal((answers[1].body as { details: { fields: { field: string }[] } }).details.fields[0].field, 'q');
});
