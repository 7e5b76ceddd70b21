import { documentTitle, pageCopyOf } from '@km/contracts/vocabulary';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Sets the document's title as the gateway's HTML has it for the address (ADR 0044), after client-side navigations
 * too. Pages the page list does not name (an item's page, the not-found page) set their own with `useTitle`.
 */
export function usePageListTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const copy = pageCopyOf(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (copy) document.title = documentTitle(copy.title);
  }, [pathname]);
}

/** A page's own title, followed by the site's name. */
export function useTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
