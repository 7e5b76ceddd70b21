const MAX_SLUG = 80;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The address name of a title (`/products/{slug}`, `/podcast/{n}-{slug}`): lower-case ASCII words joined by hyphens,
 * accents dropped (é → e), at most 80 characters; "item" when nothing is left. A name shaped like a UUID gets a
 * prefix, so a slug never reads as the id form of an address.
 */
export function slugOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const slug = words.slice(0, MAX_SLUG).replace(/-+$/, '') || 'item';
  return UUID_SHAPE.test(slug) ? `item-${slug}` : slug;
}
