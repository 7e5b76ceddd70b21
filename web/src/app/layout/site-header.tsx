import { clsx } from 'clsx';
import { Crown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { buttonClasses } from '@/components/ui/button';
import { SITE_NAME } from '@/config/site';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { AdminLogoutButton } from '@/features/auth/components/admin-logout-button';
import { CartButton } from '@/features/cart/components/cart-button';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/podcast', label: 'Podcast' },
  { to: '/products', label: 'Products' },
  { to: '/marketshare', label: 'Marketshare' },
  { to: '/publishing', label: 'Publishing' },
  { to: '/contact', label: 'Contact' },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
    isActive ? 'bg-indigo-900 text-white' : 'text-slate-700 hover:bg-indigo-50 hover:text-indigo-900',
  );

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const isAdmin = useAppSelector(selectIsAdmin);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-indigo-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          onClick={closeMenu}
          className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-500"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-indigo-900 text-amber-400">
            <Crown className="size-5" aria-hidden />
          </span>
          <span className="font-serif text-lg font-bold text-indigo-950">{SITE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={linkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {isAdmin && (
            <span className="hidden sm:block">
              <AdminLogoutButton />
            </span>
          )}
          <CartButton />
          <button
            type="button"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className={buttonClasses('ghost', 'icon', 'md:hidden')}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </div>

      <nav id="mobile-menu" aria-label="Mobile" hidden={!menuOpen} className="border-t border-indigo-100 bg-white md:hidden">
        <ul className="grid gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} onClick={closeMenu} className={(state) => clsx(linkClasses(state), 'block')}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {isAdmin && (
            <li className="pt-2 sm:hidden">
              <AdminLogoutButton className="w-full" />
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
