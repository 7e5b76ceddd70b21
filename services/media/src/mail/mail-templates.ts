import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import { podcastUnsubscribeUrl as unsubscribeUrl } from '@km/contracts/vocabulary';
import { alreadySubscribedMail, welcomeMail } from './podcast-mails';

const origin = 'https://kingdom.example';
const subscriber = { id: 's1', email: 'lydia@example.com', firstName: HOSTILE_TEXT, unsubscribeToken: 'tok_en-1' };
const unsubscribe = `Unsubscribe from podcast emails: ${unsubscribeUrl(origin, 'tok_en-1')}`;

/** Every email media sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails. */
export const MAIL_TEMPLATES: MailTemplates = {
  welcomeMail: { render: () => welcomeMail(subscriber, origin).mail, facts: [`Listen to the latest episodes: ${origin}/podcast`, unsubscribe] },
  alreadySubscribedMail: {
    render: () => alreadySubscribedMail('lydia@example.com', origin).mail,
    facts: ["You're already subscribed with this email address", `${origin}/podcast`],
  },
};
