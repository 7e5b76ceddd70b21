import type { PodcastEpisode } from '@km/contracts/media';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import assert from 'node:assert/strict';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { episodeFields, episodeForm, MEDIA_SAMPLES, thumbnailJpg } from './podcast-fixtures';

let h: Harness;
let admin: Client;
const uploaded: PodcastEpisode[] = [];
let nextNumber = 700;
const HOSTS = [{ name: 'Grace & "Joy" <Host>', href: 'https://example.org/grace', img: 'https://example.org/grace.jpg' }, { name: 'Daniel Okafor' }];

beforeAll(async () => {
  h = await startHarness({
    media: {},
    gateway: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_FEEDS_PER_MINUTE: '100000', PODCAST_HOSTS: JSON.stringify(HOSTS) },
  });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  for (const sample of MEDIA_SAMPLES) {
    const res = await admin.post(
      '/api/podcast-episodes',
      episodeForm(
        episodeFields({ episodeNumber: String(nextNumber++), mediaType: sample.mediaType, title: `Feed ${sample.ext} & <friends>` }),
        sample.file,
        thumbnailJpg(),
      ),
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    uploaded.push(res.body);
  }
});
afterAll(async () => {
  await h.stop();
});

/** The feed's answer, read to the end (an unread body keeps its connection open and the gateway could not close). */
async function getFeed(headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${h.baseUrl}/feeds/podcast.xml`, { method, headers });
  const body = await res.text();
  return { status: res.status, headers: res.headers, text: async () => body };
}
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe('GET /feeds/podcast.xml', () => {
  test('is well-formed RSS 2.0 with the channel fields Apple Podcasts and PSP-1 ask for', async () => {
    const res = await getFeed();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/rss+xml; charset=utf-8');
    const xml = await res.text();
    assert.equal(XMLValidator.validate(xml), true);
    const { rss } = parser.parse(xml);
    assert.equal(rss['@version'], '2.0');
    const channel = rss.channel;
    assert.equal(channel.title, 'Kingdom Marketplace Podcast');
    assert.equal(channel.link, 'http://localhost:3999/podcast');
    assert.ok(channel.description.length > 20);
    assert.equal(channel.language, 'en-us');
    assert.deepEqual(channel['atom:link'], { '@href': 'http://localhost:3999/feeds/podcast.xml', '@rel': 'self', '@type': 'application/rss+xml' });
    assert.equal(channel['itunes:image']['@href'], 'http://localhost:3999/podcast-cover.jpg');
    assert.equal(channel['itunes:category']['@text'], 'Religion & Spirituality');
    assert.equal(channel['itunes:category']['itunes:category']['@text'], 'Christianity');
    assert.equal(channel['itunes:explicit'], false);
    assert.equal(channel['itunes:author'], 'Kingdom Marketplace');
    assert.equal(channel['itunes:owner']['itunes:email'], 'podcast@kingdommarketplace.example');
    assert.match(channel['podcast:guid'], /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(channel['podcast:locked'], { '#text': 'yes', '@owner': 'podcast@kingdommarketplace.example' });
  });

  test('names Marketshare as its podcast:funding and each configured host as a podcast:person (ADR 0069)', async () => {
    const xml = await (await getFeed()).text();
    assert.equal(XMLValidator.validate(xml), true);
    const channel = parser.parse(xml).rss.channel;
    assert.deepEqual(channel['podcast:funding'], { '#text': 'Support the show: join Marketshare', '@url': 'http://localhost:3999/marketshare' });
    assert.deepEqual(channel['podcast:person'], [
      { '#text': 'Grace & "Joy" <Host>', '@role': 'host', '@href': 'https://example.org/grace', '@img': 'https://example.org/grace.jpg' },
      { '#text': 'Daniel Okafor', '@role': 'host' },
    ]);
  });

  test('a WAV or WEBM upload is not in the feed at first: the podcast apps do not accept them', () => {
    for (const episode of uploaded) {
      const direct = ['audio/mpeg', 'audio/mp4', 'video/mp4', 'video/quicktime'].includes(episode.mediaContentType);
      assert.deepEqual(episode.feedMedia, direct ? { url: episode.videoUrl, size: episode.mediaSize, contentType: episode.mediaContentType } : null);
    }
  });

  test('lists every episode latest first once WAV and WEBM have their M4A/MP4 rendition; each enclosure length is its object’s exact size', async () => {
    // The renditions job (ffmpeg) runs after the upload: wait until the feed lists all six.
    let items: any[] = [];
    for (let i = 0; i < 200 && items.length < uploaded.length; i++) {
      items = asList<any>(parser.parse(await (await getFeed()).text()).rss.channel.item);
      if (items.length < uploaded.length) await new Promise((r) => setTimeout(r, 100));
    }
    const listed = [...uploaded].sort((a, b) => b.episodeNumber - a.episodeNumber);
    assert.deepEqual(
      items.map((item) => item['itunes:episode']),
      listed.map((e) => e.episodeNumber),
    );
    const expectedType: Record<string, string> = { 'audio/wav': 'audio/mp4', 'video/webm': 'video/mp4' };
    for (const [i, item] of items.entries()) {
      const episode = listed[i];
      assert.equal(item.title, episode.title);
      assert.equal(item.description, episode.description);
      assert.equal(item.guid['#text'], `kingdom-marketplace-episode-${episode.id}`);
      assert.equal(item.guid['@isPermaLink'], 'false');
      assert.equal(new Date(item.pubDate).toISOString(), new Date(Math.floor(Date.parse(episode.createdAt) / 1000) * 1000).toISOString());
      assert.equal(item['itunes:duration'], episode.duration);
      assert.equal(item['itunes:image']['@href'], `http://localhost:3999${episode.thumbnailUrl}`);
      const enclosure = item.enclosure;
      assert.equal(enclosure['@type'], expectedType[episode.mediaContentType] ?? episode.mediaContentType);
      const url = new URL(enclosure['@url']);
      assert.equal(url.origin, 'http://localhost:3999');
      const current = (await admin.get(`/api/podcast-episodes/${episode.id}`)).body as PodcastEpisode;
      const info = await h.storage.stat(current.feedMedia!.url.slice(1));
      assert.equal(Number(enclosure['@length']), info!.size);
      assert.equal(info!.contentType, enclosure['@type']);
      const served = await fetch(h.baseUrl + url.pathname);
      assert.equal(served.status, 200);
      const bytes = Buffer.from(await served.arrayBuffer());
      assert.equal(bytes.length, Number(enclosure['@length']));
      if (expectedType[episode.mediaContentType]) {
        // A real MP4 container made by ffmpeg, not the original renamed; the site's player keeps the original.
        assert.equal(bytes.toString('latin1', 4, 8), 'ftyp');
        assert.equal(current.videoUrl, episode.videoUrl);
        assert.notEqual(current.feedMedia!.url, episode.videoUrl);
      }
    }
  });

  test('answers 304 to its ETag and to If-Modified-Since, HEAD without a body; a new episode changes the ETag', async () => {
    const first = await getFeed();
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.ok(lastModified);
    assert.equal((await getFeed({ 'if-none-match': etag })).status, 304);
    assert.equal((await getFeed({ 'if-modified-since': lastModified })).status, 304);
    assert.equal((await getFeed({ 'if-modified-since': new Date(Date.parse(lastModified) - 2000).toUTCString() })).status, 200);
    const head = await getFeed({}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal((await head.text()).length, 0);

    const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: String(nextNumber++) }), MEDIA_SAMPLES[0].file));
    assert.equal(res.status, 201);
    const after = await getFeed({ 'if-none-match': etag });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), etag);
  });

  test('enclosures answer HEAD, a 2-byte probe with 206 and an impossible range with 416', async () => {
    const mp3 = uploaded[0];
    const url = h.baseUrl + mp3.videoUrl;
    const head = await fetch(url, { method: 'HEAD' });
    await head.arrayBuffer();
    assert.deepEqual([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')], [200, String(mp3.mediaSize), 'bytes']);
    const probe = await fetch(url, { headers: { range: 'bytes=0-1' } });
    assert.deepEqual([probe.status, probe.headers.get('content-range'), (await probe.arrayBuffer()).byteLength], [206, `bytes 0-1/${mp3.mediaSize}`, 2]);
    const beyond = await fetch(url, { headers: { range: `bytes=${mp3.mediaSize}-` } });
    await beyond.arrayBuffer();
    assert.deepEqual([beyond.status, beyond.headers.get('content-range')], [416, `bytes */${mp3.mediaSize}`]);
  });
});
