/** One answer of a chunked list subject (ADR 0011): its items, and where the next chunk starts (null: the last). */
export interface ListChunk<T> {
  items: T[];
  next: string | null;
}

/** Every item of a chunked list, asking chunk after chunk (each reply under the bus's payload limit). */
export async function allChunks<T>(ask: (after: string | undefined) => Promise<ListChunk<T>>): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  do {
    const chunk = await ask(after);
    items.push(...chunk.items);
    after = chunk.next ?? undefined;
  } while (after);
  return items;
}
