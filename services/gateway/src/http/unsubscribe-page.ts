import { AppError, httpStatusForCode } from '@km/nest-kit';
import type { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { escapeHtml, htmlPage } from './html';

export interface UnsubscribePage {
  status: number;
  title: string;
  message: string;
  /**
   * A button that POSTs to `url` (same site): links opened by a GET change nothing, since mail scanners fetch every
   * link they see (ADR 0056).
   */
  action?: { label: string; url: string };
}

/**
 * What the GET of an unsubscribe link answers: the question, and a button that POSTs the same link, which unsubscribes
 * (ADR 0056). A mail scanner that opens every link it finds unsubscribes nobody.
 */
export const confirmUnsubscribePage = (title: string, message: string, url: string): UnsubscribePage => ({
  status: 200,
  title,
  message,
  action: { label: 'Unsubscribe', url },
});

export const unsubscribedPage = (email: string): UnsubscribePage => ({
  status: 200,
  title: 'You have been unsubscribed',
  message: `${email} will no longer receive the Kingdom Marketplace newsletter. Changed your mind? You can subscribe again at any time from the bottom of any page on our site.`,
});

/** The page for a refused link: what went wrong, in the words the service used, and what to do. */
export function unsubscribeProblemPage(status: number, message: string, link: 'unsubscribe' | 'confirmation' = 'unsubscribe'): UnsubscribePage {
  const title =
    status === 400
      ? link === 'confirmation'
        ? 'This confirmation link cannot be used'
        : 'This unsubscribe link is incomplete'
      : status === 404
        ? 'We could not find that subscription'
        : 'Please try again in a moment';
  return { status, title, message };
}

/**
 * A small page of its own (the link is opened from an email, not from the app), styled inline, which the
 * gateway's Content-Security-Policy allows.
 */
export function renderUnsubscribePage(page: UnsubscribePage): string {
  return htmlPage({
    title: `${page.title} | Kingdom Marketplace`,
    style: `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f3ee;font-family:Georgia,'Times New Roman',serif;color:#2b2b2b}
main{max-width:480px;margin:24px;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.brand{margin:0 0 16px;color:#5b3a8c;font-size:18px}
h1{margin:0 0 16px;font-size:24px}
p{line-height:1.5}
a{color:#5b3a8c}
button{font:inherit;font-size:16px;padding:12px 24px;border:0;border-radius:6px;background:#312e81;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}`,
    body: `<main>
<p class="brand">Kingdom Marketplace</p>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
${page.action ? `<form method="post" action="${escapeHtml(page.action.url)}"><button type="submit">${escapeHtml(page.action.label)}</button></form>\n` : ''}<p><a href="/">Return to Kingdom Marketplace</a></p>
</main>`,
  });
}

/**
 * Answers an unsubscribe link with a page: the one `attempt` makes, or, when it throws, the page for what went wrong
 * in the service's own words (an unknown error is logged and answered as ours).
 */
export async function sendUnsubscribePage(
  res: FastifyReply,
  logger: Logger,
  attempt: () => Promise<UnsubscribePage>,
  link: 'unsubscribe' | 'confirmation' = 'unsubscribe',
): Promise<void> {
  let page: UnsubscribePage;
  try {
    page = await attempt();
  } catch (error) {
    const known = AppError.from(error);
    if (!known) logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    page = known
      ? unsubscribeProblemPage(httpStatusForCode[known.code], known.message, link)
      : unsubscribeProblemPage(500, 'Something went wrong on our side. Please try the link again in a little while.');
  }
  await res
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    // The page's button posts to our own site: under the site-wide no-referrer policy a browser would send it with
    // `Origin: null`, which the Origin check refuses (ADR 0056).
    .header('Referrer-Policy', 'same-origin')
    .send(renderUnsubscribePage(page));
}
