/**
 * The enumerations of the forms (spec §3, ARCHITECTURE §10): values exactly as the forms API takes them
 * (@km/contracts forms/schemas.ts), labels as people read them. Shared by the forms that send them and the
 * admin inbox that shows them.
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

// Contact form; the current howHeardAboutUs list (ARCHITECTURE §10).
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General inquiry' },
  { value: 'prayer', label: 'Prayer' },
  { value: 'counseling', label: 'Counseling' },
  { value: 'products', label: 'Products & orders' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const HOW_HEARD_OPTIONS = [
  { value: 'search', label: 'Search engine' },
  { value: 'social', label: 'Social media' },
  { value: 'friend', label: 'Friend or family' },
  { value: 'church', label: 'Church' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'event', label: 'Event' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];
export type HowHeardAboutUs = (typeof HOW_HEARD_OPTIONS)[number]['value'];

// Prayer form.
export const PRAYER_REQUEST_TYPES = [
  { value: 'personal', label: 'Personal' },
  { value: 'family', label: 'Family' },
  { value: 'health', label: 'Health & healing' },
  { value: 'financial', label: 'Financial' },
  { value: 'guidance', label: 'Guidance & direction' },
  { value: 'relationship', label: 'Relationships' },
  { value: 'salvation', label: 'Salvation' },
  { value: 'thanksgiving', label: 'Thanksgiving & praise' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const PREFERRED_CONTACT_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone call' },
  { value: 'text', label: 'Text message' },
  { value: 'none', label: 'No follow-up needed' },
] as const satisfies readonly Option[];

export type PrayerRequestType = (typeof PRAYER_REQUEST_TYPES)[number]['value'];
export type PreferredContact = (typeof PREFERRED_CONTACT_OPTIONS)[number]['value'];

// Publishing inquiry and book submission.
export const GENRES = [
  { value: 'christian-living', label: 'Christian Living' },
  { value: 'theology', label: 'Theology' },
  { value: 'devotional', label: 'Devotional' },
  { value: 'biography', label: 'Biography & Memoir' },
  { value: 'prophecy', label: 'Prophecy' },
  { value: 'ministry', label: 'Ministry & Leadership' },
  { value: 'biblical-studies', label: 'Biblical Studies' },
  { value: 'prayer', label: 'Prayer' },
  { value: 'family', label: 'Family & Marriage' },
  { value: 'youth', label: 'Youth' },
  { value: 'fiction', label: 'Christian Fiction' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const MANUSCRIPT_STATUSES = [
  { value: 'completed', label: 'Completed' },
  { value: 'nearly-complete', label: 'Nearly complete (90%)' },
  { value: 'halfway', label: 'Halfway (50%)' },
  { value: 'outline', label: 'Outline only' },
  { value: 'idea', label: 'Just an idea' },
] as const satisfies readonly Option[];

export const TIMELINES = [
  { value: 'asap', label: 'As soon as possible' },
  { value: '3-months', label: 'Within 3 months' },
  { value: '6-months', label: 'Within 6 months' },
  { value: '1-year', label: 'Within a year' },
  { value: 'flexible', label: 'Flexible' },
] as const satisfies readonly Option[];

export const BUDGETS = [
  { value: 'under-1000', label: 'Under $1,000' },
  { value: '1000-3000', label: '$1,000 - $3,000' },
  { value: '3000-5000', label: '$3,000 - $5,000' },
  { value: '5000-10000', label: '$5,000 - $10,000' },
  { value: 'over-10000', label: 'Over $10,000' },
  { value: 'discuss', label: "Let's discuss" },
] as const satisfies readonly Option[];

export const HEAR_ABOUT_OPTIONS = [
  { value: 'website', label: 'This website' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'social-media', label: 'Social media' },
  { value: 'referral', label: 'A friend or referral' },
  { value: 'search-engine', label: 'Search engine' },
  { value: 'conference', label: 'Conference or event' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const PUBLISHING_SERVICES = [
  { value: 'editing', label: 'Editing' },
  { value: 'proofreading', label: 'Proofreading' },
  { value: 'cover-design', label: 'Cover design' },
  { value: 'formatting', label: 'Formatting' },
  { value: 'isbn', label: 'ISBN registration' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'distribution', label: 'Distribution' },
  { value: 'consultation', label: 'Consultation' },
] as const satisfies readonly Option[];

export type Genre = (typeof GENRES)[number]['value'];
export type ManuscriptStatus = (typeof MANUSCRIPT_STATUSES)[number]['value'];
export type Timeline = (typeof TIMELINES)[number]['value'];
export type Budget = (typeof BUDGETS)[number]['value'];
export type HearAboutUs = (typeof HEAR_ABOUT_OPTIONS)[number]['value'];
export type PublishingService = (typeof PUBLISHING_SERVICES)[number]['value'];

/** The label of an enumeration value, or the value itself when it is not one we know. */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}
