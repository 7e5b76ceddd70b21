import { useEffect, useState } from 'react';

/**
 * False until the page has had its first contentful paint, then true: for a read the first paint does not show (a
 * section below the fold). Started before that paint, such a read counts towards the page's largest paint under
 * Lighthouse's simulation of a phone (one more round trip, and its pictures after it); started after, it does not.
 * A frame callback is not enough: the paint is presented after it. Where the browser reports no paint timing (or
 * none comes, as in a background tab), the read starts after a short wait anyway.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(() => alreadyPainted());
  useEffect(() => {
    if (painted) return;
    const done = () => setPainted(true);
    const fallback = setTimeout(done, FALLBACK_MS);
    let observer: PerformanceObserver | undefined;
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    }
    return () => {
      clearTimeout(fallback);
      observer?.disconnect();
    };
  }, [painted]);
  return painted;
}

const FALLBACK_MS = 3000;

const alreadyPainted = () => typeof performance !== 'undefined' && performance.getEntriesByName?.('first-contentful-paint').length > 0;
