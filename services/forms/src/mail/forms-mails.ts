import type { BookSubmission, ContactMessage, PrayerRequest, PreferredContact, PublishingInquiry } from '@km/contracts';
import {
  CONTACT_SUBJECT_LABELS,
  GENRE_LABELS,
  HOW_HEARD_ABOUT_US_LABELS,
  MANUSCRIPT_STATUS_LABELS,
  PRAYER_REQUEST_TYPE_LABELS,
  PREFERRED_CONTACT_LABELS,
  PUBLISHING_BUDGET_LABELS,
  PUBLISHING_HEAR_ABOUT_US_LABELS,
  PUBLISHING_SERVICE_LABELS,
  PUBLISHING_TIMELINE_LABELS,
} from '@km/contracts/vocabulary';
import { button, details, lines, oneLine, paragraph, quote, renderMail, type MailBlock, type OutgoingMail } from '@km/nest-kit/mail';

export interface MailContext {
  /** The site's address, for links. */
  publicOrigin: string;
  staff: { admin: string; publishing: string };
}

/** A rendered email and the key that makes queueing it idempotent. */
export interface KeyedMail {
  key: string;
  mail: OutgoingMail;
}

const WARM_CLOSING = lines('With gratitude and blessings,', 'The Kingdom Marketplace team');
const STAFF_CLOSING = lines('Kingdom Marketplace website forms');
const HOURS = 'Monday to Friday 9:00 AM to 6:00 PM, Saturday 10:00 AM to 4:00 PM';

const CONTACT_METHODS: Record<PreferredContact, string> = { email: 'email', phone: 'a phone call', text: 'a text message', none: 'no follow-up' };

const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const orDash = (value: string | null) => value ?? '—';
const when = (iso: string) => `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
const fullName = (first: string, last: string | null) => oneLine([first, last].filter(Boolean).join(' '), 80);
const adminButton = (ctx: MailContext) => button('Open the admin inbox', `${ctx.publicOrigin}/admin`);
const paragraphs = (...texts: string[]): MailBlock[] => texts.map((text) => paragraph(text));
/** Why the sender of a form gets its acknowledgement, for the footer. */
const ackReason = (form: string) => `You are receiving this email because this address was given on the ${form} at Kingdom Marketplace.`;
const staffReason = (setting: string) => `You are receiving this email because this address is a staff inbox for the website's forms (${setting}).`;

/*
 * Acknowledgements go to an address nobody has verified, so they quote none of the submitted free text (no name,
 * message, title or file name): otherwise anyone could make us mail their words and links to a stranger. Only our
 * own wording and values from closed lists appear. Staff alerts go to our own inboxes and keep everything.
 */
const ACK_GREETING = 'Hello,';

/** The acknowledgement to the sender and the alert to the admin inbox. */
export function contactMails(m: ContactMessage, ctx: MailContext): KeyedMail[] {
  const subject = CONTACT_SUBJECT_LABELS[m.subject];
  return [
    {
      key: `contact-ack:${m.id}`,
      mail: renderMail({
        to: m.email,
        subject: 'We received your message | Kingdom Marketplace',
        origin: ctx.publicOrigin,
        preheader: 'Your message has arrived. We reply within 24 hours on business days.',
        reason: ackReason('contact form'),
        blocks: [
          ...paragraphs(
            ACK_GREETING,
            'Thank you for reaching out to Kingdom Marketplace. Your message has arrived, and a member of our team will reply within 24 hours on business days.',
            `If your need is urgent, please call us during ministry hours: ${HOURS}.`,
          ),
          details([['Subject', subject]]),
          WARM_CLOSING,
        ],
      }),
    },
    {
      key: `contact-staff:${m.id}`,
      mail: renderMail({
        to: ctx.staff.admin,
        replyTo: m.email,
        subject: `New contact message from ${fullName(m.firstName, m.lastName)}: ${subject}`,
        origin: ctx.publicOrigin,
        preheader: `${subject}: reply within 24 hours on business days.`,
        reason: staffReason('STAFF_ADMIN_EMAIL'),
        blocks: [
          ...paragraphs(
            'Hello team,',
            'A new contact message arrived through the website. Reply to this email to answer the sender directly; we promised an answer within 24 hours on business days.',
          ),
          details([
            ['Name', fullName(m.firstName, m.lastName)],
            ['Email', m.email],
            ['Phone', orDash(m.phone)],
            ['Subject', subject],
            ['Heard about us', m.howHeardAboutUs ? HOW_HEARD_ABOUT_US_LABELS[m.howHeardAboutUs] : '—'],
            ['Newsletter', m.wantsNewsletter ? 'Subscribed' : 'Not asked for'],
            ['Received', when(m.createdAt)],
          ]),
          quote('Message', m.message),
          adminButton(ctx),
          STAFF_CLOSING,
        ],
      }),
    },
  ];
}

