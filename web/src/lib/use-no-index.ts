import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown (`<meta name="robots" content="noindex">`): a buyer's
 * order page, say, whose address may be shared by accident.
 */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
