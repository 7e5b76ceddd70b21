import { markdownSanitizer, renderMarkdown } from '@km/contracts/markdown';
import type { OutgoingMail } from './mail.types';

/*
 * The one layout of every email (ADR 0030): an email is a list of blocks, and each block renders itself twice, as
 * table-based HTML with inline styles (what mail clients keep) and as plain text. Blocks take plain strings only and
 * escape them as they render, so no caller ever writes HTML and no value reaches the HTML unescaped.
 */

/** The site's name, as the web's header and footer show it (`web/src/config/site.ts`). */
export const SITE_NAME = 'Kingdom Marketplace';

/** The web's theme (Tailwind's indigo, amber and slate, as `web/src/components/ui/button.tsx` uses them). */
const COLOURS = {
  ink: '#0f172a', // slate-900: body text
  muted: '#475569', // slate-600: labels, footer
  rule: '#e0e7ff', // indigo-100: lines between rows
  page: '#eef2ff', // indigo-50: around the card
  brand: '#1e1b4b', // indigo-950: the header, as the site's footer
  button: '#312e81', // indigo-900: primary buttons
  accent: '#fbbf24', // amber-400: the crown and the header's rule
  quote: '#f8fafc', // slate-50
} as const;
const SERIF = "'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif";
const SANS = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML content and for a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** Header-safe text: what a visitor typed never adds a line to a mail header, and long titles are cut. */
export function oneLine(text: string, max = 100): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Only web and mail links are put behind a label: a `javascript:` URL in an email is a bug, so it fails loudly. */
function href(url: string): string {
  if (!/^(https?:\/\/|mailto:)/i.test(url)) throw new Error(`a mail link must be http(s) or mailto: ${url}`);
  return escapeHtml(url);
}

/** RFC 8058 asks for an HTTPS URI; plain http is allowed for the local stack's site only. */
function oneClickUrl(url: string): string {
  if (!/^https:\/\//i.test(url) && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(url))
    throw new Error(`a one-click unsubscribe URL must be https: ${url}`);
  if (/[<>\s]/.test(url)) throw new Error(`a one-click unsubscribe URL must not contain <, > or spaces: ${url}`);
  return url;
}

declare const rendered: unique symbol;

/** One piece of an email's body, rendered as HTML and as plain text from the same values; made only by this file's blocks. */
export interface MailBlock {
  readonly html: string;
  readonly text: string;
  readonly [rendered]: true;
}

const block = (html: string, text: string) => ({ html, text }) as MailBlock;
const P_STYLE = `margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOURS.ink}`;

/** The title at the top of the body. */
export const heading = (text: string): MailBlock =>
  block(
    `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;line-height:1.3;font-weight:700;color:${COLOURS.brand}">${escapeHtml(text)}</h1>`,
    text,
  );

/** A run of text inside a paragraph that stands out: `strong` (an order number) or `code` (a code to type). */
export interface Emphasis {
  readonly emphasis: 'strong' | 'code';
  readonly text: string;
}
export const strong = (text: string): Emphasis => ({ emphasis: 'strong', text });
export const code = (text: string): Emphasis => ({ emphasis: 'code', text });

const EMPHASIS_STYLE = {
  strong: 'font-weight:700',
  code: `font-family:Menlo,Consolas,'Courier New',monospace;font-size:20px;font-weight:700;letter-spacing:3px;color:${COLOURS.brand};background:${COLOURS.page};padding:2px 8px;border-radius:4px;white-space:nowrap`,
} as const;

/** A paragraph of plain text and {@link strong} or {@link code} runs; line breaks are kept. The text part reads the words alone. */
export const paragraph = (...parts: (string | Emphasis)[]): MailBlock =>
  block(
    `<p style="${P_STYLE}">${parts.map((part) => (typeof part === 'string' ? multiline(part) : `<strong style="${EMPHASIS_STYLE[part.emphasis]}">${escapeHtml(part.text)}</strong>`)).join('')}</p>`,
    parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''),
  );

