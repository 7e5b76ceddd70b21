import { MediaEvents, type PodcastEpisode } from '@km/contracts/media';
import { eventually, testServers } from '@km/nest-kit/testing';
import { Queue } from 'bullmq';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  caughtMails,
  Client,
  episodeFields,
  episodeForm,
  FIXTURE_SECONDS,
  MB,
  MEDIA_SAMPLES,
  mp3,
  mp4,
  postGeneratedMedia,
  publishedEvents,
  startPodcastHarness,
  thumbnailJpg,
  type Harness,
} from './harness';

let h: Harness;
let admin: Client;
/** Media's own database, for what a test must read or age there. */
let mediaDb: DataSource;
let nextNumber = 100;
/** A number no other test in this file uses. */
const freshNumber = () => String(nextNumber++);

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, admin, mediaDb, stop } = await startPodcastHarness({
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_FORMS_PER_HOUR: '100000',
    PODCAST_FEATURED_VIDEO_URL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }));
});
afterAll(() => stop?.());

const storedKeys = async () => [...(await h.storage.listKeys('media/episodes/')), ...(await h.storage.listKeys('media/thumbnails/'))].sort();
const allEpisodes = async (query = '') => (await new Client(h.gateway).get<PodcastEpisode[]>(`/api/podcast-episodes${query}`)).body;

/**
 * Renditions of earlier WAV/WEBM uploads are written in the background (media's `media-renditions` BullMQ queue);
 * wait until none is queued or running and every episode has its feed media, so they are not taken for leftovers.
 */
async function renditionsSettled() {
  const queue = new Queue('media-renditions', { connection: { url: testServers().KM_TEST_REDIS_URL } });
  try {
    for (let i = 0; i < 900; i++) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (Object.values(counts).every((n) => n === 0) && (await allEpisodes()).every((e) => e.feedMedia !== null)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail('the renditions of earlier uploads did not finish within 90 s');
  } finally {
    await queue.close();
  }
}

/** Runs `act` and checks it left neither an object nor a row behind. */
async function leavesNothing(act: () => Promise<void>) {
  await renditionsSettled();
  const [keysBefore, rowsBefore] = [await storedKeys(), await allEpisodes()];
  await act();
  assert.deepEqual(await storedKeys(), keysBefore);
  assert.deepEqual(await allEpisodes(), rowsBefore);
}

async function upload(overrides: Record<string, string | undefined> = {}, media = mp3(), thumbnail?: ReturnType<typeof thumbnailJpg>): Promise<PodcastEpisode> {
  const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: freshNumber(), ...overrides }), media, thumbnail));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

