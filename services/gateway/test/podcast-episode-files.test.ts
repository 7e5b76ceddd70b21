import type { PodcastEpisode } from '@km/contracts/media';
import assert from 'node:assert/strict';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { episodeFields, episodeForm, FIXTURE_SECONDS, mp3, mp4, thumbnailJpg } from './podcast-fixtures';

// An admin replaces an episode's media, thumbnail or both (ADR 0054): new objects in, old ones out, nothing left over.
let h: Harness;
let admin: Client;
let nextNumber = 1;

beforeAll(async () => {
  h = await startHarness({ media: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
});
afterAll(async () => {
  await h?.stop();
});

const storedKeys = async () => [...(await h.storage.listKeys('media/episodes/')), ...(await h.storage.listKeys('media/thumbnails/'))].sort();

async function upload(): Promise<PodcastEpisode> {
  const res = await admin.post(
    '/api/podcast-episodes',
    episodeForm(episodeFields({ episodeNumber: String(nextNumber++), duration: undefined }), mp3(), thumbnailJpg()),
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const filesForm = (fields: Record<string, string>, media?: ReturnType<typeof mp4>, thumbnail?: ReturnType<typeof thumbnailJpg>) =>
  episodeForm(fields, media, thumbnail);

describe("replacing an episode's files (ADR 0054)", () => {
  test('a new thumbnail replaces the old one and its sized copies; the media stays', async () => {
    const episode = await upload();
    const res = await admin.put(`/api/podcast-episodes/${episode.id}/files`, filesForm({}, undefined, thumbnailJpg()));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const replaced = res.body as PodcastEpisode;
    assert.notEqual(replaced.thumbnailUrl, episode.thumbnailUrl);
    assert.match(replaced.thumbnailUrl!, /^\/media\/thumbnails\/[0-9a-f-]{36}\.jpg$/);
    assert.equal(replaced.videoUrl, episode.videoUrl);
    assert.deepEqual(
      replaced.thumbnails.map((t) => t.width),
      episode.thumbnails.map((t) => t.width),
    );
    const keys = await storedKeys();
    assert.ok(!keys.some((key) => key.startsWith(episode.thumbnailUrl!.slice(1).replace(/\.jpg$/, ''))), 'the old thumbnail and its copies are gone');
    assert.ok(keys.includes(replaced.thumbnailUrl!.slice(1)));
  });

  test('new media of another kind with its mediaType: the episode points at it, its duration is read again, the old file is gone', async () => {
    const episode = await upload();
    const res = await admin.put(`/api/podcast-episodes/${episode.id}/files`, filesForm({ mediaType: 'video' }, mp4()));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const replaced = res.body as PodcastEpisode;
    assert.deepEqual(
      [replaced.mediaType, replaced.mediaContentType, replaced.mediaSize, replaced.duration],
      ['video', 'video/mp4', mp4().data.length, FIXTURE_SECONDS],
    );
    assert.match(replaced.videoUrl, /^\/media\/episodes\/[0-9a-f-]{36}\.mp4$/);
    assert.equal(replaced.thumbnailUrl, episode.thumbnailUrl);
    assert.equal((await fetch(h.baseUrl + episode.videoUrl)).status, 404);
    const served = await fetch(h.baseUrl + replaced.videoUrl);
    assert.equal(served.status, 200);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), mp4().data);
    assert.equal(((await admin.get(`/api/podcast-episodes/${episode.id}`)).body as PodcastEpisode).videoUrl, replaced.videoUrl);
  });

  test('bad requests are a clear 400 or 404 and leave no object behind: nothing sent, media not of its type, a type without media, an unknown episode', async () => {
    const episode = await upload();
    const before = await storedKeys();
    const cases: [string, FormData, number, string][] = [
      [episode.id, filesForm({}), 400, 'media: send a new media file, a new thumbnail, or both'],
      [episode.id, filesForm({}, mp4()), 400, 'media is video/mp4 but mediaType is audio: upload MP3, WAV or M4A, or change mediaType'],
      [
        episode.id,
        filesForm({ mediaType: 'video' }, undefined, thumbnailJpg()),
        400,
        'media: a video episode needs video media: upload the new file with the new mediaType',
      ],
      [episode.id, filesForm({ mediaType: 'film' }, mp4()), 400, 'mediaType must be one of video, audio'],
      ['00000000-0000-4000-8000-000000000000', filesForm({}, mp3(), thumbnailJpg()), 404, ''],
    ];
    for (const [id, form, status, message] of cases) {
      const res = await admin.put(`/api/podcast-episodes/${id}/files`, form);
      assert.equal(res.status, status, JSON.stringify(res.body));
      if (message) assert.equal(res.body.message, message);
    }
    assert.deepEqual(await storedKeys(), before);
    const stored = (await admin.get(`/api/podcast-episodes/${episode.id}`)).body as PodcastEpisode;
    assert.deepEqual([stored.videoUrl, stored.thumbnailUrl, stored.mediaType], [episode.videoUrl, episode.thumbnailUrl, 'audio']);
  });

  test('a visitor gets 401 and a prayer_team session 403, before any file is stored', async () => {
    const episode = await upload();
    const before = await storedKeys();
    const teamName = `intercessor_${Date.now()}`;
    assert.equal((await admin.post('/api/auth/register', { username: teamName, password: 'password-123', roles: ['prayer_team'] })).status, 201);
    const team = new Client(h.gateway);
    assert.equal((await team.post('/api/auth/login', { username: teamName, password: 'password-123' })).status, 200);
    assert.equal((await new Client(h.gateway).put(`/api/podcast-episodes/${episode.id}/files`, filesForm({}, mp3(), thumbnailJpg()))).status, 401);
    assert.equal((await team.put(`/api/podcast-episodes/${episode.id}/files`, filesForm({}, mp3(), thumbnailJpg()))).status, 403);
    assert.deepEqual(await storedKeys(), before);
  });
});
