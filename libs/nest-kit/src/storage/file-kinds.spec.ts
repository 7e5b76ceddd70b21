import assert from 'node:assert/strict';
import { sniffFileKind } from './file-kinds';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const riff = (form: string) => bytes('RIFF', [0x24, 0, 0, 0], form, 'VP8 ');
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0], 'isommp41');
const zipEntry = (name: string) => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1')]);
};

const cases: [string, Buffer, string | undefined][] = [
  ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpg'],
  ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'jpg'],
  ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'png'],
  ['WEBP', riff('WEBP'), 'webp'],
  ['WAV', riff('WAVE'), 'wav'],
  ['PDF', bytes('%PDF-1.7\n'), 'pdf'],
  ['MP4', ftyp('isom'), 'mp4'],
  ['MOV', ftyp('qt  '), 'mov'],
  ['M4A', ftyp('M4A '), 'm4a'],
  ['WEBM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'), 'webm'],
  ['Matroska that is not WEBM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska'), undefined],
  ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'mp3'],
  ['MP3 frame without a tag', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
  ['AAC (ADTS) audio', bytes([0xff, 0xf1, 0x50, 0x80]), undefined],
  ['DOCX', zipEntry('[Content_Types].xml'), 'docx'],
  ['DOCX written with _rels first', zipEntry('_rels/.rels'), 'docx'],
  ['a plain ZIP', zipEntry('photos/one.jpg'), undefined],
  ['an OpenDocument text (ZIP with mimetype first)', zipEntry('mimetype'), undefined],
  ['text pretending to be a PNG', bytes('hello, I am definitely a PNG file'), undefined],
  ['HTML', bytes('<!doctype html><script>alert(1)</script>'), undefined],
  ['an empty file', Buffer.alloc(0), undefined],
  ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47]), undefined],
];

for (const [name, head, expected] of cases) {
  test(`${name} is recognised as ${expected ?? 'nothing we accept'}`, () => {
    assert.equal(sniffFileKind(head)?.id, expected);
  });
}

test('a recognised kind carries the extension and the Content-Type we store', () => {
  assert.deepEqual(sniffFileKind(riff('WEBP')), { id: 'webp', ext: 'webp', mime: 'image/webp' });
  assert.deepEqual(sniffFileKind(bytes([0xff, 0xd8, 0xff, 0xdb])), { id: 'jpg', ext: 'jpg', mime: 'image/jpeg' });
});
