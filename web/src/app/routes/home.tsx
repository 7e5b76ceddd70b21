import { Heart, Sparkles, Target, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { SITE_NAME } from '@/config/site';
import { LatestPodcast } from '@/features/podcast/components/latest-podcast';
import { FeaturedProduct } from '@/features/store/components/featured-product';

const MISSION_CARDS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Faith-Centered',
    text: 'Every product, service and episode here points people toward the Kingdom of God.',
    icon: Heart,
  },
  {
    title: 'Community Driven',
    text: 'Believers support Kingdom-minded entrepreneurs, ministries and one another.',
    icon: Users,
  },
  {
    title: 'Purpose Fulfilled',
    text: 'Creators and businesses grow in their calling while serving others well.',
    icon: Target,
  },
];

export function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-indigo-950 via-indigo-900 to-purple-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-24 text-center sm:px-6 lg:px-8 lg:py-32">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-white/5 px-4 py-1 text-sm text-amber-200">
            <Sparkles className="size-4" aria-hidden />
            Faith · Community · Purpose
          </p>
          <h1 className="font-serif text-5xl font-bold tracking-tight sm:text-6xl">
            Welcome to <span className="block text-amber-400">{SITE_NAME}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-indigo-100 sm:text-xl">A marketplace for Kingdom-minded creators, businesses, and ministries.</p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <Link to="/products" className={buttonClasses('accent', 'lg')}>
              Explore Products
            </Link>
            <Link to="/podcast" className={buttonClasses('outline-light', 'lg')}>
              Listen to Podcast
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="mission-heading" className="text-center font-serif text-4xl font-bold text-indigo-950">
          Our Divine Mission
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600">
          To be the go-to marketplace for faith-based products and services, empowering Kingdom-minded entrepreneurs.
        </p>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {MISSION_CARDS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-indigo-100 bg-white p-8 text-center shadow-sm">
              <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700">
                <Icon className="size-7" aria-hidden />
              </span>
              <h3 className="mt-5 text-xl font-bold text-indigo-950">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="discover-heading" className="bg-white py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="discover-heading" className="text-center font-serif text-4xl font-bold text-indigo-950">
            Discover &amp; Grow
          </h2>
          <div className="mt-12 grid gap-12 md:grid-cols-2">
            <FeaturedProduct />
            <LatestPodcast />
          </div>
        </div>
      </section>
    </>
  );
}
