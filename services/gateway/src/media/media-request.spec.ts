import assert from 'node:assert/strict';
import { etagMatches, mediaKeyFromPath } from './media-request';

test('a media path names the object key under media/, percent-decoding undone', () => {
  assert.equal(mediaKeyFromPath('/media/catalog/0b6f.webp'), 'media/catalog/0b6f.webp');
  assert.equal(mediaKeyFromPath('/media/episodes/my%20show.mp3'), 'media/episodes/my show.mp3');
});

for (const path of [
  '/media/catalog/../../secret',
  `/media/catalog/${'1'.repeat(256)}.webp`,
  '/media/catalog/%2e%2e/secret',
  '/media/..%2Fmanuscripts%2Fbook.pdf',
  '/media/./catalog/a.webp',
  '/media//catalog/a.webp',
  '/media/catalog/',
  '/media/catalog\\..\\x',
  '/media/catalog/a%00.webp',
  '/media/catalog/%E0%A4%A',
  '/manuscripts/book.pdf',
  '/media',
  `/media/${'a'.repeat(1100)}`,
]) {
  test(`the path ${path.slice(0, 60)} is refused`, () => {
    assert.equal(mediaKeyFromPath(path), undefined);
  });
}

test('If-None-Match matches the ETag in a list, weakly, or with *', () => {
  const etag = '"abc123"';
  assert.equal(etagMatches('"abc123"', etag), true);
  assert.equal(etagMatches('"x", W/"abc123"', etag), true);
  assert.equal(etagMatches('*', etag), true);
  assert.equal(etagMatches('"abc124"', etag), false);
  assert.equal(etagMatches(undefined, etag), false);
  assert.equal(etagMatches('', etag), false);
});
