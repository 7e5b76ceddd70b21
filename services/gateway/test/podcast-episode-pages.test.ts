import type { PodcastEpisode } from '@km/contracts/media';
import { eventually } from '@km/nest-kit/testing';
import { XMLParser } from 'fast-xml-parser';
import assert from 'node:assert/strict';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { ORIGIN, headOf, sitemapParser, webDistWithIndex } from './page-heads';
import { episodeFields, episodeForm, mp3, thumbnailJpg } from './podcast-fixtures';

// An episode's own page, /podcast/{n}-{slug} (ADR 0045): the head the gateway renders, its redirects and the sitemap.
let h: Harness;
let admin: Client;
let dist: ReturnType<typeof webDistWithIndex>;

beforeAll(async () => {
  dist = webDistWithIndex();
  h = await startHarness({
    catalog: {},
    media: {},
    gateway: {
      WEB_DIST_DIR: dist.dir,
      RATE_LIMIT_PER_MINUTE: '100000',
      PODCAST_SPOTIFY_URL: 'https://open.spotify.com/show/kingdom',
      PODCAST_APPLE_URL: 'https://podcasts.apple.com/us/podcast/kingdom/id123',
    },
  });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
});
afterAll(async () => {
  await h?.stop();
  dist?.remove();
});

const page = (url: string) => fetch(h.baseUrl + url, { headers: { accept: 'text/html' }, redirect: 'manual' });

async function upload(fields: Record<string, string>): Promise<PodcastEpisode> {
  const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields(fields), mp3(), thumbnailJpg()));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

