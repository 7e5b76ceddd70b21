import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { renderMarkdown } from '@km/contracts/markdown';

/**
 * An episode's show notes: its Markdown through the one Markdown path (ADR 0072), `marked` then DOMPurify, the same
 * rendering as a campaign email's. A same-site link stays inside the app instead of loading the page again.
 */
export function ShowNotes({ markdown }: { markdown: string }) {
  const navigate = useNavigate();
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const followSameSiteLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // The links inside are real anchors (keyboard and screen readers use them as such); this only keeps a click in the app.
    <div
      className="grid gap-3 text-slate-700 [&_a]:font-medium [&_a]:text-indigo-800 [&_a]:underline [&_a:hover]:text-indigo-950 [&_blockquote]:border-l-4 [&_blockquote]:border-amber-300 [&_blockquote]:pl-4 [&_code]:font-mono [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:font-bold [&_h3]:text-slate-900 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
      data-testid="show-notes"
      onClick={followSameSiteLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
