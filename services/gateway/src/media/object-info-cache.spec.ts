import type { ObjectInfo, ObjectStorage } from '@km/nest-kit/storage';
import assert from 'node:assert/strict';
import type { MediaCopies } from './media-copies';
import { ObjectInfoCache } from './object-info-cache';

function cacheOver(objects: Record<string, ObjectInfo>) {
  const stats: string[] = [];
  const forgotten: string[] = [];
  const storage = {
    async stat(key: string) {
      stats.push(key);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return objects[key];
    },
  } as unknown as ObjectStorage;
  const copies = { forget: (key: string) => forgotten.push(key) } as unknown as MediaCopies;
  return { cache: new ObjectInfoCache(storage, copies), stats, forgotten };
}

const info: ObjectInfo = { key: 'media/episodes/a.mp3', size: 10, contentType: 'audio/mpeg', etag: '"e"', lastModified: undefined };

describe('ObjectInfoCache', () => {
  test('100 requests for the same key at the same moment ask storage once, and the answer is remembered', async () => {
    const { cache, stats } = cacheOver({ [info.key]: info });
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.stat(info.key)));
    assert.ok(answers.every((answer) => answer === info));
    assert.equal(await cache.stat(info.key), info);
    assert.deepEqual(stats, [info.key]);
  });

  test('a missing key is asked again every time, and its copy is dropped', async () => {
    const { cache, stats, forgotten } = cacheOver({});
    assert.equal(await cache.stat('media/episodes/gone.mp3'), undefined);
    assert.equal(await cache.stat('media/episodes/gone.mp3'), undefined);
    assert.deepEqual([stats.length, forgotten], [2, ['media/episodes/gone.mp3', 'media/episodes/gone.mp3']]);
  });
});
