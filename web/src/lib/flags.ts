/** A build-time switch read from an env string: on unless set to false, 0, off or no. */
export function flagEnabled(value: string | undefined, defaultOn = true): boolean {
  if (value === undefined || value.trim() === '') return defaultOn;
  return !['false', '0', 'off', 'no'].includes(value.trim().toLowerCase());
}
