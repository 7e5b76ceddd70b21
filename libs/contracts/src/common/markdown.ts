/**
 * The one Markdown reader (ADR 0045, 0057): podcast show notes and newsletter campaigns are read into a small tree that
 * the web renders as React elements and the mail layout as escaped blocks, so no HTML string written by a person ever
 * reaches a page or an email: nothing can add markup, scripts or attributes. The subset: paragraphs
 * (a single newline is a line break), `#`/`##`/`###` headings, `-`/`*` lists, **bold**, *italic* or _italic_, and
 * [links](https://…) whose address is http(s), mailto or on this site; any other link stays its text.
 */
export type MarkdownInline =
  string | { type: 'br' } | { type: 'strong' | 'em'; children: MarkdownInline[] } | { type: 'a'; href: string; children: MarkdownInline[] };
export type MarkdownBlock =
  { type: 'p'; children: MarkdownInline[] } | { type: 'h'; level: 2 | 3; children: MarkdownInline[] } | { type: 'ul'; items: MarkdownInline[][] };

const INLINE = /\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|\[([^\]]+)\]\(([^()\s]+)\)/;
const LIST_ITEM = /^\s*[-*]\s+/;
const HEADING = /^(#{1,3})\s+(.*)$/;

/** http(s), mailto and same-site paths (not `//host`); everything else (javascript:, data:, …) is refused. */
export const safeHref = (href: string): string | null => (/^(https?:\/\/|mailto:)/i.test(href) || /^\/(?!\/)/.test(href) ? href : null);

export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      pushText(out, rest);
      break;
    }
    pushText(out, rest.slice(0, match.index));
    const [whole, bold, star, underscore, label, href] = match;
    if (bold !== undefined) out.push({ type: 'strong', children: parseInline(bold) });
    else if (star !== undefined || underscore !== undefined) out.push({ type: 'em', children: parseInline(star ?? underscore) });
    else {
      const safe = safeHref(href);
      if (safe) out.push({ type: 'a', href: safe, children: parseInline(label) });
      else pushText(out, label);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

/** Text with its single newlines as line breaks. */
function pushText(out: MarkdownInline[], text: string) {
  text.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ type: 'br' });
    if (line) out.push(line);
  });
}

export function parseMarkdown(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const chunk of markdown.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim());
    if (lines.length === 0) continue;
    const heading = lines.length === 1 ? HEADING.exec(lines[0].trim()) : null;
    if (heading) blocks.push({ type: 'h', level: heading[1].length === 1 ? 2 : 3, children: parseInline(heading[2]) });
    else if (lines.every((line) => LIST_ITEM.test(line))) blocks.push({ type: 'ul', items: lines.map((line) => parseInline(line.replace(LIST_ITEM, ''))) });
    else blocks.push({ type: 'p', children: parseInline(lines.join('\n').trim()) });
  }
  return blocks;
}