describe('uploading an episode', () => {
  for (const sample of MEDIA_SAMPLES) {
    test(`an admin uploads ${sample.ext.toUpperCase()} (${sample.mediaType}); the object keeps its exact bytes and sniffed type and is served at videoUrl`, async () => {
      const episode = await upload({ mediaType: sample.mediaType, title: `Sample ${sample.ext}` }, sample.file, thumbnailJpg());
      assert.match(episode.videoUrl, new RegExp(`^/media/episodes/[0-9a-f-]{36}\\.${sample.ext}$`));
      assert.match(episode.thumbnailUrl!, /^\/media\/thumbnails\/[0-9a-f-]{36}\.jpg$/);
      assert.deepEqual([episode.mediaType, episode.mediaSize, episode.mediaContentType], [sample.mediaType, sample.file.data.length, sample.stored]);
      const info = await h.storage.stat(episode.videoUrl.slice(1));
      assert.deepEqual([info?.size, info?.contentType], [sample.file.data.length, sample.stored]);
      const served = await fetch(h.baseUrl + episode.videoUrl);
      assert.equal(served.status, 200);
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), sample.file.data);
    });
  }

  test('the answer has the API shape: tags as a list, duration in seconds, views and likes at 0, and media.episode.published is sent', async () => {
    const number = freshNumber();
    const res = await admin.post(
      '/api/podcast-episodes',
      episodeForm(
        {
          title: '  Kingdom Business  ',
          episodeNumber: number,
          description: 'Purpose.',
          mediaType: 'audio',
          tags: ' faith , business,, faith ',
          duration: '01:02:03',
        },
        mp3(),
      ),
    );
    assert.equal(res.status, 201);
    const episode = res.body as PodcastEpisode;
    assert.deepEqual(
      { ...episode, id: undefined, videoUrl: undefined, feedMedia: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        title: 'Kingdom Business',
        episodeNumber: Number(number),
        description: 'Purpose.',
        mediaType: 'audio',
        videoUrl: undefined,
        thumbnailUrl: null,
        thumbnails: [],
        tags: ['faith', 'business'],
        duration: 3723,
        views: 0,
        likes: 0,
        // the uploader is an admin, who sees downloads
        downloads: 0,
        mediaSize: mp3().data.length,
        mediaContentType: 'audio/mpeg',
        chapters: [],
        transcript: null,
        feedMedia: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    // An MP3 goes into the feed as it is.
    assert.deepEqual(episode.feedMedia, { url: episode.videoUrl, size: mp3().data.length, contentType: 'audio/mpeg' });
    // Media's outbox relay publishes after the answer, from media's own process: wait for it.
    const events = await eventually(async () => {
      const found = await publishedEvents(MediaEvents.episodePublished, (data) => data.episodeId === episode.id);
      return found.length > 0 && found;
    });
    assert.deepEqual(
      events.map((e) => e.data),
      [{ episodeId: episode.id, episodeNumber: Number(number) }],
    );
  });

  test('duration as MM:SS is whole seconds', async () => {
    assert.equal((await upload({ duration: '45:30' })).duration, 2730);
  });

  test('without a duration it is read from the media itself (MP3, M4A, MP4, WEBM, WAV, MOV)', async () => {
    for (const sample of MEDIA_SAMPLES) {
      const episode = await upload({ duration: undefined, mediaType: sample.mediaType }, sample.file);
      assert.equal(episode.duration, FIXTURE_SECONDS, `${sample.ext}: ${episode.duration}`);
    }
  });

  test('a text file renamed .mp3 is a 415 by content, and leaves no object and no row', async () => {
    await leavesNothing(async () => {
      const res = await admin.post(
        '/api/podcast-episodes',
        episodeForm(
          episodeFields({ episodeNumber: freshNumber() }),
          { data: Buffer.from('just some words, not audio at all'), name: 'episode.mp3', type: 'audio/mpeg' },
          thumbnailJpg(),
        ),
      );
      assert.equal(res.status, 415);
      assert.deepEqual(res.body, { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported media type: use MP4, MOV, WEBM, MP3, WAV or M4A.' });
    });
  });

  test('a media file of 501 MB is refused with 413 while it streams, and leaves no object and no row', async () => {
    await leavesNothing(async () => {
      const res = await postGeneratedMedia(h.baseUrl, admin.cookie!, episodeFields({ episodeNumber: freshNumber() }), mp3().data.subarray(0, 4096), 501 * MB);
      assert.equal(res.status, 413);
      assert.deepEqual(res.body, { statusCode: 413, code: 'payload_too_large', message: 'Media file is too large: the limit is 500 MB.' });
    });
  });

  describe('with its size declared before the file (mediaSize, as the site’s form sends it)', () => {
    const generated = (fields: Record<string, string>, size: number) =>
      postGeneratedMedia(h.baseUrl, admin.cookie!, episodeFields({ episodeNumber: freshNumber(), ...fields }), mp3().data.subarray(0, 4096), size);

    test('a file larger than one upload part (12 MB) is stored whole, with its exact size and bytes', async () => {
      const res = await generated({ mediaSize: String(12 * MB) }, 12 * MB);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual([res.body.mediaSize, (await h.storage.stat(res.body.videoUrl.slice(1)))?.size], [12 * MB, 12 * MB]);
      const head = await fetch(h.baseUrl + res.body.videoUrl, { headers: { range: 'bytes=0-4095' } });
      assert.equal(head.status, 206);
      assert.deepEqual(Buffer.from(await head.arrayBuffer()), mp3().data.subarray(0, 4096));
      const end = await fetch(h.baseUrl + res.body.videoUrl, { headers: { range: `bytes=${12 * MB - 4}-` } });
      assert.deepEqual([end.status, [...Buffer.from(await end.arrayBuffer())]], [206, [0, 0, 0, 0]]);
    });

    test('a declared 501 MB is refused with 413 before the file is read, and leaves no object and no row', async () => {
      await leavesNothing(async () => {
        const res = await generated({ mediaSize: String(501 * MB) }, 501 * MB);
        assert.equal(res.status, 413);
        assert.deepEqual(res.body, { statusCode: 413, code: 'payload_too_large', message: 'Media file is too large: the limit is 500 MB.' });
      });
    });

    test('a file longer or shorter than declared is a 400 naming mediaSize, and leaves no object and no row', async () => {
      const size = mp3().data.length;
      for (const [declared, has] of [
        [size - 1, 'more'],
        [size + 1, String(size)],
      ] as const) {
        await leavesNothing(async () => {
          const res = await admin.post(
            '/api/podcast-episodes',
            episodeForm(episodeFields({ episodeNumber: freshNumber(), mediaSize: String(declared) }), mp3()),
          );
          assert.equal(res.status, 400);
          const message = `mediaSize says ${declared} bytes but the file has ${has}: send the file's exact size in bytes, or leave mediaSize out.`;
          assert.deepEqual(res.body, { statusCode: 400, code: 'invalid', message, details: { fields: [{ field: 'mediaSize', message }] } });
        });
      }
    });

    test('a mediaSize that is not a whole number of bytes is a 400 naming it, and leaves nothing', async () => {
      await leavesNothing(async () => {
        const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: freshNumber(), mediaSize: '12.5MB' }), mp3()));
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.details, {
          fields: [{ field: 'mediaSize', message: 'mediaSize must be the size of media in bytes, a whole number (or leave it out).' }],
        });
      });
    });
  });

  test('media that does not match mediaType is a 400 naming media, and leaves nothing', async () => {
    await leavesNothing(async () => {
      const res = await admin.post(
        '/api/podcast-episodes',
        episodeForm(episodeFields({ episodeNumber: freshNumber(), mediaType: 'video' }), mp3(), thumbnailJpg()),
      );
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'media is MP3 audio but mediaType is video: upload MP4, MOV or WEBM, or change mediaType');
    });
  });

  test('every missing or bad field is named in one 400, and nothing is stored', async () => {
    await leavesNothing(async () => {
      const res = await admin.post(
        '/api/podcast-episodes',
        episodeForm({ title: ' ', episodeNumber: 'two', description: undefined, mediaType: 'podcast', duration: '1:75' }, undefined, thumbnailJpg()),
      );
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.details.fields.map((f: { field: string }) => f.field),
        ['title', 'episodeNumber', 'description', 'mediaType', 'duration', 'media'],
      );
      assert.equal(
        res.body.message,
        'title is required; episodeNumber must be a whole number from 1; description is required; mediaType must be one of video, audio; duration must be HH:MM:SS or MM:SS, like 00:45:30 or 45:30; media is required: an MP4, MOV or WEBM video or an MP3, WAV or M4A audio file',
      );
    });
  });

  test('a second episode with the same episodeNumber is a 409 with a message, and its upload is removed', async () => {
    const first = await upload({ title: 'The first' });
    await leavesNothing(async () => {
      const res = await admin.post(
        '/api/podcast-episodes',
        episodeForm(episodeFields({ episodeNumber: String(first.episodeNumber), mediaType: 'video' }), mp4(), thumbnailJpg()),
      );
      assert.equal(res.status, 409);
      assert.equal(res.body.code, 'conflict');
      assert.equal(res.body.details.reason, 'episode_number_taken');
      assert.equal(res.body.message, `Episode number ${first.episodeNumber} is already used by another episode. Choose a different episode number.`);
    });
  });

  test('a visitor may not upload (401) and a refused upload stores nothing', async () => {
    await leavesNothing(async () => {
      const res = await new Client(h.gateway).post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: freshNumber() }), mp3()));
      assert.equal(res.status, 401);
    });
  });
});

