import type { StaffAccountRole } from '@km/contracts/identity';
import { button, code as typed, details, heading, lines, paragraph, renderMail, type OutgoingMail } from '@km/nest-kit/mail';

/**
 * Identity's emails (ADR 0026). Each goes to an address whose owner may not have proved it yet, so none quotes a
 * name, a username or anything else a stranger typed: only what the product itself says, and the link.
 */

const SIGNATURE = lines('Kingdom Marketplace');
const ASKED = (what: string) => `You are receiving this email because someone asked for ${what} with this address at Kingdom Marketplace.`;

/** A member's sign-in link and its code: 15 minutes; the code for a device where the link opens in another browser. */
export function signInLinkMail(origin: string, email: string, link: string, code: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: `Your Marketshare sign-in code: ${code}`,
    origin,
    preheader: `Sign in to your member dashboard. Your code is ${code}; the link expires in 15 minutes.`,
    reason: ASKED('a Marketshare sign-in link'),
    blocks: [
      heading('Sign in to Marketshare'),
      paragraph('Hello,'),
      paragraph('Use the button below to sign in to your Marketshare member dashboard. The link works once and expires in 15 minutes.'),
      button('Sign in to your dashboard', link),
      paragraph('If the link opens in another browser, enter this code on the member dashboard instead: ', typed(code)),
      paragraph('If you did not ask for it, you can ignore this email: nobody can sign in without it.'),
      SIGNATURE,
    ],
  });
}

/** A paid membership waits for the account that already holds its email (ADR 0026). */
export function membershipWaitingMail(origin: string, email: string, link: string, code: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: `Your Marketshare membership is ready: sign in to open it (code ${code})`,
    origin,
    preheader: 'Your Marketshare membership is paid. Sign in to open your member dashboard.',
    reason: 'You are receiving this email because a Marketshare membership was paid for with this address at Kingdom Marketplace.',
    blocks: [
      heading('Your membership is ready'),
      paragraph('Hello,'),
      paragraph('A Marketshare membership was just paid for with this email address, which already has an account with us.'),
      paragraph(
        'To open your member dashboard, sign in with the button below. The link works once and expires in 15 minutes; on another device, enter this code on the member dashboard: ',
        typed(code),
      ),
      button('Sign in to your dashboard', link),
      paragraph('If you did not join Marketshare, you can ignore this email: nothing is added to your account unless you use this link.'),
      SIGNATURE,
    ],
  });
}

export function verifyEmailMail(origin: string, email: string, link: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: 'Confirm your email address',
    origin,
    preheader: 'One click to finish creating your Kingdom Marketplace account. The link expires in 24 hours.',
    reason: 'You are receiving this email because an account was created with this address at Kingdom Marketplace.',
    blocks: [
      heading('Confirm your email address'),
      paragraph('Hello,'),
      paragraph(
        'Please confirm that this email address is yours to finish creating your Kingdom Marketplace account. The link works once and expires in 24 hours.',
      ),
      button('Confirm my email address', link),
      paragraph('If you did not create an account, you can ignore this email: the account stays unconfirmed and nothing is sent to you again.'),
      SIGNATURE,
    ],
  });
}

/** Someone tried to register with an address that already has an account: told to its owner, never to the asker. */
export function alreadyRegisteredMail(origin: string, email: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: 'Someone tried to create an account with your email address',
    origin,
    preheader: 'Your account has not changed. If it was you, sign in instead.',
    reason: 'You are receiving this email because this address has a Kingdom Marketplace account.',
    blocks: [
      heading('Your account has not changed'),
      paragraph('Hello,'),
      paragraph('Someone just tried to create a Kingdom Marketplace account with this email address, which already has one.'),
      paragraph('If it was you, sign in instead. If it was not, you can ignore this email: your account has not changed.'),
      button('Go to Kingdom Marketplace', origin),
      SIGNATURE,
    ],
  });
}

/** The username asked for is taken: told to the address given, since the answer on the page is the same for all. */
export function usernameTakenMail(origin: string, email: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: 'Choose another username',
    origin,
    preheader: 'The username you chose is already taken, so no account was created.',
    reason: ASKED('an account'),
    blocks: [
      heading('Choose another username'),
      paragraph('Hello,'),
      paragraph('You tried to create a Kingdom Marketplace account, but the username you chose is already taken, so no account was created.'),
      paragraph('Please register again with another username. If it was not you, you can ignore this email.'),
      button('Go to Kingdom Marketplace', origin),
      SIGNATURE,
    ],
  });
}

const ROLE_NAMES: Record<StaffAccountRole, string> = { admin: 'an admin', prayer_team: 'a member of the prayer team' };

/**
 * An admin invited this address to the staff (ADR 0052). The username was chosen by that admin, not by a stranger, and
 * the invitee needs it to sign in; the link sets the first password, once, within 72 hours.
 */
export function staffInvitationMail(origin: string, email: string, link: string, username: string, role: StaffAccountRole): OutgoingMail {
  return renderMail({
    to: email,
    subject: 'You are invited to the Kingdom Marketplace team',
    origin,
    preheader: 'Set your password to start. The link works once and expires in 72 hours.',
    reason: 'You are receiving this email because an admin of Kingdom Marketplace invited this address to its staff.',
    blocks: [
      heading('Welcome to the team'),
      paragraph('Hello,'),
      paragraph(`An admin of Kingdom Marketplace invited you to join the staff as ${ROLE_NAMES[role]}.`),
      details([
        ['Username', username],
        ['Role', role === 'admin' ? 'Admin' : 'Prayer team'],
      ]),
      paragraph('Choose your password with the button below. The link works once and expires in 72 hours; then sign in on the admin page.'),
      button('Set my password', link),
      paragraph('If you did not expect this, you can ignore this email: the account cannot be used until a password is set.'),
      SIGNATURE,
    ],
  });
}
