import assert from 'node:assert/strict';
import { parseByteRange } from './byte-range';

test('no Range header, or an empty one, asks for the whole object', () => {
  assert.deepEqual(parseByteRange(undefined, 100), { type: 'whole' });
  assert.deepEqual(parseByteRange('', 100), { type: 'whole' });
  assert.deepEqual(parseByteRange('bytes=-', 100), { type: 'whole' });
});

test('a closed range is inclusive at both ends and clipped to the last byte', () => {
  assert.deepEqual(parseByteRange('bytes=0-0', 100), { type: 'part', start: 0, end: 0 });
  assert.deepEqual(parseByteRange('bytes=10-19', 100), { type: 'part', start: 10, end: 19 });
  assert.deepEqual(parseByteRange('bytes=90-500', 100), { type: 'part', start: 90, end: 99 });
});

test('an open range runs to the last byte', () => {
  assert.deepEqual(parseByteRange('bytes=40-', 100), { type: 'part', start: 40, end: 99 });
});

test('a suffix range becomes absolute offsets from the size', () => {
  assert.deepEqual(parseByteRange('bytes=-10', 100), { type: 'part', start: 90, end: 99 });
  assert.deepEqual(parseByteRange('bytes=-500', 100), { type: 'part', start: 0, end: 99 });
});

test('a start at or past the end, a zero suffix, or any range of an empty object is unsatisfiable', () => {
  assert.deepEqual(parseByteRange('bytes=100-', 100), { type: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=150-200', 100), { type: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=-0', 100), { type: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=0-', 0), { type: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=-5', 0), { type: 'unsatisfiable' });
});

test('headers we do not serve as a range (other units, several ranges, bad syntax, end before start) get the whole object', () => {
  for (const header of ['items=0-5', 'bytes=0-5,10-15', 'bytes=abc', 'bytes=5', 'bytes=9-3', 'bytes= 1-2', 'bytes=-1-2']) {
    assert.deepEqual(parseByteRange(header, 100), { type: 'whole' }, header);
  }
});
