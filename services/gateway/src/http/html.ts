const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values in HTML the gateway writes itself. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * A small page of its own the gateway writes (no SPA), never indexed: its title (escaped here), inline style, extra
 * head elements and body (both already escaped by the caller).
 */
export function htmlPage(page: { title: string; style: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
${page.head ?? ''}<style>
${page.style}
</style>
</head>
<body>
${page.body}
</body>
</html>
`;
}
