import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import { backInStockMail, lowStockAlertMail, type MailedProduct } from './stock-mails';

const origin = 'https://kingdom.example';
const product: MailedProduct = { id: '0b7c1e52-3c1d-4a8e-9f00-5a1de0c0ffee', name: HOSTILE_TEXT, slug: 'olive-wood-cross' };

/** Every email the catalog sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails. */
export const MAIL_TEMPLATES: MailTemplates = {
  lowStockAlertMail: {
    render: () => lowStockAlertMail(product, 3, 5, 'admin@kingdom.example', origin),
    facts: [
      `Product: ${HOSTILE_TEXT}`,
      'Available now: 3',
      'Low-stock threshold: 5',
      'Open its stock in the admin dashboard: https://kingdom.example/admin?tab=stock&product=0b7c1e52-3c1d-4a8e-9f00-5a1de0c0ffee',
    ],
  },
  backInStockMail: {
    render: () => backInStockMail(product, 'lydia@example.com', 'tok_en-1', origin),
    facts: [
      'See the product: https://kingdom.example/products/olive-wood-cross',
      'Stop all back-in-stock emails: https://kingdom.example/api/back-in-stock/unsubscribe?token=tok_en-1',
    ],
  },
};
