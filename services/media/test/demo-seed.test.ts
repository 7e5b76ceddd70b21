import { ObjectStorage } from '@km/nest-kit/storage';
import { createTestDatabase, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { loadMediaConfig } from '../src/config';
import { DEMO_EPISODES } from '../src/demo/demo-episodes';
import { DemoSeeder } from '../src/demo/demo-seeder';

let db: TestDatabase;
let app: INestApplication;
let storage: ObjectStorage;

beforeAll(async () => {
  db = await createTestDatabase('media');
  const url = new URL(testServers().KM_TEST_S3_ENDPOINT ?? '');
  const config = loadMediaConfig({
    HTTP_PORT: '0',
    NATS_URL: testNatsUrl('media'),
    DATABASE_URL: db.url,
    REDIS_URL: testServers().KM_TEST_REDIS_URL,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    S3_ENDPOINT: url.hostname,
    S3_PORT: url.port,
    S3_ACCESS_KEY: 'kingdom-dev-s3',
    S3_SECRET_KEY: 'kingdom-dev-s3',
    S3_BUCKET: 'kingdom-media',
  });
  storage = new ObjectStorage(config.storage);
  app = await startTestService(AppModule.forRoot(config), 'media', testNatsUrl('media'));
});
afterAll(async () => {
  await app.close();
  storage.close();
  await db.drop();
});

interface Row {
  episode_number: number;
  media_type: string;
  media_key: string;
  media_size: string;
  media_content_type: string;
  thumbnail_key: string | null;
  duration: number;
}

test('SEED_DEMO fills an empty podcast with the demo episodes, audio and video, each object stored with its exact size and a duration read from it', async () => {
  const rows: Row[] = await app
    .get(DataSource)
    .query(
      'SELECT episode_number, media_type, media_key, media_size, media_content_type, thumbnail_key, duration FROM podcast_episodes ORDER BY episode_number',
    );
  assert.deepEqual(
    rows.map((r) => [r.episode_number, r.media_type, r.media_content_type]),
    DEMO_EPISODES.map((d) => [d.episodeNumber, d.mediaType, d.media.contentType]),
  );
  for (const row of rows) {
    const info = await storage.stat(row.media_key);
    assert.equal(info?.size, Number(row.media_size), row.media_key);
    assert.equal(row.duration, 8, `${row.media_key} lasts 8 seconds`);
    if (row.thumbnail_key) assert.equal((await storage.stat(row.thumbnail_key))?.contentType, 'image/jpeg');
  }
});

test('a podcast that has episodes is not seeded again', async () => {
  assert.equal(await app.get(DemoSeeder).seedIfEmpty(), 0);
  assert.equal((await app.get(DataSource).query('SELECT count(*)::int AS n FROM podcast_episodes'))[0].n, DEMO_EPISODES.length);
});
