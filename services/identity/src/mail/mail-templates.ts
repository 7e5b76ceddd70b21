import type { MailTemplates } from '@km/nest-kit/mail';
import { alreadyRegisteredMail, membershipWaitingMail, signInLinkMail, staffInvitationMail, usernameTakenMail, verifyEmailMail } from './identity-mails';

const origin = 'https://kingdom.example';
const email = 'ruth@example.com';
const signIn = `${origin}/member-dashboard#signin=tok_1`;

/**
 * Every email identity sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails.
 * Identity quotes nothing a stranger typed, so no sample carries free text.
 */
export const MAIL_TEMPLATES: MailTemplates = {
  signInLinkMail: { render: () => signInLinkMail(origin, email, signIn, '428913'), facts: ['428913', `Sign in to your dashboard: ${signIn}`, '15 minutes'] },
  membershipWaitingMail: { render: () => membershipWaitingMail(origin, email, signIn, '428913'), facts: ['428913', `Sign in to your dashboard: ${signIn}`] },
  verifyEmailMail: {
    render: () => verifyEmailMail(origin, email, `${origin}/verify-email#token=tok_2`),
    facts: [`Confirm my email address: ${origin}/verify-email#token=tok_2`, '24 hours'],
  },
  alreadyRegisteredMail: { render: () => alreadyRegisteredMail(origin, email), facts: ['which already has one', `Go to Kingdom Marketplace: ${origin}`] },
  usernameTakenMail: { render: () => usernameTakenMail(origin, email), facts: ['already taken, so no account was created'] },
  staffInvitationMail: {
    render: () => staffInvitationMail(origin, email, `${origin}/staff-invitation#token=tok_3`, 'ruth.prays', 'prayer_team'),
    facts: ['Username: ruth.prays', 'Role: Prayer team', `Set my password: ${origin}/staff-invitation#token=tok_3`, '72 hours'],
  },
};