describe('the list', () => {
  test('is latest first by episodeNumber; oldest reverses it; popular is views then the newest; pages follow the same order', async () => {
    const numbers = [freshNumber(), freshNumber(), freshNumber()];
    for (const n of numbers) await upload({ episodeNumber: n, title: `Episode ${n}` });
    const latest = await allEpisodes();
    const byNumber = [...latest].sort((a, b) => b.episodeNumber - a.episodeNumber);
    assert.deepEqual(
      latest.map((e) => e.episodeNumber),
      byNumber.map((e) => e.episodeNumber),
    );
    assert.deepEqual(
      (await allEpisodes('?sort=oldest')).map((e) => e.episodeNumber),
      [...byNumber].reverse().map((e) => e.episodeNumber),
    );
    // The oldest of the three gets two plays, the middle one one: they lead Most Popular in that order.
    const [newest, middle, oldest] = [...numbers].reverse().map((n) => latest.find((e) => e.episodeNumber === Number(n))!);
    const visitorA = new Client(h.gateway, { 'user-agent': 'popular-a' });
    const visitorB = new Client(h.gateway, { 'user-agent': 'popular-b' });
    await visitorA.post(`/api/podcast-episodes/${oldest.id}/views`);
    await visitorB.post(`/api/podcast-episodes/${oldest.id}/views`);
    await visitorA.post(`/api/podcast-episodes/${middle.id}/views`);
    const popular = await allEpisodes('?sort=popular');
    assert.deepEqual(
      popular.slice(0, 2).map((e) => [e.id, e.views]),
      [
        [oldest.id, 2],
        [middle.id, 1],
      ],
    );
    // Unviewed episodes follow, newest first.
    const rest = popular.slice(2).map((e) => e.episodeNumber);
    assert.deepEqual(
      rest,
      [...rest].sort((a, b) => b - a),
    );
    assert.ok(rest.indexOf(newest.episodeNumber) >= 0);

    const total = latest.length;
    const page1 = await new Client(h.gateway).get('/api/podcast-episodes?page=1&pageSize=2');
    const page2 = await new Client(h.gateway).get('/api/podcast-episodes?page=2&pageSize=2');
    assert.deepEqual([page1.body.total, page1.body.page, page1.body.pageSize], [total, 1, 2]);
    assert.deepEqual(
      [...page1.body.items, ...page2.body.items].map((e: PodcastEpisode) => e.id),
      latest.slice(0, 4).map((e) => e.id),
    );
    const popularPage = await new Client(h.gateway).get('/api/podcast-episodes?sort=popular&page=1&pageSize=2');
    assert.deepEqual(
      popularPage.body.items.map((e: PodcastEpisode) => e.id),
      [oldest.id, middle.id],
    );
  });

  test('bad query values are a 400 naming the parameter', async () => {
    const res = await new Client(h.gateway).get('/api/podcast-episodes?sort=best&page=0&pageSize=500');
    assert.equal(res.status, 400);
    assert.equal(
      res.body.message,
      'sort must be one of latest, oldest, popular; page must be a whole number from 1; pageSize must be a whole number from 1 to 100',
    );
  });
});

