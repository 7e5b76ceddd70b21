import { EVENTS_STREAM, eventSubject, type EventEnvelope } from '@km/contracts/common';
import { FormsEvents, type FormReceipt } from '@km/contracts/forms';
import { natsConnectOptions } from '@km/nest-kit';
import { eventually, testServers } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { bookFields, bookForm, contactBody, docx, MB, pdf, prayerBody, publishingBody, uniqueEmail, uniqueName, type FormFile } from './forms-fixtures';
import { ADMIN, caughtMails, Client, mailSource, sentTo, startHarness, type CaughtMail, type Harness } from './harness';

const STAFF_ADMIN = 'admin@kingdommarketplace.example';
const STAFF_PUBLISHING = 'publishing@kingdommarketplace.example';
const FORM_LIMIT = 3;

let h: Harness;
let admin: Client;
let member: Client;
let formsDb: DataSource;

beforeAll(async () => {
  // Every visitor below gets an address of its own (X-Forwarded-For behind one trusted proxy), so the tight
  // per-address form budget only bites in the test about it.
  h = await startHarness({ forms: {}, gateway: { TRUST_PROXY: '1', RATE_LIMIT_FORMS_PER_HOUR: String(FORM_LIMIT), RATE_LIMIT_PER_MINUTE: '100000' } });
  // The forms service runs in its own process: the test reads its database directly.
  formsDb = await new DataSource({ type: 'postgres', url: h.forms!.db.url }).initialize();
  admin = await signIn(ADMIN.username, ADMIN.password);
  const username = uniqueName('member_');
  assert.equal((await admin.post('/api/auth/register', { username, password: 'password-123' })).status, 201);
  member = await signIn(username, 'password-123');
});
afterAll(async () => {
  await formsDb.destroy();
  await h.stop();
});

async function signIn(username: string, password: string) {
  const client = new Client(h.gateway);
  assert.equal((await client.post('/api/auth/login', { username, password })).status, 200);
  return client;
}

// Addresses drawn at random for each run: the form budget lives in Redis, which may outlive one run.
let nextAddress = randomInt(1, 2 ** 24 - 10_000);
const freshAddress = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
/** A signed-out browser from an address no other request uses. */
const visitor = (ip = freshAddress()) => new Client(h.gateway, { 'x-forwarded-for': ip });

const total = async (path: string) => Number((await admin.get(path)).headers.get('x-total-count'));
const storedManuscripts = () => h.storage.listKeys('media/manuscripts/');

/** Waits until `match` finds `count` emails, then a little longer to be sure no more arrive. */
async function mailsSettled(match: (mails: CaughtMail[]) => CaughtMail[], count: number): Promise<CaughtMail[]> {
  await eventually(async () => match(await caughtMails()).length >= count, 10_000, 100);
  await new Promise((r) => setTimeout(r, 700));
  return match(await caughtMails());
}
const withSubject = (part: string) => (mails: CaughtMail[]) => mails.filter((m) => m.subject.includes(part));
const toAddress = (address: string) => (mails: CaughtMail[]) => sentTo(mails, address);

function assertReceipt(res: { status: number; body: FormReceipt }, message: string) {
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['id', 'message', 'receivedAt', 'status']);
  assert.match(res.body.id, /^[0-9a-f-]{36}$/);
  assert.equal(res.body.status, 'new');
  assert.ok(Math.abs(Date.parse(res.body.receivedAt) - Date.now()) < 60_000);
  assert.equal(res.body.message, message);
}

function assertInvalid(res: { status: number; body: any }, field: string, message: string) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, 'invalid');
  assert.equal(res.body.message, message);
  assert.deepEqual(res.body.details.fields, [{ field, message }]);
}

