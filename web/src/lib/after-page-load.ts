/**
 * Runs `work` once the page has loaded (at once if it already has): for code the first paint does not need but a
 * tap soon may (a dialog's module), fetched when it no longer competes with the page's own scripts and pictures.
 * Returns a function that cancels it.
 */
export function afterPageLoad(work: () => void): () => void {
  if (document.readyState === 'complete') {
    work();
    return () => undefined;
  }
  window.addEventListener('load', work, { once: true });
  return () => window.removeEventListener('load', work);
}
