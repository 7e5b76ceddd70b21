/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_CONTACT_PHONE_DISPLAY?: string;
  readonly VITE_CONTACT_PHONE_DIAL?: string;
  readonly VITE_CONTACT_MAIL_DOMAIN?: string;
  /** "false" (or "0", "off") hides the publishing page's Add New Book form; on by default. */
  readonly VITE_FEATURE_ADD_BOOK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