describe('contact messages', () => {
  test('a visitor sends a contact message; the admin list shows it first with the admin-view fields and status new', async () => {
    const body = contactBody({ phone: '', howHeardAboutUs: '' });
    const res = await visitor().post('/api/contact-messages', body);
    assertReceipt(res, 'Thank you for your message. We will reply within 24 hours on business days.');
    const list = await admin.get('/api/contact-messages');
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), String(list.body.length));
    const [first] = list.body;
    assert.deepEqual(first, {
      id: res.body.id,
      firstName: 'Ruth',
      lastName: body.lastName,
      email: body.email,
      phone: null,
      subject: 'partnership',
      message: body.message,
      howHeardAboutUs: null,
      wantsNewsletter: false,
      status: 'new',
      createdAt: res.body.receivedAt,
      updatedAt: res.body.receivedAt,
    });
    assert.deepEqual((await admin.get(`/api/contact-messages/${res.body.id}`)).body, first);
  });

  test('the sender gets one acknowledgement and the admin inbox one alert with the message', async () => {
    const body = contactBody();
    assert.equal((await visitor().post('/api/contact-messages', body)).status, 201);
    const [ack] = await mailsSettled(toAddress(body.email), 1);
    assert.equal(ack.subject, 'We received your message | Kingdom Marketplace');
    assert.match(
      ack.text,
      /^Hello,\n\nThank you for reaching out to Kingdom Marketplace\. Your message has arrived, and a member of our team will reply within 24 hours on business days\./,
    );
    assert.doesNotMatch(ack.html, /<blockquote|We would love to partner/);
    const staff = await mailsSettled(withSubject(`New contact message from Ruth ${body.lastName}: Partnership`), 1);
    assert.equal(staff.length, 1);
    assert.deepEqual(
      staff[0].to.map((t) => t.address),
      [STAFF_ADMIN],
    );
    assert.match(
      staff[0].text,
      new RegExp(`Email: ${body.email.replace(/\./g, '\\.')}\nPhone: 555-0101\nSubject: Partnership\nHeard about us: Church\nNewsletter: Not asked for`),
    );
    // Staff answer the sender by replying to the alert.
    assert.ok((await mailSource(staff[0])).includes(`\r\nReply-To: ${body.email}\r\n`));
    assert.equal(sentTo(await caughtMails(), body.email).length, 1);
  });

  test('the acknowledgement to an unverified address quotes none of the submitted text or links; the staff alert keeps them', async () => {
    const lure = 'Claim your refund at https://evil.example/refund';
    const body = contactBody({ firstName: `Ruth ${lure}`, lastName: lure, message: `Hello.\n${lure}` });
    assert.equal((await visitor().post('/api/contact-messages', body)).status, 201);
    const [ack] = await mailsSettled(toAddress(body.email), 1);
    assert.equal(ack.subject, 'We received your message | Kingdom Marketplace');
    for (const part of [ack.subject, ack.text, ack.html]) {
      assert.doesNotMatch(part, /evil\.example|Claim your refund|Ruth/);
    }
    const staff = await mailsSettled((mails) => mails.filter((m) => m.subject.startsWith('New contact message from') && m.text.includes(body.email)), 1);
    assert.match(staff[0].text, /> Claim your refund at https:\/\/evil\.example\/refund/);
  });

  test('the newsletter opt-in asks the sender to confirm the subscription (ADR 0055)', async () => {
    const email = uniqueEmail('Opt.In');
    assert.equal((await visitor().post('/api/contact-messages', contactBody({ email, wantsNewsletter: true }))).status, 201);
    const confirmation = await mailsSettled(
      (mails) => sentTo(mails, email.toLowerCase()).filter((m) => m.subject === 'Please confirm your Kingdom Marketplace newsletter subscription'),
      1,
    );
    assert.equal(confirmation.length, 1);
    const again = await visitor().post('/api/newsletter-subscriptions', { email });
    assert.deepEqual([again.status, again.body], [201, { email: email.toLowerCase(), message: 'Thank you for subscribing to our newsletter.' }]);
  });

  for (const field of ['firstName', 'lastName', 'email', 'subject', 'message']) {
    test(`a contact message without ${field} is a 400 naming it, and nothing is stored`, async () => {
      const before = await total('/api/contact-messages');
      const res = await visitor().post('/api/contact-messages', contactBody({ [field]: undefined }));
      assertInvalid(res, field, `${field} is required`);
      assert.equal(await total('/api/contact-messages'), before);
    });
  }

  test('a contact message without the privacy agreement is a 400 asking to accept it', async () => {
    for (const privacyAccepted of [undefined, false]) {
      const res = await visitor().post('/api/contact-messages', contactBody({ privacyAccepted }));
      assertInvalid(res, 'privacyAccepted', 'privacyAccepted must be true: please accept the privacy policy to continue');
    }
  });

  for (const [field, value, message] of [
    ['subject', 'sales', 'subject must be one of general, prayer, counseling, products, podcast, partnership, other'],
    ['howHeardAboutUs', 'youtube', 'howHeardAboutUs must be one of search, social, friend, church, podcast, event, other'],
    ['email', 'ruth-at-example.com', 'email must be a valid email address'],
    ['wantsNewsletter', 'yes', 'wantsNewsletter must be true or false'],
  ] as const) {
    test(`a contact message with ${field} "${value}" is a 400: ${message}`, async () => {
      assertInvalid(await visitor().post('/api/contact-messages', contactBody({ [field]: value })), field, message);
    });
  }
});

