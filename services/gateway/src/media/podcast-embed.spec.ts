import assert from 'node:assert/strict';
import { embedSize, episodeNumberOfPageUrl } from './podcast-embed';

const ORIGIN = 'https://shop.example';

describe('the embed’s size (oEmbed maxwidth/maxheight, ADR 0069)', () => {
  test('a video is 640 wide with its 16:9 picture under the title bar, and narrows to fit either bound', () => {
    const video = { mediaType: 'video' as const };
    assert.deepEqual(embedSize(video, {}), { width: 640, height: 424 });
    assert.deepEqual(embedSize(video, { maxwidth: 320 }), { width: 320, height: 244 });
    assert.deepEqual(embedSize(video, { maxheight: 244 }), { width: 320, height: 244 });
    assert.deepEqual(embedSize(video, { maxwidth: 5000, maxheight: 5000 }), { width: 640, height: 424 });
    assert.deepEqual(embedSize(video, { maxheight: 10 }), { width: 1, height: 10 });
  });

  test('audio is the title bar over the player, never past either bound', () => {
    const audio = { mediaType: 'audio' as const };
    assert.deepEqual(embedSize(audio, {}), { width: 640, height: 152 });
    assert.deepEqual(embedSize(audio, { maxwidth: 200, maxheight: 90 }), { width: 200, height: 90 });
  });
});

describe('the episode an oEmbed url names', () => {
  test('an episode page of this site, by its number whatever the slug, query or fragment', () => {
    for (const url of [
      `${ORIGIN}/podcast/12-faith`,
      `${ORIGIN}/podcast/12`,
      `${ORIGIN}/podcast/12-faith/`,
      `${ORIGIN}/podcast/12-old?t=3#x`,
      'HTTPS://SHOP.EXAMPLE/podcast/12',
    ])
      assert.equal(episodeNumberOfPageUrl(ORIGIN, url), 12, url);
  });

  test('nothing for other sites, look-alike hosts, other pages or what is not an address', () => {
    for (const url of [
      'https://evil.example/podcast/12',
      'https://shop.example.evil.example/podcast/12',
      'http://shop.example/podcast/12',
      'https://shop.example:444/podcast/12',
      `${ORIGIN}/podcast`,
      `${ORIGIN}/podcast/0`,
      `${ORIGIN}/products/12`,
      '/podcast/12',
      'javascript:alert(1)',
      '',
    ])
      assert.equal(episodeNumberOfPageUrl(ORIGIN, url), undefined, url);
  });
});