const LINK_STYLE = `color:${COLOURS.button};text-decoration:underline`;

/** Inline styles of each element the Markdown renderer keeps (ADR 0072): mail clients drop stylesheets, not `style`. */
const MARKDOWN_STYLES: Record<string, string> = {
  h2: `margin:0 0 12px;font-family:${SERIF};font-size:22px;line-height:1.3;font-weight:700;color:${COLOURS.brand}`,
  h3: `margin:0 0 12px;font-family:${SERIF};font-size:18px;line-height:1.3;font-weight:700;color:${COLOURS.brand}`,
  p: P_STYLE,
  ul: `margin:0 0 16px;padding-left:24px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOURS.ink}`,
  ol: `margin:0 0 16px;padding-left:24px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOURS.ink}`,
  li: 'margin:0 0 4px',
  strong: 'font-weight:700',
  a: LINK_STYLE,
  blockquote: `margin:0 0 16px;padding:12px 16px;border-left:3px solid ${COLOURS.accent};background:${COLOURS.quote};font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOURS.ink}`,
  pre: `margin:0 0 16px;padding:12px 16px;background:${COLOURS.quote};border-radius:4px;white-space:pre-wrap;word-break:break-word`,
  code: `font-family:Menlo,Consolas,'Courier New',monospace;font-size:14px`,
  hr: `margin:24px 0;border:0;border-top:1px solid ${COLOURS.rule}`,
};

/** One jsdom window and its DOMPurify, made on the first Markdown email: services that send none never load jsdom. */
let markdownDom: { document: Document; purifier: ReturnType<typeof markdownSanitizer> } | undefined;
function mailDom() {
  if (!markdownDom) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const { window } = new JSDOM('');
    markdownDom = { document: window.document, purifier: markdownSanitizer(window as unknown as Parameters<typeof markdownSanitizer>[0]) };
  }
  return markdownDom;
}

/** An element's words as plain text: line breaks kept, a link followed by its address, list items on their own lines. */
function plainText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.textContent ?? '';
  const el = node as Element;
  const inner = () => [...el.childNodes].map(plainText).join('');
  switch (el.tagName) {
    case 'BR':
      return '\n';
    case 'A':
      return el.hasAttribute('href') ? `${inner()} (${el.getAttribute('href')})` : inner();
    case 'UL':
    case 'OL':
      return [...el.children].map((li, i) => `${el.tagName === 'OL' ? `${i + 1}.` : '-'} ${plainText(li).trim()}`).join('\n');
    case 'BLOCKQUOTE':
      return inner()
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'HR':
      return '---';
    case 'P':
    case 'H2':
    case 'H3':
    case 'PRE':
    case 'LI':
      return (
        [...el.childNodes].map(plainText).join('').replace(/\n+$/, '') +
        (el.parentElement?.tagName === 'BLOCKQUOTE' || el.parentElement?.tagName === 'LI' ? '\n' : '')
      );
    default:
      return inner();
  }
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
/** Rendered Markdown by source and origin: a campaign renders the same body for each of its recipients. */
const markdownBlocks = new Map<string, MailBlock[]>();
const MARKDOWN_CACHE_MAX = 32;

/**
 * Markdown a person wrote (a newsletter campaign, ADR 0057), rendered by the one Markdown path of
 * `@km/contracts/common` (`marked`, then DOMPurify's allow-list, ADR 0072), then each element given its inline style
 * and each same-site link made absolute on `origin`: one block per top-level element, and its plain-text reading.
 */
