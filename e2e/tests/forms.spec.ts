import type { CatalogItem } from '@km/contracts/catalog';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { emailFor, expectCreated, expectMail, failNextPost, minimalPdf, ONE_PIXEL_PNG, runTag, seed, signInAsAdmin, watchRequests } from './forms-helpers';
import { apiPost, createNonAdminUser, toasts } from './helpers';

const toastTitle = (page: Page, text: string) => toasts(page).getByText(text, { exact: true });
/** A text field by its accessible name (the visual "*" of required fields is not part of it). */
const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('contact page', () => {
  test('shows hours, phone, addresses, prayer blurb, social links and two tabs', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get In Touch' })).toBeVisible();
    const main = page.getByRole('main');
    for (const text of ['Mon-Fri', '9:00 AM-6:00 PM', 'Sat', '10:00 AM-4:00 PM', 'Sun', 'By appointment']) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
    const mailto = main.locator('a[href^="mailto:"]');
    await expect(mailto).toHaveCount(4);
    await expect(main.getByRole('heading', { name: 'Prayer Requests' })).toBeVisible();
    for (const name of ['Facebook', 'Instagram', 'YouTube']) {
      await expect(main.getByRole('link', { name: new RegExp(`on ${name}`) })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Prayer Request' })).toHaveAttribute('aria-selected', 'false');
  });

  test('native validation blocks an empty contact form: nothing is sent', async ({ page }) => {
    await page.goto('/contact');
    const sent = watchRequests(page, '/api/contact-messages');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact$/);
    const firstName = form.getByLabel('First name');
    expect(await firstName.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    for (const name of ['First name', 'Last name', 'Email', 'Message']) {
      await expect(textbox(form, name)).toHaveAttribute('required', '');
    }
    await expect(form.getByRole('combobox', { name: 'Subject' })).toHaveAttribute('required', '');
    await expect(form.getByRole('checkbox', { name: /privacy policy/ })).toHaveAttribute('required', '');

    // A malformed address is refused by the email type as well.
    await firstName.fill('Lydia');
    await form.getByLabel('Last name').fill('Purple');
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

    await page.waitForTimeout(300);
    expect(sent).toHaveLength(0);
  });

  test('a visitor sends a message, sees the success toast, the form clears and the acknowledgement is mailed', async ({ page }) => {
    const tag = runTag('contact');
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('First name').fill('Lydia');
    await form.getByLabel('Last name').fill('Purple');
    await form.getByLabel('Email').fill(emailFor(tag));
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByLabel('Subject').selectOption({ label: 'Partnership' });
    await form.getByLabel('How did you hear about us?').selectOption('podcast');
    await textbox(form, 'Message').fill(`Could we partner on a community event? ${tag}`);
    await expect(textbox(form, 'Message')).toHaveAttribute('rows', '6');
    await form.getByRole('checkbox', { name: /newsletter/ }).check();
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();

    const posted = page.waitForRequest((req) => req.url().endsWith('/api/contact-messages') && req.method() === 'POST');
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/contact-messages'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).postDataJSON()).toEqual({
      firstName: 'Lydia',
      lastName: 'Purple',
      email: emailFor(tag),
      phone: '555-0100',
      subject: 'partnership',
      message: `Could we partner on a community event? ${tag}`,
      howHeardAboutUs: 'podcast',
      wantsNewsletter: true,
      privacyAccepted: true,
    });
    expect((await answered).status()).toBe(201);

    await expect(toastTitle(page, 'Message sent successfully')).toBeVisible();
    await expect(toasts(page).getByText(/within 24 hours on business days/)).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('');
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByRole('checkbox', { name: /privacy policy/ })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: /newsletter/ })).not.toBeChecked();

    const mail = await expectMail(page, emailFor(tag), 'We received your message | Kingdom Marketplace');
    expect(mail.to[0].address).toBe(emailFor(tag));
  });

  test('a failed send shows the spec message and keeps what was typed', async ({ page }) => {
    await page.goto('/contact');
    await failNextPost(page, '/api/contact-messages');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('First name').fill('Lydia');
    await form.getByLabel('Last name').fill('Purple');
    await form.getByLabel('Email').fill('lydia@example.com');
    await form.getByLabel('Subject').selectOption('general');
    await textbox(form, 'Message').fill('Hello');
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(toastTitle(page, 'Failed to send message')).toBeVisible();
    await expect(toasts(page).getByText('Please try again or contact us directly by phone.')).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('Lydia');
  });
});

