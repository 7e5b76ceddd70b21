import type { OutgoingMail } from './mail.types';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A short email with one button (sign-in and confirmation links, notices), as HTML and plain text. Every value is
 * escaped; callers quote no free text to an address whose owner has not proved it (ADR 0026).
 */
export function buttonMail(to: string, subject: string, greeting: string, paragraphs: string[], link: { label: string; url: string }): OutgoingMail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.url}`, '', 'Kingdom Marketplace'].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="background:#c9a227;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    '<p>Kingdom Marketplace</p>',
  ].join('\n');
  return { to, subject, text, html };
}