/** The staff alert always; the acknowledgement unless the person asked for no follow-up. */
export function prayerMails(p: PrayerRequest, ctx: MailContext): KeyedMail[] {
  const type = PRAYER_REQUEST_TYPE_LABELS[p.requestType];
  const staff: KeyedMail = {
    key: `prayer-staff:${p.id}`,
    mail: renderMail({
      to: ctx.staff.admin,
      replyTo: p.email,
      subject: `${p.isUrgent ? '[URGENT] ' : ''}New prayer request from ${fullName(p.firstName, p.lastName)}: ${type}`,
      origin: ctx.publicOrigin,
      preheader: `${p.isUrgent ? 'Urgent: ' : ''}${type}, preferred contact: ${PREFERRED_CONTACT_LABELS[p.preferredContact]}.`,
      reason: staffReason('STAFF_ADMIN_EMAIL'),
      blocks: [
        ...paragraphs(
          'Hello team,',
          p.isUrgent
            ? 'An URGENT prayer request arrived through the website. Please pray and follow up as soon as you can.'
            : 'A new prayer request arrived through the website.',
          p.preferredContact === 'none'
            ? 'They asked for no follow-up, so they received no email from us.'
            : `They would like to be reached by ${CONTACT_METHODS[p.preferredContact]}.`,
        ),
        details([
          ['Name', fullName(p.firstName, p.lastName)],
          ['Email', p.email],
          ['Phone', orDash(p.phone)],
          ['Request type', type],
          ['Preferred contact', PREFERRED_CONTACT_LABELS[p.preferredContact]],
          ['Urgent', yesNo(p.isUrgent)],
          ['Share anonymously with the prayer team', yesNo(p.allowSharing)],
          ['Received', when(p.submittedAt)],
        ]),
        quote('Prayer request', p.prayerRequest),
        adminButton(ctx),
        STAFF_CLOSING,
      ],
    }),
  };
  if (p.preferredContact === 'none') return [staff];
  const ack: KeyedMail = {
    key: `prayer-ack:${p.id}`,
    mail: renderMail({
      to: p.email,
      subject: 'Your prayer request has been received | Kingdom Marketplace',
      origin: ctx.publicOrigin,
      preheader: 'Our prayer team has received your request and will be lifting you up in prayer.',
      reason: ackReason('prayer request form'),
      blocks: [
        ...paragraphs(
          ACK_GREETING,
          'Thank you for trusting us with your prayer request. Our prayer team has received it and will be lifting you up in prayer.',
          p.allowSharing
            ? 'As you allowed, we will share it anonymously with our prayer team; your name and contact details stay confidential.'
            : 'Your request stays confidential with the staff who received it.',
          `If we follow up, we will do so by ${CONTACT_METHODS[p.preferredContact]}, as you asked.`,
          ...(p.isUrgent
            ? [`You marked your request as urgent. If you would like someone to pray with you right away, please call us during ministry hours: ${HOURS}.`]
            : []),
        ),
        lines('Praying with you,', 'The Kingdom Marketplace team'),
      ],
    }),
  };
  return [ack, staff];
}

