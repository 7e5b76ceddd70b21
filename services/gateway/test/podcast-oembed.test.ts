import type { PodcastEpisode } from '@km/contracts/media';
import assert from 'node:assert/strict';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { ORIGIN, webDistWithIndex } from './page-heads';
import { episodeFields, episodeForm, MEDIA_SAMPLES, thumbnailJpg } from './podcast-fixtures';

// A ministry embeds an episode on its own site (ADR 0069): the player page any site may frame, and oEmbed to find it.

let h: Harness;
let admin: Client;
let dist: ReturnType<typeof webDistWithIndex>;
let audio: PodcastEpisode;
let video: PodcastEpisode;

beforeAll(async () => {
  dist = webDistWithIndex();
  h = await startHarness({ media: {}, gateway: { WEB_DIST_DIR: dist.dir, RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  const upload = async (sample: (typeof MEDIA_SAMPLES)[number], episodeNumber: string, title: string) => {
    const res = await admin.post(
      '/api/podcast-episodes',
      episodeForm(episodeFields({ episodeNumber, mediaType: sample.mediaType, title }), sample.file, thumbnailJpg()),
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as PodcastEpisode;
  };
  audio = await upload(MEDIA_SAMPLES[0], '8101', 'Faith & <Work> "at" home');
  video = await upload(
    MEDIA_SAMPLES.find((s) => s.ext === 'mp4')!,
    '8102',
    'Serving your city',
  );
});
afterAll(async () => {
  await h?.stop();
  dist?.remove();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(h.baseUrl + url, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
};
const oembed = (params: Record<string, string>) => get(`/api/oembed?${new URLSearchParams(params)}`);
const pageUrl = (e: PodcastEpisode, slug = 'faith-work-at-home') => `${ORIGIN}/podcast/${e.episodeNumber}-${slug}`;

describe('GET /embed/episodes/{id}', () => {
  test('is a small page with the title, picture, the player with the episode’s sources and a link back to its page', async () => {
    // The thumbnail's WEBP copies as the media service holds them now.
    audio = (await admin.get(`/api/podcast-episodes/${audio.id}`)).body;
    video = (await admin.get(`/api/podcast-episodes/${video.id}`)).body;
    const res = await get(`/embed/episodes/${audio.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.ok(res.body.length < 4096, `${res.body.length} bytes`);
    assert.ok(!res.body.includes('<script'), 'no script at all');
    assert.match(res.body, /<title>Episode 8101: Faith &amp; &lt;Work&gt; &quot;at&quot; home \| Kingdom Marketplace Podcast<\/title>/);
    assert.ok(res.body.includes(`<audio controls preload="metadata" aria-label="Play Episode 8101: Faith &amp; &lt;Work&gt; &quot;at&quot; home">`));
    assert.ok(res.body.includes(`<source src="${audio.videoUrl}" type="audio/mpeg">`));
    assert.ok(res.body.includes(`<a href="${pageUrl(audio)}" target="_blank" rel="noopener">Episode 8101: Faith &amp; &lt;Work&gt; &quot;at&quot; home</a>`));
    assert.ok(res.body.includes(`<img src="${audio.thumbnails[0].url}" alt=""`));
    const player = await get(`/embed/episodes/${video.id}`);
    assert.ok(player.body.includes(`<video controls preload="metadata" poster="${video.thumbnails[0].url}" playsinline`));
    assert.ok(player.body.includes(`<source src="${video.videoUrl}" type="video/mp4">`));
  });

  test('is the only address other sites may frame: frame-ancestors * there, every other page keeps refusing framing', async () => {
    const embed = await get(`/embed/episodes/${audio.id}`);
    const csp = embed.headers.get('content-security-policy')!;
    assert.equal(
      csp,
      "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
    );
    assert.equal(embed.headers.get('x-frame-options'), null);
    assert.equal(embed.headers.get('cross-origin-resource-policy'), 'cross-origin');
    for (const other of [
      '/',
      '/podcast',
      pageUrl(audio).slice(ORIGIN.length),
      '/api/podcast-episodes',
      `/api/oembed?url=${encodeURIComponent(pageUrl(audio))}`,
      '/feeds/podcast.xml',
    ]) {
      const res = await get(other, { accept: 'text/html' });
      assert.ok([200, 301].includes(res.status), `${other}: ${res.status}`);
      assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/, other);
      assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN', other);
    }
    // A look-alike address is not the embed: it keeps the site's headers.
    for (const lookAlike of [`/embed/episodes/${audio.id}/x`, `/embed/episodes`, `/embed/products/${audio.id}`]) {
      const res = await get(lookAlike);
      assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/, lookAlike);
    }
  });

  test('an unknown or malformed id is 404 (an encoded slash 400, refused before routing), and hostile ids are never echoed into a page', async () => {
    const cases: [string, number][] = [
      ['00000000-0000-4000-8000-000000000000', 404],
      ['not-an-id', 404],
      ['%3Cscript%3Ealert(1)%3C', 404],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 400],
      ["1'%20OR%20'1'%3D'1", 404],
      ['a'.repeat(500), 404],
    ];
    for (const [id, status] of cases) {
      const res = await get(`/embed/episodes/${id}`);
      assert.equal(res.status, status, id);
      assert.ok(!res.body.includes('<script'), id);
      assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/, id);
    }
  });
});

describe('GET /api/oembed', () => {
  test('answers an episode page with a rich oEmbed: the iframe, its size, the title, thumbnail and provider', async () => {
    const res = await oembed({ url: pageUrl(audio), format: 'json' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^application\/json/);
    assert.deepEqual(JSON.parse(res.body), {
      version: '1.0',
      type: 'rich',
      title: 'Episode 8101: Faith & <Work> "at" home',
      provider_name: 'Kingdom Marketplace',
      provider_url: `${ORIGIN}/`,
      cache_age: 3600,
      thumbnail_url: `${ORIGIN}/podcast-cover.jpg`,
      thumbnail_width: 1400,
      thumbnail_height: 1400,
      html:
        `<iframe src="${ORIGIN}/embed/episodes/${audio.id}" width="640" height="152" ` +
        'title="Kingdom Marketplace Podcast: Faith &amp; &lt;Work&gt; &quot;at&quot; home" style="border:0" loading="lazy" allow="autoplay; fullscreen" allowfullscreen></iframe>',
      width: 640,
      height: 152,
    });
    // Without format, with a stale slug or none: the number decides, as for the page itself (ADR 0045).
    for (const url of [pageUrl(audio, 'old-title'), `${ORIGIN}/podcast/${audio.episodeNumber}`, `${pageUrl(audio)}/`, `${pageUrl(audio)}?t=30#x`])
      assert.equal(JSON.parse((await oembed({ url })).body).html, JSON.parse(res.body).html, url);
  });

  test('honours maxwidth and maxheight: a video keeps its 16:9 picture and never passes either', async () => {
    const size = async (params: Record<string, string>) => {
      const body = JSON.parse((await oembed({ url: pageUrl(video, 'serving-your-city'), ...params })).body);
      assert.ok(body.html.includes(`width="${body.width}" height="${body.height}"`));
      return [body.width, body.height];
    };
    assert.deepEqual(await size({}), [640, 424]);
    assert.deepEqual(await size({ maxwidth: '320' }), [320, 244]);
    assert.deepEqual(await size({ maxwidth: '2000' }), [640, 424]);
    assert.deepEqual(await size({ maxheight: '244' }), [320, 244]);
    assert.deepEqual(await size({ maxwidth: '300', maxheight: '1000' }), [300, 233]);
    const audioBody = JSON.parse((await oembed({ url: pageUrl(audio), maxwidth: '280', maxheight: '100' })).body);
    assert.deepEqual([audioBody.width, audioBody.height], [280, 100]);
  });

  test('format=xml (or any format but json) is 501 Not Implemented', async () => {
    for (const format of ['xml', 'XML', 'yaml']) {
      const res = await oembed({ url: pageUrl(audio), format });
      assert.equal(res.status, 501, format);
      assert.equal(JSON.parse(res.body).code, 'not_implemented');
    }
  });

  test('an address that is not one of our episode pages is 404: unknown numbers, other pages, other sites, look-alike hosts', async () => {
    for (const url of [
      `${ORIGIN}/podcast/999999-nothing`,
      `${ORIGIN}/podcast`,
      `${ORIGIN}/products/bible`,
      `https://evil.example/podcast/${audio.episodeNumber}-faith`,
      `http://localhost:3999.evil.example/podcast/${audio.episodeNumber}`,
      `http://evil.example@localhost:3998/podcast/${audio.episodeNumber}`,
      `javascript:alert(1)//localhost:3999/podcast/${audio.episodeNumber}`,
      `/podcast/${audio.episodeNumber}`,
      'not a url',
    ]) {
      const res = await oembed({ url });
      assert.equal(res.status, 404, url);
      assert.equal(JSON.parse(res.body).code, 'not_found', url);
    }
  });

  test('bad input is a 400 naming what to fix, never a 500', async () => {
    const cases: [string, string][] = [
      ['', 'url'],
      [`url=${encodeURIComponent(pageUrl(audio))}&maxwidth=-5`, 'maxwidth'],
      [`url=${encodeURIComponent(pageUrl(audio))}&maxwidth=0`, 'maxwidth'],
      [`url=${encodeURIComponent(pageUrl(audio))}&maxheight=1e9`, 'maxheight'],
      [`url=${encodeURIComponent(pageUrl(audio))}&url=${encodeURIComponent(pageUrl(video))}`, 'url'],
      [`url=${'x'.repeat(3000)}`, 'url'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/oembed?${query}`);
      assert.equal(res.status, 400, query);
      const body = JSON.parse(res.body);
      assert.equal(body.code, 'invalid', query);
      assert.ok(JSON.stringify(body.details).includes(field), `${query}: ${res.body}`);
    }
  });

  test('episode pages announce their oEmbed with a discovery link in the head', async () => {
    const res = await get(pageUrl(audio).slice(ORIGIN.length), { accept: 'text/html' });
    assert.equal(res.status, 200);
    const href = `${ORIGIN}/api/oembed?url=${encodeURIComponent(pageUrl(audio))}&amp;format=json`;
    assert.ok(
      res.body.includes(
        `<link rel="alternate" type="application/json+oembed" href="${href}" title="Episode 8101: Faith &amp; &lt;Work&gt; &quot;at&quot; home">`,
      ),
      res.body,
    );
    const discovered = await get(href.replace('&amp;', '&').slice(ORIGIN.length));
    assert.equal(JSON.parse(discovered.body).type, 'rich');
  });
});
