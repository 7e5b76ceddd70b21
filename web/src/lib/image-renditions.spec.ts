import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renditionFor, srcSetOf } from './image-renditions';

const copies = [
  { url: '/media/catalog/a-w320.webp', width: 320 },
  { url: '/media/catalog/a-w640.webp', width: 640 },
  { url: '/media/catalog/a-w960.webp', width: 960 },
];

describe('srcSetOf', () => {
  it('lists every rendition with its width descriptor', () => {
    assert.equal(srcSetOf(copies), '/media/catalog/a-w320.webp 320w, /media/catalog/a-w640.webp 640w, /media/catalog/a-w960.webp 960w');
  });
  it('is undefined for a picture stored before renditions existed, so the img keeps its plain src', () => {
    assert.equal(srcSetOf([]), undefined);
    assert.equal(srcSetOf(undefined), undefined);
  });
});

describe('renditionFor', () => {
  it('picks the narrowest copy at least as wide as asked, else the widest, else the original', () => {
    assert.equal(renditionFor(copies, 500, '/media/catalog/a.png'), '/media/catalog/a-w640.webp');
    assert.equal(renditionFor(copies, 320, '/media/catalog/a.png'), '/media/catalog/a-w320.webp');
    assert.equal(renditionFor(copies, 2000, '/media/catalog/a.png'), '/media/catalog/a-w960.webp');
    assert.equal(renditionFor([], 640, '/media/catalog/a.png'), '/media/catalog/a.png');
  });
});
