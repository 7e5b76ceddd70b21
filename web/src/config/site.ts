export const SITE_NAME = 'Kingdom Marketplace';

/** Spec §9: toasts close after 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000;

// Overridable per deployment; the defaults point at the platforms themselves, not at an invented account.
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: import.meta.env.VITE_FACEBOOK_URL || 'https://www.facebook.com/' },
  { name: 'Instagram', href: import.meta.env.VITE_INSTAGRAM_URL || 'https://www.instagram.com/' },
  { name: 'YouTube', href: import.meta.env.VITE_YOUTUBE_URL || 'https://www.youtube.com/' },
] as const;
