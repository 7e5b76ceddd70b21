import type { FeaturedBlock } from '@km/contracts/forms';
import { button, heading, markdown, paragraph, renderMail, strong, type OutgoingMail } from '@km/nest-kit/mail';
import { newsletterUnsubscribeUrl } from '../mail/forms-mails';

/** What a campaign email is made of (a stored campaign, or a draft being previewed). */
export interface CampaignContent {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  featured: FeaturedBlock | null;
}

/** Where a test or preview's unsubscribe link points: a token no subscription has, so the page says so. */
export const PREVIEW_UNSUBSCRIBE_TOKEN = 'preview'.padEnd(43, '0');

/**
 * One campaign email in the one layout (ADR 0030, 0057): the admin's Markdown as escaped, inline-styled blocks, the
 * featured product or episode, and the recipient's own one-click unsubscribe (ADR 0056) in the footer and headers.
 */
export function campaignMail(campaign: CampaignContent, to: string, unsubscribeToken: string, origin: string): OutgoingMail {
  const featured = campaign.featured;
  return renderMail({
    to,
    subject: campaign.subject,
    origin,
    preheader: campaign.preheader || campaign.subject,
    reason: 'You are receiving this email because you subscribed to the Kingdom Marketplace newsletter and confirmed your address.',
    unsubscribe: { url: newsletterUnsubscribeUrl(origin, unsubscribeToken), label: 'Unsubscribe from the newsletter', oneClick: true },
    blocks: [
      ...markdown(campaign.bodyMarkdown, origin),
      ...(featured
        ? [
            heading(featured.kind === 'episode' ? 'Latest episode' : 'Featured'),
            paragraph(strong(featured.title)),
            ...(featured.summary ? [paragraph(featured.summary)] : []),
            button(featured.label, `${origin}${featured.path}`),
          ]
        : []),
    ],
  });
}