describe('counting plays', () => {
  test('a refresh loop counts one play per visitor per 24 hours; another user agent is another visitor', async () => {
    const episode = await upload();
    const visitor = new Client(h.gateway, { 'user-agent': 'refresh-loop' });
    const first = await visitor.post(`/api/podcast-episodes/${episode.id}/views`);
    assert.deepEqual([first.status, first.body], [200, { id: episode.id, views: 1, counted: true }]);
    for (let i = 0; i < 5; i++)
      assert.deepEqual((await visitor.post(`/api/podcast-episodes/${episode.id}/views`)).body, { id: episode.id, views: 1, counted: false });
    const other = await new Client(h.gateway, { 'user-agent': 'another-browser' }).post(`/api/podcast-episodes/${episode.id}/views`);
    assert.deepEqual(other.body, { id: episode.id, views: 2, counted: true });
  });

  test('30 simultaneous plays by one visitor count exactly once', async () => {
    const episode = await upload();
    const visitor = new Client(h.gateway, { 'user-agent': 'racing-visitor' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => visitor.post(`/api/podcast-episodes/${episode.id}/views`)));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(30).fill(200),
    );
    assert.equal(answers.filter((a) => a.body.counted).length, 1);
    assert.equal((await new Client(h.gateway).get(`/api/podcast-episodes/${episode.id}`)).body.views, 1);
  });

  test('a play older than 24 hours no longer holds the next one back', async () => {
    const episode = await upload();
    const visitor = new Client(h.gateway, { 'user-agent': 'next-day' });
    await visitor.post(`/api/podcast-episodes/${episode.id}/views`);
    await mediaDb.query(`UPDATE episode_views SET counted_at = now() - interval '24 hours 1 second' WHERE episode_id = $1`, [episode.id]);
    assert.deepEqual((await visitor.post(`/api/podcast-episodes/${episode.id}/views`)).body, { id: episode.id, views: 2, counted: true });
  });

  test('the visitor is stored only as a hash, never the address or user agent', async () => {
    const episode = await upload();
    await new Client(h.gateway, { 'user-agent': 'Visible-Agent/1.0' }).post(`/api/podcast-episodes/${episode.id}/views`);
    const rows: { visitor: string }[] = await mediaDb.query(`SELECT visitor FROM episode_views WHERE episode_id = $1`, [episode.id]);
    assert.equal(rows.length, 1);
    assert.match(rows[0].visitor, /^[0-9a-f]{64}$/);
  });

  test('an unknown episode is a 404', async () => {
    const res = await new Client(h.gateway).post('/api/podcast-episodes/00000000-0000-4000-8000-000000000000/views');
    assert.equal(res.status, 404);
  });
});

