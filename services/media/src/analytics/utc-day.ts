/** The UTC day of the statement's time: every count is filed under it (ADR 0071). */
export const UTC_DAY = `(now() AT TIME ZONE 'UTC')::date`;
