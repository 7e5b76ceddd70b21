import assert from 'node:assert/strict';
import { featuredVideoEmbedUrl } from './featured-video';

test('a YouTube watch, short or embed address becomes its youtube-nocookie embed address', () => {
  const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
  assert.equal(featuredVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ'), embed);
  assert.equal(featuredVideoEmbedUrl('https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s'), embed);
  assert.equal(featuredVideoEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ'), embed);
  assert.equal(featuredVideoEmbedUrl('https://youtu.be/dQw4w9WgXcQ'), embed);
  assert.equal(featuredVideoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ'), embed);
  assert.equal(featuredVideoEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'), embed);
});

test('a Vimeo page or player address becomes its player address', () => {
  assert.equal(featuredVideoEmbedUrl('https://vimeo.com/76979871'), 'https://player.vimeo.com/video/76979871');
  assert.equal(featuredVideoEmbedUrl('https://player.vimeo.com/video/76979871'), 'https://player.vimeo.com/video/76979871');
});

test('anything else is refused: other sites, plain http, malformed ids, channel pages, not an address', () => {
  for (const address of [
    'https://example.com/embed/dQw4w9WgXcQ',
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/@channel',
    'https://youtu.be/dQw4w9WgXcQ/extra',
    'https://vimeo.com/channels/staffpicks',
    'https://player.vimeo.com/video/abc',
    'https://youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'not a url',
  ])
    assert.equal(featuredVideoEmbedUrl(address), undefined, address);
});
