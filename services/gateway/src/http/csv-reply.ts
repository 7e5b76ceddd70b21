import type { FastifyReply } from 'fastify';
import { takeOver } from './raw-reply';

/** A field as RFC 4180 wants it; a leading =, +, - or @ is prefixed so a spreadsheet does not run it as a formula. */
export const csvField = (value: string | number | boolean) => {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Streams a CSV read page by page from a service (a whole export does not fit one NATS message). The first page is
 * read before the headers go out, so an error there still becomes a proper status; `next` is asked with the last row
 * of each page until it answers an empty one.
 */
export async function sendCsvPages<Row>(
  reply: FastifyReply,
  file: { name: string; header: readonly string[] },
  first: () => Promise<Row[]>,
  next: (last: Row) => Promise<Row[]>,
  fields: (row: Row) => (string | number | boolean)[],
): Promise<void> {
  let page = await first();
  reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.name}"`);
  const res = takeOver(reply, 200);
  res.write(`${file.header.join(',')}\n`);
  while (page.length > 0) {
    res.write(page.map((row) => fields(row).map(csvField).join(',') + '\n').join(''));
    page = await next(page[page.length - 1]);
  }
  res.end();
}