describe('editing and deleting', () => {
  test('an admin edits the text fields; a taken episodeNumber is a 409', async () => {
    const episode = await upload();
    const other = await upload();
    const res = await admin.patch(`/api/podcast-episodes/${episode.id}`, { title: 'Renamed', tags: 'one, two', duration: '10:00' });
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.title, res.body.tags, res.body.duration, res.body.videoUrl], ['Renamed', ['one', 'two'], 600, episode.videoUrl]);
    const clash = await admin.patch(`/api/podcast-episodes/${episode.id}`, { episodeNumber: other.episodeNumber });
    assert.deepEqual([clash.status, clash.body.details.reason], [409, 'episode_number_taken']);
    const visitor = await new Client(h.gateway).patch(`/api/podcast-episodes/${episode.id}`, { title: 'Nope' });
    assert.equal(visitor.status, 401);
  });

  test('an admin deletes an episode; its media and thumbnail objects go with it', async () => {
    const episode = await upload({}, mp3(), thumbnailJpg());
    const res = await admin.delete(`/api/podcast-episodes/${episode.id}`);
    assert.equal(res.status, 204);
    assert.equal((await new Client(h.gateway).get(`/api/podcast-episodes/${episode.id}`)).status, 404);
    assert.equal(await h.storage.stat(episode.videoUrl.slice(1)), undefined);
    assert.equal(await h.storage.stat(episode.thumbnailUrl!.slice(1)), undefined);
    assert.equal(await h.storage.stat(episode.thumbnails[0].url.slice(1)), undefined);
  });

  test('an episode played just before its deletion is not served after it, though this gateway had copied its media', async () => {
    const episode = await upload({}, mp3(), thumbnailJpg());
    const deadline = Date.now() + 10_000;
    while ((await fetch(h.baseUrl + episode.videoUrl, { headers: { range: 'bytes=0-9' } })).headers.get('x-cache') !== 'HIT') {
      assert.ok(Date.now() < deadline, 'the gateway made no copy of the media within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await admin.delete(`/api/podcast-episodes/${episode.id}`)).status, 204);
    const after = await fetch(h.baseUrl + episode.videoUrl, { headers: { range: 'bytes=0-9' } });
    assert.equal(after.status, 404);
    // Pictures are not copied: a thumbnail is read from storage every time.
    const thumbnail = (await upload({}, mp3(), thumbnailJpg())).thumbnailUrl!;
    assert.equal((await fetch(h.baseUrl + thumbnail)).headers.get('x-cache'), 'MISS');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await fetch(h.baseUrl + thumbnail)).headers.get('x-cache'), 'MISS');
  });

  test('a thumbnail gets a WEBP copy beside it, never wider than the original (160 px here), listed in thumbnails and served', async () => {
    const episode = await upload({}, mp3(), thumbnailJpg());
    assert.deepEqual(episode.thumbnails, [{ url: episode.thumbnailUrl!.replace(/\.jpg$/, '-w160.webp'), width: 160 }]);
    const served = await fetch(h.baseUrl + episode.thumbnails[0].url);
    assert.deepEqual([served.status, served.headers.get('content-type')], [200, 'image/webp']);
    const { format, width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    assert.deepEqual({ format, width, height }, { format: 'webp', width: 160, height: 160 });
    assert.deepEqual((await new Client(h.gateway).get(`/api/podcast-episodes/${episode.id}`)).body.thumbnails, episode.thumbnails);
  });
});

