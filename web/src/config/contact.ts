/** What the left column of the contact page lists; overridable per deployment like the social links. */
export const MINISTRY_HOURS = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
  { days: 'Sat', hours: '10:00 AM-4:00 PM' },
  { days: 'Sun', hours: 'By appointment' },
] as const;

export const CONTACT_PHONE = {
  display: import.meta.env.VITE_CONTACT_PHONE_DISPLAY || '(555) 010-7777',
  /** For the tel: link. */
  dial: import.meta.env.VITE_CONTACT_PHONE_DIAL || '+15550107777',
};

const MAIL_DOMAIN = import.meta.env.VITE_CONTACT_MAIL_DOMAIN || 'kingdommarketplace.example';

export const CONTACT_EMAILS = [
  { purpose: 'General & administration', address: `admin@${MAIL_DOMAIN}` },
  { purpose: 'Podcast', address: `podcast@${MAIL_DOMAIN}` },
  { purpose: 'Publishing services', address: `publishing@${MAIL_DOMAIN}` },
  { purpose: 'Product inquiries', address: `products@${MAIL_DOMAIN}` },
] as const;
