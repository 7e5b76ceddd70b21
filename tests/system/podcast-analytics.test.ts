import type { PodcastAnalyticsReport, PodcastEpisode } from '@km/contracts/media';
import { EpisodeDailyCounts1764300000100 } from '@km/media/dist/migrations/1764300000100-episode-daily-counts';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { Client, episodeFields, episodeForm, mp3, startPodcastHarness, type Harness } from './harness';

/** ADR 0071: per-day plays and downloads, recorded by the statements that raise the counters, and what admins read of them. */

let h: Harness;
let admin: Client;
let mediaDb: DataSource;
let nextNumber = 7100;

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const SPOTIFY = 'Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)';

let stop: () => Promise<void>;
beforeAll(async () => {
  // One proxy hop in front of the gateway, so X-Forwarded-For gives each listener an address (TRUST_PROXY=1).
  ({ h, admin, mediaDb, stop } = await startPodcastHarness({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1', RPC_TIMEOUT_MS: '5000' }));
});
afterAll(() => stop?.());

async function publish(title = 'Faith at Work'): Promise<PodcastEpisode> {
  const res = await admin.post(
    '/api/podcast-episodes',
    episodeForm(episodeFields({ title, episodeNumber: String(nextNumber++), duration: '00:10:00' }), mp3()),
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

async function report(query: string): Promise<PodcastAnalyticsReport> {
  const res = await admin.get<PodcastAnalyticsReport>(`/api/admin/podcast-analytics?${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}
const todayOf = (e: PodcastEpisode) => report(`from=${today()}&to=${today()}&episodeId=${e.id}`);

/** A whole download of the feed's enclosure by one listener (address + user agent), read to its end. */
async function download(e: PodcastEpisode, address: string, agent: string) {
  const res = await fetch(`${h.baseUrl}/feeds/episodes/${e.id}.mp3`, { headers: { 'x-forwarded-for': address, 'user-agent': agent } });
  await res.arrayBuffer();
  assert.equal(res.status, 200);
}

/** Downloads are counted after the response: wait until the counter reaches `n`, then a moment for any extra count. */
async function downloadsReach(e: PodcastEpisode, n: number) {
  for (let i = 0; i < 200; i++) {
    if ((await admin.get(`/api/podcast-episodes/${e.id}`)).body.downloads >= n) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));
}

describe('per-day counts agree with the counters to the unit, under parallel requests', () => {
  test('20 simultaneous plays by 20 visitors: today’s plays and the episode’s total are both 20; 30 by one visitor count 1', async () => {
    const many = await publish();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new Client(h.gateway, { 'user-agent': `listener-${i}` }).post(`/api/podcast-episodes/${many.id}/views`)),
    );
    assert.equal(answers.filter((a) => a.status === 200 && a.body.counted).length, 20);
    const manyReport = await todayOf(many);
    assert.deepEqual(manyReport.days, [{ day: today(), plays: 20, downloads: 0 }]);
    assert.deepEqual(
      manyReport.episodes.map((e) => [e.id, e.plays, e.totalPlays, e.playsBeforeRecords]),
      [[many.id, 20, 20, 0]],
    );

    const one = await publish();
    const visitor = new Client(h.gateway, { 'user-agent': 'one-racing-listener' });
    await Promise.all(Array.from({ length: 30 }, () => visitor.post(`/api/podcast-episodes/${one.id}/views`)));
    const oneReport = await todayOf(one);
    assert.deepEqual(oneReport.days, [{ day: today(), plays: 1, downloads: 0 }]);
    assert.deepEqual([oneReport.episodes[0].plays, oneReport.episodes[0].totalPlays], [1, 1]);
  });

  test('12 simultaneous downloads by 12 listeners: today’s downloads, the total and the apps are all 12; 10 by one listener count 1', async () => {
    const many = await publish();
    await Promise.all(Array.from({ length: 12 }, (_, i) => download(many, `198.51.100.${i + 1}`, i % 3 === 0 ? SPOTIFY : OVERCAST)));
    await downloadsReach(many, 12);
    const manyReport = await todayOf(many);
    assert.deepEqual(manyReport.days, [{ day: today(), plays: 0, downloads: 12 }]);
    assert.deepEqual([manyReport.episodes[0].downloads, manyReport.episodes[0].totalDownloads], [12, 12]);
    assert.deepEqual(manyReport.apps, [
      { name: 'Overcast', kind: 'app', downloads: 8 },
      { name: 'Spotify', kind: 'app', downloads: 4 },
    ]);
    assert.equal(manyReport.otherAppsDownloads, 0);

    const one = await publish();
    await Promise.all(Array.from({ length: 10 }, () => download(one, '198.51.100.200', OVERCAST)));
    await downloadsReach(one, 1);
    const oneReport = await todayOf(one);
    assert.deepEqual(oneReport.days, [{ day: today(), plays: 0, downloads: 1 }]);
    assert.deepEqual(oneReport.apps, [{ name: 'Overcast', kind: 'app', downloads: 1 }]);
  });

  test('a user agent no pattern knows is counted as Unknown, and only the app’s name is stored, never the user agent', async () => {
    const episode = await publish();
    await download(episode, '198.51.100.77', 'Secret-Agent/9 (do not store me)');
    await downloadsReach(episode, 1);
    assert.deepEqual((await todayOf(episode)).apps, [{ name: 'Unknown', kind: 'unknown', downloads: 1 }]);
    const stored = JSON.stringify(await mediaDb.query(`SELECT * FROM episode_app_downloads WHERE episode_id = $1`, [episode.id]));
    assert.equal(stored.includes('Secret-Agent'), false);
  });
});

describe('the report', () => {
  test('counts fall on their UTC day: a range lists every day, 0 where nothing was counted, and leaves out days outside it', async () => {
    const episode = await publish();
    await new Client(h.gateway, { 'user-agent': 'day-listener' }).post(`/api/podcast-episodes/${episode.id}/views`);
    // The play is moved two days back, as if counted then (the counter keeps it).
    await mediaDb.query(`UPDATE episode_daily_counts SET day = day - 2 WHERE episode_id = $1`, [episode.id]);
    const range = await report(`from=${daysAgo(3)}&to=${today()}&episodeId=${episode.id}`);
    assert.deepEqual(range.days, [
      { day: daysAgo(3), plays: 0, downloads: 0 },
      { day: daysAgo(2), plays: 1, downloads: 0 },
      { day: daysAgo(1), plays: 0, downloads: 0 },
      { day: today(), plays: 0, downloads: 0 },
    ]);
    assert.deepEqual(range.totals, { plays: 1, downloads: 0 });
    const later = await todayOf(episode);
    assert.deepEqual([later.totals.plays, later.episodes[0].plays, later.episodes[0].totalPlays], [0, 0, 1]);
  });

  test('counts made before daily records are each episode’s baseline: baseline + every day = the counter', async () => {
    const episode = await publish();
    await new Client(h.gateway, { 'user-agent': 'after-records' }).post(`/api/podcast-episodes/${episode.id}/views`);
    // The migration's own statement, run again: an episode counted before it keeps those counts as its baseline.
    await mediaDb.query(`DELETE FROM episode_daily_counts WHERE episode_id = $1`, [episode.id]);
    await mediaDb.query(`UPDATE podcast_episodes SET views = 5, downloads = 2 WHERE id = $1`, [episode.id]);
    const runner = mediaDb.createQueryRunner();
    try {
      await runner.startTransaction();
      await new EpisodeDailyCounts1764300000100().down(runner);
      await new EpisodeDailyCounts1764300000100().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    await new Client(h.gateway, { 'user-agent': 'after-migration' }).post(`/api/podcast-episodes/${episode.id}/views`);
    const after = await todayOf(episode);
    assert.equal(after.recordsSince, today());
    assert.deepEqual(
      after.episodes.map((e) => [e.plays, e.playsBeforeRecords, e.totalPlays, e.downloads, e.downloadsBeforeRecords, e.totalDownloads]),
      [[1, 5, 6, 0, 2, 2]],
    );
  });

  test('all episodes, most downloads first; one episode asked for is the only one; an unknown one is a 404', async () => {
    const quiet = await publish();
    const busy = await publish();
    await download(busy, '198.51.100.150', SPOTIFY);
    await downloadsReach(busy, 1);
    const all = await report(`from=${today()}&to=${today()}`);
    const ids = all.episodes.map((e) => e.id);
    assert.ok(ids.indexOf(busy.id) < ids.indexOf(quiet.id));
    assert.equal(
      all.totals.downloads,
      all.episodes.reduce((sum, e) => sum + e.downloads, 0),
    );
    assert.equal(all.totals.downloads, all.apps.reduce((sum, app) => sum + app.downloads, 0) + all.otherAppsDownloads);
    assert.equal((await admin.get(`/api/admin/podcast-analytics?from=${today()}&to=${today()}&episodeId=00000000-0000-4000-8000-000000000000`)).status, 404);
  });

  test('hostile or impossible ranges are 400s that say what to fix', async () => {
    const cases: [string, RegExp][] = [
      ['from=2020-13-45&to=2021-01-01', /from must be a real day written YYYY-MM-DD/],
      ['from=2021-02-29&to=2021-03-01', /from must be a real day/],
      ['from=2026-01-01', /to is required/],
      ['from=2026-02-01&to=2026-01-01', /to \(2026-01-01\) must be on or after from \(2026-02-01\)/],
      ['from=2025-01-01&to=2026-01-02', /the range is 367 days; ask for at most 366 days/],
      ['from=2026-01-01&to=2026-01-02&episodeId=../../etc', /episodeId must be the id of an episode/],
      ['from=2026-01-01&to=2026-01-02&limit=1', /limit/],
      ['from=2026-01-01&from=2026-01-02&to=2026-01-03', /from/],
      [`from='%3B%20DROP%20TABLE%20x--&to=2026-01-02`, /from must be a real day/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/podcast-analytics', '/api/admin/podcast-analytics.csv']) {
        const res = await admin.get(`${path}?${query}`);
        assert.equal(res.status, 400, `${path}?${query}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, message, `${path}?${query}`);
      }
    }
    assert.equal((await admin.get(`/api/admin/podcast-analytics?from=2025-01-02&to=2026-01-02`)).status, 200);
  });

  test('a visitor cannot read analytics or its CSV (members: the authorization matrix)', async () => {
    const visitor = new Client(h.gateway);
    assert.equal((await visitor.get(`/api/admin/podcast-analytics?from=${today()}&to=${today()}`)).status, 401);
    assert.equal((await visitor.get(`/api/admin/podcast-analytics.csv?from=${today()}&to=${today()}`)).status, 401);
  });
});

describe('the CSV', () => {
  test('one row per episode and day, RFC 4180 quoting, formula-looking titles neutralised, and rows that sum to the report', async () => {
    const formula = await publish('=HYPERLINK("http://evil.example","click"), and more');
    const plain = await publish('-Minus first');
    await new Client(h.gateway, { 'user-agent': 'csv-listener' }).post(`/api/podcast-episodes/${formula.id}/views`);
    await new Client(h.gateway, { 'user-agent': 'csv-listener' }).post(`/api/podcast-episodes/${plain.id}/views`);
    await download(plain, '198.51.100.160', OVERCAST);
    await downloadsReach(plain, 1);

    const res = await fetch(`${h.baseUrl}/api/admin/podcast-analytics.csv?from=${daysAgo(1)}&to=${today()}`, { headers: { cookie: admin.cookie! } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="podcast-analytics-${daysAgo(1)}-to-${today()}.csv"`);
    const lines = (await res.text()).trimEnd().split('\n');
    assert.equal(lines[0], 'day_utc,episode_number,episode_title,plays,downloads');
    assert.ok(lines.includes(`${today()},${formula.episodeNumber},"'=HYPERLINK(""http://evil.example"",""click""), and more",1,0`), lines.join('\n'));
    assert.ok(lines.includes(`${today()},${plain.episodeNumber},'-Minus first,1,1`), lines.join('\n'));

    const sums = lines.slice(1).reduce(
      (sum, line) => {
        const cells = line.split(',');
        return { plays: sum.plays + Number(cells.at(-2)), downloads: sum.downloads + Number(cells.at(-1)) };
      },
      { plays: 0, downloads: 0 },
    );
    assert.deepEqual(sums, (await report(`from=${daysAgo(1)}&to=${today()}`)).totals);
  });
});