test.describe('prayer requests', () => {
  test('/contact#prayer opens the Prayer Request tab, and so does a later hash change', async ({ page }) => {
    await page.goto('/contact#prayer');
    await expect(page.getByRole('tab', { name: 'Prayer Request' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Prayer request' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Contact us' })).toBeHidden();

    await page.getByRole('tab', { name: 'Contact Us' }).click();
    await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);

    await page.evaluate(() => {
      window.location.hash = '#prayer';
    });
    await expect(page.getByRole('tab', { name: 'Prayer Request' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Prayer request' })).toBeVisible();

    // Keyboard: arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Prayer Request' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true');

    // The prayer blurb in the left column links to the tab too.
    await page.getByRole('link', { name: 'Send a prayer request' }).click();
    await expect(page).toHaveURL(/\/contact#prayer$/);
    await expect(page.getByRole('tab', { name: 'Prayer Request' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the custom check names missing fields, then the privacy agreement; nothing is sent', async ({ page }) => {
    await page.goto('/contact#prayer');
    const sent = watchRequests(page, '/api/prayer-requests');
    const form = page.getByRole('form', { name: 'Prayer request' });
    const submit = form.getByRole('button', { name: 'Submit Prayer Request' });

    await submit.click();
    await expect(toastTitle(page, 'Missing required fields')).toBeVisible();
    await expect(toasts(page).getByText('Please fill in all required fields before submitting.')).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('First name')).toBeFocused();

    await form.getByLabel('First name').fill('Hannah');
    await form.getByLabel('Email').fill('hannah@example.com');
    await form.getByLabel('Request type').selectOption('family');
    await form.getByLabel('Prayer request').fill('For my family.');
    await submit.click();
    await expect(toastTitle(page, 'Privacy agreement required')).toBeVisible();
    await expect(toasts(page).getByText('Please accept the privacy policy to continue.')).toBeVisible();

    await page.waitForTimeout(300);
    expect(sent).toHaveLength(0);
  });

  test('a visitor submits a prayer request; every field and choice clears', async ({ page }) => {
    const tag = runTag('prayer');
    await page.goto('/contact#prayer');
    const form = page.getByRole('form', { name: 'Prayer request' });
    await form.getByLabel('First name').fill('Hannah');
    await form.getByLabel('Last name').fill('Elkanah');
    await form.getByLabel('Email').fill(emailFor(tag));
    await form.getByLabel('Phone').fill('555-0142');
    await form.getByLabel('Request type').selectOption({ label: 'Health & healing' });
    await form.getByLabel('Preferred contact').selectOption('text');
    await form.getByLabel('Prayer request').fill(`Healing for my mother ${tag}`);
    await expect(form.getByLabel('Prayer request')).toHaveAttribute('rows', '6');
    await form.getByRole('checkbox', { name: /urgent/ }).check();
    await form.getByRole('checkbox', { name: /anonymously/ }).check();
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();

    const posted = page.waitForRequest((req) => req.url().endsWith('/api/prayer-requests') && req.method() === 'POST');
    await form.getByRole('button', { name: 'Submit Prayer Request' }).click();
    expect((await posted).postDataJSON()).toEqual({
      firstName: 'Hannah',
      lastName: 'Elkanah',
      email: emailFor(tag),
      phone: '555-0142',
      requestType: 'health',
      prayerRequest: `Healing for my mother ${tag}`,
      preferredContact: 'text',
      isUrgent: true,
      allowSharing: true,
      // ADR 0042: the wall's name choice goes with the sharing consent ("Anonymous" unless the initial is chosen).
      shareNameAs: 'anonymous',
      confidentialityAccepted: true,
    });

    await expect(toastTitle(page, 'Prayer request submitted')).toBeVisible();
    for (const name of ['First name', 'Last name', 'Email', 'Phone', 'Prayer request']) {
      await expect(textbox(form, name)).toHaveValue('');
    }
    await expect(form.getByLabel('Request type')).toHaveValue('');
    await expect(form.getByLabel('Preferred contact')).toHaveValue('');
    for (const name of [/urgent/, /anonymously/, /privacy policy/]) {
      await expect(form.getByRole('checkbox', { name })).not.toBeChecked();
    }

    await expectMail(page, emailFor(tag), 'Your prayer request has been received | Kingdom Marketplace');
  });

  test('a failed prayer request shows the spec message', async ({ page }) => {
    await page.goto('/contact#prayer');
    await failNextPost(page, '/api/prayer-requests');
    const form = page.getByRole('form', { name: 'Prayer request' });
    await form.getByLabel('First name').fill('Hannah');
    await form.getByLabel('Email').fill('hannah@example.com');
    await form.getByLabel('Request type').selectOption('guidance');
    await form.getByLabel('Prayer request').fill('Guidance.');
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();
    await form.getByRole('button', { name: 'Submit Prayer Request' }).click();

    await expect(toastTitle(page, 'Failed to submit prayer request')).toBeVisible();
    await expect(toasts(page).getByText('Please try again or contact us directly.')).toBeVisible();
  });
});

test.describe('publishing page', () => {
  test('shows services, four steps, featured books and reaches the inquiry form by its anchor', async ({ page }) => {
    await page.goto('/publishing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const service of ['Editing', 'Proofreading', 'Cover Design', 'Formatting', 'ISBN Registration', 'Marketing', 'Distribution', 'Consultation']) {
      await expect(page.getByRole('heading', { level: 3, name: service, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="how-heading"] ol > li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Featured Books' })).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);

    await page.getByRole('link', { name: 'Start Your Publishing Journey' }).click();
    await expect(page).toHaveURL(/#publishing-form$/);
    await expect(page.locator('#publishing-form')).toBeInViewport();
    // Visitors see no admin form.
    await expect(page.getByRole('heading', { name: 'Add New Book' })).toHaveCount(0);
  });

  test('a visitor sends a publishing inquiry with every field', async ({ page }) => {
    const tag = runTag('inquiry');
    await page.goto('/publishing#publishing-form');
    const form = page.getByRole('form', { name: 'Start Your Publishing Journey' });

    const sent = watchRequests(page, '/api/publishing-inquiries');
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    expect(await form.getByLabel('First name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(sent).toHaveLength(0);

    await form.getByLabel('First name').fill('Priscilla');
    await form.getByLabel('Last name').fill('Aquila');
    await form.getByLabel('Email').fill(emailFor(tag));
    await form.getByLabel('Phone').fill('555-0199');
    await form.getByLabel('Book title').fill(`Tentmakers ${tag}`);
    await form.getByLabel('Genre').selectOption({ label: 'Biblical Studies' });
    await form.getByLabel('Manuscript status').selectOption({ label: 'Nearly complete (90%)' });
    await form.getByLabel('Word count').fill('62,500');
    await form.getByRole('radio', { name: 'Yes' }).check();
    await form.getByLabel('Book description').fill('Work and ministry side by side.');
    await form.getByRole('checkbox', { name: 'Editing' }).check();
    await form.getByRole('checkbox', { name: 'ISBN registration' }).check();
    await form.getByLabel('Publishing goals').fill('Equip bi-vocational leaders.');
    await form.getByLabel('Timeline').selectOption('6-months');
    await form.getByLabel('Budget').selectOption('3000-5000');
    await form.getByLabel('How did you hear about us?').selectOption('conference');

    const posted = page.waitForRequest((req) => req.url().endsWith('/api/publishing-inquiries') && req.method() === 'POST');
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    expect((await posted).postDataJSON()).toEqual({
      firstName: 'Priscilla',
      lastName: 'Aquila',
      email: emailFor(tag),
      phone: '555-0199',
      bookTitle: `Tentmakers ${tag}`,
      genre: 'biblical-studies',
      manuscriptStatus: 'nearly-complete',
      wordCount: 62500,
      previouslyPublished: true,
      servicesNeeded: ['editing', 'isbn'],
      bookDescription: 'Work and ministry side by side.',
      publishingGoals: 'Equip bi-vocational leaders.',
      timeline: '6-months',
      budget: '3000-5000',
      hearAboutUs: 'conference',
    });
    await expect(toastTitle(page, 'Inquiry submitted successfully')).toBeVisible();
    await expect(toasts(page).getByText(/24-48 hours/)).toBeVisible();
    await expect(form.getByLabel('Book title')).toHaveValue('');
    await expect(form.getByRole('checkbox', { name: 'Editing' })).not.toBeChecked();
  });

  test('a failed inquiry shows the spec message', async ({ page }) => {
    await page.goto('/publishing#publishing-form');
    await failNextPost(page, '/api/publishing-inquiries');
    const form = page.getByRole('form', { name: 'Start Your Publishing Journey' });
    await form.getByLabel('First name').fill('Priscilla');
    await form.getByLabel('Last name').fill('Aquila');
    await form.getByLabel('Email').fill('p@example.com');
    await form.getByLabel('Book title').fill('Tentmakers');
    await form.getByLabel('Genre').selectOption('ministry');
    await form.getByLabel('Manuscript status').selectOption('idea');
    await form.getByLabel('Book description').fill('About work.');
    await form.getByLabel('Publishing goals').fill('Equip.');
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();

    await expect(toastTitle(page, 'Failed to submit inquiry')).toBeVisible();
    await expect(toasts(page).getByText('Please try again or contact us directly.')).toBeVisible();
  });

  test('an author uploads a manuscript with a progress bar', async ({ page }) => {
    const tag = runTag('book');
    await page.goto('/publishing#submit-manuscript');
    const form = page.getByRole('form', { name: 'Submit Your Manuscript' });

    // The file input refuses other types before anything is sent.
    const manuscript = form.getByLabel('Manuscript');
    await expect(manuscript).toHaveAttribute('accept', /\.pdf/);
    await manuscript.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByText('Choose a PDF or Word (.docx) file.')).toBeVisible();

    await form.getByLabel('Author name').fill(`Phoebe ${tag}`);
    await form.getByLabel('Email').fill(emailFor(tag));
    await form.getByLabel('Book title').fill(`Servant Leaders ${tag}`);
    await form.getByLabel('Genre').selectOption('ministry');
    await form.getByLabel('Word count').fill('48000');
    await form.getByLabel('Target audience').fill('Deacons');
    await form.getByLabel('Synopsis').fill('A study of serving well.');
    await manuscript.setInputFiles({ name: `${tag}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf(tag) });
    await expect(form.getByText(`${tag}.pdf`)).toBeVisible();

    // Hold the upload's answer back long enough to see the bar.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/book-submissions', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit Manuscript' }).click();
    const bar = form.getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(form.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(form.getByText(/^\d+%$/)).toBeVisible();
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/book-submissions'));
    release();
    expect((await answered).status()).toBe(201);

    await expect(toastTitle(page, 'Manuscript submitted successfully')).toBeVisible();
    await expect(bar).toBeHidden();
    await expect(form.getByLabel('Book title')).toHaveValue('');
    await expect(manuscript).toHaveValue('');
  });

  test('an admin sees the Add New Book form and lists a book in the Books category', async ({ page }) => {
    const tag = runTag('addbook');
    await signInAsAdmin(page);
    await page.goto('/publishing');
    const section = page.getByRole('region', { name: 'Add New Book' });
    await expect(section).toBeVisible();
    const form = section.getByRole('form');
    await form.getByLabel('Title').fill(`Living Stones ${tag}`);
    await form.getByLabel('Author').fill('Simon Peter');
    const price = form.getByLabel('Price (USD)');
    await expect(price).toHaveAttribute('min', '0');
    await expect(price).toHaveAttribute('step', '0.01');
    await price.fill('14.5');
    await expect(form.getByLabel('Category')).toHaveValue('Books');
    await form.getByLabel('Description').fill('A book about the church.');
    await form.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });

    const created = page.waitForResponse((res) => res.url().endsWith('/api/products') && res.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add Book' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const product = (await res.json()) as CatalogItem;
    expect(product).toMatchObject({ name: `Living Stones ${tag}`, category: 'Books', price: '14.50' });
    expect(product.description).toContain('Simon Peter');
    expect(product.tags).toContain('Simon Peter');
    await expect(toastTitle(page, 'Book added successfully')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');

    const removed = await page.request.delete(`/api/products/${product.id}`, { headers: { Origin: new URL(page.url()).origin } });
    expect(removed.ok()).toBe(true);
  });
});

test.describe('footer newsletter', () => {
  test('refuses a bad address and subscribes a good one, clearing the field', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByLabel('Email address');
    await field.fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastTitle(page, 'Invalid email')).toBeVisible();
    await expect(toasts(page).getByText('Please enter a valid email address.')).toBeVisible();

    await field.fill(emailFor(runTag('news')));
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastTitle(page, 'Successfully subscribed!')).toBeVisible();
    await expect(toasts(page).getByText('Thank you for subscribing to our newsletter.')).toBeVisible();
    await expect(field).toHaveValue('');
  });

  test('a failed subscription shows the server message', async ({ page }) => {
    await page.goto('/');
    await failNextPost(page, '/api/newsletter-subscriptions');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address').fill('someone@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastTitle(page, 'Subscription failed')).toBeVisible();
    await expect(toasts(page).getByText('Simulated outage')).toBeVisible();
    await expect(footer.getByLabel('Email address')).toHaveValue('someone@example.com');
  });
});

test.describe('admin inbox', () => {
  test('an admin sees new submissions in the right tabs with counts, reads one and changes its status', async ({ page }) => {
    const tag = runTag('inbox');
    await page.goto('/');
    await expectCreated(await seed.contact(page, tag), 'contact message');
    await expectCreated(await seed.prayer(page, tag), 'prayer request');
    await expectCreated(await seed.publishing(page, tag), 'publishing inquiry');
    await expectCreated(await seed.book(page, tag), 'book submission');

    await signInAsAdmin(page);
    const countsRes = page.waitForResponse((res) => res.url().endsWith('/api/forms/counts'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const counts = (await (await countsRes).json()) as Record<string, { total: number }>;
    for (const [testId, key] of [
      ['count-contact-messages', 'contactMessages'],
      ['count-publishing-inquiries', 'publishingInquiries'],
      ['count-book-submissions', 'bookSubmissions'],
      ['count-prayer-requests', 'prayerRequests'],
    ] as const) {
      expect(counts[key].total).toBeGreaterThan(0);
      await expect(page.getByTestId(testId).getByTestId('count-total')).toHaveText(String(counts[key].total));
    }

    const tabs = page.getByRole('tablist', { name: 'Submissions' });
    for (const name of ['Contact Messages', 'Publishing Inquiries', 'Book Submissions', 'Prayer Requests']) {
      await expect(tabs.getByRole('tab', { name })).toBeVisible();
    }

    const row = (text: string) => page.getByRole('tabpanel').getByRole('article').filter({ hasText: text });

    // Contact Messages is open first.
    const contact = row(`Partnership idea ${tag}`);
    await expect(contact).toBeVisible();
    await expect(contact.locator('[data-variant="alert"]')).toHaveText('Status: New');
    await expect(contact.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);

    await tabs.getByRole('tab', { name: 'Publishing Inquiries' }).click();
    await expect(row(`Tentmakers ${tag}`)).toBeVisible();
    await expect(row(`Tentmakers ${tag}`).getByText('Nearly complete (90%)')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Prayer Requests' }).click();
    const prayer = row(`Prayer for my family ${tag}`);
    await expect(prayer).toBeVisible();
    await expect(prayer.getByText('Urgent', { exact: true })).toBeVisible();

    // The detail view shows every field.
    await prayer.getByRole('button', { name: /View details/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Family prayer request' })).toBeVisible();
    for (const text of [emailFor(tag), `Hannah ${tag}`, `Prayer for my family ${tag}`, 'Email']) {
      await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Status change: PATCH, then the badge, the list and the counts follow.
    const patched = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/prayer-requests/'));
    const recount = page.waitForResponse((res) => res.url().endsWith('/api/forms/counts'));
    await prayer.getByLabel(/^Status/).selectOption('contacted');
    const patch = await patched;
    expect(patch.status()).toBe(200);
    expect(patch.request().postDataJSON()).toEqual({ status: 'contacted' });
    await recount;
    await expect(toastTitle(page, 'Status updated')).toBeVisible();
    await expect(prayer.locator('[data-variant="secondary"]')).toHaveText('Status: Contacted');
    await expect(prayer.getByLabel(/^Status/)).toHaveValue('contacted');

    // Book submissions carry the manuscript, which downloads for the admin.
    await tabs.getByRole('tab', { name: 'Book Submissions' }).click();
    const book = row(`Servant Leaders ${tag}`);
    await expect(book).toBeVisible();
    const link = book.getByRole('link', { name: 'Download manuscript' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/book-submissions\/[^/]+\/manuscript$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Signed out, the same link is refused.
    const anonymous = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    expect([401, 403]).toContain((await anonymous.request.get(href!)).status());
    await anonymous.close();
  });

  test('a non-admin gets Access Denied and no inbox is requested', async ({ page }) => {
    await page.goto('/');
    const user = await createNonAdminUser(page);
    expect((await apiPost(page, '/api/auth/login', user)).ok()).toBe(true);

    const inboxCalls: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (/^\/api\/(contact-messages|publishing-inquiries|book-submissions|prayer-requests|forms\/counts)/.test(path)) inboxCalls.push(path);
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(toastTitle(page, 'Access Denied')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Submissions' })).toHaveCount(0);
    expect(inboxCalls).toEqual([]);
    // The API refuses too.
    expect((await page.request.get('/api/contact-messages')).status()).toBe(403);
  });
});
