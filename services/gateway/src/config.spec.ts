import assert from 'node:assert/strict';
import { ConfigError } from '@km/nest-kit';
import { loadGatewayConfig } from './config';

const production = {
  NODE_ENV: 'production',
  REDIS_URL: 'redis://:Vq7xPz2Lm@redis:6379',
  S3_ACCESS_KEY: 'kingdom-app',
  S3_SECRET_KEY: 'Hs82kLq0pZx7Wd',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEf',
  PUBLIC_ORIGIN: 'https://shop.example',
  VISITOR_HASH_KEY: '5f0c1e7a9b2d4c6e8f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c',
  NATS_URL: 'nats://gateway:Qm4tR8vX2p@nats:4222',
};

test('production refuses to start without PUBLIC_ORIGIN (cookies would lose Secure, HSTS would be off)', () => {
  const { PUBLIC_ORIGIN: _omitted, ...rest } = production;
  assert.throws(
    () => loadGatewayConfig(rest),
    (error: unknown) => error instanceof ConfigError && error.problems.join() === 'PUBLIC_ORIGIN: PUBLIC_ORIGIN is required in production',
  );
});

test('production refuses a NATS_URL without bus credentials', () => {
  assert.throws(
    () => loadGatewayConfig({ ...production, NATS_URL: 'nats://nats:4222' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.join() ===
        "NATS_URL: NATS_URL must carry the service's bus credentials in production (nats://<service>:<password>@host:port, on every server listed)",
  );
});

test('production behind https with real secrets starts with Secure cookies', () => {
  assert.equal(loadGatewayConfig(production).cookieSecure, true);
  assert.equal(loadGatewayConfig({ ...production, COOKIE_SECURE: 'true' }).cookieSecure, true);
});

test('production refuses COOKIE_SECURE=false with an https PUBLIC_ORIGIN, naming COOKIE_SECURE only', () => {
  assert.throws(
    () => loadGatewayConfig({ ...production, COOKIE_SECURE: 'false' }),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('COOKIE_SECURE: '),
  );
});

test('outside production an https origin still gets Secure cookies whatever COOKIE_SECURE says, and plain http does not', () => {
  assert.equal(loadGatewayConfig({ PUBLIC_ORIGIN: 'https://shop.example', COOKIE_SECURE: 'false' }).cookieSecure, true);
  assert.equal(loadGatewayConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).cookieSecure, false);
  assert.equal(loadGatewayConfig({ PUBLIC_ORIGIN: 'http://localhost:3000', COOKIE_SECURE: 'true' }).cookieSecure, true);
});

test('production refuses a test-mode publishable key unless STRIPE_ALLOW_TEST_MODE=true', () => {
  assert.throws(
    () => loadGatewayConfig({ ...production, STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEf' }),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('STRIPE_PUBLISHABLE_KEY: '),
  );
  assert.equal(
    loadGatewayConfig({ ...production, STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEf', STRIPE_ALLOW_TEST_MODE: 'true' }).payments.publishableKey,
    'pk_test_51AbCdEf',
  );
});

test('PODCAST_FEATURED_VIDEO_URL becomes its player address; empty or unset features the newest video episode', () => {
  assert.equal(
    loadGatewayConfig({ PODCAST_FEATURED_VIDEO_URL: 'https://youtu.be/dQw4w9WgXcQ' }).podcast.featuredVideoEmbedUrl,
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  assert.equal(
    loadGatewayConfig({ PODCAST_FEATURED_VIDEO_URL: ' https://vimeo.com/76979871 ' }).podcast.featuredVideoEmbedUrl,
    'https://player.vimeo.com/video/76979871',
  );
  assert.equal(loadGatewayConfig({ PODCAST_FEATURED_VIDEO_URL: '' }).podcast.featuredVideoEmbedUrl, null);
  assert.equal(loadGatewayConfig({}).podcast.featuredVideoEmbedUrl, null);
});

test('a PODCAST_FEATURED_VIDEO_URL that is not a YouTube or Vimeo video is refused, naming the setting', () => {
  assert.throws(
    () => loadGatewayConfig({ PODCAST_FEATURED_VIDEO_URL: 'https://example.com/video' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 1 &&
      error.problems[0].startsWith('PODCAST_FEATURED_VIDEO_URL: ') &&
      error.problems[0].includes('YouTube or Vimeo'),
  );
});

test('the listening apps configured are the follow links, in a fixed order; an unset or empty one is left out', () => {
  assert.deepEqual(
    loadGatewayConfig({
      PODCAST_SPOTIFY_URL: 'https://open.spotify.com/show/abc',
      PODCAST_APPLE_URL: ' https://podcasts.apple.com/us/podcast/id1 ',
      PODCAST_OVERCAST_URL: '',
    }).podcast.followLinks,
    [
      { app: 'apple', url: 'https://podcasts.apple.com/us/podcast/id1' },
      { app: 'spotify', url: 'https://open.spotify.com/show/abc' },
    ],
  );
  assert.deepEqual(loadGatewayConfig({}).podcast.followLinks, []);
});

test('PODCAST_HOSTS is a JSON list of hosts for the feed; empty or unset names none (ADR 0069)', () => {
  assert.deepEqual(
    loadGatewayConfig({ PODCAST_HOSTS: ' [{"name":" Grace ","href":"https://example.org/grace","img":"https://example.org/g.jpg"},{"name":"Dan"}] ' }).podcast
      .hosts,
    [{ name: 'Grace', href: 'https://example.org/grace', img: 'https://example.org/g.jpg' }, { name: 'Dan' }],
  );
  assert.deepEqual(loadGatewayConfig({ PODCAST_HOSTS: '' }).podcast.hosts, []);
  assert.deepEqual(loadGatewayConfig({}).podcast.hosts, []);
});

test('a PODCAST_HOSTS that is not JSON, not a list of named hosts or has a non-https address is refused, naming the setting', () => {
  for (const bad of [
    'Grace, Dan',
    '{"name":"Grace"}',
    '[{"name":""}]',
    '[{"name":"G","href":"javascript:alert(1)"}]',
    '[{"name":"G","img":"http://x.org/a.jpg"}]',
    '[{"name":"G","role":"x"}]',
  ])
    assert.throws(
      () => loadGatewayConfig({ PODCAST_HOSTS: bad }),
      (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('PODCAST_HOSTS: PODCAST_HOSTS must be'),
      bad,
    );
});

test('a listening app address that is not https is refused, naming the setting', () => {
  for (const bad of ['http://podcasts.apple.com/x', 'javascript:alert(1)', 'pocketcasts.com/x'])
    assert.throws(
      () => loadGatewayConfig({ PODCAST_POCKET_CASTS_URL: bad }),
      (error: unknown) =>
        error instanceof ConfigError && error.problems.join() === 'PODCAST_POCKET_CASTS_URL: PODCAST_POCKET_CASTS_URL must be an https:// address, or empty',
      bad,
    );
});

test('production refuses a missing or shipped VISITOR_HASH_KEY, naming only that setting', () => {
  const { VISITOR_HASH_KEY: _key, ...withoutKey } = production;
  for (const env of [withoutKey, { ...production, VISITOR_HASH_KEY: 'visitor-hash-key-dev-only-0123456789abcdef' }])
    assert.throws(
      () => loadGatewayConfig(env),
      (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('VISITOR_HASH_KEY: '),
    );
});
