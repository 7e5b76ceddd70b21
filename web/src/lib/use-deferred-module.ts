import { useEffect, useState } from 'react';
import { whenPageIsUsed } from './when-page-is-used';

/**
 * A module the first paint does not need (a dialog's code, the toaster): imported at the visitor's first sign of use
 * (whenPageIsUsed), or at once when `needed` turns true before that; null until it is there. Not React.lazy: with Suspense, React holds
 * back a boundary's content after its fallback (about 300 ms), so a tap would open its dialog late; a module that is
 * already here renders in the same commit as the tap. A failed import leaves null; the next `needed` tries again.
 * `early: false` imports it only when needed (code only some visitors use, such as an admin's).
 */
export function useDeferredModule<T>(load: () => Promise<T>, needed: boolean, { early = true } = {}): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  useEffect(() => {
    if (!early) return;
    let live = true;
    const cancel = whenPageIsUsed(() => {
      load().then(
        (module) => live && setLoaded({ module }),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [load, early]);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    load().then(
      (module) => live && setLoaded({ module }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, loaded, load]);
  return loaded?.module ?? null;
}
