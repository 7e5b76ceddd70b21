import { expect, test } from './fixtures';

// The team's phone rule (bench/web.ts measures it with Lighthouse): a page must report a largest paint to be scored.

test('/contact#prayer on a phone reports its largest paint and still brings the prayer form into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    const paints: number[] = [];
    (window as unknown as { __lcp: number[] }).__lcp = paints;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => paints.push(entry.startTime))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
  });
  await page.goto('/contact#prayer');
  const form = page.getByRole('form', { name: 'Prayer request' });
  await expect(form).toBeInViewport();
  // Chromium reports no largest paint at all for a page scrolled before its first paint.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lcp: number[] }).__lcp.length)).toBeGreaterThan(0);
});