describe("an episode's own page", () => {
  test('answers the episode by its number through the API, 404 for a number no episode has and 400 for one that is not a number', async () => {
    const episode = await upload({ title: 'Numbers Matter', episodeNumber: '301' });
    const anyone = new Client(h.gateway);
    const found = await anyone.get<PodcastEpisode>('/api/podcast-episodes/by-number/301');
    assert.equal(found.status, 200);
    assert.equal(found.body.id, episode.id);
    assert.equal(found.body.downloads, undefined, 'downloads are for admins');
    const missing = await anyone.get('/api/podcast-episodes/by-number/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'No episode has the number 999999.');
    for (const bad of ['abc', '0', '-1', '1e3', '9999999999']) {
      const res = await anyone.get(`/api/podcast-episodes/by-number/${bad}`);
      assert.equal(res.status, 400, `${bad}: ${JSON.stringify(res.body)}`);
    }
  });

  test('has its head from the episode: title, summary, canonical, thumbnail preview and PodcastEpisode JSON-LD of the series', async () => {
    const episode = await upload({ title: 'Grace & Grit', episodeNumber: '302', description: 'Stories of **grace** at work.', duration: '01:02:03' });
    const res = await page('/podcast/302-grace-grit');
    assert.equal(res.status, 200);
    const head = headOf(await res.text());
    assert.equal(head.title, 'Episode 302: Grace &amp; Grit | Kingdom Marketplace');
    assert.equal(head.meta.description, 'Stories of **grace** at work.');
    assert.equal(head.canonical, `${ORIGIN}/podcast/302-grace-grit`);
    assert.equal(head.meta['og:url'], `${ORIGIN}/podcast/302-grace-grit`);
    assert.equal(head.meta['twitter:card'], 'summary_large_image');
    // The thumbnail's widest WEBP copy (the fixture is wide enough for one of at least 600 px) or the upload itself.
    const widest = episode.thumbnails.at(-1);
    assert.equal(head.meta['og:image'], `${ORIGIN}${widest && widest.width >= 600 ? widest.url : episode.thumbnailUrl}`);
    const ld = head.jsonLd.find((d) => d['@type'] === 'PodcastEpisode');
    assert.deepEqual(
      { name: ld?.name, episodeNumber: ld?.episodeNumber, url: ld?.url, timeRequired: ld?.timeRequired, datePublished: ld?.datePublished },
      { name: 'Grace & Grit', episodeNumber: 302, url: `${ORIGIN}/podcast/302-grace-grit`, timeRequired: 'PT1H2M3S', datePublished: episode.createdAt },
    );
    assert.equal(ld?.partOfSeries['@type'], 'PodcastSeries');
    assert.equal(ld?.partOfSeries.url, `${ORIGIN}/podcast`);
    assert.equal(ld?.associatedMedia.contentUrl, `${ORIGIN}${episode.videoUrl}`);
  });

  test('a stale slug or none moves permanently to the current address, keeping ?t=; a renamed episode moves with its title', async () => {
    const episode = await upload({ title: 'First Title', episodeNumber: '303' });
    for (const [asked, to] of [
      ['/podcast/303-old-words?t=90', '/podcast/303-first-title?t=90'],
      ['/podcast/303', '/podcast/303-first-title'],
    ]) {
      const res = await page(asked);
      assert.equal(res.status, 301, asked);
      assert.equal(res.headers.get('location'), to, asked);
    }
    assert.equal((await admin.patch(`/api/podcast-episodes/${episode.id}`, { title: 'Second Title' })).status, 200);
    const moved = await page('/podcast/303-first-title');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/podcast/303-second-title');
    assert.equal((await page('/podcast/303-second-title')).status, 200);
  });

  test('a number no episode has, and addresses that are not an episode, are 404 and noindex', async () => {
    for (const asked of [
      '/podcast/999998-nothing',
      '/podcast/0-zero',
      '/podcast/0301-numbers-matter',
      '/podcast/301-numbers-matter/more',
      '/podcast/%3Cscript%3E',
    ]) {
      const res = await page(asked);
      assert.equal(res.status, 404, asked);
      assert.equal(headOf(await res.text()).meta.robots, 'noindex', asked);
    }
  });

  test("a hostile title stays text: the JSON-LD cannot close its script element and the title's markup is escaped", async () => {
    await upload({ title: '</script><script>alert(1)</script>', episodeNumber: '304' });
    const res = await page('/podcast/304-script-script-alert-1-script');
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.ok(!html.includes('<script>alert(1)'), html);
    const ld = headOf(html).jsonLd.find((d) => d['@type'] === 'PodcastEpisode');
    assert.equal(ld?.name, '</script><script>alert(1)</script>');
  });

  test('the sitemap lists every episode page in episodes-1.xml with its last change, and each listed address answers 200', async () => {
    await upload({ title: 'Mapped Out', episodeNumber: '305' });
    await eventually(async () => (await (await fetch(`${h.baseUrl}/sitemaps/episodes-1.xml`)).text()).includes('/podcast/305-mapped-out'), 15_000, 250);
    const index = sitemapParser.parse(await (await fetch(`${h.baseUrl}/sitemap.xml`)).text()).sitemapindex.sitemap as { loc: string }[];
    assert.ok(
      index.some((s) => s.loc === `${ORIGIN}/sitemaps/episodes-1.xml`),
      JSON.stringify(index),
    );
    const urls = sitemapParser.parse(await (await fetch(`${h.baseUrl}/sitemaps/episodes-1.xml`)).text()).urlset.url as { loc: string; lastmod: string }[];
    const mapped = urls.find((u) => u.loc === `${ORIGIN}/podcast/305-mapped-out`);
    assert.ok(mapped?.lastmod, JSON.stringify(urls));
    for (const url of urls) assert.equal((await page(url.loc.slice(ORIGIN.length))).status, 200, url.loc);
  });
});

describe('following the podcast in an app (ADR 0046)', () => {
  test('the podcast settings name the feed address and only the listening apps configured, in a fixed order', async () => {
    const res = await new Client(h.gateway).get('/api/config/podcast');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      featuredVideoEmbedUrl: null,
      feedUrl: `${ORIGIN}/feeds/podcast.xml`,
      followLinks: [
        { app: 'apple', url: 'https://podcasts.apple.com/us/podcast/kingdom/id123' },
        { app: 'spotify', url: 'https://open.spotify.com/show/kingdom' },
      ],
    });
  });
});

