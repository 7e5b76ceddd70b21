import { renditionKey, renditionsOf } from '@km/contracts';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { makeRenditions } from './image-renditions';

const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#4f46e5' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

test('a 2000×1000 PNG becomes WEBP copies 320, 640 and 960 wide with its proportions', async () => {
  const renditions = await makeRenditions(await picture(2000, 1000, 'png'), 'image');
  assert.deepEqual(
    renditions.map((r) => r.width),
    [320, 640, 960],
  );
  for (const { width, webp } of renditions) {
    const meta = await sharp(webp).metadata();
    assert.deepEqual({ format: meta.format, width: meta.width, height: meta.height }, { format: 'webp', width, height: width / 2 });
  }
});

test('a 600-pixel original is never enlarged: one copy at 320 and one at its own 600', async () => {
  const renditions = await makeRenditions(await picture(600, 600, 'jpeg'), 'image');
  assert.deepEqual(
    renditions.map((r) => r.width),
    [320, 600],
  );
  assert.equal((await sharp(renditions[1].webp).metadata()).width, 600);
});

test('bytes that are not a picture are a 400 naming the field', async () => {
  await assert.rejects(
    makeRenditions(Buffer.from('\xff\xd8\xff\xe0 not really a jpeg'), 'thumbnail'),
    (error: Error & { code?: string; details?: unknown }) => {
      assert.equal(error.code, 'invalid');
      assert.deepEqual(error.details, {
        fields: [{ field: 'thumbnail', message: 'thumbnail could not be read as a picture; upload a JPG, PNG or WEBP file' }],
      });
      return true;
    },
  );
});

test('renditions sit beside the original, named by width, and are listed narrowest first', () => {
  assert.equal(renditionKey('media/catalog/0b6f0e1c-0000-4000-8000-000000000001.png', 320), 'media/catalog/0b6f0e1c-0000-4000-8000-000000000001-w320.webp');
  assert.deepEqual(renditionsOf('media/thumbnails/a.jpg', [640, 320]), [
    { url: '/media/thumbnails/a-w320.webp', width: 320 },
    { url: '/media/thumbnails/a-w640.webp', width: 640 },
  ]);
  assert.deepEqual(renditionsOf(null, [320]), []);
});
