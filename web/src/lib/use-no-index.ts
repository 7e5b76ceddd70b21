import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown (`<meta name="robots" content="noindex, nofollow">`): a
 * buyer's order page, say, whose address may be shared by accident. The gateway's head may carry a robots tag already
 * (ADR 0044): that one is used, never a second, and given back as it was when the page goes.
 */
export function useNoIndex() {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const meta = existing ?? Object.assign(document.createElement('meta'), { name: 'robots' });
    const before = existing?.content;
    meta.content = 'noindex, nofollow';
    if (!existing) document.head.append(meta);
    return () => {
      if (before === undefined) meta.remove();
      else meta.content = before;
    };
  }, []);
}
