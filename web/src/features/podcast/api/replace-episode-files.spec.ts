import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toEpisodeFilesFormData } from './replace-episode-files';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

test('new media goes with its media type and its size before the file; the thumbnail before the media', () => {
  const form = toEpisodeFilesFormData({ mediaType: 'video', media: file('talk.mp4', 1234), thumbnail: file('cover.jpg', 10) });
  assert.deepEqual(
    [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    [
      ['mediaType', 'video'],
      ['mediaSize', '1234'],
      ['thumbnail', 'cover.jpg'],
      ['media', 'talk.mp4'],
    ],
  );
});

test('a thumbnail alone sends neither a media type nor a size', () => {
  const form = toEpisodeFilesFormData({ mediaType: 'audio', media: null, thumbnail: file('cover.png', 10) });
  assert.deepEqual([...form.keys()], ['thumbnail']);
});