export function markdown(source: string, origin: string): MailBlock[] {
  const key = `${origin}\n${source}`;
  const cached = markdownBlocks.get(key);
  if (cached) return cached;
  const { document, purifier } = mailDom();
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(source, purifier);
  for (const el of container.querySelectorAll('*')) {
    const href = el.getAttribute('href');
    if (el.tagName === 'A' && href?.startsWith('/')) el.setAttribute('href', `${origin}${href}`);
    const style = MARKDOWN_STYLES[el.tagName.toLowerCase()];
    if (style) el.setAttribute('style', style);
  }
  const blocks: MailBlock[] = [];
  for (const node of container.childNodes) {
    // An element the sanitiser emptied (a paragraph that was only an iframe) is left out; a rule has no words.
    if (node.nodeType === ELEMENT_NODE && (node.textContent?.trim() || (node as Element).tagName === 'HR'))
      blocks.push(block((node as Element).outerHTML, plainText(node).trim()));
    else if (node.textContent?.trim()) blocks.push(paragraph(node.textContent.trim()));
  }
  if (markdownBlocks.size >= MARKDOWN_CACHE_MAX) markdownBlocks.delete(markdownBlocks.keys().next().value!);
  markdownBlocks.set(key, blocks);
  return blocks;
}

/** Lines that belong together without space between them, e.g. a closing ("Blessings,", "The team"). */
export const lines = (...texts: string[]): MailBlock => block(`<p style="${P_STYLE}">${texts.map(escapeHtml).join('<br>')}</p>`, texts.join('\n'));

/** A call to action; the plain text reads `Label: url`. */
export const button = (label: string, url: string): MailBlock =>
  block(
    `<table role="presentation" class="km-button" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td align="center" bgcolor="${COLOURS.button}" style="border-radius:6px;background:${COLOURS.button}">` +
      `<a href="${href(url)}" style="display:inline-block;padding:12px 24px;font-family:${SANS};font-size:16px;font-weight:600;line-height:1.25;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>` +
      `</td></tr></table>`,
    `${label}: ${url}`,
  );

/** Label and value rows (the fields of a submission, an amount and its date); the plain text reads `Label: value` a line. */
export const details = (rows: readonly (readonly [label: string, value: string])[]): MailBlock =>
  block(
    `<table role="presentation" class="km-details" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse">${rows
      .map(
        ([label, value]) =>
          `<tr><td class="km-label" width="38%" style="padding:8px 12px 8px 0;border-bottom:1px solid ${COLOURS.rule};vertical-align:top;font-family:${SANS};font-size:14px;line-height:1.5;color:${COLOURS.muted}">${escapeHtml(label)}</td>` +
          `<td class="km-value" style="padding:8px 0;border-bottom:1px solid ${COLOURS.rule};vertical-align:top;font-family:${SANS};font-size:15px;line-height:1.5;color:${COLOURS.ink};word-break:break-word">${multiline(value)}</td></tr>`,
      )
      .join('')}</table>`,
    rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
  );

/** A longer text someone wrote, set apart with its line breaks; the plain text quotes it line by line (`> `). */
export const quote = (label: string, text: string): MailBlock =>
  block(
    `<p style="margin:0 0 8px;font-family:${SANS};font-size:14px;font-weight:600;color:${COLOURS.muted}">${escapeHtml(label)}</p>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr><td style="padding:12px 16px;border-left:3px solid ${COLOURS.accent};background:${COLOURS.quote};font-family:${SANS};font-size:15px;line-height:1.6;color:${COLOURS.ink};word-break:break-word">${multiline(text)}</td></tr></table>`,
    `${label}:\n${text
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')}`,
  );

/** A labelled text kept as written, e.g. "Shipping to:" and the address; the plain text reads `Label:` then the text. */
export const section = (label: string, text: string): MailBlock =>
  block(`<p style="${P_STYLE}"><strong style="font-weight:600">${escapeHtml(label)}</strong><br>${multiline(text)}</p>`, `${label}:\n${text}`);

export interface LineItem {
  name: string;
  quantity: number;
  /** Formatted amounts, e.g. "$9.99". */
  unitPrice: string;
  total: string;
}

export interface TotalRow {
  label: string;
  /** Formatted, e.g. "$4.00", "-$2.50" or "FREE". */
  value: string;
  /** The grand total: bold, above a rule. */
  grand?: boolean;
}

