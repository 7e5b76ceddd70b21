import {
  PUBLISHING_SERVICE_OPTIONS,
  type PublishingBudget as Budget,
  type Genre,
  type PublishingHearAboutUs as HearAboutUs,
  type ManuscriptStatus,
  type PublishingService,
  type PublishingTimeline as Timeline,
} from '@km/contracts/vocabulary';

export interface InquiryFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  bookTitle: string;
  genre: Genre | '';
  manuscriptStatus: ManuscriptStatus | '';
  /** As typed; digits only once sent. */
  wordCount: string;
  previouslyPublished: boolean;
  servicesNeeded: PublishingService[];
  bookDescription: string;
  publishingGoals: string;
  timeline: Timeline | '';
  budget: Budget | '';
  hearAboutUs: HearAboutUs | '';
}

export const EMPTY_INQUIRY_FORM: InquiryFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  bookTitle: '',
  genre: '',
  manuscriptStatus: '',
  wordCount: '',
  previouslyPublished: false,
  servicesNeeded: [],
  bookDescription: '',
  publishingGoals: '',
  timeline: '',
  budget: '',
  hearAboutUs: '',
};

/** POST /api/publishing-inquiries. */
export interface PublishingInquiryPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  bookTitle: string;
  genre: Genre;
  manuscriptStatus: ManuscriptStatus;
  wordCount?: number;
  previouslyPublished: boolean;
  servicesNeeded: PublishingService[];
  bookDescription: string;
  publishingGoals: string;
  timeline?: Timeline;
  budget?: Budget;
  hearAboutUs?: HearAboutUs;
}

/** The pattern attribute of word-count inputs: a whole number as people write it, 85000 or 85,000. */
export const WORD_COUNT_PATTERN = '\\s*(\\d+|\\d{1,3}(,\\d{3})+)\\s*';

/** A word count as typed ("85,000", " 85000 ") as a whole number, or undefined when there is none. */
export function parseWordCount(typed: string): number | undefined {
  const digits = typed.replace(/[\s,]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const count = Number(digits);
  return Number.isSafeInteger(count) ? count : undefined;
}

/** The request body for a form the browser has validated; empty optional fields are not sent. */
export function toPublishingInquiryPayload(values: InquiryFormValues): PublishingInquiryPayload {
  const phone = values.phone.trim();
  const wordCount = parseWordCount(values.wordCount);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    bookTitle: values.bookTitle.trim(),
    genre: values.genre as Genre,
    manuscriptStatus: values.manuscriptStatus as ManuscriptStatus,
    ...(wordCount !== undefined ? { wordCount } : {}),
    previouslyPublished: values.previouslyPublished,
    // In the order the form lists them, whatever order they were ticked in.
    servicesNeeded: PUBLISHING_SERVICE_OPTIONS.map((s) => s.value).filter((s) => values.servicesNeeded.includes(s)),
    bookDescription: values.bookDescription.trim(),
    publishingGoals: values.publishingGoals.trim(),
    ...(values.timeline ? { timeline: values.timeline } : {}),
    ...(values.budget ? { budget: values.budget } : {}),
    ...(values.hearAboutUs ? { hearAboutUs: values.hearAboutUs } : {}),
  };
}
