import type { OutgoingMail } from '@km/nest-kit/mail';

export interface MailContent {
  to: string;
  subject: string;
  replyTo?: string;
  /** The opening line, e.g. "Dear Ruth,". */
  greeting: string;
  paragraphs: string[];
  /** Label and value rows, e.g. the fields of a submission. */
  details?: [label: string, value: string][];
  /** Longer texts someone wrote, shown as quotes with their line breaks. */
  quotes?: { label: string; text: string }[];
  link?: { label: string; url: string };
  closing: string[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Header-safe text: what a visitor typed never adds a line to a mail header, and long titles are cut. */
export function oneLine(text: string, max = 100): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

const html = (content: MailContent) => {
  const p = (inner: string) => `<p style="margin:0 0 16px;line-height:1.5">${inner}</p>`;
  const details = content.details?.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#6b5e4b;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const quotes = (content.quotes ?? [])
    .map(
      (q) =>
        `${p(`<strong>${escapeHtml(q.label)}</strong>`)}<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #c9a227;background:#faf7f0;line-height:1.5">${escapeHtml(q.text).replace(/\r?\n/g, '<br>')}</blockquote>`,
    )
    .join('');
  const link = content.link ? p(`<a href="${escapeHtml(content.link.url)}" style="color:#5b3a8c">${escapeHtml(content.link.label)}</a>`) : '';
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f6f3ee;font-family:Georgia,\'Times New Roman\',serif;color:#2b2b2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    '<p style="margin:0 0 24px;font-size:20px;color:#5b3a8c">Kingdom Marketplace</p>',
    p(escapeHtml(content.greeting)),
    ...content.paragraphs.map((text) => p(escapeHtml(text))),
    details,
    quotes,
    link,
    p(content.closing.map(escapeHtml).join('<br>')),
    '</div></body></html>',
  ].join('');
};

const text = (content: MailContent) =>
  [
    content.greeting,
    ...content.paragraphs,
    ...(content.details?.length ? [content.details.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(content.quotes ?? []).map(
      (q) =>
        `${q.label}:\n${q.text
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n')}`,
    ),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`] : []),
    content.closing.join('\n'),
  ].join('\n\n') + '\n';

/** One email as plain text and simple HTML with the same content; every value is escaped in the HTML. */
export function renderMail(content: MailContent): OutgoingMail {
  return {
    to: content.to,
    subject: oneLine(content.subject, 150),
    text: text(content),
    html: html(content),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
}