/** Product lines with quantities and amounts, then the totals; the plain text reads `  3 × Name at $9.99 = $29.97`. */
export const lineItems = (items: readonly LineItem[], totals: readonly TotalRow[]): MailBlock => {
  const cell = (extra: string) => `font-family:${SANS};line-height:1.5;color:${COLOURS.ink};${extra}`;
  const itemRows = items
    .map(
      (item) =>
        `<tr><td style="${cell(`padding:12px 12px 12px 0;border-bottom:1px solid ${COLOURS.rule};font-size:15px;word-break:break-word`)}">` +
        `<strong style="font-weight:600">${escapeHtml(item.name)}</strong><br><span style="font-size:14px;color:${COLOURS.muted}">${item.quantity} × ${escapeHtml(item.unitPrice)}</span></td>` +
        `<td align="right" style="${cell(`padding:12px 0;border-bottom:1px solid ${COLOURS.rule};font-size:15px;white-space:nowrap;vertical-align:top`)}">${escapeHtml(item.total)}</td></tr>`,
    )
    .join('');
  const totalRows = totals
    .map((row) => {
      const weight = row.grand ? `font-weight:700;font-size:17px;border-top:2px solid ${COLOURS.brand};padding:12px 0 4px` : 'font-size:15px;padding:6px 0';
      return (
        `<tr><td align="right" style="${cell(`${weight};padding-right:16px;color:${row.grand ? COLOURS.ink : COLOURS.muted}`)}">${escapeHtml(row.label)}</td>` +
        `<td align="right" style="${cell(`${weight};white-space:nowrap`)}">${escapeHtml(row.value)}</td></tr>`
      );
    })
    .join('');
  return block(
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;border-collapse:collapse">` +
      `<tr><th align="left" style="padding:0 0 8px;border-bottom:2px solid ${COLOURS.brand};font-family:${SANS};font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:${COLOURS.muted}">Item</th>` +
      `<th align="right" style="padding:0 0 8px;border-bottom:2px solid ${COLOURS.brand};font-family:${SANS};font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:${COLOURS.muted}">Amount</th></tr>` +
      `${itemRows}</table>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse">${totalRows}</table>`,
    [
      items.map((item) => `  ${item.quantity} × ${item.name} at ${item.unitPrice} = ${item.total}`).join('\n'),
      totals.map((row) => `${row.label}: ${row.value}`).join('\n'),
    ].join('\n\n'),
  );
};

export interface MailMessage {
  to: string;
  subject: string;
  replyTo?: string;
  /** The site's address (`PUBLIC_ORIGIN`): the header and the footer link to it. */
  origin: string;
  /** The preview a mail client shows after the subject; hidden in the body. */
  preheader: string;
  /** Why this person gets this email, for the footer: "You are receiving this email because you placed an order …". */
  reason: string;
  /**
   * A link that stops emails of this kind (newsletter, podcast), shown in the footer. With `oneClick`, the same URL
   * also goes in `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): its owner
   * must unsubscribe on a POST to it and change nothing on a GET.
   */
  unsubscribe?: { url: string; label?: string; oneClick?: boolean };
  blocks: MailBlock[];
}

