import assert from 'node:assert/strict';
import sharp from 'sharp';
import { sniffFileKind } from '@km/nest-kit/storage';
import { renderDemoImage, wrapWords } from './demo-image';

test('a demo image is a 600×600 WEBP that our upload sniffing recognises', async () => {
  const image = await renderDemoImage('Faith & <Hope> "Tee"', 'Apparel');
  assert.equal(sniffFileKind(image)?.id, 'webp');
  const meta = await sharp(image).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 600, 600]);
});

test('names wrap at word boundaries into at most three lines', () => {
  assert.deepEqual(wrapWords('Grace & Truth Study Bible'), ['Grace & Truth Study', 'Bible']);
  assert.deepEqual(wrapWords('Short'), ['Short']);
  assert.deepEqual(wrapWords('one two three four five six seven eight nine ten eleven twelve', 10), ['one two', 'three four', 'five six…']);
});
