import type { EpisodeSearchResult, PodcastEpisode } from '@km/contracts/media';
import assert from 'node:assert/strict';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { episodeFields, episodeForm, mp3 } from './podcast-fixtures';

// Podcast search through the gateway (ADR 0053): ranking, transcript hits with their moment, hostile queries, caching;
// and who may edit and delete an episode.
let h: Harness;
let admin: Client;
let titled: PodcastEpisode;
let described: PodcastEpisode;
let transcribed: PodcastEpisode;

const TRANSCRIPT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:04.000',
  'Welcome back to the show.',
  '',
  '00:01:10.000 --> 00:01:15.000',
  'My grandmother kept bees behind the church.',
  '',
  '00:02:05.500 --> 00:02:09.000',
  'She handed every visitor a pomegranate from her garden.',
  '',
  '00:03:00.000 --> 00:03:04.000',
  'Jesus offered the woman at the well living water.',
  '',
].join('\n');

beforeAll(async () => {
  h = await startHarness({ media: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  const upload = async (fields: Record<string, string>) => {
    const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ duration: '00:10:00', ...fields }), mp3()));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as PodcastEpisode;
  };
  titled = await upload({ episodeNumber: '1', title: 'Living Water at the Well', description: 'A conversation about hope in hard seasons.' });
  described = await upload({
    episodeNumber: '2',
    title: 'Monday Mornings',
    description: 'Running a bakery as a calling. We close with what **living water** means for a tired owner on a Monday.',
  });
  transcribed = await upload({ episodeNumber: '3', title: 'Quiet Hour', description: 'Stories from a small town.' });
  const res = await admin.put(`/api/podcast-episodes/${transcribed.id}/transcript`, { format: 'vtt', text: TRANSCRIPT });
  assert.equal(res.status, 200, JSON.stringify(res.body));
});
afterAll(async () => {
  await h?.stop();
});

