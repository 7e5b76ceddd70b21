import { z } from 'zod';

/** One row of the reporting threshold table: from this calendar year on (until the next row), this many cents. */
export interface ThresholdRow {
  from: number;
  cents: number;
}

/**
 * `EARNINGS_REPORTING_THRESHOLDS`: rows `YYYY=dollars` separated by commas (`2020=600,2026=2000`), read into rows in
 * year order. Dollars may carry cents (`2027=2050.50`); a year written twice or a malformed row stops the service.
 */
export const reportingThresholds = z.string().transform((text, ctx): ThresholdRow[] => {
  const rows: ThresholdRow[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d{4})=(\d{1,7}(?:\.\d{1,2})?)$/.exec(part);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `"${part}" must be a row YYYY=dollars, e.g. 2026=2000 (rows separated by commas)` });
      return z.NEVER;
    }
    rows.push({ from: Number(m[1]), cents: Math.round(Number(m[2]) * 100) });
  }
  rows.sort((a, b) => a.from - b.from);
  if (rows.some((r, i) => i > 0 && rows[i - 1].from === r.from)) {
    ctx.addIssue({ code: 'custom', message: 'each year may appear once' });
    return z.NEVER;
  }
  return rows;
});

/** The threshold for a calendar year: the last row from that year or before (the first row before the table starts). */
export function thresholdFor(rows: readonly ThresholdRow[], year: number): ThresholdRow {
  let found = rows[0];
  for (const row of rows) if (row.from <= year) found = row;
  return found;
}
