import { Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/social-links';
import { SITE_NAME } from '@/config/site';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/podcast', label: 'Podcast' },
  { to: '/products', label: 'Products' },
  { to: '/booking', label: 'Booking' },
  { to: '/contact', label: 'Contact' },
  { to: '/prayer', label: 'Prayer Wall' },
] as const;

const POLICY_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/refunds', label: 'Refund Policy' },
] as const;

const footerLink = 'rounded text-sm text-indigo-200 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

export function SiteFooter() {
  return (
    <footer className="print:hidden bg-indigo-950 text-indigo-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-3">
          <p className="flex items-center gap-2 font-serif text-lg font-bold text-white">
            <Crown className="size-5 text-amber-400" aria-hidden />
            {SITE_NAME}
          </p>
          <p className="text-sm text-indigo-200">A marketplace for Kingdom-minded creators, businesses, and ministries.</p>
        </div>

        <nav aria-label="Quick links" className="grid content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="grid gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="grid content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Follow Us</h2>
          <SocialLinks linkClassName="grid size-10 place-items-center rounded-full bg-indigo-900 text-indigo-100 hover:bg-amber-400 hover:text-indigo-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400" />
        </div>

        <div className="grid content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Newsletter</h2>
          <p className="text-sm text-indigo-200">Encouragement, new products and new episodes in your inbox.</p>
          <NewsletterForm />
        </div>
      </div>

      <div className="border-t border-indigo-900">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p className="text-indigo-300">
            © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
          </p>
          <nav aria-label="Policies">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {POLICY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