describe('prayer requests', () => {
  test('a visitor submits a prayer request with every field; the admin list shows it with submittedAt', async () => {
    const body = prayerBody({ isUrgent: true, preferredContact: 'text' });
    const res = await visitor().post('/api/prayer-requests', body);
    assertReceipt(res, 'Thank you for sharing your prayer request. Our prayer team will be praying for you.');
    const list = await admin.get('/api/prayer-requests');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body[0], {
      id: res.body.id,
      firstName: 'Hannah',
      lastName: body.lastName,
      email: body.email,
      phone: '555-0102',
      requestType: 'family',
      prayerRequest: 'Please pray for my family.',
      preferredContact: 'text',
      isUrgent: true,
      allowSharing: true,
      status: 'new',
      submittedAt: res.body.receivedAt,
      updatedAt: res.body.receivedAt,
    });
  });

  test('only firstName, email, requestType, prayerRequest and the confidentiality agreement are required', async () => {
    const res = await visitor().post('/api/prayer-requests', {
      firstName: 'Anna',
      email: uniqueEmail('anna'),
      requestType: 'thanksgiving',
      prayerRequest: 'Thankful.',
      confidentialityAccepted: true,
    });
    assert.equal(res.status, 201);
    const stored = (await admin.get(`/api/prayer-requests/${res.body.id}`)).body;
    assert.deepEqual([stored.lastName, stored.phone, stored.preferredContact, stored.isUrgent, stored.allowSharing], [null, null, 'email', false, false]);
  });

  test('an urgent request is acknowledged once and flagged URGENT in the one staff alert', async () => {
    const body = prayerBody({ isUrgent: true });
    assert.equal((await visitor().post('/api/prayer-requests', body)).status, 201);
    const [ack] = await mailsSettled(toAddress(body.email), 1);
    assert.equal(ack.subject, 'Your prayer request has been received | Kingdom Marketplace');
    assert.match(ack.text, /You marked your request as urgent\./);
    const staff = await mailsSettled(withSubject(`[URGENT] New prayer request from Hannah ${body.lastName}: Family`), 1);
    assert.equal(staff.length, 1);
    assert.deepEqual(
      staff[0].to.map((t) => t.address),
      [STAFF_ADMIN],
    );
    assert.match(staff[0].text, /Prayer request:\n> Please pray for my family\./);
  });

  test('with preferredContact none the staff are alerted but the person gets no email', async () => {
    const body = prayerBody({ preferredContact: 'none' });
    assert.equal((await visitor().post('/api/prayer-requests', body)).status, 201);
    const staff = await mailsSettled(withSubject(`New prayer request from Hannah ${body.lastName}: Family`), 1);
    assert.equal(staff.length, 1);
    assert.match(staff[0].text, /They asked for no follow-up, so they received no email from us\./);
    assert.deepEqual(sentTo(await caughtMails(), body.email), []);
  });

  for (const field of ['firstName', 'email', 'requestType', 'prayerRequest']) {
    test(`a prayer request without ${field} is a 400 naming it, and nothing is stored`, async () => {
      const before = await total('/api/prayer-requests');
      assertInvalid(await visitor().post('/api/prayer-requests', prayerBody({ [field]: '' })), field, `${field} is required`);
      assert.equal(await total('/api/prayer-requests'), before);
    });
  }

  test('a prayer request without the confidentiality agreement is a 400 asking to accept it', async () => {
    assertInvalid(
      await visitor().post('/api/prayer-requests', prayerBody({ confidentialityAccepted: undefined })),
      'confidentialityAccepted',
      'confidentialityAccepted must be true: please accept the confidentiality agreement to continue',
    );
  });

  for (const [field, value, message] of [
    ['requestType', 'career', 'requestType must be one of personal, family, health, financial, guidance, relationship, salvation, thanksgiving, other'],
    ['preferredContact', 'letter', 'preferredContact must be one of email, phone, text, none'],
    ['isUrgent', 'true', 'isUrgent must be true or false'],
    ['allowSharing', 1, 'allowSharing must be true or false'],
  ] as const) {
    test(`a prayer request with ${field} ${JSON.stringify(value)} is a 400: ${message}`, async () => {
      assertInvalid(await visitor().post('/api/prayer-requests', prayerBody({ [field]: value })), field, message);
    });
  }

  test('asking to be called or texted without a phone number is a 400 naming phone', async () => {
    assertInvalid(
      await visitor().post('/api/prayer-requests', prayerBody({ preferredContact: 'phone', phone: '' })),
      'phone',
      'phone is required when preferredContact is phone',
    );
  });
});

