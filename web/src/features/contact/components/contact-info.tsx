import { Clock, HandHeart, Mail, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_EMAILS, CONTACT_PHONE, MINISTRY_HOURS } from '@/config/contact';
import { SocialLinks } from '@/components/social-links';

const linkClasses =
  'rounded font-medium text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/** The contact page's left column: hours, phone, addresses, prayer and social links. */
export function ContactInfo() {
  return (
    <div className="grid content-start gap-5">
      <InfoCard icon={Clock} title="Ministry Hours">
        <dl className="grid gap-1.5 text-sm">
          {MINISTRY_HOURS.map(({ days, hours }) => (
            <div key={days} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-slate-600">{days}</dt>
              <dd className="font-medium text-slate-900">{hours}</dd>
            </div>
          ))}
        </dl>
      </InfoCard>

      <InfoCard icon={Phone} title="Call Us">
        <a href={`tel:${CONTACT_PHONE.dial}`} className={linkClasses}>
          {CONTACT_PHONE.display}
        </a>
        <p className="mt-1 text-sm text-slate-600">During ministry hours.</p>
      </InfoCard>

      <InfoCard icon={Mail} title="Email Us">
        <dl className="grid gap-2 text-sm">
          {CONTACT_EMAILS.map(({ purpose, address }) => (
            <div key={address}>
              <dt className="text-slate-600">{purpose}</dt>
              <dd>
                <a href={`mailto:${address}`} className={`${linkClasses} break-all`}>
                  {address}
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </InfoCard>

      <InfoCard icon={HandHeart} title="Prayer Requests">
        <p className="text-sm text-slate-600">
          Our prayer team lifts up every request we receive, confidentially and with care. Whatever you are facing, you do not have to carry it alone.
        </p>
        <Link to={{ hash: '#prayer' }} preventScrollReset className={`${linkClasses} mt-2 inline-block text-sm`}>
          Send a prayer request
        </Link>
        <Link to="/prayer" className={`${linkClasses} mt-2 block text-sm`}>
          Pray with others on the prayer wall
        </Link>
      </InfoCard>

      <InfoCard title="Follow Us">
        <SocialLinks linkClassName="grid size-10 place-items-center rounded-full bg-indigo-100 text-indigo-900 hover:bg-indigo-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500" />
      </InfoCard>
    </div>
  );
}

function InfoCard({ icon: Icon, title, children }: { icon?: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold text-indigo-950">
        {Icon && (
          <span className="grid size-8 place-items-center rounded-full bg-amber-100 text-amber-700">
            <Icon className="size-4" aria-hidden />
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}
