import assert from 'node:assert/strict';
import { FEED_RENDER_TTL_MS, PodcastFeedCache } from './podcast-feed-cache';

/** A render the test finishes when it chooses, counting how often the cache asked for one. */
function renders() {
  const started: { resolve: (xml: string) => void; reject: (error: Error) => void }[] = [];
  const render = () =>
    new Promise<string>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { render, started };
}

/** A cache on a clock the test moves. */
function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  return { cache: new PodcastFeedCache<string>(() => clock.now), clock };
}

test('concurrent requests share one render and all get its result', async () => {
  const { cache } = cacheAt();
  const { render, started } = renders();
  const requests = Array.from({ length: 20 }, () => cache.get(render));
  assert.equal(started.length, 1);
  started[0].resolve('<rss>1</rss>');
  assert.deepEqual(await Promise.all(requests), Array(20).fill('<rss>1</rss>'));
  assert.equal(started.length, 1);
});

test('the rendered feed is served until its TTL, then rendered again', async () => {
  const { cache, clock } = cacheAt();
  const { render, started } = renders();
  const first = cache.get(render);
  started[0].resolve('<rss>1</rss>');
  assert.equal(await first, '<rss>1</rss>');
  clock.now += FEED_RENDER_TTL_MS - 1;
  assert.equal(await cache.get(render), '<rss>1</rss>');
  assert.equal(started.length, 1, 'still fresh 1 ms before the TTL');
  clock.now += 1;
  const second = cache.get(render);
  assert.equal(started.length, 2, 'expired at the TTL');
  started[1].resolve('<rss>2</rss>');
  assert.equal(await second, '<rss>2</rss>');
});

test('invalidation drops the rendered feed: the next request renders again, well before the TTL', async () => {
  const { cache, clock } = cacheAt();
  const { render, started } = renders();
  const first = cache.get(render);
  started[0].resolve('<rss>1</rss>');
  await first;
  clock.now += 1;
  cache.invalidate();
  const second = cache.get(render);
  assert.equal(started.length, 2);
  started[1].resolve('<rss>2</rss>');
  assert.equal(await second, '<rss>2</rss>');
  assert.equal(await cache.get(render), '<rss>2</rss>');
  assert.equal(started.length, 2);
});

test('invalidation during a render: requests already waiting get that render, later ones a fresh render', async () => {
  const { cache } = cacheAt();
  const { render, started } = renders();
  const before = cache.get(render);
  cache.invalidate();
  const after = cache.get(render);
  assert.equal(started.length, 2);
  started[0].resolve('<rss>before the change</rss>');
  started[1].resolve('<rss>after the change</rss>');
  assert.deepEqual(await Promise.all([before, after]), ['<rss>before the change</rss>', '<rss>after the change</rss>']);
  assert.equal(await cache.get(render), '<rss>after the change</rss>');
});

test('a failed render is not kept: its waiters all get the error, the next request renders again', async () => {
  const { cache } = cacheAt();
  const { render, started } = renders();
  const waiting = [cache.get(render), cache.get(render)];
  started[0].reject(new Error('media did not answer'));
  for (const request of waiting) await assert.rejects(request, /media did not answer/);
  const retry = cache.get(render);
  assert.equal(started.length, 2);
  started[1].resolve('<rss>1</rss>');
  assert.equal(await retry, '<rss>1</rss>');
});

test('an older render failing after an invalidation leaves the newer rendered feed in place', async () => {
  const { cache } = cacheAt();
  const { render, started } = renders();
  const old = cache.get(render);
  cache.invalidate();
  const fresh = cache.get(render);
  started[1].resolve('<rss>new</rss>');
  await fresh;
  started[0].reject(new Error('media did not answer'));
  await assert.rejects(old);
  assert.equal(await cache.get(render), '<rss>new</rss>');
  assert.equal(started.length, 2);
});
