import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * `@km/contracts/markdown`, apart from `common` so that only the pages showing Markdown load `marked` and DOMPurify.
 *
 * The one Markdown path (ADR 0072): podcast show notes on their page and newsletter campaigns in their email are read
 * by `marked` (CommonMark with GitHub's additions; a single newline is a line break) and the HTML it makes is
 * sanitised by DOMPurify with one allow-list, in the browser with the page's own DOM and on the server with jsdom's.
 * What survives: paragraphs, `h2`/`h3` (`#` is `h2`: the page's `h1` is its title), lists, quotes, code, rules, bold,
 * italic, struck text and links whose address is http(s), mailto or on this site. Scripts, event handlers, styles,
 * images, frames and any other raw HTML are removed (the text between harmless tags stays); any other link stays its text.
 */

/** http(s), mailto and same-site paths (not `//host`); everything else (javascript:, data:, …) is refused. */
export const safeHref = (href: string): string | null => (/^(https?:\/\/|mailto:)/i.test(href) || /^\/(?!\/)/.test(href) ? href : null);

/** The elements the sanitiser keeps: what `marked` makes from Markdown, less images, tables and raw HTML. */
export const MARKDOWN_TAGS = ['p', 'br', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'blockquote', 'code', 'pre', 'hr'] as const;

/** DOMPurify's settings for Markdown, the same wherever it runs. */
export const MARKDOWN_SANITIZE: Config = {
  ALLOWED_TAGS: [...MARKDOWN_TAGS],
  // Every kept attribute is tested against the address rule, so `href` is the only one; links get `rel` after (below).
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/(?!\/))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const level = depth === 1 ? 2 : 3;
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      return safe ? `<a href="${escapeAttribute(safe)}">${label}</a>` : label;
    },
    image({ text }: Tokens.Image) {
      return text;
    },
  },
});

const withLinkRules = new WeakSet<DOMPurify>();
/** Another site's page opens apart from ours and learns nothing of where the reader came from. */
function addLinkRules(purifier: DOMPurify): DOMPurify {
  if (withLinkRules.has(purifier)) return purifier;
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
    }
  });
  withLinkRules.add(purifier);
  return purifier;
}

/** A sanitiser on a window that is not the page's: jsdom's, on the server. */
export const markdownSanitizer = (window: WindowLike): DOMPurify => addLinkRules(createDOMPurify(window));

/** The page's own DOMPurify in a browser; on the server, pass one made on a jsdom window (`@km/nest-kit/mail` does). */
const browserPurifier = (): DOMPurify => {
  const purifier = createDOMPurify as unknown as DOMPurify;
  if (!purifier.isSupported) throw new Error('renderMarkdown needs a DOM: pass a DOMPurify made on a window (jsdom on the server)');
  return addLinkRules(purifier);
};

/** Markdown a person wrote as sanitised HTML: the one rendering of show notes and campaign emails (ADR 0072). */
export function renderMarkdown(markdown: string, purifier: DOMPurify = browserPurifier()): string {
  const html = marked.parse(markdown.replace(/\r\n?/g, '\n')) as string;
  return addLinkRules(purifier).sanitize(html, { ...MARKDOWN_SANITIZE, RETURN_TRUSTED_TYPE: false });
}