const search = async (q: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.baseUrl}/api/podcast-episodes/search?q=${encodeURIComponent(q)}`, { headers });
  return { status: res.status, headers: res.headers, body: res.status === 304 ? null : ((await res.json()) as EpisodeSearchResult & { message?: string }) };
};

describe('podcast search (ADR 0053)', () => {
  test('a title hit ranks above a show-notes hit, which ranks above a transcript-only hit; each says where it matched', async () => {
    const { status, body } = await search('living water');
    assert.equal(status, 200);
    assert.equal(body!.total, 3);
    assert.deepEqual(
      body!.items.map((hit) => hit.episodeNumber),
      [1, 2, 3],
    );
    const [first, second, third] = body!.items;
    assert.equal(first.title, 'Living Water at the Well');
    assert.equal(first.snippet, null);
    assert.deepEqual(
      second.snippet!.filter((part) => part.match).map((part) => part.text),
      ['living water'],
    );
    assert.equal(second.line, null);
    assert.equal(third.snippet, null);
    assert.deepEqual(third.line, {
      start: 180,
      parts: [
        { text: 'Jesus offered the woman at the well ', match: false },
        { text: 'living water', match: true },
        { text: '.', match: false },
      ],
    });
  });

  test('a word said only in a transcript finds the episode with the line that says it and the second it starts (stemmed: pomegranates)', async () => {
    const { status, body } = await search('pomegranates');
    assert.equal(status, 200);
    assert.deepEqual(body, {
      q: 'pomegranates',
      total: 1,
      items: [
        {
          id: transcribed.id,
          episodeNumber: 3,
          title: 'Quiet Hour',
          mediaType: 'audio',
          duration: 600,
          thumbnailUrl: null,
          thumbnails: [],
          snippet: null,
          line: {
            start: 125,
            parts: [
              { text: 'She handed every visitor a ', match: false },
              { text: 'pomegranate', match: true },
              { text: ' from her garden.', match: false },
            ],
          },
        },
      ],
    });
  });

  test('websearch syntax: a quoted phrase (exact in titles, notes and lines), an excluded word, or; nothing found is an empty list', async () => {
    // A phrase is exact in titles, notes and the line shown; a transcript need only say its words (ADR 0053).
    assert.deepEqual(
      (await search('"water at the well"')).body!.items.map((hit) => [hit.episodeNumber, hit.line]),
      [
        [1, null],
        [3, null],
      ],
    );
    assert.deepEqual(
      (await search('"living water"')).body!.items.map((hit) => [hit.episodeNumber, hit.line?.start ?? null]),
      [
        [1, null],
        [2, null],
        [3, 180],
      ],
    );
    assert.deepEqual(
      (await search('living water -bakery')).body!.items.map((hit) => hit.episodeNumber),
      [1, 3],
    );
    assert.deepEqual(
      (await search('bakery or bees')).body!.items.map((hit) => hit.episodeNumber),
      [2, 3],
    );
    assert.deepEqual((await search('zeppelin')).body, { q: 'zeppelin', total: 0, items: [] });
  });

  test('a search is cached by the browser and revalidated: no-cache with an ETag, 304 while unchanged, a new answer after an edit', async () => {
    const first = await search('pomegranate');
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]{27}"$/);
    const again = await search('pomegranate', { 'if-none-match': etag });
    assert.equal(again.status, 304);
    const edited = await admin.patch(`/api/podcast-episodes/${transcribed.id}`, { title: 'Quiet Hour with Pomegranates' });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const changed = await search('pomegranate', { 'if-none-match': etag });
    assert.equal(changed.status, 200);
    assert.equal(changed.body!.items[0].title, 'Quiet Hour with Pomegranates');
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal((await admin.patch(`/api/podcast-episodes/${transcribed.id}`, { title: 'Quiet Hour' })).status, 200);
  });

  test('hostile and malformed queries are a clear 400 or an answer, never a 500', async () => {
    const refused: [string, string][] = [
      ['', 'q is required: the words to search episodes for'],
      ['   ', 'q is required: the words to search episodes for'],
      ['x'.repeat(201), 'q must be at most 200 characters: search for fewer words'],
      ["'):*|!", 'q has no word to search for (short common words such as "the" or "and", and punctuation, are left out): add a name or a topic'],
      ['the and of', 'q has no word to search for (short common words such as "the" or "and", and punctuation, are left out): add a name or a topic'],
      ['bees\u0007', 'q must not contain control characters'],
      // The gateway refuses a NUL in any query string before the route (Postgres text cannot hold one).
      ['bees\u0000', 'q contains the NUL character (\\u0000), which text cannot hold. Remove it and try again.'],
    ];
    for (const [q, message] of refused) {
      const res = await search(q);
      assert.equal(res.status, 400, q);
      assert.equal(res.body!.message, message, q);
    }
    const missing = await fetch(`${h.baseUrl}/api/podcast-episodes/search`);
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as { message: string }).message, 'q is required: the words to search episodes for');
    const twice = await fetch(`${h.baseUrl}/api/podcast-episodes/search?q=bees&q=well`);
    assert.equal(twice.status, 400);
    assert.equal(((await twice.json()) as { message: string }).message, 'q must be given once, as text');

    const answered = [
      "'):*|! pomegranate",
      'pomegranate:*',
      '"unclosed pomegranate',
      "pomegranate' OR 1=1 --",
      'pomegranate & !bees | (',
      '<script>alert(1)</script> pomegranate',
      '\\ pomegranate %',
      'pomegranate 🍎 grenade éé',
      '- pomegranate -',
    ];
    for (const q of answered) {
      const res = await search(q);
      assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
      assert.ok(Array.isArray(res.body!.items), q);
    }
    assert.deepEqual(
      (await search("'):*|! pomegranate")).body!.items.map((hit) => hit.episodeNumber),
      [3],
    );
  });

  test('a deleted episode is no longer found, nor its transcript lines', async () => {
    const extra = await admin.post(
      '/api/podcast-episodes',
      episodeForm(episodeFields({ episodeNumber: '9', title: 'Leaving Soon', description: 'Temporary.', duration: '00:01:00' }), mp3()),
    );
    assert.equal(extra.status, 201);
    const put = await admin.put(`/api/podcast-episodes/${extra.body.id}/transcript`, {
      format: 'srt',
      text: '1\n00:00:05,000 --> 00:00:07,000\nA kumquat tree.\n',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(
      (await search('kumquat')).body!.items.map((hit) => [hit.episodeNumber, hit.line?.start]),
      [[9, 5]],
    );
    assert.equal((await admin.delete(`/api/podcast-episodes/${extra.body.id}`)).status, 204);
    assert.deepEqual((await search('kumquat')).body, { q: 'kumquat', total: 0, items: [] });
  });
});

describe('editing and deleting an episode is for admins only', () => {
  test('a visitor gets 401 and a prayer_team session 403 for an edit, a transcript and a delete; the episode is unchanged', async () => {
    const teamName = `intercessor_${Date.now()}`;
    const made = await admin.post('/api/auth/register', { username: teamName, password: 'password-123', roles: ['prayer_team'] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const team = new Client(h.gateway);
    assert.equal((await team.post('/api/auth/login', { username: teamName, password: 'password-123' })).status, 200);
    const visitor = new Client(h.gateway);
    for (const [who, client, status] of [
      ['visitor', visitor, 401],
      ['prayer_team', team, 403],
    ] as const) {
      assert.equal((await client.patch(`/api/podcast-episodes/${described.id}`, { title: 'Taken over' })).status, status, who);
      assert.equal((await client.put(`/api/podcast-episodes/${described.id}/transcript`, { format: 'vtt', text: TRANSCRIPT })).status, status, who);
      assert.equal((await client.delete(`/api/podcast-episodes/${described.id}`)).status, status, who);
    }
    const stored = (await admin.get(`/api/podcast-episodes/${described.id}`)).body as PodcastEpisode;
    assert.deepEqual([stored.title, stored.transcript], ['Monday Mornings', null]);
    assert.equal((await admin.get(`/api/podcast-episodes/${titled.id}`)).status, 200);
  });
});
