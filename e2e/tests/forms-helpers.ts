import { expect, type APIResponse, type Page, type Request } from '@playwright/test';
import { adminCredentials, apiPost } from './helpers';

/** A marker unique to this run, so each test finds the submissions it made among everyone else's. */
export function runTag(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export const emailFor = (tag: string) => `${tag}@example.com`;

/**
 * A minimal PDF, generated here so no binary lives in the repository. The gateway checks a manuscript's type
 * from its first bytes ("%PDF-"), which this has.
 */
export function minimalPdf(title = 'E2E manuscript'): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      `3 0 obj << /Title (${title}) >> endobj`,
      'trailer << /Root 1 0 R /Info 3 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/** A 1×1 PNG for cover images. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Signs the page's context in as the admin; navigate afterwards so the app picks the session up. */
export async function signInAsAdmin(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  const res = await apiPost(page, '/api/auth/login', adminCredentials);
  expect(res.ok(), `admin login: ${res.status()} ${await res.text()}`).toBe(true);
}

/** Records the requests a page makes to one API path, to prove a form sent nothing (or something). */
export function watchRequests(page: Page, path: string, method = 'POST'): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

/** Answers a form POST with a server error, so the failure toast shows. */
export async function failNextPost(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, code: 'unavailable', message: 'Simulated outage' }),
        })
      : route.fallback(),
  );
}

export async function expectCreated(res: APIResponse, what: string): Promise<{ id: string }> {
  expect(res.status(), `${what}: ${res.status()} ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

/** The same submissions a visitor makes, sent straight to the API (for tests about the admin side). */
export const seed = {
  contact: (page: Page, tag: string) =>
    apiPost(page, '/api/contact-messages', {
      firstName: 'Lydia',
      lastName: tag,
      email: emailFor(tag),
      phone: '555-0100',
      subject: 'partnership',
      message: `Partnership idea ${tag}`,
      howHeardAboutUs: 'podcast',
      wantsNewsletter: false,
      privacyAccepted: true,
    }),
  prayer: (page: Page, tag: string) =>
    apiPost(page, '/api/prayer-requests', {
      firstName: 'Hannah',
      lastName: tag,
      email: emailFor(tag),
      requestType: 'family',
      prayerRequest: `Prayer for my family ${tag}`,
      preferredContact: 'email',
      isUrgent: true,
      allowSharing: false,
      confidentialityAccepted: true,
    }),
  publishing: (page: Page, tag: string) =>
    apiPost(page, '/api/publishing-inquiries', {
      firstName: 'Priscilla',
      lastName: tag,
      email: emailFor(tag),
      bookTitle: `Tentmakers ${tag}`,
      genre: 'ministry',
      manuscriptStatus: 'nearly-complete',
      wordCount: 62500,
      previouslyPublished: false,
      servicesNeeded: ['editing', 'cover-design'],
      bookDescription: 'Work and ministry side by side.',
      publishingGoals: 'Equip bi-vocational leaders.',
      timeline: '6-months',
      budget: 'discuss',
      hearAboutUs: 'podcast',
    }),
  book: (page: Page, tag: string) =>
    page.request.post('/api/book-submissions', {
      headers: { Origin: new URL(page.url()).origin },
      multipart: {
        authorName: `Phoebe ${tag}`,
        email: emailFor(tag),
        bookTitle: `Servant Leaders ${tag}`,
        genre: 'biblical-studies',
        wordCount: '48000',
        targetAudience: 'Deacons and church volunteers',
        synopsis: `A study of serving well ${tag}`,
        manuscript: { name: `${tag}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf(tag) },
      },
    }),
};

interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text?: string;
}

/**
 * Mail the stack's mail catcher (maildev) holds for an address, waiting for it to arrive: the `nth` such mail in the
 * order they arrived (the first by default).
 */
export async function expectMail(page: Page, to: string, subject: string | RegExp, nth = 1): Promise<CaughtMail> {
  const api = process.env.E2E_MAIL_API_URL;
  if (!api) throw new Error('E2E_MAIL_API_URL is not set: run the browser tests through `npm test -- e2e`');
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${api}/api/email`);
        if (!res.ok()) return `mail catcher answered ${res.status()}`;
        const mails = (await res.json()) as CaughtMail[];
        found = mails.filter(
          (mail) =>
            mail.to.some((recipient) => recipient.address.toLowerCase() === to.toLowerCase()) &&
            (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
        )[nth - 1];
        return found ? 'found' : `${mails.length} mails, fewer than ${nth} to ${to} with that subject`;
      },
      { timeout: 20_000, message: `mail to ${to}` },
    )
    .toBe('found');
  return found!;
}
