import { randomBytes, randomUUID } from 'node:crypto';

export const MB = 1024 * 1024;

export const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;
/** A last name no other test uses, so a staff alert can be found by its subject. */
export const uniqueName = (name: string) => `${name}${randomUUID().slice(0, 6)}`;

export const contactBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ruth',
  lastName: uniqueName('Moab'),
  email: uniqueEmail('ruth'),
  phone: '555-0101',
  subject: 'partnership',
  message: 'We would love to partner with you.\nOur church runs a bookshop.',
  howHeardAboutUs: 'church',
  wantsNewsletter: false,
  privacyAccepted: true,
  ...overrides,
});

export const prayerBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Hannah',
  lastName: uniqueName('Elkanah'),
  email: uniqueEmail('hannah'),
  phone: '555-0102',
  requestType: 'family',
  prayerRequest: 'Please pray for my family.',
  preferredContact: 'email',
  isUrgent: false,
  allowSharing: true,
  confidentialityAccepted: true,
  ...overrides,
});

export const publishingBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Luke',
  lastName: uniqueName('Physician'),
  email: uniqueEmail('luke'),
  phone: '',
  bookTitle: 'An Orderly Account',
  genre: 'biblical-studies',
  manuscriptStatus: 'nearly-complete',
  wordCount: '42000',
  previouslyPublished: false,
  servicesNeeded: ['editing', 'cover-design'],
  bookDescription: 'A careful history for seekers.',
  publishingGoals: 'Reach readers who have questions.',
  timeline: '6-months',
  budget: '1000-3000',
  hearAboutUs: 'podcast',
  ...overrides,
});

export const bookFields = (overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
  authorName: uniqueName('Priscilla'),
  email: uniqueEmail('priscilla'),
  bookTitle: 'Tentmakers',
  genre: 'ministry',
  wordCount: '55,000',
  targetAudience: 'Church planters',
  synopsis: 'Work and ministry, side by side.',
  ...overrides,
});

export interface FormFile {
  data: Buffer;
  name: string;
  type: string;
}

/** Starts like a PDF and is exactly `size` bytes. */
export const pdf = (size = 4000, name = 'Tentmakers.pdf'): FormFile => ({
  data: Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'), randomBytes(Math.max(0, size - 15))]).subarray(0, size),
  name,
  type: 'application/pdf',
});

/** A ZIP whose first entry is an Office Open XML part, as Word writes DOCX files. */
export function docx(name = 'Tentmakers.docx'): FormFile {
  const entry = '[Content_Types].xml';
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(entry.length, 26);
  return {
    data: Buffer.concat([header, Buffer.from(entry, 'latin1'), Buffer.from('<?xml version="1.0"?><Types/>'), randomBytes(3000)]),
    name,
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  };
}

/** The book submission's multipart body; fields set to undefined are left out. */
export function bookForm(fields: Record<string, string | undefined>, file?: FormFile): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (file) form.set('manuscript', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}
