/**
 * The countries checkout ships to, with the ISO 3166-1 alpha-2 codes Stripe's billing details need. The
 * shipping address string shows the name; the payment method gets the code.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'JM', name: 'Jamaica' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'GH', name: 'Ghana' },
  { code: 'KE', name: 'Kenya' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'PH', name: 'Philippines' },
  { code: 'IN', name: 'India' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** Spec §2/§9: the country defaults to United States. */
export const DEFAULT_COUNTRY: CountryCode = 'US';

const normalize = (value: string) => value.trim().toLowerCase();

/** "United States" (any case) or "us" → "US"; undefined for a country not on the list. */
export function countryCode(value: string): CountryCode | undefined {
  const wanted = normalize(value);
  return COUNTRIES.find((c) => normalize(c.name) === wanted || normalize(c.code) === wanted)?.code;
}

/** "US" → "United States"; anything not on the list is returned trimmed, as given. */
export function countryName(value: string): string {
  const code = countryCode(value);
  return COUNTRIES.find((c) => c.code === code)?.name ?? value.trim();
}
