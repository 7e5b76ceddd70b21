import assert from 'node:assert/strict';
import { allChunks } from './all-chunks';

describe('allChunks', () => {
  test('asks chunk after chunk from where the last one ended, and answers every item in order', async () => {
    const asked: (string | undefined)[] = [];
    const chunks: Record<string, { items: number[]; next: string | null }> = {
      start: { items: [1, 2], next: 'b' },
      b: { items: [3], next: 'c' },
      c: { items: [], next: null },
    };
    const items = await allChunks(async (after) => {
      asked.push(after);
      return chunks[after ?? 'start'];
    });
    assert.deepEqual(
      [items, asked],
      [
        [1, 2, 3],
        [undefined, 'b', 'c'],
      ],
    );
  });
});