export function publishingMails(i: PublishingInquiry, ctx: MailContext): KeyedMail[] {
  const title = oneLine(i.bookTitle, 80);
  return [
    {
      key: `publishing-ack:${i.id}`,
      mail: renderMail({
        to: i.email,
        subject: 'We received your publishing inquiry | Kingdom Marketplace',
        origin: ctx.publicOrigin,
        preheader: 'Our publishing team has received your inquiry and will answer within 24-48 hours.',
        reason: ackReason('publishing inquiry form'),
        blocks: [
          ...paragraphs(
            ACK_GREETING,
            `Thank you for considering Kingdom Marketplace for your book. Our publishing team has received your inquiry and will answer within 24-48 hours.`,
            'In the meantime, feel free to gather any chapters, outlines or notes you would like to share with us. We look forward to helping your message reach the readers it is meant for.',
          ),
          WARM_CLOSING,
        ],
      }),
    },
    {
      key: `publishing-staff:${i.id}`,
      mail: renderMail({
        to: ctx.staff.publishing,
        replyTo: i.email,
        subject: `New publishing inquiry from ${fullName(i.firstName, i.lastName)}: ${title}`,
        origin: ctx.publicOrigin,
        preheader: `${GENRE_LABELS[i.genre]}, ${MANUSCRIPT_STATUS_LABELS[i.manuscriptStatus]}: answer within 24-48 hours.`,
        reason: staffReason('STAFF_PUBLISHING_EMAIL'),
        blocks: [
          ...paragraphs(
            'Hello publishing team,',
            'A new publishing inquiry arrived through the website. We promised an answer within 24-48 hours; reply to this email to reach the author directly.',
          ),
          details([
            ['Name', fullName(i.firstName, i.lastName)],
            ['Email', i.email],
            ['Phone', orDash(i.phone)],
            ['Book title', i.bookTitle],
            ['Genre', GENRE_LABELS[i.genre]],
            ['Manuscript', MANUSCRIPT_STATUS_LABELS[i.manuscriptStatus]],
            ['Word count', i.wordCount === null ? '—' : i.wordCount.toLocaleString('en-US')],
            ['Previously published', yesNo(i.previouslyPublished)],
            ['Services needed', i.servicesNeeded.length ? i.servicesNeeded.map((service) => PUBLISHING_SERVICE_LABELS[service]).join(', ') : '—'],
            ['Timeline', i.timeline ? PUBLISHING_TIMELINE_LABELS[i.timeline] : '—'],
            ['Budget', i.budget ? PUBLISHING_BUDGET_LABELS[i.budget] : '—'],
            ['Heard about us', i.hearAboutUs ? PUBLISHING_HEAR_ABOUT_US_LABELS[i.hearAboutUs] : '—'],
            ['Received', when(i.createdAt)],
          ]),
          quote('About the book', i.bookDescription),
          quote('Publishing goals', i.publishingGoals),
          adminButton(ctx),
          STAFF_CLOSING,
        ],
      }),
    },
  ];
}