function footerHtml(message: MailMessage): string {
  const small = `margin:0 0 8px;font-family:${SANS};font-size:13px;line-height:1.5;color:${COLOURS.muted}`;
  const link = `color:${COLOURS.button};text-decoration:underline`;
  const host = message.origin.replace(/^https?:\/\//, '');
  return [
    `<p style="${small}"><strong style="font-weight:600;color:${COLOURS.brand}">${SITE_NAME}</strong> · <a href="${href(message.origin)}" style="${link}">${escapeHtml(host)}</a></p>`,
    `<p style="${small}">${escapeHtml(message.reason)}</p>`,
    message.unsubscribe
      ? `<p style="${small}"><a href="${href(message.unsubscribe.url)}" style="${link}">${escapeHtml(message.unsubscribe.label ?? 'Unsubscribe')}</a></p>`
      : '',
  ].join('');
}

const footerText = (message: MailMessage) =>
  [
    '-- ',
    `${SITE_NAME}: ${message.origin}`,
    message.reason,
    ...(message.unsubscribe ? [`${message.unsubscribe.label ?? 'Unsubscribe'}: ${message.unsubscribe.url}`] : []),
  ].join('\n');

/** Phones: the card fills the screen and label/value rows stack (clients that drop `<style>` keep the fluid table). */
const RESPONSIVE_CSS =
  '@media only screen and (max-width:620px){' +
  '.km-outer{padding:0 !important}.km-body{padding:24px 20px !important}.km-head{padding:16px 20px !important}.km-foot{padding:20px 20px 32px !important}' +
  '.km-card{border-radius:0 !important}.km-details .km-label,.km-details .km-value{display:block !important;width:100% !important;box-sizing:border-box}' +
  '.km-details .km-label{padding:10px 0 0 !important;border-bottom:0 !important}.km-details .km-value{padding:2px 0 10px !important}' +
  '.km-button{width:100% !important}.km-button a{display:block !important}}';

function html(message: MailMessage): string {
  // Padding after the preheader keeps clients from filling the preview with the body's first words.
  const preheader = `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${COLOURS.page}">${escapeHtml(message.preheader)}${'&#8204;&nbsp;'.repeat(60)}</div>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">',
    `<title>${escapeHtml(oneLine(message.subject, 150))}</title><style>${RESPONSIVE_CSS}</style></head>`,
    `<body style="margin:0;padding:0;background:${COLOURS.page};-webkit-text-size-adjust:100%">`,
    preheader,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.page}" style="background:${COLOURS.page}"><tr><td class="km-outer" align="center" style="padding:32px 12px">`,
    `<table role="presentation" class="km-card" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">`,
    `<tr><td class="km-head" bgcolor="${COLOURS.brand}" style="padding:20px 32px;background:${COLOURS.brand};border-bottom:4px solid ${COLOURS.accent}">`,
    `<a href="${href(message.origin)}" style="font-family:${SERIF};font-size:22px;font-weight:700;line-height:1.2;color:#ffffff;text-decoration:none"><span style="color:${COLOURS.accent}">&#9813;</span>&nbsp;${SITE_NAME}</a>`,
    '</td></tr>',
    `<tr><td class="km-body" style="padding:32px">${message.blocks.map((b) => b.html).join('')}</td></tr>`,
    '</table>',
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">`,
    `<tr><td class="km-foot" align="center" style="padding:24px 32px;text-align:center">${footerHtml(message)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/**
 * One email in the site's layout (ADR 0030): branded, responsive HTML and a plain-text part from the same blocks,
 * each ending with the footer (the site, why this person gets it, the unsubscribe link when there is one).
 *
 * ```ts
 * renderMail({ to, subject, origin, preheader: 'Your order is on its way', reason: 'You placed order KM-1 with us.',
 *   blocks: [heading('Your order has shipped'), paragraph('…'), button('Track it', url), lines('Blessings,', 'The team')] });
 * ```
 */
export function renderMail(message: MailMessage): OutgoingMail {
  return {
    to: message.to,
    subject: oneLine(message.subject, 150),
    text: `${[...message.blocks.map((b) => b.text), footerText(message)].join('\n\n')}\n`,
    html: html(message),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.unsubscribe?.oneClick
      ? { headers: { 'List-Unsubscribe': `<${oneClickUrl(message.unsubscribe.url)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** An email a service sends, rendered with sample data: the entries of a service's `MAIL_TEMPLATES` (ADR 0030). */
export interface MailTemplate {
  /** Renders the email with sample data; free text a person typed is {@link HOSTILE_TEXT} wherever the email shows it. */
  render: () => OutgoingMail;
  /** What the reader must find in the text part, and escaped in the HTML: a number, an amount, a link. */
  facts: string[];
}

/** Every email of a service by the name of the function that builds it (`orderConfirmationMail`, or `contactMails.ack`). */
export type MailTemplates = Record<string, MailTemplate>;

/** Sample free text for {@link MailTemplate}s: markup and both quotes, which must arrive escaped. */
export const HOSTILE_TEXT = `<script>alert("x")</script> O'Hara & "Sons"`;
