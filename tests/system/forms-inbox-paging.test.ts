import { INBOX_MAX_PAGE_SIZE, type ContactMessage } from '@km/contracts';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { ADMIN, Client, startHarness, type Harness } from './harness';

let h: Harness;
let admin: Client;
let formsDb: DataSource;

const MESSAGES = 60;
// 5,000 characters of 3 bytes each: the longest message the form accepts, in the widest common characters.
const LONG_MESSAGE = '✝'.repeat(5000);

beforeAll(async () => {
  h = await startHarness({ forms: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  // The forms service runs in its own process: the test reads its database directly.
  formsDb = await new DataSource({ type: 'postgres', url: h.forms!.db.url }).initialize();
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  // One second apart, newest first is 1, 2, 3, …; the last six share one instant, so the id must order them.
  await formsDb.query(
    `INSERT INTO contact_messages (first_name, last_name, email, subject, message, created_at, updated_at)
     SELECT 'Sender ' || n, 'Long', 'sender' || n || '@example.com', 'general', $2, now() - least(n, $1 - 5) * interval '1 second', now()
     FROM generate_series(1, $1::int) AS n`,
    [MESSAGES, LONG_MESSAGE],
  );
});
afterAll(async () => {
  await formsDb.destroy();
  await h.stop();
});

/** Every contact message in the documented order, straight from the table. */
async function expectedIds(): Promise<string[]> {
  const rows: { id: string }[] = await formsDb.query('SELECT id FROM contact_messages ORDER BY created_at DESC, id DESC');
  return rows.map((row) => row.id);
}

describe('admin inbox lists are paged', () => {
  test(`without a query the list is page 1 of ${INBOX_MAX_PAGE_SIZE}, newest first, with the full count in X-Total-Count`, async () => {
    const res = await admin.get('/api/contact-messages');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), String(MESSAGES));
    assert.deepEqual(
      (res.body as ContactMessage[]).map((m) => m.id),
      (await expectedIds()).slice(0, INBOX_MAX_PAGE_SIZE),
    );
    assert.equal((res.body as ContactMessage[])[0].message, LONG_MESSAGE);
  });

  test('pages of the largest size cover every long message exactly once, in order, the last one short', async () => {
    const seen: string[] = [];
    const pages = Math.ceil(MESSAGES / INBOX_MAX_PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const res = await admin.get(`/api/contact-messages?page=${page}&pageSize=${INBOX_MAX_PAGE_SIZE}`);
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
      assert.equal(res.headers.get('x-total-count'), String(MESSAGES));
      const expectedLength = page < pages ? INBOX_MAX_PAGE_SIZE : page === pages ? MESSAGES - (pages - 1) * INBOX_MAX_PAGE_SIZE : 0;
      assert.equal(res.body.length, expectedLength, `page ${page}`);
      seen.push(...(res.body as ContactMessage[]).map((m) => m.id));
    }
    assert.deepEqual(seen, await expectedIds());
  });

  test('page 3 of 7 is exactly the 15th to the 21st message', async () => {
    const res = await admin.get('/api/contact-messages?page=3&pageSize=7');
    assert.deepEqual(
      (res.body as ContactMessage[]).map((m) => m.id),
      (await expectedIds()).slice(14, 21),
    );
  });

  test(`a pageSize over ${INBOX_MAX_PAGE_SIZE} is a 400 saying the range, on every inbox`, async () => {
    for (const path of ['/api/contact-messages', '/api/publishing-inquiries', '/api/book-submissions', '/api/prayer-requests']) {
      const res = await admin.get(`${path}?pageSize=${INBOX_MAX_PAGE_SIZE + 1}`);
      assert.deepEqual(
        [res.status, res.body.code, res.body.message],
        [400, 'invalid', `pageSize must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`],
        path,
      );
    }
  });

  test('the dashboard count of contact messages is the whole inbox, not a page', async () => {
    const counts = await admin.get('/api/forms/counts');
    assert.deepEqual(counts.body.contactMessages, { total: MESSAGES, needsAttention: MESSAGES });
  });
});