describe('podcast subscriptions', () => {
  const subscriber = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ruth',
    lastName: 'Moab',
    email: 'ruth@example.com',
    phone: '555-0100',
    preferredFormat: 'both',
    interests: ['faith', 'business'],
    howHeardAboutUs: 'youtube',
    wantsNewsletter: true,
    ...overrides,
  });

  test('a visitor subscribes with the fields of spec §3', async () => {
    const res = await new Client(h.gateway).post('/api/podcast-subscriptions', subscriber());
    assert.deepEqual([res.status, res.body], [201, { email: subscriber().email, message: 'Thank you for subscribing to the Kingdom Marketplace podcast.' }]);
  });

  test('the same email again (any letter case) answers exactly as a new one, and its owner is told by email in the spec’s words', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const first = await new Client(h.gateway).post('/api/podcast-subscriptions', subscriber({ email }));
    const again = await new Client(h.gateway).post('/api/podcast-subscriptions', subscriber({ email: email.toUpperCase() }));
    assert.deepEqual([again.status, again.body.message], [first.status, first.body.message]);
    const told = await eventually(async () => (await caughtMails("You're already subscribed")).find((m) => m.to[0].address.toLowerCase() === email), 10_000);
    assert.match(told.text, /You're already subscribed with this email address/);
  });

  test('only the browser that subscribed an address hears it is already subscribed: 409 whose text says the email must be unique (spec §8)', async () => {
    const email = `mine-${Date.now()}@example.com`;
    const browser = new Client(h.gateway);
    assert.equal((await browser.post('/api/podcast-subscriptions', subscriber({ email }))).status, 201);
    const again = await browser.post('/api/podcast-subscriptions', subscriber({ email: email.toUpperCase() }));
    assert.deepEqual(
      [again.status, again.body.details.reason, again.body.message],
      [409, 'already_subscribed', 'This email address is already subscribed to the podcast: each subscription needs a unique email address.'],
    );
    // A forged or foreign mark is no key: another browser, or one with a made-up cookie, hears the ordinary answer.
    const forged = await new Client(h.gateway).post('/api/podcast-subscriptions', subscriber({ email }), {
      cookie: `km_podcast_subscribed=${'A'.repeat(22)}`,
    });
    assert.equal(forged.status, 201);
  });

  test('firstName and email are required; the rest is optional and defaults to email only', async () => {
    const bad = await new Client(h.gateway).post('/api/podcast-subscriptions', { email: 'not-an-email' });
    assert.deepEqual([bad.status, bad.body.message], [400, 'firstName is required; email must be a valid email address']);
    const minimal = await new Client(h.gateway).post('/api/podcast-subscriptions', { firstName: 'Eli', email: 'eli@example.com' });
    assert.equal(minimal.status, 201);
    const [row] = await mediaDb.query(
      `SELECT preferred_format, interests, last_name, wants_newsletter FROM podcast_subscriptions WHERE email = 'eli@example.com'`,
    );
    assert.deepEqual([row.preferred_format, row.interests, row.last_name, row.wants_newsletter], ['email', [], null, false]);
  });
});

test('the configured featured video: GET /api/config/podcast answers its player address and the CSP lets that player frame in', async () => {
  const res = await fetch(`${h.baseUrl}/api/config/podcast`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    featuredVideoEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    feedUrl: 'http://localhost:3999/feeds/podcast.xml',
    followLinks: [],
  });
  const frameSrc = res.headers
    .get('content-security-policy')!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-src '))!;
  assert.ok(frameSrc.split(' ').includes('https://www.youtube-nocookie.com'), frameSrc);
  assert.ok(!frameSrc.includes('vimeo'), frameSrc);
});
