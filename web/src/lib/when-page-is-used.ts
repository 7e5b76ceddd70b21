/**
 * Runs `work` at the visitor's first sign of use (a tap, a key, a scroll, the pointer moving): for code the page's
 * first paint does not show but a tap soon may (a dialog's module, the toaster). Not at the load event: an SPA loads
 * before its own content (the first card's picture comes later), and 20 KB fetched then competed with that picture
 * (/products' LCP on a desktop went from 0.90 to 1.14 s). Returns a function that cancels it.
 */
const SIGNS_OF_USE = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export function whenPageIsUsed(work: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    // In a task of its own, not the event's: that event is the visitor's first interaction (often the very tap that
    // opens a dialog), and the imports started here (modules and their preload links) would delay its response (INP).
    timer = setTimeout(work, 0);
  };
  const stop = () => SIGNS_OF_USE.forEach((type) => window.removeEventListener(type, run, { capture: true }));
  SIGNS_OF_USE.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }));
  return () => {
    stop();
    clearTimeout(timer);
  };
}