describe('publishing inquiries', () => {
  test('a visitor sends an inquiry; wordCount as text is stored as a number and the admin list shows every answer', async () => {
    const body = publishingBody({ wordCount: '42,000' });
    const res = await visitor().post('/api/publishing-inquiries', body);
    assertReceipt(res, 'Thank you for your inquiry. We will answer within 24-48 hours.');
    const list = await admin.get('/api/publishing-inquiries');
    assert.deepEqual(list.body[0], {
      id: res.body.id,
      firstName: 'Luke',
      lastName: body.lastName,
      email: body.email,
      phone: null,
      bookTitle: 'An Orderly Account',
      genre: 'biblical-studies',
      manuscriptStatus: 'nearly-complete',
      wordCount: 42000,
      previouslyPublished: false,
      servicesNeeded: ['editing', 'cover-design'],
      bookDescription: 'A careful history for seekers.',
      publishingGoals: 'Reach readers who have questions.',
      timeline: '6-months',
      budget: '1000-3000',
      hearAboutUs: 'podcast',
      status: 'new',
      createdAt: res.body.receivedAt,
      updatedAt: res.body.receivedAt,
    });
  });

  test('the author gets one acknowledgement promising an answer in 24-48 hours; the publishing inbox one alert', async () => {
    const body = publishingBody();
    assert.equal((await visitor().post('/api/publishing-inquiries', body)).status, 201);
    const [ack] = await mailsSettled(toAddress(body.email), 1);
    assert.equal(ack.subject, 'We received your publishing inquiry | Kingdom Marketplace');
    assert.match(ack.text, /Our publishing team has received your inquiry and will answer within 24-48 hours\./);
    const staff = await mailsSettled(withSubject(`New publishing inquiry from Luke ${body.lastName}: An Orderly Account`), 1);
    assert.equal(staff.length, 1);
    assert.deepEqual(
      staff[0].to.map((t) => t.address),
      [STAFF_PUBLISHING],
    );
    assert.match(staff[0].text, /Services needed: Editing, Cover design\nTimeline: Within 6 months\nBudget: \$1,000 - \$3,000\nHeard about us: Podcast/);
  });

  for (const field of ['firstName', 'lastName', 'email', 'bookTitle', 'genre', 'manuscriptStatus', 'bookDescription', 'publishingGoals']) {
    test(`an inquiry without ${field} is a 400 naming it, and nothing is stored`, async () => {
      const before = await total('/api/publishing-inquiries');
      assertInvalid(await visitor().post('/api/publishing-inquiries', publishingBody({ [field]: undefined })), field, `${field} is required`);
      assert.equal(await total('/api/publishing-inquiries'), before);
    });
  }

  for (const [field, value, message] of [
    [
      'genre',
      'poetry',
      'genre must be one of christian-living, theology, devotional, biography, prophecy, ministry, biblical-studies, prayer, family, youth, fiction, other',
    ],
    ['manuscriptStatus', 'drafting', 'manuscriptStatus must be one of completed, nearly-complete, halfway, outline, idea'],
    ['timeline', 'someday', 'timeline must be one of asap, 3-months, 6-months, 1-year, flexible'],
    ['budget', 'free', 'budget must be one of under-1000, 1000-3000, 3000-5000, 5000-10000, over-10000, discuss'],
    ['hearAboutUs', 'radio', 'hearAboutUs must be one of website, podcast, social-media, referral, search-engine, conference, other'],
    [
      'servicesNeeded',
      ['editing', 'ghostwriting'],
      'servicesNeeded must be a list of these services: editing, proofreading, cover-design, formatting, isbn, marketing, distribution, consultation',
    ],
    ['wordCount', '-5', 'wordCount must be a whole number of 0 or more'],
    ['wordCount', 'about 40k', 'wordCount must be a whole number of 0 or more'],
    ['previouslyPublished', 'no', 'previouslyPublished must be true or false'],
  ] as const) {
    test(`an inquiry with ${field} ${JSON.stringify(value)} is a 400: ${message}`, async () => {
      assertInvalid(await visitor().post('/api/publishing-inquiries', publishingBody({ [field]: value })), field, message);
    });
  }

  test('several bad fields are all named in one answer', async () => {
    const res = await visitor().post('/api/publishing-inquiries', publishingBody({ email: 'nope', genre: 'poetry', bookTitle: '' }));
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.details.fields.map((f: { field: string }) => f.field),
      ['email', 'bookTitle', 'genre'],
    );
  });
});

