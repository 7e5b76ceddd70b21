import { REFERRAL_COMMISSION } from '@km/contracts';
import type { OutgoingMail } from '@km/nest-kit/mail';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(to: string, subject: string, greeting: string, paragraphs: string[], link: { label: string; url: string }): OutgoingMail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.url}`, '', 'Kingdom Marketplace'].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="background:#c9a227;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    '<p>Kingdom Marketplace</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export const dashboardUrl = (origin: string) => `${origin}/member-dashboard`;
export const shareUrl = (origin: string, code: string) => `${origin}/marketshare?ref=${encodeURIComponent(code)}`;

export function welcomeMail(origin: string, member: { email: string; firstName: string; referralCode: string }): OutgoingMail {
  return mail(
    member.email,
    'Welcome to Marketshare',
    `Dear ${member.firstName},`,
    [
      'Welcome to Marketshare! Your membership is active: $5.00 per month, and you can cancel anytime from your member dashboard.',
      `Your referral code is ${member.referralCode}. Share it, or this link: ${shareUrl(origin, member.referralCode)}. You earn $${REFERRAL_COMMISSION} for each member who joins with it, paid monthly on the 15th.`,
    ],
    { label: 'Open your member dashboard', url: dashboardUrl(origin) },
  );
}

export function referralEarnedMail(origin: string, referrer: { email: string; firstName: string }, referredFirstName: string): OutgoingMail {
  return mail(
    referrer.email,
    `You earned $${REFERRAL_COMMISSION} with Marketshare`,
    `Dear ${referrer.firstName},`,
    [
      `${referredFirstName} just joined Marketshare with your referral code, so you earned $${REFERRAL_COMMISSION}.`,
      'It is pending now and will be paid with the monthly payout on the 15th.',
    ],
    { label: 'See your referrals', url: dashboardUrl(origin) },
  );
}

export function signInLinkMail(member: { email: string; firstName: string }, link: string): OutgoingMail {
  return mail(
    member.email,
    'Your Marketshare sign-in link',
    `Dear ${member.firstName || 'member'},`,
    [
      'Use the button below to sign in to your member dashboard. The link works once and expires in 24 hours.',
      'If you did not ask for it, you can ignore this email: nobody can sign in without it.',
    ],
    { label: 'Sign in to your dashboard', url: link },
  );
}

export function payoutMail(origin: string, member: { email: string; firstName: string }, payout: { amount: string; payoutDate: string }): OutgoingMail {
  return mail(
    member.email,
    `Your Marketshare payout of $${payout.amount}`,
    `Dear ${member.firstName},`,
    [
      `Your referral commissions of $${payout.amount} were paid out on ${payout.payoutDate}.`,
      'Thank you for sharing Marketshare. Your dashboard lists every commission with the date it was paid.',
    ],
    { label: 'See your commissions', url: dashboardUrl(origin) },
  );
}

export function profitBonusMail(
  origin: string,
  member: { email: string; firstName: string },
  bonus: { amount: string; period: string; payoutDate: string },
): OutgoingMail {
  return mail(
    member.email,
    `Your Marketshare profit bonus of $${bonus.amount}`,
    `Dear ${member.firstName},`,
    [
      `Your profit bonus for ${bonus.period} of $${bonus.amount} was paid out on ${bonus.payoutDate}.`,
      'It is your share of the store profits, in proportion to the members you referred in those six months. Thank you for sharing Marketshare.',
    ],
    { label: 'See your profit bonuses', url: dashboardUrl(origin) },
  );
}
