import { Facebook, Instagram, Youtube, type LucideIcon } from 'lucide-react';
import { SITE_NAME, SOCIAL_LINKS } from '@/config/site';

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['name'], LucideIcon> = {
  Facebook,
  Instagram,
  YouTube: Youtube,
};

/** The ministry's social profiles as round icon links; each page styles the circles for its background. */
export function SocialLinks({ linkClassName }: { linkClassName: string }) {
  return (
    <ul className="flex gap-3">
      {SOCIAL_LINKS.map(({ name, href }) => {
        const Icon = SOCIAL_ICONS[name];
        return (
          <li key={name}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${SITE_NAME} on ${name} (opens in a new tab)`} className={linkClassName}>
              <Icon className="size-5" aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
