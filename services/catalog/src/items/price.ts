/**
 * The canonical form of a price the form validated (`^\d{1,10}(\.\d{1,2})?$`): no leading zeros, always two
 * decimals. "19.9" → "19.90", "007" → "7.00". Prices are kept as strings end to end so no float ever rounds them.
 */
export function canonicalPrice(input: string): string {
  const [whole, fraction = ''] = input.trim().split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}