export function bookMails(b: BookSubmission, ctx: MailContext): KeyedMail[] {
  const title = oneLine(b.bookTitle, 80);
  return [
    {
      key: `book-ack:${b.id}`,
      mail: renderMail({
        to: b.email,
        subject: 'We received your manuscript | Kingdom Marketplace',
        origin: ctx.publicOrigin,
        preheader: 'Your manuscript arrived safely. Our publishing team will contact you about next steps.',
        reason: ackReason('manuscript submission form'),
        blocks: [
          ...paragraphs(
            ACK_GREETING,
            'Thank you for entrusting us with your manuscript. It arrived safely.',
            'Our publishing team will read it carefully and prayerfully, and contact you about next steps.',
          ),
          WARM_CLOSING,
        ],
      }),
    },
    {
      key: `book-staff:${b.id}`,
      mail: renderMail({
        to: ctx.staff.publishing,
        replyTo: b.email,
        subject: `New book submission from ${oneLine(b.authorName, 80)}: ${title}`,
        origin: ctx.publicOrigin,
        preheader: `${GENRE_LABELS[b.genre]}, ${b.wordCount.toLocaleString('en-US')} words. The download needs an admin sign-in.`,
        reason: staffReason('STAFF_PUBLISHING_EMAIL'),
        blocks: [
          ...paragraphs('Hello publishing team,', 'A new manuscript was submitted through the website. The download needs an admin sign-in.'),
          details([
            ['Author', b.authorName],
            ['Email', b.email],
            ['Book title', b.bookTitle],
            ['Genre', GENRE_LABELS[b.genre]],
            ['Word count', b.wordCount.toLocaleString('en-US')],
            ['Target audience', b.targetAudience],
            ['Manuscript', `${b.manuscriptFilename} (${fileSize(b.manuscriptSize)})`],
            ['Received', when(b.submittedAt)],
          ]),
          quote('Synopsis', b.synopsis),
          button('Download the manuscript', `${ctx.publicOrigin}${b.manuscriptUrl}`),
          STAFF_CLOSING,
        ],
      }),
    },
  ];
}

/** The unsubscribe link of every newsletter email: a page with a button on GET, unsubscribed on POST (ADR 0056). */
export const newsletterUnsubscribeUrl = (publicOrigin: string, unsubscribeToken: string) =>
  `${publicOrigin}/api/newsletter-subscriptions/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;

/**
 * The double opt-in email (ADR 0055): keyed by the event, so each request for the address mails one link. It quotes
 * nothing the visitor typed but the address it goes to.
 */
export function newsletterConfirmationMail(eventId: string, email: string, confirmToken: string, validForMs: number, ctx: MailContext): KeyedMail {
  const hours = Math.round(validForMs / 3600_000);
  const validFor = hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
  const url = `${ctx.publicOrigin}/api/newsletter-subscriptions/confirm?token=${encodeURIComponent(confirmToken)}`;
  return {
    key: `newsletter-confirm:${eventId}`,
    mail: renderMail({
      to: email,
      subject: 'Please confirm your Kingdom Marketplace newsletter subscription',
      origin: ctx.publicOrigin,
      preheader: 'One click to confirm, and the newsletter is on its way.',
      reason: 'You are receiving this email because this address was given to subscribe to the Kingdom Marketplace newsletter.',
      blocks: [
        ...paragraphs(
          'Hello,',
          'Someone, hopefully you, asked to receive the Kingdom Marketplace newsletter at this address. Please confirm that it is yours:',
        ),
        button('Confirm my subscription', url),
        paragraph(`The link works for ${validFor}. If you did not ask for this, ignore this email: you will not hear from us again.`),
        WARM_CLOSING,
      ],
    }),
  };
}

/** Sent once the address is confirmed; keyed by the event, so confirming again after resubscribing welcomes once more. */
export function newsletterWelcomeMail(eventId: string, email: string, unsubscribeToken: string, ctx: MailContext): KeyedMail {
  return {
    key: `newsletter-welcome:${eventId}`,
    mail: renderMail({
      to: email,
      subject: 'Welcome to the Kingdom Marketplace newsletter',
      origin: ctx.publicOrigin,
      preheader: 'New faith-based products and services, podcast episodes, and stories from Kingdom-minded creators.',
      reason: 'You are receiving this email because this address was subscribed to the Kingdom Marketplace newsletter.',
      unsubscribe: { url: newsletterUnsubscribeUrl(ctx.publicOrigin, unsubscribeToken), oneClick: true },
      blocks: [
        ...paragraphs(
          'Welcome, friend!',
          'Thank you for subscribing to the Kingdom Marketplace newsletter. We will share new faith-based products and services, podcast episodes, and stories from Kingdom-minded creators, businesses and ministries.',
          'We write only when we have something worth sharing, and you can leave whenever you like.',
        ),
        WARM_CLOSING,
      ],
    }),
  };
}
