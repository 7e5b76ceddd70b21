import { flagEnabled } from '@/lib/flags';

export const FEATURES = {
  /** The admin-only "Add New Book" form on the publishing page (spec §2). `VITE_FEATURE_ADD_BOOK=false` hides it. */
  addBook: flagEnabled(import.meta.env.VITE_FEATURE_ADD_BOOK),
} as const;
