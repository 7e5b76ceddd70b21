import type { PodcastEpisode } from '@km/contracts/media';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { Client, episodeFields, episodeForm, mp3, startPodcastHarness, type Harness } from './harness';

let h: Harness;
let admin: Client;
/** Media's own database, for what a test must read or age there. */
let mediaDb: DataSource;
let nextNumber = 900;

const KB = 1024;
/** 2 MB of "audio" lasting 10 minutes: one minute's worth is 204.8 KB, i.e. 4 blocks of 64 KB. */
const SIZE = 2 * 1024 * KB;
const bigMp3 = () => ({ data: Buffer.concat([mp3().data, Buffer.alloc(SIZE - mp3().data.length, 0)]), name: 'long.mp3', type: 'audio/mpeg' });

let stop: () => Promise<void>;
beforeAll(async () => {
  // One proxy hop in front of the gateway, so X-Forwarded-For gives the client address (TRUST_PROXY=1). The
  // production RPC deadline (the harness's 1.5 s is for failing fast): 20 parallel 2 MB downloads share one process.
  ({ h, admin, mediaDb, stop } = await startPodcastHarness({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1', RPC_TIMEOUT_MS: '5000' }));
});
afterAll(() => stop?.());

async function publish(): Promise<PodcastEpisode> {
  const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: String(nextNumber++), duration: '00:10:00' }), bigMp3()));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const enclosure = (e: PodcastEpisode) => `${h.baseUrl}/feeds/episodes/${e.id}.mp3`;
const as = (address: string, agent = 'PodcastApp/1.0') => ({ 'x-forwarded-for': address, 'user-agent': agent });