describe('book submissions', () => {
  test('a PDF manuscript is stored privately; the admin list links to the admin download, which returns the same bytes under the author’s file name', async () => {
    const fields = bookFields();
    const file = pdf(5000, 'Tentmakers – final draft.pdf');
    const before = await storedManuscripts();
    const res = await visitor().post('/api/book-submissions', bookForm(fields, file));
    assertReceipt(res, 'Thank you for your manuscript. Our publishing team will review it and contact you about next steps.');
    const [key] = (await storedManuscripts()).filter((k) => !before.includes(k));
    assert.match(key, /^media\/manuscripts\/[0-9a-f-]{36}\.pdf$/);

    const list = await admin.get('/api/book-submissions');
    assert.deepEqual(list.body[0], {
      id: res.body.id,
      authorName: fields.authorName,
      email: fields.email,
      status: 'new',
      submittedAt: res.body.receivedAt,
      bookTitle: 'Tentmakers',
      genre: 'ministry',
      wordCount: 55000,
      targetAudience: 'Church planters',
      manuscriptUrl: `/api/book-submissions/${res.body.id}/manuscript`,
      synopsis: 'Work and ministry, side by side.',
      manuscriptFilename: 'Tentmakers – final draft.pdf',
      manuscriptSize: 5000,
      manuscriptContentType: 'application/pdf',
      updatedAt: res.body.receivedAt,
    });

    const download = await fetch(h.baseUrl + list.body[0].manuscriptUrl, { headers: { cookie: admin.cookie! } });
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="Tentmakers ? final draft.pdf"; filename*=UTF-8''Tentmakers%20%E2%80%93%20final%20draft.pdf`,
    );
    assert.equal(download.headers.get('cache-control'), 'private, no-store');
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), file.data);

    // The bucket is shared with public media, but /media never serves a manuscript.
    assert.equal((await fetch(`${h.baseUrl}/${key}`)).status, 404);
  });

  test('a DOCX manuscript is recognised by its content and keeps its extension', async () => {
    const before = await storedManuscripts();
    const res = await visitor().post('/api/book-submissions', bookForm(bookFields(), docx('chapter one')));
    assert.equal(res.status, 201);
    const [key] = (await storedManuscripts()).filter((k) => !before.includes(k));
    assert.match(key, /\.docx$/);
    const item = (await admin.get(`/api/book-submissions/${res.body.id}`)).body;
    assert.deepEqual(
      [item.manuscriptFilename, item.manuscriptContentType],
      ['chapter one.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    );
  });

  test('the manuscript download is for admins only: 401 signed out, 403 for a member', async () => {
    const res = await visitor().post('/api/book-submissions', bookForm(bookFields(), pdf()));
    const url = `/api/book-submissions/${res.body.id}/manuscript`;
    assert.equal((await visitor().get(url)).status, 401);
    assert.equal((await member.get(url)).status, 403);
    assert.equal((await admin.get('/api/book-submissions/00000000-0000-4000-8000-000000000000/manuscript')).status, 404);
  });

  test('the author gets one acknowledgement and the publishing inbox one alert linking to the download', async () => {
    const fields = bookFields();
    const res = await visitor().post('/api/book-submissions', bookForm(fields, pdf(3000, 'tentmakers.pdf')));
    assert.equal(res.status, 201);
    const [ack] = await mailsSettled(toAddress(fields.email!), 1);
    assert.equal(ack.subject, 'We received your manuscript | Kingdom Marketplace');
    assert.match(ack.text, /^Hello,\n\nThank you for entrusting us with your manuscript\. It arrived safely\./);
    assert.doesNotMatch(ack.text, /Tentmakers|tentmakers\.pdf/);
    const staff = await mailsSettled(withSubject(`New book submission from ${fields.authorName}: Tentmakers`), 1);
    assert.equal(staff.length, 1);
    assert.deepEqual(
      staff[0].to.map((t) => t.address),
      [STAFF_PUBLISHING],
    );
    assert.match(staff[0].text, new RegExp(`Download the manuscript: http://localhost:3999/api/book-submissions/${res.body.id}/manuscript`));
  });

  for (const field of ['authorName', 'email', 'bookTitle', 'genre', 'wordCount', 'targetAudience', 'synopsis']) {
    test(`a submission without ${field} is a 400 naming it, and neither a row nor the manuscript is kept`, async () => {
      const before = { rows: await total('/api/book-submissions'), keys: await storedManuscripts() };
      assertInvalid(await visitor().post('/api/book-submissions', bookForm(bookFields({ [field]: undefined }), pdf())), field, `${field} is required`);
      assert.equal(await total('/api/book-submissions'), before.rows);
      assert.deepEqual((await storedManuscripts()).sort(), before.keys.sort());
    });
  }

  test('a submission without a manuscript is a 400 saying to attach one', async () => {
    assertInvalid(
      await visitor().post('/api/book-submissions', bookForm(bookFields())),
      'manuscript',
      'manuscript is required: attach your manuscript as a PDF or DOCX file',
    );
  });

  for (const [field, value, message] of [
    [
      'genre',
      'poetry',
      'genre must be one of christian-living, theology, devotional, biography, prophecy, ministry, biblical-studies, prayer, family, youth, fiction, other',
    ],
    ['wordCount', '12.5', 'wordCount must be a whole number of 0 or more'],
    ['email', 'priscilla', 'email must be a valid email address'],
  ] as const) {
    test(`a submission with ${field} "${value}" is a 400: ${message}, and the manuscript is not kept`, async () => {
      const keys = await storedManuscripts();
      assertInvalid(await visitor().post('/api/book-submissions', bookForm(bookFields({ [field]: value }), pdf())), field, message);
      assert.deepEqual((await storedManuscripts()).sort(), keys.sort());
    });
  }

  test('a file named .pdf whose content is text is a 415 by content, and nothing is stored', async () => {
    const rows = await total('/api/book-submissions');
    const keys = await storedManuscripts();
    const text: FormFile = { data: Buffer.from('Chapter 1. In the beginning…\n'.repeat(200)), name: 'manuscript.pdf', type: 'application/pdf' };
    const res = await visitor().post('/api/book-submissions', bookForm(bookFields(), text));
    assert.equal(res.status, 415);
    assert.deepEqual(res.body, { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported manuscript type: use PDF or DOCX.' });
    assert.equal(await total('/api/book-submissions'), rows);
    assert.deepEqual((await storedManuscripts()).sort(), keys.sort());
  });

  test('a manuscript of 50 MB and one byte is a 413, and nothing is stored', async () => {
    const rows = await total('/api/book-submissions');
    const keys = await storedManuscripts();
    const res = await visitor().post('/api/book-submissions', bookForm(bookFields(), pdf(50 * MB + 1)));
    assert.equal(res.status, 413);
    assert.deepEqual(res.body, { statusCode: 413, code: 'payload_too_large', message: 'Manuscript is too large: the limit is 50 MB.' });
    assert.equal(await total('/api/book-submissions'), rows);
    assert.deepEqual((await storedManuscripts()).sort(), keys.sort());
  });

  test('a JSON body instead of the multipart form is a 415 saying what to send', async () => {
    const res = await visitor().post('/api/book-submissions', bookFields());
    assert.deepEqual([res.status, res.body.message], [415, 'Send this form as multipart/form-data.']);
  });
});

describe('the admin inbox', () => {
  const LISTS = ['/api/contact-messages', '/api/publishing-inquiries', '/api/book-submissions', '/api/prayer-requests'];

  test('every admin route is 401 signed out and 403 for a signed-in non-admin', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ...LISTS.map((path): [string, string] => ['GET', path]),
      ...LISTS.map((path): [string, string] => ['GET', `${path}/${id}`]),
      ...LISTS.map((path): [string, string, unknown] => ['PATCH', `${path}/${id}`, { status: 'contacted' }]),
      ['GET', '/api/forms/counts'],
    ];
    for (const [method, path, body] of routes) {
      const signedOut = await visitor().request(method, path, body);
      assert.equal(signedOut.status, 401, `${method} ${path}`);
      assert.equal(signedOut.body.message, 'You need to sign in to do that.');
      const forbidden = await member.request(method, path, body);
      assert.equal(forbidden.status, 403, `${method} ${path}`);
      assert.equal(forbidden.body.message, 'Admin access required.');
    }
  });

  test('lists are newest first and page with page/pageSize, X-Total-Count telling the total', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await visitor().post('/api/contact-messages', contactBody({ firstName: `Order${i}` }))).status, 201);
    const all = await admin.get('/api/contact-messages');
    const times = all.body.map((m: { createdAt: string }) => m.createdAt);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.deepEqual(
      all.body.slice(0, 3).map((m: { firstName: string }) => m.firstName),
      ['Order2', 'Order1', 'Order0'],
    );
    const page = await admin.get('/api/contact-messages?page=2&pageSize=2');
    assert.equal(page.headers.get('x-total-count'), String(all.body.length));
    assert.deepEqual(page.body, all.body.slice(2, 4));
    const bad = await admin.get('/api/contact-messages?pageSize=1000');
    assert.deepEqual([bad.status, bad.body.message], [400, 'pageSize must be a whole number from 1 to 25']);
  });

  test('an admin changes the status of each kind of item; the change shows in the lists', async () => {
    const created = {
      '/api/contact-messages': (await visitor().post('/api/contact-messages', contactBody())).body.id,
      '/api/publishing-inquiries': (await visitor().post('/api/publishing-inquiries', publishingBody())).body.id,
      '/api/book-submissions': (await visitor().post('/api/book-submissions', bookForm(bookFields(), pdf()))).body.id,
      '/api/prayer-requests': (await visitor().post('/api/prayer-requests', prayerBody())).body.id,
    };
    for (const [path, id] of Object.entries(created)) {
      const res = await admin.patch(`${path}/${id}`, { status: 'under_review' });
      assert.equal(res.status, 200, path);
      assert.equal(res.body.id, id);
      assert.equal(res.body.status, 'under_review');
      assert.ok(res.body.updatedAt > (res.body.createdAt ?? res.body.submittedAt), path);
      const listed = (await admin.get(path)).body.find((item: { id: string }) => item.id === id);
      assert.equal(listed.status, 'under_review');
    }
  });

  test('a status outside the list is a 400 naming the allowed ones and changes nothing', async () => {
    const id = (await visitor().post('/api/contact-messages', contactBody())).body.id;
    for (const body of [{ status: 'done' }, {}, { status: 3 }]) {
      const res = await admin.patch(`/api/contact-messages/${id}`, body);
      assert.equal(res.status, 400);
      assert.equal(res.body.details.fields[0].field, 'status');
    }
    assert.equal(
      (await admin.patch(`/api/contact-messages/${id}`, { status: 'done' })).body.message,
      'status must be one of new, unread, submitted, contacted, under_review, completed, accepted, rejected, archived',
    );
    assert.equal((await admin.get(`/api/contact-messages/${id}`)).body.status, 'new');
  });

  test('an unknown or malformed id is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await admin.patch(`/api/prayer-requests/${id}`, { status: 'contacted' });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, `No prayer request with id ${id} exists.`);
      assert.equal((await admin.get(`/api/book-submissions/${id}`)).status, 404);
    }
  });

  test('the dashboard counts match the lists: totals, and items still new, unread or submitted', async () => {
    const id = (await visitor().post('/api/publishing-inquiries', publishingBody())).body.id;
    assert.equal((await admin.patch(`/api/publishing-inquiries/${id}`, { status: 'unread' })).status, 200);
    const counts = await admin.get('/api/forms/counts');
    assert.equal(counts.status, 200);
    const expected: Record<string, { total: number; needsAttention: number }> = {};
    for (const [key, path] of [
      ['contactMessages', '/api/contact-messages'],
      ['publishingInquiries', '/api/publishing-inquiries'],
      ['bookSubmissions', '/api/book-submissions'],
      ['prayerRequests', '/api/prayer-requests'],
    ]) {
      const items: { status: string }[] = (await admin.get(path)).body;
      expected[key] = { total: items.length, needsAttention: items.filter((i) => ['new', 'unread', 'submitted'].includes(i.status)).length };
    }
    assert.deepEqual(counts.body, expected);
    assert.ok(expected.publishingInquiries.total > expected.publishingInquiries.needsAttention);
  });
});

