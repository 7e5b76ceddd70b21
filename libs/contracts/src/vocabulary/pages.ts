/**
 * Each page's title and description, read by the gateway (the HTML it serves for an address carries them, so search
 * engines and link previews see them without running the SPA) and by the web (the document's title after a client-side
 * navigation). `index: false` pages are private or one visitor's own: `noindex` and left out of the sitemap.
 * A route the web's router adds must be listed here (a test compares the two).
 */
export interface PageCopy {
  title: string;
  description: string;
  index: boolean;
}

export const SITE_NAME = 'Kingdom Marketplace';
export const SITE_TAGLINE = 'A marketplace for Kingdom-minded creators, businesses, and ministries.';

export const PAGE_COPY = {
  '/': {
    title: `${SITE_NAME}: faith-based products, services and podcast`,
    description: `${SITE_TAGLINE} Shop faith-based products and services, listen to the podcast and join Marketshare.`,
    index: true,
  },
  '/podcast': {
    title: 'Podcast',
    description: 'Listen to the Kingdom Marketplace podcast: conversations on faith, purpose, business and community, with every episode to stream.',
    index: true,
  },
  '/products': {
    title: 'Shop products and services',
    description: 'Faith-based books, apparel, gifts and services from Kingdom-minded creators and ministries. Search, filter and order online.',
    index: true,
  },
  '/marketshare': {
    title: 'Marketshare membership',
    description: 'Join Marketshare for $5 a month: save on every order and earn $1 a month for each member you refer.',
    index: true,
  },
  '/publishing': {
    title: 'Self-publishing services',
    description: 'Publish your book with Kingdom Marketplace: editing, cover design, formatting and distribution for faith-based authors.',
    index: true,
  },
  '/contact': {
    title: 'Contact us and prayer requests',
    description: 'Get in touch with the Kingdom Marketplace team, or send a prayer request. We reply within 24 hours on business days.',
    index: true,
  },
  '/prayer': {
    title: 'Prayer wall',
    description: 'Pray for the requests our community shares, and read the praise reports of prayers answered.',
    index: true,
  },
  '/prayer/mine': {
    title: 'Your prayer requests',
    description: 'Update your prayer request, tell us it was answered, renew it or take it down.',
    index: false,
  },
  '/booking': {
    title: 'Booking',
    description: 'Online booking with the Kingdom Marketplace team is coming soon.',
    index: false,
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'How Kingdom Marketplace collects, uses and protects your personal information.',
    index: true,
  },
  '/terms': {
    title: 'Terms of Service',
    description: 'The terms that apply when you shop, subscribe or join Marketshare on Kingdom Marketplace.',
    index: true,
  },
  '/refunds': {
    title: 'Refund Policy',
    description: 'How returns, refunds and membership cancellations work at Kingdom Marketplace.',
    index: true,
  },
  '/checkout': { title: 'Checkout', description: 'Pay for your order securely.', index: false },
  '/checkout/success': { title: 'Order confirmed', description: 'Your order is confirmed.', index: false },
  '/member-dashboard': { title: 'Member dashboard', description: 'Your Marketshare referrals, earnings and orders.', index: false },
  '/member-dashboard/statement': { title: 'Earnings statement', description: 'Your Marketshare earnings of a calendar year, to print.', index: false },
  '/verify-email': { title: 'Confirm your email', description: 'Confirm your email address.', index: false },
  '/staff-invitation': { title: 'Join the team', description: 'Set your password to join the Kingdom Marketplace staff.', index: false },
  '/orders': { title: 'Find your order', description: 'Look up an order with its number and the email it was placed with.', index: false },
  '/admin/earnings-statement': { title: 'Earnings statement', description: 'A member’s Marketshare earnings of a calendar year, to print.', index: false },
  '/admin': { title: 'Admin dashboard', description: 'Run the Kingdom Marketplace catalog, podcast and inbox.', index: false },
} as const satisfies Record<string, PageCopy>;

export type PagePath = keyof typeof PAGE_COPY;

/** An order's status page (`/orders/{orderNumber}`): one buyer's own, never indexed, the same for every number (ADR 0036). */
export const ORDER_PAGE_COPY: PageCopy = { title: 'Your order', description: 'The status, timeline and receipt of your order.', index: false };

/** A member's printable receipt of a Marketshare invoice (`/member-dashboard/invoices/{invoiceId}`, ADR 0059): the member's own, never indexed. */
export const RECEIPT_PAGE_COPY: PageCopy = {
  title: 'Marketshare receipt',
  description: 'A printable receipt of your Marketshare membership payment.',
  index: false,
};

/** The not-found page's copy (spec §2). */
export const NOT_FOUND_COPY: PageCopy = { title: '404 Page Not Found', description: 'This page does not exist.', index: false };

/** The document title of a page: its own title then the site's, or the home page's title as it is. */
export const documentTitle = (title: string): string => (title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`);

/** The copy of an address (a path without its query), or undefined when no page has that address. */
export const pageCopyOf = (path: string): PageCopy | undefined => (PAGE_COPY as Record<string, PageCopy>)[path];