/** Fetches and reads the whole answer, so every byte sent was received. */
async function fetchAll(url: string, headers: Record<string, string>, method = 'GET') {
  const res = await fetch(url, { method, headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, length: body.length, headers: res.headers };
}

const downloadsOf = async (e: PodcastEpisode) => (await admin.get(`/api/podcast-episodes/${e.id}`)).body.downloads as number;
const rowsOf = async (e: PodcastEpisode): Promise<{ visitor: string; blocks: number }[]> =>
  mediaDb.query(`SELECT visitor, bit_count(covered)::int AS blocks FROM episode_downloads WHERE episode_id = $1`, [e.id]);

/** Counting happens after the response: wait until the visitor rows show `blocks` in total. */
async function settled(e: PodcastEpisode, blocks: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await rowsOf(e);
    if (rows.reduce((sum, r) => sum + r.blocks, 0) >= blocks) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  // and a moment longer, so a count that should not happen has had its chance
  await new Promise((r) => setTimeout(r, 200));
}

describe('feed enclosures count downloads the IAB way', () => {
  test('HEAD, a 2-byte probe, a seek that plays a few seconds and the same small range again and again are not downloads', async () => {
    const episode = await publish();
    const who = as('203.0.113.10');
    assert.equal((await fetchAll(enclosure(episode), who, 'HEAD')).status, 200);
    const probe = await fetchAll(enclosure(episode), { ...who, range: 'bytes=0-1' });
    assert.deepEqual([probe.status, probe.length], [206, 2]);
    const seek = await fetchAll(enclosure(episode), { ...who, range: 'bytes=1048576-1114111' });
    assert.deepEqual([seek.status, seek.length], [206, 64 * KB]);
    for (let i = 0; i < 10; i++) await fetchAll(enclosure(episode), { ...who, range: 'bytes=1048576-1114111' });
    await settled(episode, 1);
    assert.deepEqual(await rowsOf(episode).then((rows) => rows.map((r) => r.blocks)), [1]);
    assert.equal(await downloadsOf(episode), 0);
  });

  test('a minute’s worth of bytes counts one download, whether in one range or in pieces; more from the same listener that day does not', async () => {
    const episode = await publish();
    const inOne = as('203.0.113.20');
    const first = await fetchAll(enclosure(episode), { ...inOne, range: `bytes=0-${4 * 64 * KB - 1}` });
    assert.deepEqual([first.status, first.headers.get('content-range')], [206, `bytes 0-${4 * 64 * KB - 1}/${SIZE}`]);
    await settled(episode, 4);
    assert.equal(await downloadsOf(episode), 1);

    const inPieces = as('203.0.113.21');
    for (let block = 0; block < 4; block++) await fetchAll(enclosure(episode), { ...inPieces, range: `bytes=${block * 64 * KB}-${(block + 1) * 64 * KB - 1}` });
    await settled(episode, 8);
    assert.equal(await downloadsOf(episode), 2);

    const whole = await fetchAll(enclosure(episode), inOne);
    assert.deepEqual([whole.status, whole.length], [200, SIZE]);
    await settled(episode, 4 + 32);
    assert.equal(await downloadsOf(episode), 2);
  });

  test('three of the four blocks a minute needs is not a download', async () => {
    const episode = await publish();
    await fetchAll(enclosure(episode), { ...as('203.0.113.30'), range: `bytes=0-${3 * 64 * KB - 1}` });
    await settled(episode, 3);
    assert.equal(await downloadsOf(episode), 0);
  });

  test('an IPv6 listener is one listener across its /64; another /64 or another user agent is another', async () => {
    const episode = await publish();
    await fetchAll(enclosure(episode), as('2001:db8:1:2::1'));
    await fetchAll(enclosure(episode), as('2001:db8:1:2:aaaa:bbbb:cccc:dddd'));
    await settled(episode, 32);
    assert.equal(await downloadsOf(episode), 1);
    assert.equal((await rowsOf(episode)).length, 1);
    await fetchAll(enclosure(episode), as('2001:db8:1:3::1'));
    await fetchAll(enclosure(episode), as('2001:db8:1:2::1', 'OtherApp/2.0'));
    await settled(episode, 96);
    assert.equal(await downloadsOf(episode), 3);
  });

  test('after 24 hours the same listener counts again', async () => {
    const episode = await publish();
    const who = as('203.0.113.40');
    await fetchAll(enclosure(episode), who);
    await settled(episode, 32);
    await mediaDb.query(`UPDATE episode_downloads SET window_started_at = now() - interval '24 hours 1 second' WHERE episode_id = $1`, [episode.id]);
    await fetchAll(enclosure(episode), { ...who, range: `bytes=0-${4 * 64 * KB - 1}` });
    for (let i = 0; i < 100 && (await downloadsOf(episode)) < 2; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await downloadsOf(episode), 2);
  });

  test('20 simultaneous whole downloads by one listener count exactly once', async () => {
    const episode = await publish();
    const who = as('203.0.113.50');
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetchAll(enclosure(episode), who)));
    assert.deepEqual(
      answers.map((a) => [a.status, a.length]),
      Array(20).fill([200, SIZE]),
    );
    for (let i = 0; i < 100; i++) {
      const [row] = await mediaDb.query(`SELECT count(*)::int AS n FROM episode_downloads WHERE episode_id = $1`, [episode.id]);
      if (row.n === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await downloadsOf(episode), 1);
  });

  test('admins see downloads per episode; visitors see views only', async () => {
    const episode = await publish();
    assert.equal(typeof (await admin.get(`/api/podcast-episodes/${episode.id}`)).body.downloads, 'number');
    const visitor = new Client(h.gateway);
    assert.equal('downloads' in (await visitor.get(`/api/podcast-episodes/${episode.id}`)).body, false);
    assert.equal(
      (await visitor.get('/api/podcast-episodes')).body.some((e: PodcastEpisode) => 'downloads' in e),
      false,
    );
    assert.equal(
      (await visitor.get('/api/podcast-episodes?page=1')).body.items.some((e: PodcastEpisode) => 'downloads' in e),
      false,
    );
    assert.equal(
      (await admin.get('/api/podcast-episodes?page=1')).body.items.every((e: PodcastEpisode) => typeof e.downloads === 'number'),
      true,
    );
  });

  test('an unknown episode or a file name that is not its media is a 404; an encoded slash is refused 400 before any route (ADR 0027)', async () => {
    const episode = await publish();
    // Bodies are read to the end: an unread answer keeps its connection open and the gateway could not close.
    assert.equal((await fetchAll(`${h.baseUrl}/feeds/episodes/${episode.id}.mp4`, {})).status, 404);
    assert.equal((await fetchAll(`${h.baseUrl}/feeds/episodes/00000000-0000-4000-8000-000000000000.mp3`, {})).status, 404);
    assert.equal((await fetchAll(`${h.baseUrl}/feeds/episodes/..%2F..%2Fetc.mp3`, {})).status, 400);
  });
});