describe('chapters (ADR 0046)', () => {
  const feedItem = async (title: string) => {
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(
      await (await fetch(`${h.baseUrl}/feeds/podcast.xml`)).text(),
    );
    return (feed.rss.channel.item as Record<string, any>[]).find((item) => item.title === title);
  };

  test('an admin sets chapters; the feed carries podcast:chapters whose address answers JSON chapters with their type, and links the episode page', async () => {
    const episode = await upload({ title: 'In Chapters', episodeNumber: '306', duration: '00:45:30' });
    const chapters = [
      { startTime: 0, title: 'Welcome' },
      { startTime: 90, title: 'The Study Bible', url: '/products/grace-study-bible' },
      { startTime: 600, title: 'Elsewhere', url: 'https://example.org/notes' },
    ];
    const res = await admin.patch(`/api/podcast-episodes/${episode.id}`, { chapters });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.chapters, chapters);

    const item = await eventually(async () => {
      const found = await feedItem('In Chapters');
      assert.ok(found?.['podcast:chapters']);
      return found;
    });
    assert.equal(item.link, `${ORIGIN}/podcast/306-in-chapters`);
    assert.equal(item['podcast:chapters']['@_type'], 'application/json+chapters');
    const url = item['podcast:chapters']['@_url'] as string;
    assert.equal(url, `${ORIGIN}/api/podcast-episodes/${episode.id}/chapters.json`);
    const served = await fetch(h.baseUrl + url.slice(ORIGIN.length));
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'application/json+chapters; charset=utf-8');
    assert.deepEqual(await served.json(), { version: '1.2.0', title: 'In Chapters', chapters });
  });

  test('an episode without chapters has no podcast:chapters in the feed and its chapters address is a 404', async () => {
    const episode = await upload({ title: 'No Chapters Here', episodeNumber: '307' });
    const item = await eventually(async () => {
      const found = await feedItem('No Chapters Here');
      assert.ok(found);
      return found;
    });
    assert.equal(item['podcast:chapters'], undefined);
    const res = await fetch(`${h.baseUrl}/api/podcast-episodes/${episode.id}/chapters.json`);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { message: string }).message, 'Episode 307 has no chapters.');
  });

  test('hostile chapters are a clear 400 and change nothing: past the end, out of order, a javascript: link, too many', async () => {
    const episode = await upload({ title: 'Guarded Chapters', episodeNumber: '308', duration: '00:10:00' });
    const kept = [{ startTime: 0, title: 'Start' }];
    assert.equal((await admin.patch(`/api/podcast-episodes/${episode.id}`, { chapters: kept })).status, 200);
    const cases: [unknown, string][] = [
      [
        [
          { startTime: 0, title: 'Start' },
          { startTime: 600, title: 'After the end' },
        ],
        'chapters: chapter 2 ("After the end") starts at 00:10:00, at or after the end of the episode (00:10:00): start it earlier',
      ],
      [
        [
          { startTime: 60, title: 'B' },
          { startTime: 30, title: 'A' },
        ],
        'chapters must be in order of their start times, each starting after the one before',
      ],
      [[{ startTime: 0, title: 'X', url: 'javascript:alert(1)' }], 'chapters.0.url: a chapter url must be an https:// address or a path on this site'],
      [Array.from({ length: 101 }, (_, i) => ({ startTime: i, title: `C${i}` })), 'chapters: at most 100 chapters'],
      [[{ startTime: 1.5, title: 'Half' }], 'chapters.0.startTime: a chapter startTime must be whole seconds'],
    ];
    for (const [chapters, message] of cases) {
      const res = await admin.patch(`/api/podcast-episodes/${episode.id}`, { chapters });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.message, message);
    }
    // Shortening the episode below a chapter is refused the same way.
    const shorter = await admin.patch(`/api/podcast-episodes/${episode.id}`, {
      chapters: [
        { startTime: 0, title: 'Start' },
        { startTime: 300, title: 'Middle' },
      ],
    });
    assert.equal(shorter.status, 200);
    const cut = await admin.patch(`/api/podcast-episodes/${episode.id}`, { duration: '00:04:00' });
    assert.equal(cut.status, 400);
    assert.match(cut.body.message, /chapter 2 \("Middle"\) starts at 00:05:00, at or after the end of the episode \(00:04:00\)/);
    const stored = (await admin.get(`/api/podcast-episodes/${episode.id}`)).body as PodcastEpisode;
    assert.deepEqual([stored.chapters.length, stored.duration], [2, 600]);
    assert.equal((await new Client(h.gateway).patch(`/api/podcast-episodes/${episode.id}`, { chapters: kept })).status, 401);
  });
});