describe('newsletter', () => {
  // Consent, confirmation and unsubscribing are proved in newsletter.test.ts (ADR 0055, 0056).
  test('an address that is not one is a 400 naming email', async () => {
    assertInvalid(await visitor().post('/api/newsletter-subscriptions', { email: 'lydia' }), 'email', 'email must be a valid email address');
    assertInvalid(await visitor().post('/api/newsletter-subscriptions', {}), 'email', 'email is required');
  });
});

describe('protections', () => {
  test('one address may send 3 forms an hour across every kind; the next is a 429 a person understands, other addresses are unaffected', async () => {
    const ip = freshAddress();
    assert.equal((await visitor(ip).post('/api/contact-messages', contactBody())).status, 201);
    assert.equal((await visitor(ip).post('/api/prayer-requests', prayerBody({ email: '' }))).status, 400);
    assert.equal((await visitor(ip).post('/api/newsletter-subscriptions', { email: uniqueEmail('eunice') })).status, 201);
    const keys = await storedManuscripts();
    for (const [path, body] of [
      ['/api/publishing-inquiries', publishingBody()],
      ['/api/book-submissions', bookForm(bookFields(), pdf())],
    ] as const) {
      const refused = await visitor(ip).post(path, body);
      assert.equal(refused.status, 429, path);
      assert.deepEqual(refused.body, {
        statusCode: 429,
        code: 'rate_limited',
        message: 'You have sent many forms from this address in the last hour. Please try again in 60 minutes, or call us if it is urgent.',
        details: { retryAfterSeconds: Number(refused.headers.get('retry-after')) },
      });
      assert.ok(Number(refused.headers.get('retry-after')) > 3500);
    }
    assert.deepEqual((await storedManuscripts()).sort(), keys.sort());
    assert.equal((await visitor().post('/api/publishing-inquiries', publishingBody())).status, 201);
  });

  test('a redelivered submission event queues no second email, even when its handled mark is lost', async () => {
    const body = contactBody();
    const { id } = (await visitor().post('/api/contact-messages', body)).body as FormReceipt;
    const staffSubject = withSubject(`New contact message from Ruth ${body.lastName}`);
    await mailsSettled(toAddress(body.email), 1);
    await mailsSettled(staffSubject, 1);

    const nc = await connect(natsConnectOptions(testServers().KM_TEST_NATS_URL, 'test-inspector'));
    try {
      const jsm = await nc.jetstreamManager();
      const stored = await jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: eventSubject(FormsEvents.contactReceived) });
      const envelope = stored.json<EventEnvelope<{ contactMessageId: string }>>();
      assert.equal(envelope.data.contactMessageId, id);
      // Published without a message id, so JetStream keeps it as a second delivery of the same event.
      await nc.jetstream().publish(eventSubject(FormsEvents.contactReceived), JSON.stringify(envelope));
      await new Promise((r) => setTimeout(r, 1000));
      // As if the consumer crashed after queueing the mails but before recording the event as handled.
      await formsDb.query(`DELETE FROM handled_events WHERE event_id = $1`, [envelope.id]);
      await nc.jetstream().publish(eventSubject(FormsEvents.contactReceived), JSON.stringify(envelope));
      await eventually(async () => (await formsDb.query(`SELECT 1 FROM handled_events WHERE event_id = $1`, [envelope.id])).length === 1, 10_000);
    } finally {
      await nc.drain();
    }
    assert.equal((await mailsSettled(toAddress(body.email), 1)).length, 1);
    assert.equal((await mailsSettled(staffSubject, 1)).length, 1);
  });

  test('the OpenAPI document describes every forms route', async () => {
    const doc = await new Client(h.gateway).get('/api/docs/openapi.json');
    const paths = Object.keys(doc.body.paths);
    for (const path of [
      '/api/contact-messages',
      '/api/contact-messages/{id}',
      '/api/prayer-requests',
      '/api/prayer-requests/{id}',
      '/api/publishing-inquiries',
      '/api/publishing-inquiries/{id}',
      '/api/book-submissions',
      '/api/book-submissions/{id}',
      '/api/book-submissions/{id}/manuscript',
      '/api/newsletter-subscriptions',
      '/api/newsletter-subscriptions/unsubscribe',
      '/api/forms/counts',
    ]) {
      assert.ok(paths.includes(path), path);
    }
    assert.deepEqual(Object.keys(doc.body.paths['/api/contact-messages/{id}']).sort(), ['get', 'patch']);
    assert.ok(doc.body.paths['/api/book-submissions'].post.requestBody.content['multipart/form-data']);
  });
});
