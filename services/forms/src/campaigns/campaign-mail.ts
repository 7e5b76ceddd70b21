import type { FeaturedBlock } from '@km/contracts/forms';
import { podcastUnsubscribeUrl } from '@km/contracts/vocabulary';
import { button, heading, markdown, paragraph, renderMail, strong, type OutgoingMail } from '@km/nest-kit/mail';
import { newsletterUnsubscribeUrl } from '../mail/forms-mails';

/** What a campaign email is made of (a stored campaign, or a draft being previewed). */
export interface CampaignContent {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  featured: FeaturedBlock | null;
}

/** The list a recipient came from: its footer says why they get it, and its one-click link leaves that list (ADR 0072). */
export type CampaignList = 'newsletter' | 'podcast';

/** Where a test or preview's unsubscribe link points: a token no subscription has, so the page says so. */
export const PREVIEW_UNSUBSCRIBE_TOKEN = 'preview'.padEnd(43, '0');

const LISTS: Record<CampaignList, { reason: string; label: string; url: (origin: string, token: string) => string }> = {
  newsletter: {
    reason: 'You are receiving this email because you subscribed to the Kingdom Marketplace newsletter and confirmed your address.',
    label: 'Unsubscribe from the newsletter',
    url: newsletterUnsubscribeUrl,
  },
  podcast: {
    reason: 'You are receiving this email because this address is subscribed to the Kingdom Marketplace podcast.',
    label: 'Unsubscribe from podcast emails',
    url: podcastUnsubscribeUrl,
  },
};

/**
 * One campaign email in the one layout (ADR 0030, 0057): the admin's Markdown through the one Markdown path (ADR 0072),
 * the featured product or episode, and the recipient's own one-click unsubscribe from its list (ADR 0056) in the footer
 * and headers.
 */
export function campaignMail(campaign: CampaignContent, to: string, unsubscribeToken: string, origin: string, list: CampaignList = 'newsletter'): OutgoingMail {
  const featured = campaign.featured;
  const { reason, label, url } = LISTS[list];
  return renderMail({
    to,
    subject: campaign.subject,
    origin,
    preheader: campaign.preheader || campaign.subject,
    reason,
    unsubscribe: { url: url(origin, unsubscribeToken), label, oneClick: true },
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