describe('transcripts (ADR 0046)', () => {
  const VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\n<v Anna>Welcome to the show\n\n00:04.000 --> 00:09.500\nToday: grace &amp; work\n';
  const feedItem = async (title: string) => {
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'podcast:transcript' }).parse(
      await (await fetch(`${h.baseUrl}/feeds/podcast.xml`)).text(),
    );
    return (feed.rss.channel.item as Record<string, any>[]).find((item) => item.title === title);
  };

  test('an admin uploads a WebVTT file: it is kept in storage, the feed lists it as WebVTT and SubRip, each address answers its type', async () => {
    const episode = await upload({ title: 'Transcribed', episodeNumber: '309', duration: '00:00:30' });
    const res = await admin.put(`/api/podcast-episodes/${episode.id}/transcript`, { format: 'vtt', text: VTT });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.transcript, 'vtt');
    assert.deepEqual(await h.storage.listKeys(`media/transcripts/${episode.id}`), [`media/transcripts/${episode.id}.vtt`]);

    const item = await eventually(async () => {
      const found = await feedItem('Transcribed');
      assert.ok(found?.['podcast:transcript']);
      return found;
    });
    const listed = (item['podcast:transcript'] as Record<string, string>[]).map((t) => [t['@_url'], t['@_type']]);
    assert.deepEqual(listed, [
      [`${ORIGIN}/api/podcast-episodes/${episode.id}/transcript.vtt`, 'text/vtt'],
      [`${ORIGIN}/api/podcast-episodes/${episode.id}/transcript.srt`, 'application/x-subrip'],
    ]);
    const vtt = await fetch(`${h.baseUrl}/api/podcast-episodes/${episode.id}/transcript.vtt`);
    assert.equal(vtt.headers.get('content-type'), 'text/vtt; charset=utf-8');
    assert.equal(vtt.headers.get('access-control-allow-origin'), '*');
    assert.equal(await vtt.text(), 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nWelcome to the show\n\n00:00:04.000 --> 00:00:09.500\nToday: grace &amp; work\n');
    const srt = await fetch(`${h.baseUrl}/api/podcast-episodes/${episode.id}/transcript.srt`);
    assert.equal(srt.headers.get('content-type'), 'application/x-subrip; charset=utf-8');
    assert.equal(await srt.text(), '1\n00:00:00,000 --> 00:00:04,000\nWelcome to the show\n\n2\n00:00:04,000 --> 00:00:09,500\nToday: grace &amp; work\n');
    const json = await fetch(`${h.baseUrl}/api/podcast-episodes/${episode.id}/transcript.json`);
    assert.equal(json.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await json.json(), {
      version: '1.0.0',
      segments: [
        { startTime: 0, endTime: 4, body: 'Welcome to the show' },
        { startTime: 4, endTime: 9.5, body: 'Today: grace & work' },
      ],
    });

    // An SRT upload replaces it, and deleting the episode removes the file.
    const srtUpload = await admin.put(`/api/podcast-episodes/${episode.id}/transcript`, { format: 'srt', text: '1\n00:00:01,000 --> 00:00:02,000\nHi\n' });
    assert.equal(srtUpload.status, 200, JSON.stringify(srtUpload.body));
    assert.deepEqual(await h.storage.listKeys(`media/transcripts/${episode.id}`), [`media/transcripts/${episode.id}.srt`]);
    assert.equal((await admin.delete(`/api/podcast-episodes/${episode.id}`)).status, 204);
    assert.deepEqual(await h.storage.listKeys(`media/transcripts/${episode.id}`), []);
  });

  test('hostile transcripts are a clear 4xx and change nothing: malformed, past the end, too long, too big, not an admin', async () => {
    const episode = await upload({ title: 'Guarded Transcript', episodeNumber: '310', duration: '00:00:30' });
    const cases: [unknown, number, string][] = [
      [
        { format: 'vtt', text: 'WEBVTT\n\n00:00 --> 00:04\nHi' },
        400,
        'text: the WebVTT file is not valid at line 3: expected a cue timing like 00:01:02.000 --> 00:01:05.500',
      ],
      [{ format: 'vtt', text: 'Hello\n' }, 400, 'text: the WebVTT file is not valid at line 1: a WebVTT file starts with the line WEBVTT'],
      [
        { format: 'srt', text: '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:40,000 --> 00:00:41,000\nB' },
        400,
        'text: cue 2 starts at 00:00:40, at or after the end of the episode (00:00:30)',
      ],
      [{ format: 'txt', text: 'x' }, 400, 'format must be vtt (WebVTT) or srt (SubRip)'],
      [
        { format: 'vtt', text: `WEBVTT\n\n${'x'.repeat(500_001)}` },
        400,
        'text must be at most 500,000 characters: split the episode or shorten the transcript',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.put(`/api/podcast-episodes/${episode.id}/transcript`, body);
      assert.equal(res.status, status, JSON.stringify(res.body).slice(0, 300));
      assert.equal(res.body.message, message);
    }
    const huge = await admin.put(`/api/podcast-episodes/${episode.id}/transcript`, { format: 'vtt', text: 'x'.repeat(1_100_000) });
    assert.equal(huge.status, 413);
    assert.equal((await new Client(h.gateway).put(`/api/podcast-episodes/${episode.id}/transcript`, { format: 'vtt', text: VTT })).status, 401);
    const stored = (await admin.get(`/api/podcast-episodes/${episode.id}`)).body as PodcastEpisode;
    assert.equal(stored.transcript, null);
    assert.deepEqual(await h.storage.listKeys(`media/transcripts/${episode.id}`), []);
    const none = await fetch(`${h.baseUrl}/api/podcast-episodes/${episode.id}/transcript.vtt`);
    assert.equal(none.status, 404);
    assert.equal(((await none.json()) as { message: string }).message, 'Episode 310 has no transcript.');
  });
});
