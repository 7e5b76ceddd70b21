import { Barcode, BookCheck, Handshake, LayoutTemplate, Megaphone, Palette, PenLine, Truck, type LucideIcon } from 'lucide-react';
import type { PublishingService } from '@km/contracts/vocabulary';

const SERVICES: { value: PublishingService; title: string; text: string; icon: LucideIcon }[] = [
  {
    value: 'editing',
    title: 'Editing',
    text: 'Developmental and line editing that sharpens your message and keeps your voice.',
    icon: PenLine,
  },
  {
    value: 'proofreading',
    title: 'Proofreading',
    text: 'A careful final pass for spelling, grammar, punctuation and consistency.',
    icon: BookCheck,
  },
  {
    value: 'cover-design',
    title: 'Cover Design',
    text: 'A professional cover that draws readers in and fits your genre.',
    icon: Palette,
  },
  {
    value: 'formatting',
    title: 'Formatting',
    text: 'Interior layout for print and e-book, ready for every major platform.',
    icon: LayoutTemplate,
  },
  {
    value: 'isbn',
    title: 'ISBN Registration',
    text: 'ISBNs and copyright details handled for you, in your name.',
    icon: Barcode,
  },
  {
    value: 'marketing',
    title: 'Marketing',
    text: 'Launch plans, author platform guidance and promotion to faith audiences.',
    icon: Megaphone,
  },
  {
    value: 'distribution',
    title: 'Distribution',
    text: 'Print and digital distribution to online retailers, bookstores and churches.',
    icon: Truck,
  },
  {
    value: 'consultation',
    title: 'Consultation',
    text: 'One-on-one guidance on your publishing path, timeline and budget.',
    icon: Handshake,
  },
];

export function PublishingServices() {
  return (
    <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <h2 id="services-heading" className="text-center font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">
        Services We Offer
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Choose the help you need, or let us guide you through the whole journey.</p>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map(({ value, title, text, icon: Icon }) => (
          <li key={value} className="flex gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:block sm:p-6">
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-700">
              <Icon className="size-6" aria-hidden />
            </span>
            <div>
              <h3 className="text-lg font-bold text-indigo-950 sm:mt-4">{title}</h3>
              <p className="mt-1 text-sm text-slate-600 sm:mt-1.5">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
