import { button, details, heading, paragraph, renderMail, strong, type OutgoingMail } from '@km/nest-kit/mail';

/** What a stock email names of its product. */
export interface MailedProduct {
  id: string;
  name: string;
  slug: string;
}

/** The admin dashboard's Stock tab, opened on this product's movements. */
export const adminStockUrl = (origin: string, productId: string) => `${origin}/admin?tab=stock&product=${encodeURIComponent(productId)}`;
/** The product's own page (ADR 0044). */
export const productPageUrl = (origin: string, slug: string) => `${origin}/products/${encodeURIComponent(slug)}`;
/** The one-tap unsubscribe link of back-in-stock emails (ADR 0050). */
export const backInStockUnsubscribeUrl = (origin: string, token: string) => `${origin}/api/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`;

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** Tells staff a product crossed down to the low-stock threshold, once per crossing (ADR 0050), with what is left and where to restock it. */
export function lowStockAlertMail(product: MailedProduct, quantity: number, threshold: number, staffEmail: string, origin: string): OutgoingMail {
  const left = quantity === 0 ? 'is sold out' : `is down to ${units(quantity)}`;
  return renderMail({
    to: staffEmail,
    subject: `Low stock: ${product.name} (${quantity} left)`,
    origin,
    preheader: `${product.name} ${left}; the low-stock threshold is ${threshold}.`,
    reason: 'You are receiving this email because this address is where Kingdom Marketplace sends stock alerts (STAFF_ALERT_EMAIL).',
    blocks: [
      heading('A product is running low'),
      paragraph(strong(product.name), ` ${left}.`),
      details([
        ['Product', product.name],
        ['Available now', String(quantity)],
        ['Low-stock threshold', String(threshold)],
      ]),
      paragraph(
        'Units held by unpaid checkouts are not counted as available. You will not hear about this product again until its stock has climbed above the threshold and fallen back.',
      ),
      button('Open its stock in the admin dashboard', adminStockUrl(origin, product.id)),
    ],
  });
}

/** The one email a visitor asked for: the product they waited for is back, with its page and the way out (ADR 0050). */
export function backInStockMail(product: MailedProduct, to: string, token: string, origin: string): OutgoingMail {
  const unsubscribe = backInStockUnsubscribeUrl(origin, token);
  return renderMail({
    to,
    subject: `Back in stock: ${product.name}`,
    origin,
    preheader: `${product.name} is available again at Kingdom Marketplace.`,
    reason: `You are receiving this email because this address asked to be told once when ${product.name} was back in stock. We will not email you about it again.`,
    unsubscribe: { url: unsubscribe, label: 'Stop all back-in-stock emails' },
    blocks: [
      heading('It is back in stock'),
      paragraph(strong(product.name), ' is available again. Stock can be short, so it may sell out again soon.'),
      button('See the product', productPageUrl(origin, product.slug)),
      paragraph(`Waiting for other products too and would rather not hear about them? Unsubscribe in one tap: ${unsubscribe}`),
    ],
  });
}
