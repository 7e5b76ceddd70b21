/**
 * Debian's Chromium (Playwright never downloads a browser here) and the flags every launch of it uses, for the browser
 * tests (playwright.config.ts) and bench/web.ts's Lighthouse runs alike: no sandbox (root in CI), no GPU, and none of
 * the background traffic (QUIC, component updates, sync) that would add requests to what is measured or awaited.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
