import { buttonMail, type OutgoingMail } from '@km/nest-kit/mail';

/**
 * Identity's emails (ADR 0026). Each goes to an address whose owner may not have proved it yet, so none quotes a
 * name, a username or anything else a stranger typed: only what the product itself says, and the link.
 */

/** A member's sign-in link and its code: 15 minutes; the code for a device where the link opens in another browser. */
export function signInLinkMail(email: string, link: string, code: string): OutgoingMail {
  return buttonMail(
    email,
    `Your Marketshare sign-in code: ${code}`,
    'Hello,',
    [
      'Use the button below to sign in to your Marketshare member dashboard. The link works once and expires in 15 minutes.',
      `If the link opens in another browser, enter this code on the member dashboard instead: ${code}`,
      'If you did not ask for it, you can ignore this email: nobody can sign in without it.',
    ],
    { label: 'Sign in to your dashboard', url: link },
  );
}

/** A paid membership waits for the account that already holds its email (ADR 0026). */
export function membershipWaitingMail(email: string, link: string, code: string): OutgoingMail {
  return buttonMail(
    email,
    `Your Marketshare membership is ready: sign in to open it (code ${code})`,
    'Hello,',
    [
      'A Marketshare membership was just paid for with this email address, which already has an account with us.',
      'To open your member dashboard, sign in with the button below. The link works once and expires in 15 minutes; on another device, enter this code on the member dashboard: ' +
        code,
      'If you did not join Marketshare, you can ignore this email: nothing is added to your account unless you use this link.',
    ],
    { label: 'Sign in to your dashboard', url: link },
  );
}

export function verifyEmailMail(email: string, link: string): OutgoingMail {
  return buttonMail(
    email,
    'Confirm your email address',
    'Hello,',
    [
      'Please confirm that this email address is yours to finish creating your Kingdom Marketplace account. The link works once and expires in 24 hours.',
      'If you did not create an account, you can ignore this email: the account stays unconfirmed and nothing is sent to you again.',
    ],
    { label: 'Confirm my email address', url: link },
  );
}

/** Someone tried to register with an address that already has an account: told to its owner, never to the asker. */
export function alreadyRegisteredMail(email: string, origin: string): OutgoingMail {
  return buttonMail(
    email,
    'Someone tried to create an account with your email address',
    'Hello,',
    [
      'Someone just tried to create a Kingdom Marketplace account with this email address, which already has one.',
      'If it was you, sign in instead. If it was not, you can ignore this email: your account has not changed.',
    ],
    { label: 'Go to Kingdom Marketplace', url: origin },
  );
}

/** The username asked for is taken: told to the address given, since the answer on the page is the same for all. */
export function usernameTakenMail(email: string, origin: string): OutgoingMail {
  return buttonMail(
    email,
    'Choose another username',
    'Hello,',
    [
      'You tried to create a Kingdom Marketplace account, but the username you chose is already taken, so no account was created.',
      'Please register again with another username. If it was not you, you can ignore this email.',
    ],
    { label: 'Go to Kingdom Marketplace', url: origin },
  );
}
