import assert from 'node:assert/strict';
import { FIRST_UUID, keysetPages } from './keyset-pages';

describe('keysetPages', () => {
  const keys = ['a', 'b', 'c', 'd', 'e'];
  const pageOf = (size: number, asked: string[]) => async (after: string) => {
    asked.push(after);
    return keys.filter((k) => k > after).slice(0, size);
  };

  it('reads each page after the last key of the one before, until a page is empty', async () => {
    const asked: string[] = [];
    const pages: string[][] = [];
    for await (const rows of keysetPages(pageOf(2, asked), (k) => k)) pages.push(rows);
    assert.deepEqual(pages, [['a', 'b'], ['c', 'd'], ['e']]);
    assert.deepEqual(asked, [FIRST_UUID, 'b', 'd', 'e']);
  });

  it('reads no further once the loop stops', async () => {
    const asked: string[] = [];
    for await (const rows of keysetPages(pageOf(2, asked), (k) => k)) if (rows.length > 0) break;
    assert.deepEqual(asked, [FIRST_UUID]);
  });

  it('yields nothing when there are no rows', async () => {
    for await (const rows of keysetPages(
      async () => [] as string[],
      (k) => k,
    ))
      assert.fail(`unexpected page ${String(rows)}`);
  });
});
