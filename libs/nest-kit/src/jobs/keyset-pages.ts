/** Sorts before every UUID: where a walk over uuid keys starts. */
export const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The pages of a batch job's rows, each read after the last key of the page before until one comes back empty
 * (keyset pagination): a run holds one page at a time, and rows it has already updated out of its query's index are
 * never read again or skipped, as they could be with an offset.
 */
export async function* keysetPages<R>(page: (after: string) => Promise<R[]>, keyOf: (row: R) => string, first = FIRST_UUID): AsyncGenerator<R[]> {
  for (let after = first; ;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    after = keyOf(rows[rows.length - 1]);
  }
}
